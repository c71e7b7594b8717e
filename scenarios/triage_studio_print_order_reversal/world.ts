import { Clock, filler, type PersonDef, type UserDef } from '../_kit/index.js';

/** The people of the print-order scenario, its clock, and the day's everyday mail. */

export const clock = new Clock('2026-09-15', 'America/Chicago');
export const t = (spec: string) => clock.iso(spec);

export const jonah: UserDef = {
  id: 'jonah',
  name: 'Jonah Park',
  email: 'jonah.park@fieldnote.example',
  phone: '+13125550400',
  personality: 'Runs Fieldnote Studio, a small design studio; decisive, short answers.',
  gender: 'm',
  about: 'The user: in client workshops all day.',
};

const person = (p: Omit<PersonDef, 'personality'> & { personality?: string }): PersonDef => ({
  personality: 'Professional, brief emails.',
  ...p,
});

export const people: Record<string, PersonDef> = {
  rita: person({
    name: 'Rita Alvarez',
    email: 'rita@inkandanchor.example',
    roles: ['printer'],
    gender: 'f',
    contact: { company: 'Ink & Anchor Print', job_title: 'Account manager' },
    about: 'The printer: quoted $2,380; answers each email of the assistant (conditional events).',
  }),
  priya: person({
    name: 'Priya Nair',
    email: 'priya.nair@harborpine.example',
    roles: ['client'],
    gender: 'f',
    contact: { company: 'Harbor & Pine', job_title: 'Marketing director' },
    about: 'Client: wants the final logo files approved by Thursday noon.',
  }),
  mo: person({
    name: 'Mo Farouk',
    email: 'mo@faroukcpa.example',
    roles: ['accountant'],
    gender: 'm',
    contact: { company: 'Farouk CPA', job_title: 'Accountant' },
    about: 'Accountant: the Q3 estimated tax voucher needs Jonah’s signature by Friday.',
  }),
  sam: person({
    name: 'Sam Okafor',
    email: 'sam@crumbandco.example',
    gender: 'x',
    about: 'New lead: a bakery chain asking about a rebrand call next week.',
  }),
  landlord: person({
    name: 'Greer Properties',
    email: 'leasing@greerproperties.example',
    pinned: true,
    contact: { company: 'Greer Properties' },
    about: 'Landlord: studio rent goes up from November 1.',
  }),
};

export const RITA = people.rita!.email!;
export const fill = filler({
  seed: 'fieldnote-print',
  days: 1,
  emailsPerDay: 30,
  smsPerDay: 6,
  from: '08:30',
});
