import type { PersonDef, UserDef } from '../_kit/index.js';

/** Maya, her family and the seven vendors (businesses are pinned: variants vary them by place). */

export const maya: UserDef = {
  id: 'maya',
  name: 'Maya Castellanos',
  email: 'maya.castellanos@fastmail.example',
  phone: '+13125550100',
  personality: 'Organised, warm, busy with work; wants things settled without fuss.',
  gender: 'f',
  about: 'The user: marrying Theo on Saturday June 13; hands the vendor week to her assistant.',
  timing: ['PT20M', 'PT10M'],
};

const vendor = (
  name: string,
  email: string,
  personality: string,
  about: string,
  contact = false,
): PersonDef => ({
  name,
  email,
  personality,
  pinned: true,
  ...(contact ? { contact: { company: name, groups: ['wedding'] } } : {}),
  about,
});

export const people: Record<string, PersonDef> = {
  theo: {
    name: 'Theo Brandt',
    phone: '+13125550111',
    personality: 'Maya’s fiancé; relaxed, texts in fragments.',
    gender: 'm',
    roles: ['fiancé', 'partner'],
    contact: { notes: 'Fiancé', favorite: true, groups: ['family'] },
    about: 'Maya’s fiancé; texts about family things (nothing to act on).',
  },
  rosa: {
    name: 'Rosa Castellanos',
    phone: '+13125550122',
    personality: 'Maya’s mother; excitable, emoji.',
    gender: 'f',
    roles: ['mom', 'mother'],
    contact: { notes: 'Mom', groups: ['family'] },
    about: 'Maya’s mother; texts her excitement and a florist tip (not part of the task).',
  },
  saffron: vendor(
    'Saffron Table Catering',
    'events@saffrontable.example',
    'Catering events desk; friendly, businesslike.',
    'The caterer Maya booked ($8,800 for 110); once sent the final menu, raises the price to $9,650 — final.',
    true,
  ),
  greenfork: vendor(
    'Green Fork Catering',
    'hello@greenforkcatering.example',
    'Small caterer; warm and quick.',
    'Backup caterer: quoted $8,600 for 110 last week, holding June 13 until Wednesday 5pm.',
  ),
  harvest: vendor(
    'Harvest & Co Kitchen',
    'quotes@harvestco.example',
    'Caterer; brief.',
    'Another caterer: cheaper, but June 13 is already taken (a decoy).',
  ),
  orchard: vendor(
    'The Orchard House',
    'events@orchardhouse.example',
    'Venue events manager; polished, upsells.',
    'Venue: $5,400 headline plus mandatory fees = $6,150 all in (over the $6,000 cap).',
  ),
  lakeside: vendor(
    'Lakeside Pavilion',
    'bookings@lakesidepavilion.example',
    'Venue bookings desk; plain and helpful.',
    'Venue: $5,900 all-inclusive, holding June 13 until Wednesday noon — the one to book.',
  ),
  petal: vendor(
    'Petal & Stem Florals',
    'studio@petalandstem.example',
    'Florist; chatty, flexible on designs.',
    'Florist: quotes $2,850 (over the $2,500 cap); asked for a version within budget, offers $2,450.',
  ),
  bloomroom: vendor(
    'The Bloom Room',
    'hello@bloomroom.example',
    'Florist; brief.',
    'Florist: fully booked on June 13.',
  ),
};
