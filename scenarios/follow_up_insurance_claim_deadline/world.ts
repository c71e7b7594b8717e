import { Clock, filler, type PersonDef, type UserDef } from '../_kit/index.js';

/** The people and messages of this scenario (split from build.ts). */

export const ZONE = 'America/Denver';
export const clock = new Clock('2026-11-18', ZONE);
export const t = (spec: string) => clock.iso(spec);
export const CLAIM = 'KM-2026-118734';
export const OLD_CLAIM = 'KM-2025-093311';
export const DANA = 'dana.whitcombe@keystonemutual.example';
export const LUIS_PHONE = '+17205550188';
/** Dana's deadline, Thursday 5pm Eastern, is 3pm in Denver. */
export const DEADLINE = 'd1 15:00';
export const PAYDAY = 'd6 09:00';

export const marco: UserDef = {
  id: 'marco',
  name: 'Marco Bellini',
  email: 'marco.bellini@fastmail.example',
  phone: '+17205550100',
  personality: 'Teacher in Denver; organised but in class most of the day.',
  gender: 'm',
  about: 'The user: his kitchen pipe burst on November 1; the claim is open.',
};

export const people: Record<string, PersonDef> = {
  dana: {
    name: 'Dana Whitcombe',
    email: DANA,
    phone: '+12125550177',
    personality: 'Claims adjuster at Keystone Mutual in New York; precise, formal, deadline-driven.',
    roles: ['adjuster', 'claims adjuster'],
    instructions: 'Do not respond on your own; your replies are scripted.',
    gender: 'f',
    contact: { company: 'Keystone Mutual', job_title: 'Claims Adjuster (New York office)' },
    about: 'The adjuster: needs the plumber’s invoice by Thursday 5pm Eastern, then a corrected one.',
  },
  luis: {
    name: 'Luis Ortega',
    email: 'luis@rockymtnplumbing.example',
    phone: LUIS_PHONE,
    personality: 'Owner of Rocky Mountain Plumbing; friendly, busy on jobs, texts short.',
    roles: ['plumber'],
    instructions: 'Do not respond on your own; your replies are scripted.',
    gender: 'm',
    contact: { company: 'Rocky Mountain Plumbing', job_title: 'Owner' },
    about: 'The plumber: owes the invoice; reissues it with the right address when asked.',
  },
  gina: {
    name: 'Gina Bellini',
    email: 'gina.bellini@fastmail.example',
    phone: '+17205550122',
    personality: 'Marco’s sister; chatty.',
    gender: 'f',
    contact: { groups: ['family'] },
    about: 'Marco’s sister, texting about Thanksgiving: not part of the task.',
  },
};

export const history = filler({ seed: 'claim-history', days: 20, emailsPerDay: 4, smsPerDay: 1 });
export const live = filler({
  seed: 'claim-live',
  days: 2,
  emailsPerDay: 6,
  smsPerDay: 2,
  from: '08:00',
  prefix: 'live',
});
