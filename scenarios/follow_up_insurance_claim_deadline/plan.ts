import { type OracleStepDef } from '../_kit/index.js';
import { CLAIM, DANA, LUIS_PHONE } from './world.js';

/** The oracle’s plan and its helpers (split from build.ts; traps reuse them). */

export const ask = (at: string, body: string, paraphrase: string): OracleStepDef => ({
  at,
  action: 'sms.send_message',
  params: { to_numbers: [LUIS_PHONE], body },
  paraphrase: { body: paraphrase },
});

export const toDana = (
  at: string,
  subject: string,
  body: string,
  paraphrase: string,
  claim = CLAIM,
): OracleStepDef => ({
  at,
  action: 'email.send',
  params: {
    to_addresses: [DANA],
    subject: `${subject} — claim ${claim}`,
    body_text: body.replaceAll(CLAIM, claim),
  },
  paraphrase: {
    subject: `Claim ${claim}: ${subject.toLowerCase()}`,
    body_text: paraphrase.replaceAll(CLAIM, claim),
  },
});

export const STEPS: OracleStepDef[] = [
  { at: '08:00', read: ['email', 'sms', 'contacts'] },
  {
    at: '08:00',
    post: 'On it. Dana needs Luis’s invoice by Thursday 5pm Eastern, which is 3pm here. Nothing from Luis yet; if it is not in by noon I will text him once.',
    paraphrase:
      'Noted: Luis’s invoice must reach Dana by 5pm ET Thursday (3pm Denver time). I will check at noon and send him a single reminder if needed.',
  },
  { at: '12:00', read: ['email', 'sms'] },
  ask(
    '12:00',
    'Hi Luis, this is Marco Bellini’s assistant. Could you send over the invoice for the kitchen pipe repair today? The insurer needs it by tomorrow. Thanks!',
    'Hello Luis — writing for Marco Bellini: the insurance company is waiting on your invoice for the burst pipe job, due tomorrow. Could you email it today? Many thanks.',
  ),
  { at: '14:00', read: ['email', 'sms'] },
  toDana(
    '14:00',
    'Plumber’s invoice INV-5520',
    `Dear Ms Whitcombe,\n\nOn behalf of Marco Bellini, claim ${CLAIM}: here is Rocky Mountain Plumbing’s itemised invoice INV-5520 for the burst pipe repair, $2,847.60.\n\nKind regards,\nMarco Bellini’s assistant`,
    `Hello Dana — writing for Marco Bellini about claim ${CLAIM}. Attached/below is the plumber’s invoice (INV-5520, total $2,847.60). Thanks very much.`,
  ),
  {
    at: '14:00',
    post: `Luis’s invoice arrived (INV-5520, $2,847.60) and I sent it to Dana with claim number ${CLAIM}.`,
    paraphrase: `Forwarded the plumber’s invoice — $2,847.60, INV-5520 — to the adjuster, quoting claim ${CLAIM}.`,
  },
  { at: '15:00', read: ['email', 'sms'] },
  ask(
    '15:00',
    'Hi Luis, Marco Bellini’s assistant again — the insurer noticed the invoice says 1420 Larch Street; the house is 1240 Larch Street. Could you reissue it with 1240 by tomorrow? Thank you!',
    'Hello again Luis, for Marco Bellini: the adjuster needs the invoice reissued to 1240 Larch Street (it shows 1420). Could you send a corrected one tomorrow? Thanks a lot.',
  ),
  {
    at: '15:00',
    post: 'Dana replied: the invoice shows 1420 Larch Street instead of 1240, so she needs a corrected one by Thursday 5pm Eastern (3pm here). I asked Luis to reissue it with 1240 Larch Street and will send it to her as soon as it comes.',
    paraphrase:
      'Change of plan: the adjuster spotted the wrong street number (1420, should be 1240) and wants a reissued invoice before 3pm our time tomorrow. Luis has been asked for the corrected copy; I will pass it straight on.',
  },
  // Luis's corrected invoice lands a second after 13:00: it is sent on at the next check.
  { at: 'd1 14:00', read: ['email', 'sms'] },
  toDana(
    'd1 14:00',
    'Corrected invoice INV-5520-R',
    `Dear Ms Whitcombe,\n\nOn behalf of Marco Bellini, claim ${CLAIM}: here is the corrected invoice INV-5520-R, now made out to 1240 Larch Street, $2,847.60.\n\nKind regards,\nMarco Bellini’s assistant`,
    `Hello Dana — for Marco Bellini, claim ${CLAIM}: the reissued invoice (INV-5520-R) with the address corrected to 1240 Larch Street. Thank you!`,
  ),
  {
    at: 'd1 14:00',
    post: 'Luis sent the corrected invoice (1240 Larch Street) and it is with Dana, an hour before her deadline.',
    paraphrase: 'The reissued invoice with 1240 Larch Street is now with Dana — well ahead of 3pm our time.',
  },
  { at: 'd1 16:00', read: ['email'] },
  {
    at: 'd1 16:00',
    post: 'Claim approved: Keystone pays $2,347.60 ($2,847.60 less your $500 deductible) by direct deposit on Tuesday, November 24.',
    paraphrase:
      'Dana approved the claim — $2,347.60 after the $500 deductible, paid into your account on Tue November 24.',
  },
];
