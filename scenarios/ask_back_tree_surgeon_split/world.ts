import { Clock, filler, type PersonDef, type UserDef } from '../_kit/index.js';

/** The people and messages of this scenario (split from build.ts). */

export const ZONE = 'Europe/London';
export const clock = new Clock('2026-10-12', ZONE);
export const SAT_JOB = 'd12 09:00';
export const RUTH_PHONE = '+447700900511';
export const MALIK_PHONE = '+447700900522';
export const BEN = 'ben@oaklinetreecare.example';

export const tom: UserDef = {
  id: 'tom',
  name: 'Tom Hadley',
  email: 'tom.hadley@maildrop.example',
  phone: '+447700900500',
  personality: 'Architect at 14 Beech Lane; easy-going but careful with money.',
  timing: ['PT15M', 'PT5M'],
  gender: 'm',
  about: 'The user: lives at No. 14; shares the old oak with both neighbours.',
};

export const people: Record<string, PersonDef> = {
  ruth: {
    name: 'Ruth Alvarez',
    phone: RUTH_PHONE,
    email: 'ruth.alvarez@maildrop.example',
    personality: 'Neighbour at No. 12; retired teacher, agreeable, texts politely.',
    roles: ['neighbour at No. 12'],
    instructions: 'Do not respond on your own; your replies are scripted.',
    gender: 'f',
    contact: { notes: 'Neighbour, No. 12 Beech Lane', groups: ['neighbours'] },
    about: 'Neighbour: agrees to the even split, then to the revised one.',
  },
  malik: {
    name: 'Malik Osei',
    phone: MALIK_PHONE,
    email: 'malik.osei@maildrop.example',
    personality: 'Neighbour at No. 16; friendly but bargains.',
    roles: ['neighbour at No. 16'],
    instructions: 'Do not respond on your own; your replies are scripted.',
    gender: 'm',
    contact: { notes: 'Neighbour, No. 16 Beech Lane', groups: ['neighbours'] },
    about: 'Neighbour: counters the even split; accepts Tom’s middle ground.',
  },
  ben: {
    name: 'Ben Fisher',
    email: BEN,
    phone: '+447700900533',
    personality: 'Owner of Oakline Tree Care; practical, short emails.',
    roles: ['tree surgeon'],
    instructions: 'Do not respond on your own; your replies are scripted.',
    gender: 'm',
    contact: { company: 'Oakline Tree Care', job_title: 'Tree surgeon' },
    about: 'The tree surgeon: quoted £720, free on Saturday 17 or 24 October.',
  },
};

export const history = filler({ seed: 'oak-history', days: 14, emailsPerDay: 4, smsPerDay: 1 });
export const today = filler({
  seed: 'oak-today',
  days: 1,
  emailsPerDay: 5,
  smsPerDay: 1,
  from: '09:00',
  prefix: 'today',
});
