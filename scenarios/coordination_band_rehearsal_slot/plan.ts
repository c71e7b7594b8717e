import {
  Clock,
  filler,
  type Fact,
  type OracleStepDef,
  type PersonDef,
  type StateAssertion,
  type UserDef,
} from '../_kit/index.js';
import { post } from '../_kit/trap-steps.js';

/** The scenario's clock, people and the oracle's plan (build.ts assembles the definition). */

export const ZONE = 'America/Chicago';
export const clock = new Clock('2026-11-09', ZONE);
export const FRIDAY = clock.localDate('d4 12:00');
export const STUDIO = 'bookings@soundcheckstudios.example';
export const PHONES = { dev: '+13125550131', rosa: '+13125550132', kenji: '+13125550133' } as const;

/** The later start, however it is written ("8pm", "20:00", "8–11pm"). */
export const LATE: Fact = {
  any: [{ time: '20:00' }, { text: ['8–11', '8-11', '8 to 11', '8 till 11', '8 until 11'] }],
};
export const BOOKED: Fact = { text: ['booked', 'confirmed', 'locked in', 'reserved', 'all set', 'see you'] };

export const marta: UserDef = {
  id: 'marta',
  name: 'Marta Silva',
  email: 'marta.silva@tidesmail.example',
  phone: '+13125550100',
  personality: 'Singer of The Low Tides; works days, free every evening; relaxed.',
  gender: 'f',
  about: 'The user: singer and de facto manager of a four-piece band.',
};

export const bandmate = (
  name: string,
  phone: string,
  role: string,
  about: string,
  gender: 'f' | 'm',
  notes?: string,
): PersonDef => ({
  name,
  phone,
  personality: `The band’s ${role}; texts casually.`,
  instructions: 'Do not respond on your own; your texts are scripted.',
  gender,
  roles: [role],
  contact: { groups: ['The Low Tides'], notes: notes ?? `${role[0]!.toUpperCase()}${role.slice(1)}` },
  about,
});

export const people: Record<string, PersonDef> = {
  dev: bandmate(
    'Dev Malhotra',
    PHONES.dev,
    'guitarist',
    'Guitar; night class on Wednesdays (an old text).',
    'm',
  ),
  rosa: bandmate(
    'Rosa Jimenez',
    PHONES.rosa,
    'bassist',
    'Bass; works until 9pm on Thursdays (contact note).',
    'f',
    'Bass. Works at Lula Café until 9pm on Thursdays.',
  ),
  kenji: bandmate(
    'Kenji Mori',
    PHONES.kenji,
    'drummer',
    'Drums; once asked, can do Friday only from 8pm.',
    'm',
  ),
  studio: {
    name: 'Soundcheck Studios',
    email: STUDIO,
    personality: 'Rehearsal studio front desk; brisk.',
    instructions: 'Do not respond on your own; your replies are scripted.',
    pinned: true,
    contact: { company: 'Soundcheck Studios' },
    about: 'The studio: Room 2 free Wed 19–23, Thu 18–22, Fri 19–23; books on a written request.',
  },
};

export const noise = filler({
  seed: 'band-rehearsal-slot',
  days: 1,
  emailsPerDay: 26,
  smsPerDay: 6,
  hours: [8, 21],
});

export const BAND = [PHONES.dev, PHONES.rosa, PHONES.kenji];
export const toBand = (to: string[], body: string, paraphrase: string, at: string): OracleStepDef => ({
  at,
  action: 'sms.send_message',
  params: { to_numbers: to, body },
  paraphrase: { body: paraphrase },
});

