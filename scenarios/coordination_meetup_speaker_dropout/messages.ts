import { filler, type EmailDef, type SmsDef } from '../_kit/index.js';

/**
 * Hannah's mail: the speakers thread (Karl Weber's address lives here and in the contacts, beside
 * an old contact Karl Weiss), the room booking with the AV details, the members list, and a day of
 * everyday noise.
 */

export const MEMBERS = 'members@datanight-berlin.example';

const noise = filler({
  seed: 'meetup-speaker-dropout',
  days: 1,
  emailsPerDay: 32,
  smsPerDay: 6,
  hours: [8, 20],
});

export const emails: EmailDef[] = [
  {
    id: 'speakers_thread',
    from: 'karl',
    to: ['hannah'],
    cc: ['ines'],
    at: 'd-10 15:20',
    subject: 'Re: Data Night in October — talks',
    body: 'Hi Hannah,\n\nSounds great — count me in for “Feature stores without tears”, about 30 minutes. Ines mentioned she’d do her streaming-joins talk the same evening.\n\nBest,\nKarl Weber\nKestrel Data',
    read: true,
  },
  {
    id: 'room_booking',
    from: 'factory',
    at: 'd-6 11:00',
    subject: 'Booking confirmed: Hall 2, Thursday 8 October',
    body: 'Hallo Hannah,\n\nHall 2 is booked for Data Night on Thursday 8 October, 18:00–21:30 (doors 18:00). Address: Factory Campus, Rheinsberger Str. 76, 10115 Berlin. AV: projector with HDMI, a clicker and two microphones are provided.\n\nViele Grüße,\nFactory Campus Events',
    read: true,
  },
  {
    id: 'weiss_old',
    from: 'weiss',
    at: 'd-300 09:10',
    subject: 'Quarterly numbers',
    body: 'Hannah, the Q4 numbers are in the shared drive. Karl',
    read: true,
  },
  {
    id: 'members_digest',
    from: 'no-reply@groups-mail.example',
    at: '08:30',
    subject: '[members] 3 new members joined Data Night Berlin',
    body: 'Your group members@datanight-berlin.example now has 214 members. 3 joined this week.',
  },
  ...noise.emails,
];

export const sms: SmsDef[] = [
  {
    id: 'partner_sms',
    from: '+4915100000321',
    at: '13:10',
    body: 'Pizza tonight? 🍕',
  },
  ...noise.sms,
];
