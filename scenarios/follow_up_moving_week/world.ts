import { filler, type EmailDef, type PersonDef, type SmsDef, type UserDef } from '../_kit/index.js';
import { shiftDays } from '../_kit/shift.js';

/**
 * The world of follow_up_moving_week: the people, the old mail that holds the rules (the lease end,
 * the building's 48-hour elevator rule, both movers' paperwork) and three days of everyday volume.
 */

export const ADDR = {
  lakeshore: 'dispatch@lakeshoremovers.example',
  hartley: 'bookings@hartleyremovals.example',
  greta: 'frontdesk@wrightwoodlofts.example',
  fibrely: '+13125550177',
};

export const sofia: UserDef = {
  id: 'sofia',
  name: 'Sofia Reyes',
  email: 'sofia.reyes@lumenmail.example',
  phone: '+13125550100',
  personality: 'Product designer moving flats this week; busy with work, wants it handled.',
  gender: 'f',
  about: 'The user: moves from 2210 N Clark St to 1450 W Wrightwood Ave #5B on Thursday.',
};

export const people: Record<string, PersonDef> = {
  lakeshore: {
    name: 'Lakeshore Movers',
    email: ADDR.lakeshore,
    personality: 'Moving company dispatch desk; brief, apologetic.',
    pinned: true,
    instructions: 'Do not respond on your own; your replies are scripted.',
    contact: { company: 'Lakeshore Movers', job_title: 'Dispatch' },
    about: 'The booked movers: owe a written confirmation; cannot do Thursday after all.',
  },
  hartley: {
    name: 'Hartley Removals',
    email: ADDR.hartley,
    personality: 'Family moving firm; friendly, precise.',
    pinned: true,
    instructions: 'Do not respond on your own; your replies are scripted.',
    contact: { company: 'Hartley Removals', job_title: 'Bookings' },
    about: 'The backup movers: Thursday 8am still open.',
  },
  greta: {
    name: 'Greta Lind',
    email: ADDR.greta,
    personality: 'Building manager at Wrightwood Lofts; by-the-book.',
    roles: ['building manager', 'front desk'],
    instructions: 'Do not respond on your own; your replies are scripted.',
    gender: 'f',
    contact: { company: 'Wrightwood Lofts', job_title: 'Building manager' },
    about:
      'The new building’s manager: elevator reservations 48 hours ahead; wants the movers’ insurance certificate.',
  },
  fibrely: {
    name: 'Fibrely',
    phone: ADDR.fibrely,
    personality: 'Internet provider’s automated texts.',
    pinned: true,
    instructions: 'Do not respond on your own; your replies are scripted.',
    about: 'The internet provider: offers three install slots by text.',
  },
  nico: {
    name: 'Nico Reyes',
    phone: '+13125550144',
    email: 'nico.reyes@lumenmail.example',
    personality: 'Sofia’s brother; jokey.',
    gender: 'm',
    contact: { groups: ['family'] },
    about: 'Sofia’s brother, texting about helping on Thursday: not part of the chases.',
  },
};

export const OLD_MAIL: EmailDef[] = [
  {
    id: 'lease_end',
    from: 'leasing@clarkstreetapts.example',
    at: 'd-21 11:00',
    subject: 'Your move-out — 2210 N Clark St, Apt 3',
    body: 'Dear Sofia,\n\nA reminder that your lease ends on Thursday, June 18. Keys must be returned by 6pm that day, when we do the walk-through. After 6pm we charge a daily holdover fee of $140.\n\nClark Street Apartments',
    read: true,
  },
  {
    id: 'welcome_building',
    from: 'greta',
    at: 'd-14 15:20',
    subject: 'Welcome to Wrightwood Lofts — move-in rules',
    body: 'Hi Sofia,\n\nWelcome! For your move-in to #5B:\n- Reserve the service elevator by email to this address at least 48 hours before your start time. Blocks are 4 hours, 8am–6pm weekdays.\n- Your movers must send us their certificate of insurance before the move.\n\nGreta Lind, Building Manager',
    read: true,
  },
  {
    id: 'lakeshore_booking',
    from: 'lakeshore',
    at: 'd-10 10:05',
    subject: 'Booking LM-4471 — Thursday June 18',
    body: 'Hi Sofia,\n\nThanks for booking with Lakeshore. Booking LM-4471: Thursday, June 18, pick-up 8am at 2210 N Clark St, delivery to 1450 W Wrightwood Ave #5B around noon. $1,050. We will confirm the crew in writing 48 hours before. Certificate of insurance: Lakeshore_COI_2026.pdf.\n\nLakeshore Movers Dispatch',
    read: true,
  },
  {
    id: 'hartley_quote',
    from: 'hartley',
    at: 'd-9 16:40',
    subject: 'Your backup quote',
    body: 'Hi Sofia,\n\nAs discussed, our quote for your move (2210 N Clark St to 1450 W Wrightwood Ave #5B): $1,180, 3 movers and a 20ft truck. Thursday June 18 at 8am is still open as of today — just reply to book.\n\nHartley Removals',
    read: true,
  },
];

const history = filler({ seed: 'moving-history', days: 20, emailsPerDay: 3, smsPerDay: 1 });
const live = filler({
  seed: 'moving-live',
  days: 3,
  emailsPerDay: 30,
  smsPerDay: 12,
  from: '08:00',
  prefix: 'live',
});

export const EMAILS: EmailDef[] = [
  ...OLD_MAIL,
  ...shiftDays(history.emails, -21, { read: true }),
  ...live.emails,
];

export const SMS: SmsDef[] = [
  ...shiftDays(history.sms, -21, { read: true }),
  ...live.sms,
  {
    id: 'fibrely_slots',
    from: 'fibrely',
    at: '09:10',
    body: 'Fibrely: choose your install at 1450 W Wrightwood Ave #5B. Reply 1 for Thu Jun 18 8am-12pm, 2 for Fri Jun 19 1-5pm, 3 for Mon Jun 22 8am-12pm.',
  },
  { id: 'nico_thursday', from: 'nico', at: '18:30', body: 'I can help Thursday from 10. Pizza on you?' },
  { id: 'nico_truck', from: 'nico', at: 'd1 19:15', body: 'Still need me Thursday? Bringing my dolly.' },
];
