import { Clock, type OracleStepDef, type PersonDef, type UserDef } from '../_kit/index.js';
import { MEMBERS } from './messages.js';

/** The scenario's clock, people and the oracle's plan (build.ts assembles the definition). */

export const ZONE = 'Europe/Berlin';
export const clock = new Clock('2026-10-05', ZONE);
export const t = (spec: string) => clock.iso(spec);
export const THURSDAY = clock.localDate('d3 12:00');
export const INES_EMAIL = 'ines.duarte@streamwise.example';
export const KARL_EMAIL = 'karl.weber@kestreldata.example';
export const JOANA_EMAIL = 'joana.reis@kestreldata.example';

export const hannah: UserDef = {
  id: 'hannah',
  name: 'Hannah Becker',
  email: 'hannah.becker@posteo-mail.example',
  phone: '+4915100000100',
  personality: 'Data engineer who runs a monthly meetup on the side; upbeat, short on time.',
  gender: 'f',
  about: 'The user: organiser of Data Night Berlin.',
};

export const speaker = (
  name: string,
  email: string,
  company: string,
  about: string,
  gender: 'f' | 'm',
): PersonDef => ({
  name,
  email,
  personality: 'Meetup speaker; friendly and professional.',
  instructions: 'Do not respond on your own; your replies are scripted.',
  gender,
  contact: { company, groups: ['Data Night speakers'] },
  about,
});

export const people: Record<string, PersonDef> = {
  ines: speaker('Ines Duarte', INES_EMAIL, 'Streamwise', 'Speaker at 18:30; confirms within the hour.', 'f'),
  karl: speaker(
    'Karl Weber',
    KARL_EMAIL,
    'Kestrel Data',
    'Speaker at 19:15; once asked, drops out and offers Joana.',
    'm',
  ),
  joana: {
    ...speaker(
      'Joana Reis',
      JOANA_EMAIL,
      'Kestrel Data',
      'Karl’s colleague; gives his talk at 19:15 once asked.',
      'f',
    ),
    contact: false,
  },
  weiss: {
    name: 'Karl Weiss',
    email: 'k.weiss@hartmann-co.example',
    personality: 'A former colleague of Hannah’s.',
    gender: 'm',
    contact: { company: 'Hartmann & Co' },
    about: 'An old contact with the same first name (a look-alike).',
  },
  factory: {
    name: 'Factory Campus Events',
    email: 'events@factorycampus.example',
    personality: 'Venue events team.',
    pinned: true,
    about: 'The venue: Hall 2 booked, doors 18:00, HDMI, clicker and microphones.',
  },
};

export const LINE_UP =
  'Hi everyone,\n\nData Night is on Thursday 8 October at Factory Campus, Hall 2 (Rheinsberger Str. 76, 10115 Berlin). Doors open at 18:00.\n\n18:30 — Ines Duarte (Streamwise): Streaming joins at scale\n19:15 — Joana Reis (Kestrel Data): Feature stores without tears\n\nSee you there!\nHannah (sent by her assistant)';

