import { Clock, filler, type PersonDef, type UserDef } from '../_kit/index.js';

/**
 * The people of the interview scenario, its clock and the night's everyday mail. The day sits in
 * the three weeks when Toronto has moved its clocks and London has not: 4 hours apart, not 5.
 */

export const clock = new Clock('2026-03-17', 'Europe/London');
export const t = (spec: string) => clock.iso(spec);

export const daniel: UserDef = {
  id: 'daniel',
  name: 'Daniel Okoye',
  email: 'daniel.okoye@mailhub.example',
  phone: '+447700900480',
  personality: 'Product designer job-hunting; relaxed, appreciates short briefs.',
  gender: 'm',
  about: 'The user: has a final-round video interview with a Toronto company tomorrow.',
};

export const people: Record<string, PersonDef> = {
  recruiter: {
    name: 'Hannah Birch',
    email: 'hannah.birch@mapleandfinch.example',
    personality: 'Recruiter in Toronto; friendly, writes long threads with quoted text.',
    roles: ['recruiter'],
    gender: 'f',
    contact: { company: 'Maple & Finch', job_title: 'Talent partner' },
    about: 'The recruiter: confirmed late last night that tomorrow’s interview moves to 9:15am Eastern.',
  },
  landlord: {
    name: 'Gareth Lowe',
    email: 'gareth.lowe@lowelettings.example',
    personality: 'Landlord; brief and formal.',
    roles: ['landlord'],
    gender: 'm',
    contact: { company: 'Lowe Lettings' },
    about:
      'Landlord: a gas safety inspection on Thursday between 8 and 10am; someone must let the engineer in.',
  },
  ife: {
    name: 'Ife Okoye',
    phone: '+447700900481',
    personality: 'Daniel’s sister; warm, texts in bursts.',
    roles: ['sister'],
    gender: 'f',
    contact: { groups: ['family'] },
    about: 'Sister: asks whether he can still do Mum’s birthday dinner on Saturday at 7.',
  },
};

export const fill = filler({
  seed: 'maple-interview',
  days: 2,
  emailsPerDay: 24,
  smsPerDay: 4,
  hours: [7, 23],
});
