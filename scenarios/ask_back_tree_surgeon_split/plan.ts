import { type OracleStepDef } from '../_kit/index.js';
import { RUTH_PHONE, MALIK_PHONE } from './world.js';

/** The oracle’s plan and its helpers (split from build.ts; traps reuse them). */

export const sms = (at: string, to: string, body: string, paraphrase: string): OracleStepDef => ({
  at,
  action: 'sms.send_message',
  params: { to_numbers: [to], body },
  paraphrase: { body: paraphrase },
});

export const booking = (at: string, when: string, split: string): OracleStepDef => ({
  at,
  action: 'email.reply',
  params: {
    message_id: 'ben_quote',
    body_text: `Hi Ben,\n\nOn behalf of Tom Hadley: please go ahead with the oak crown reduction on Saturday ${when} for the quoted £720. The three households share it — ${split}.\n\nThanks,\nTom Hadley’s assistant`,
  },
  paraphrase: {
    body_text: `Hello Ben — writing for Tom Hadley. We’d like to book the oak job for Sat ${when} at your £720 quote, shared between the three houses: ${split}. Many thanks.`,
  },
});

export const PROPOSAL = (when: string) =>
  `Hi, this is Tom Hadley’s assistant. Ben Fisher can reduce the oak on Saturday ${when}; his quote is £720. Tom suggests we split it three ways, £240 per house. Does that work for you?`;

export const STEPS: OracleStepDef[] = [
  { at: '09:00', read: ['email', 'sms', 'calendar', 'contacts'] },
  sms(
    '09:00',
    RUTH_PHONE,
    PROPOSAL('24 October'),
    'Hello Ruth — for Tom Hadley: Ben can do the oak on Sat 24 October, £720 in all. Would £240 per household suit you? Thanks!',
  ),
  sms(
    '09:00',
    MALIK_PHONE,
    PROPOSAL('24 October'),
    'Hello Malik — for Tom Hadley: Ben can do the oak on Sat 24 October, £720 in all. Would £240 per household suit you? Thanks!',
  ),
  {
    at: '09:00',
    post: 'I asked Ruth and Malik about Saturday 24 October (you are away on the 17th) at £240 each of Ben’s £720.',
    paraphrase:
      'Proposed to both neighbours: Sat 24 October (the 17th clashes with your Edinburgh weekend), £720 split evenly, £240 per house.',
  },
  { at: '10:00', read: ['sms'] },
  {
    at: '10:00',
    post: 'Ruth agrees to the 24th and £240. Malik is fine with the 24th but wants to pay £160, with you and Ruth at £280 each. What split should I offer him?',
    paraphrase:
      'Ruth is in (24th, £240). Malik counters: he pays £160 and you and Ruth £280 each. How would you like me to answer his split?',
  },
  { at: '10:30', read: ['chat'] },
  sms(
    '10:30',
    MALIK_PHONE,
    'Hi Malik, Tom Hadley’s assistant again. Tom suggests meeting in the middle: £180 for you and £270 each for Tom and Ruth, on Saturday 24 October. Would that work?',
    'Hello Malik — for Tom Hadley: how about £180 for you, £270 for Tom and £270 for Ruth (Sat 24 October)? Thanks!',
  ),
  sms(
    '10:30',
    RUTH_PHONE,
    'Hi Ruth, Tom Hadley’s assistant again. Malik asked to pay less; Tom suggests £180 for Malik and £270 each for Tom and you. Would you be OK with £270?',
    'Hello Ruth — for Tom Hadley: Malik wants a smaller share, so Tom proposes £270 for you, £270 for him, £180 for Malik. Is that all right? Thanks!',
  ),
  { at: '11:00', read: ['sms'] },
  booking('11:00', '24 October', 'Tom £270, Ruth Alvarez £270, Malik Osei £180'),
  {
    at: '11:00',
    post: 'Agreed and booked: Ben does the oak on Saturday 24 October for £720 — you £270, Ruth £270, Malik £180.',
    paraphrase:
      'All settled: Oakline is booked for Sat 24 October, £720 shared as £270 (you), £270 (Ruth) and £180 (Malik).',
  },
  { at: '12:00', read: ['email'] },
];