export const steps: OracleStepDef[] = [
  { at: '09:00', read: ['email', 'contacts', 'calendar'] },
  {
    at: '09:00',
    action: 'email.send',
    params: {
      to_addresses: [INES_EMAIL],
      subject: 'Data Night, Thursday 8 October — your talk at 18:30',
      body_text:
        'Hi Ines,\n\nOn behalf of Hannah Becker: could you confirm your talk at Data Night on Thursday 8 October at 18:30 (30 minutes)? We’re at Factory Campus, Hall 2; doors at 18:00. HDMI and a clicker are provided.\n\nThanks!\nHannah Becker’s assistant',
    },
    paraphrase: {
      body_text:
        'Hello Ines — writing for Hannah Becker. Please confirm your 30-minute slot at 18:30 on Thursday 8 October (Hall 2, Factory Campus; doors 18:00; projector via HDMI and a clicker available). Many thanks!',
    },
  },
  {
    at: '09:00',
    action: 'email.send',
    params: {
      to_addresses: [KARL_EMAIL],
      subject: 'Data Night, Thursday 8 October — your talk at 19:15',
      body_text:
        'Hi Karl,\n\nOn behalf of Hannah Becker: could you confirm your talk “Feature stores without tears” at Data Night on Thursday 8 October at 19:15 (30 minutes)? We’re at Factory Campus, Hall 2; doors at 18:00. HDMI and a clicker are provided.\n\nThanks!\nHannah Becker’s assistant',
    },
    paraphrase: {
      body_text:
        'Hello Karl — writing for Hannah Becker. Please confirm your feature-stores talk, 19:15 on Thursday 8 October, 30 minutes (Hall 2, Factory Campus; doors 18:00; HDMI and clicker on site). Many thanks!',
    },
  },
  {
    at: '09:00',
    action: 'calendar.create',
    params: {
      title: 'Data Night Berlin',
      start: t('d3 18:00'),
      end: t('d3 21:00'),
      timezone: ZONE,
      location: 'Factory Campus, Hall 2, Rheinsberger Str. 76, 10115 Berlin',
      description:
        '18:30 Ines Duarte — Streaming joins at scale; 19:15 Karl Weber — Feature stores without tears.',
      attendees: [{ email: INES_EMAIL }, { email: KARL_EMAIL }],
    },
    paraphrase: { title: 'Data Night — October meetup' },
  },
  { at: '11:00', read: ['email'] },
  {
    at: '11:00',
    action: 'email.send',
    params: {
      to_addresses: [JOANA_EMAIL],
      cc_addresses: [KARL_EMAIL],
      subject: 'Data Night, Thursday 8 October — “Feature stores without tears” at 19:15',
      body_text:
        'Hi Joana,\n\nOn behalf of Hannah Becker: thank you for stepping in for Karl! Could you confirm you’ll give “Feature stores without tears” at Data Night on Thursday 8 October at 19:15 (30 minutes)? Factory Campus, Hall 2; doors at 18:00; HDMI and a clicker are provided.\n\nThanks!\nHannah Becker’s assistant',
    },
    paraphrase: {
      body_text:
        'Hello Joana — writing for Hannah Becker, and thanks for taking over Karl’s talk. Please confirm the 19:15 slot on Thursday 8 October (30 min, Hall 2 at Factory Campus, doors 18:00, HDMI/clicker provided). Many thanks!',
    },
  },
  {
    at: '11:00',
    action: 'calendar.update',
    params: {
      event_id: { $ref: { calendar: { title_contains: 'Data Night' } } },
      attendees: [{ email: INES_EMAIL }, { email: JOANA_EMAIL }],
      description:
        '18:30 Ines Duarte — Streaming joins at scale; 19:15 Joana Reis (for Karl Weber) — Feature stores without tears.',
    },
  },
  {
    at: '11:00',
    post: 'Change of speaker: Karl Weber can’t make Thursday (a customer visit in Munich); his colleague Joana Reis will give the same talk at 19:15, as you allowed. I’ve asked her to confirm and swapped her into the invitation in Karl’s place. Ines has confirmed 18:30. I’ll announce once Joana confirms.',
    paraphrase:
      'Heads-up — Karl dropped out (called to Munich). Joana Reis from his team takes over his feature-stores talk at 19:15; confirmation requested, calendar invite updated (Karl off, Joana on). Ines is confirmed. The members get the line-up after Joana says yes.',
  },
  { at: '12:00', read: ['email'] },
  {
    at: '12:00',
    action: 'email.send',
    params: {
      to_addresses: [MEMBERS],
      subject: 'Data Night this Thursday, 8 October — line-up',
      body_text: LINE_UP,
    },
    paraphrase: {
      body_text:
        'Hello Data Night members! Thursday 8 October, doors 18:00 at Hall 2, Factory Campus (Rheinsberger Str. 76). Talks: Joana Reis of Kestrel Data on feature stores at 19:15, after Ines Duarte of Streamwise on streaming joins at 18:30. Thanks, and see you Thursday — Hannah’s assistant',
    },
  },
  {
    at: '12:00',
    post: 'Both speakers confirmed (Ines 18:30, Joana 19:15) and the line-up has gone to the members list.',
    paraphrase: 'Line-up announced to members — Ines at 18:30 and Joana at 19:15, both confirmed.',
  },
];
