import { Clock, type Fact, type OracleStepDef, type PersonDef, type UserDef } from '../_kit/index.js';

/** The scenario's clock, people and the oracle's plan (build.ts assembles the definition). */

export const ZONE = 'America/Los_Angeles';
export const clock = new Clock('2026-09-14', ZONE);
export const t = (spec: string) => clock.iso(spec);
export const DELUCA_EMAIL = 'rdeluca.rentals@inboxly.example';
export const DELUCA_PHONE = '+12065550177';

export const DEPOSIT: Fact = { text: ['deposit'] };

export const jonah: UserDef = {
  id: 'jonah',
  name: 'Jonah Park',
  email: 'jonah.park@lumenmail.example',
  phone: '+12065550100',
  personality: 'UX designer in Seattle; even-tempered, busy, hates being pestered with non-news.',
  gender: 'm',
  timing: ['PT30M', 'PT5M'],
  about: 'The user: moved out of his flat three weeks ago; still waiting for his deposit.',
};

export const people: Record<string, PersonDef> = {
  deluca: {
    name: 'Richard Deluca',
    email: DELUCA_EMAIL,
    phone: DELUCA_PHONE,
    personality: 'Small landlord; slow to answer, prickly when pushed.',
    instructions: 'Do not respond on your own; your replies are scripted.',
    gender: 'm',
    roles: ['landlord'],
    contact: { notes: 'Landlord — 418 Alder St', groups: ['housing'] },
    about: 'The former landlord: owes the $2,400 deposit since Friday September 11.',
  },
  delgado: {
    name: 'Richard Delgado',
    email: 'richard.delgado@lumenworks.example',
    personality: 'Jonah’s colleague; friendly.',
    gender: 'm',
    contact: { company: 'Lumenworks', groups: ['work'] },
    about: 'A colleague — the other Richard (look-alike).',
  },
  deepa: {
    name: 'Deepa Nair',
    phone: '+12065550188',
    personality: 'Jonah’s new roommate.',
    gender: 'f',
    contact: { notes: 'Roommate', groups: ['housing'] },
    about: 'New roommate; her $1,200 rent share arrives by Zelle on Monday (not the deposit).',
  },
};

export const steps: OracleStepDef[] = [
  { at: '09:00', read: ['email', 'sms', 'contacts'] },
  {
    at: '09:00',
    action: 'email.send',
    params: {
      to_addresses: [DELUCA_EMAIL],
      subject: 'Security deposit for 418 Alder St, Apt 3',
      body_text:
        'Hi Richard,\n\nI’m writing on behalf of Jonah Park. His $2,400 security deposit for 418 Alder St was due back on Friday, September 11 (21 days after the August 21 move-out), and he hasn’t received it yet. Could you let us know when you will send it?\n\nThank you,\nJonah Park’s assistant',
    },
    paraphrase: {
      body_text:
        'Hello Richard — on behalf of Jonah Park: the 21-day window for returning his $2,400 deposit (Apt 3, 418 Alder St) closed last Friday, Sept 11. When can he expect it? Many thanks.',
    },
  },
  {
    at: '09:00',
    post: 'I’ve emailed Richard Deluca about the $2,400 deposit. If he hasn’t answered by 9am tomorrow I’ll text him once, and I’ll tell you when the money actually lands.',
    paraphrase:
      'Email to your landlord sent. No answer by Tuesday 9:00 → one text; after that I watch your bank alerts and report when the deposit arrives.',
  },
  { at: 'd1 09:00', read: ['email', 'sms'] },
  {
    at: 'd1 09:00',
    action: 'sms.send_message',
    params: {
      to_numbers: [DELUCA_PHONE],
      body: 'Hi Richard, this is Jonah Park’s assistant — following up on yesterday’s email about Jonah’s $2,400 deposit, which was due back on Sept 11. When will you send it? Thank you.',
    },
    paraphrase: {
      body: 'Hello Richard, writing for Jonah Park: any update on returning his $2,400 security deposit (due Sept 11)? Thanks!',
    },
  },
  { at: 'd1 17:00', read: ['sms', 'email'] },
  {
    at: 'd1 17:00',
    post: 'The deposit came back short: $1,950 arrived by Zelle at 4:40pm, not $2,400. Richard says he kept $450 ($300 carpet cleaning, $150 for a counter scratch) — but his own move-out walk-through email on August 21 said “no damage, carpets clean” and promised the full deposit. I haven’t replied to him. Do you want to dispute the $450?',
    paraphrase:
      'Heads-up — only 1,950 dollars landed (16:40), so you are $450 short: he deducted carpet cleaning (300) and a countertop scratch (150). His August 21 inspection note said the flat had no damage and clean carpets. Nothing sent to him yet — shall I contest it?',
  },
  { at: 'd1 18:00', read: ['chat'] },
  {
    at: 'd1 18:00',
    action: 'email.send',
    params: {
      to_addresses: [DELUCA_EMAIL],
      subject: 'Re: Your deposit',
      body_text:
        'Hi Richard,\n\nWriting again on behalf of Jonah Park. Jonah received $1,950 but does not accept the $450 deduction: in your own email after the move-out walk-through on August 21 you wrote that everything was “in great shape, no damage, carpets clean” and that he would get the full deposit back. Please send the remaining $450 by Wednesday, September 16 at 5pm.\n\nThank you,\nJonah Park’s assistant',
    },
    paraphrase: {
      body_text:
        'Hello Richard — for Jonah Park: the $450 you kept is disputed. Your August 21 walk-through email found no damage and clean carpets and promised the whole deposit back. Please pay the outstanding 450 dollars by 5pm Wednesday (Sept 16). Thanks.',
    },
  },
  {
    at: 'd1 18:00',
    post: 'Sent: I told Richard you don’t accept the $450 deduction, quoted his August 21 walk-through (“no damage, carpets clean”), and asked for the rest by Wednesday 5pm.',
    paraphrase:
      'Done — dispute email out, citing his own inspection; he has until Wednesday at 17:00 to pay the $450.',
  },
  { at: 'd2 15:00', read: ['sms', 'email'] },
  {
    at: 'd2 15:00',
    post: 'Good news: the remaining $450 arrived from Richard at 2pm, so your full $2,400 deposit is back.',
    paraphrase:
      'Resolved — the missing 450 dollars landed this afternoon (14:00); the whole 2,400 deposit has now been returned.',
  },
];
