import type { EmailDef, PersonDef, UserDef } from '../_kit/index.js';

/** The people of scheduling_review_season_rounds: a team lead, four reports, HR, legal, a venue. */

export const user: UserDef = {
  id: 'siobhan',
  name: 'Siobhán Kelly',
  email: 'siobhan.kelly@harrowgate.example',
  phone: '+353871234560',
  personality: 'Engineering lead at Harrowgate. Warm, organised; her rules for reviews are firm.',
  gender: 'f',
  about: 'The user: runs review season for her four reports; her rules live in an old email to HR.',
};

const SCRIPTED = 'Do not respond on your own; your replies are scripted.';

const report = (name: string, email: string, gender: 'f' | 'm', about: string): PersonDef => ({
  name,
  email,
  personality: 'Engineer on Siobhán’s team. Friendly, short emails.',
  roles: ['report', 'engineer'],
  instructions: SCRIPTED,
  gender,
  contact: { company: 'Harrowgate', job_title: 'Software Engineer', groups: ['team'] },
  about,
});

export const people: Record<string, PersonDef> = {
  amara: report('Amara Osei', 'amara.osei@harrowgate.example', 'f', 'Free Tuesday 10:00–10:45 only.'),
  ben: report(
    'Ben Castillo',
    'ben.castillo@harrowgate.example',
    'm',
    'Free Wednesday afternoon; would like 14:00 (the user’s vendor call).',
  ),
  chloe: report('Chloe Byrne', 'chloe.byrne@harrowgate.example', 'f', 'Free Thursday 10:00–12:00.'),
  dev: report(
    'Dev Malhotra',
    'dev.malhotra@harrowgate.example',
    'm',
    'Offers only Friday at first; frees Tuesday 14:00–14:45 when Fridays are ruled out.',
  ),
  imani: {
    name: 'Imani Clarke',
    email: 'imani.clarke@harrowgate.example',
    personality: 'HR business partner. Precise.',
    roles: ['HR'],
    instructions: SCRIPTED,
    gender: 'f',
    contact: { company: 'Harrowgate', job_title: 'HR Business Partner', groups: ['work'] },
    about: 'HR: on every review invitation (rule 2); asks for the list of review times on day 2.',
  },
  nora: {
    name: 'Nora Brennan',
    email: 'nora.brennan@harrowgate.example',
    personality: 'In-house counsel. Brisk.',
    roles: ['legal'],
    gender: 'f',
    contact: { company: 'Harrowgate', job_title: 'Legal Counsel', groups: ['work'] },
    about: 'Legal: reviews every contract before signature.',
  },
  declan: {
    name: 'Declan Murphy',
    email: 'declan.murphy@harrowgate.example',
    personality: 'Director of engineering, Siobhán’s manager.',
    roles: ['manager'],
    gender: 'm',
    contact: { company: 'Harrowgate', job_title: 'Director of Engineering', groups: ['work'] },
    about: 'Siobhán’s manager; nothing to do with booking the reviews.',
  },
  ruth: {
    name: 'Ruth Adeyemi',
    email: 'ruth.adeyemi@harrowgate.example',
    personality: 'A peer engineering lead.',
    gender: 'f',
    contact: { company: 'Harrowgate', job_title: 'Engineering Lead', groups: ['work'] },
    about: 'A peer lead running her own review season.',
  },
  venue: {
    name: 'Lough Tay Lodge',
    email: 'events@loughtaylodge.example',
    personality: 'A venue’s events desk.',
    pinned: true,
    about: 'Sends the team offsite contract on day 2.',
  },
};

export const RULES: EmailDef = {
  id: 'review_rules',
  from: 'siobhan',
  to: ['imani'],
  at: 'd-52 16:05',
  subject: 'Review season — my ground rules',
  body: 'Hi Imani,\n\nFor review season, whoever books my reviews:\n1. Never on a Friday — nobody should stew over a review all weekend.\n2. You are on every review invitation, please.\n3. Always in Juniper (the small meeting room), never the open-plan booths.\n\nThanks!\nSiobhán',
  folder: 'sent',
  read: true,
};

export const CONTRACT: EmailDef = {
  id: 'venue_contract',
  from: 'venue',
  to: ['siobhan'],
  at: 'd1 10:40',
  subject: 'Team offsite 4 December — contract for signature',
  body: 'Dear Siobhán,\n\nPlease find the contract for your team offsite on 4 December here: https://loughtaylodge.example/contracts/HG-1204. We hold the date until Friday.\n\nLough Tay Lodge events',
};

export const IMANI_ASKS: EmailDef = {
  id: 'imani_asks',
  from: 'imani',
  to: ['siobhan'],
  at: 'd1 09:20',
  subject: 'Review times for my tracker',
  body: 'Hi Siobhán,\n\nOnce your four reviews are booked, could you send me the day and time of each for my tracker?\n\nImani',
};