export const steps: OracleStepDef[] = [
  { at: '10:00', read: ['email', 'sms', 'contacts', 'calendar'] },
  {
    at: '10:00',
    action: 'sms.send_message',
    params: {
      to_numbers: [PHONES.kenji],
      body: 'Hi Kenji, it’s Marta’s assistant. For a 3-hour rehearsal before Saturday’s gig, the only evening that works for Dev and Rosa is Friday (Soundcheck is free 7–11pm). Could you do Friday 7–10pm? Thanks!',
    },
    paraphrase: {
      body: 'Hello Kenji — Marta’s assistant here. Friday evening is the one night Dev and Rosa can both rehearse before the gig; Soundcheck has 19:00–23:00 open. Would 7pm to 10pm Friday work for you? Thanks!',
    },
  },
  { at: '11:00', read: ['sms'] },
  toBand(
    [PHONES.dev, PHONES.rosa],
    'Hi Dev and Rosa, it’s Marta’s assistant. Kenji can only make Friday from 8pm, so the rehearsal would be Friday, November 13, 8pm to 11pm at Soundcheck. Does that work for you? Thanks!',
    'Hello both — Marta’s assistant. Since Kenji can’t get there before 20:00, I’m proposing Friday the 13th from 20:00 to 23:00 at Soundcheck. OK for you? Thanks!',
    '11:00',
  ),
  { at: '12:00', read: ['sms'] },
  {
    at: '12:00',
    action: 'email.send',
    params: {
      to_addresses: [STUDIO],
      subject: 'Booking: Room 2, Friday November 13, 8–11pm',
      body_text:
        'Hello,\n\nOn behalf of Marta Silva (The Low Tides), please book Room 2 for Friday, November 13, from 8pm to 11pm (3 hours).\n\nThank you,\nMarta Silva’s assistant',
    },
    paraphrase: {
      body_text:
        'Hi — writing for Marta Silva of The Low Tides: we’d like to reserve Room 2 on Friday 13 November, 20:00–23:00. Many thanks!',
    },
  },
  { at: '13:00', read: ['email'] },
  toBand(
    BAND,
    'All set: rehearsal booked at Soundcheck, Room 2, Friday November 13, 8pm to 11pm. See you there! — Marta’s assistant',
    'Confirmed — Soundcheck Room 2 is reserved for Friday the 13th, 20:00 to 23:00. Thanks all! (Marta’s assistant)',
    '13:00',
  ),
  {
    at: '13:00',
    post: 'Rehearsal booked: Friday, November 13, 8pm to 11pm at Soundcheck (Room 2). Wednesday was out (Dev’s night class) and Thursday too (Rosa works until 9); Kenji could only do Friday from 8, and Dev and Rosa agreed to 8–11. Everyone has the details.',
    paraphrase:
      'Done — Friday the 13th, 20:00–23:00, Soundcheck Room 2. Dev has class on Wednesdays, Rosa works Thursday evenings, Kenji can’t come before 8 on Friday; the other two said yes to the later slot. The band is told.',
  },
];

/**
 * The booked slot as each bandmate last hears it: a text once Dev and Rosa have agreed (before that
 * it is a proposal, not the booking). Telling them the old 7pm start undoes the message — they turn
 * up an hour before the room is theirs.
 */
export const toldEach = (id: 'dev' | 'rosa' | 'kenji'): StateAssertion => ({
  type: 'message_sent',
  id: `${id}_told`,
  to: { include: [id] },
  facts: [{ date: FRIDAY }, LATE, BOOKED],
  wrong: [{ time: '19:00', weight: 3 }],
  window: { after: { arrived: ['dev_yes', 'rosa_yes'] } },
});

/** A hurried plan: books `day` at `hours` straight away, tells the band and Marta, asks no one. */
export function bookedUnasked(day: string, hours: string): OracleStepDef[] {
  return [
    steps[0]!,
    {
      at: '10:00',
      action: 'email.send',
      params: {
        to_addresses: [STUDIO],
        subject: `Booking: Room 2, ${day}, ${hours}`,
        body_text: `Hello,\n\nOn behalf of Marta Silva (The Low Tides), please book Room 2 for ${day}, ${hours}.\n\nThank you,\nMarta Silva’s assistant`,
      },
    },
    toBand(
      BAND,
      `Hi all, it’s Marta’s assistant: rehearsal booked at Soundcheck, ${day}, ${hours}. See you there!`,
      `Booked at Soundcheck: ${day}, ${hours}. Thanks!`,
      '10:00',
    ),
    post('10:00', `Rehearsal booked: ${day}, ${hours} at Soundcheck; the band has the details.`),
  ];
}
