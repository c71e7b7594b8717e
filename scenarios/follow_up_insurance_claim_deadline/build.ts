import {
  budgetCriteria,
  collateralCriterion,
  defineScenario,
  milestonesCriterion,
  minefieldCriterion,
  politenessCriteria,
  stateCriterion,
  type OracleStepDef,
} from '../_kit/index.js';
import { shiftDays } from '../_kit/shift.js';
import { replaced, stepAt, without } from '../_kit/trap-steps.js';
import { ZONE, clock, t, CLAIM, OLD_CLAIM, DEADLINE, PAYDAY, marco, people, history, live } from './world.js';
import { STEPS } from './plan.js';

/**
 * Follow-up, expert: an insurance claim against a deadline in another zone. The adjuster (New
 * York) needs the plumber's invoice by Thursday 5pm Eastern — 3pm for the user in Denver. The
 * plumber promised it this morning: nudge him once at noon if it has not come, forward it within
 * the hour with the claim number (buried in a three-week-old acknowledgement; last year's car
 * claim carries a look-alike number). Then the plan changes: the adjuster finds the invoice made
 * out to the wrong street number, so the plumber must reissue it and the corrected one must reach
 * her before her deadline, not the user's 5pm. The approval names the payout and its date.
 */

export default defineScenario({
  id: 'follow_up_insurance_claim_deadline',
  version: '1',
  name: 'An insurance claim chase against a deadline in another zone',
  summary:
    'Nudge the plumber once at noon, forward his invoice to the adjuster within the hour with the claim number from a three-week-old email (not last year’s look-alike), then get it reissued when she spots a wrong address — before 5pm in her zone (3pm here) — and report the payout.',
  description:
    'Marco Bellini (Denver) has a water-damage claim with Keystone Mutual. The adjuster, Dana Whitcombe in New York, needs the plumber’s itemised invoice by Thursday 5pm Eastern. Marco asks: if Luis Ortega’s invoice is not in by noon, text him one reminder; when it arrives, send it to Dana with the claim number within the hour; deal with whatever she comes back with and keep him posted. The claim number is in Keystone’s acknowledgement of October 30 (last year’s car claim has another). Once the invoice reaches Dana she finds it made out to 1420 Larch Street instead of 1240: the assistant asks Luis to reissue it, and the corrected invoice must reach Dana by 3pm Denver time on Thursday. Dana then approves the claim: $2,347.60 after the deductible, paid on November 24 — Marco is told.',
  family: 'follow_up',
  difficulty: 'expert',
  capabilities: ['time', 'search', 'adaptability'],
  tags: ['email', 'sms', 'insurance', 'deadline', 'time zones', 'triggers'],
  timezone: ZONE,
  date: '2026-11-18',
  start: '08:00',
  end: 'd1 17:00',
  step: 'PT1H',
  user: marco,
  people,
  worldAddresses: ['claims@keystonemutual.example'],
  prompt:
    'Can you chase the kitchen-leak insurance claim for me? Dana at Keystone needs Luis’s invoice by Thursday 5pm her time. Luis promised it this morning — if it isn’t in by noon, text him one reminder. As soon as it arrives, send it to Dana with my claim number (within the hour, please), sort out whatever she comes back with, and keep me posted here. I’m teaching all day.',
  emails: [
    {
      id: 'old_car_claim',
      from: 'claims@keystonemutual.example',
      at: 'd-402 10:30',
      subject: `Claim ${OLD_CLAIM} closed — windshield replacement`,
      body: `Dear Marco Bellini,\n\nYour auto claim ${OLD_CLAIM} (windshield, policy AU-77120) has been paid and closed.\n\nKeystone Mutual Claims`,
      read: true,
    },
    ...shiftDays(history.emails, -20, { read: true }),
    {
      id: 'claim_ack',
      from: 'claims@keystonemutual.example',
      at: 'd-19 09:12',
      subject: 'We received your claim',
      body: `Dear Marco Bellini,\n\nThank you for reporting water damage at 1240 Larch Street, Denver, on November 1. Your claim number is ${CLAIM} (homeowner policy HO-55813). Please quote it on everything you send. Your adjuster, Dana Whitcombe (New York office), will be in touch.\n\nKeystone Mutual Claims`,
      read: true,
    },
    {
      id: 'dana_deadline',
      from: 'dana',
      at: 'd-1 14:10',
      subject: 'Your claim — invoice needed',
      body: 'Dear Mr Bellini,\n\nI have everything I need to settle your claim except the plumber’s itemised invoice. Please send it to me, quoting your claim number, by Thursday, November 19 at 5:00 pm Eastern. After that the file is closed and would have to be reopened.\n\nDana Whitcombe\nClaims Adjuster, Keystone Mutual (New York)',
    },
    ...live.emails,
  ],
  sms: [
    ...shiftDays(history.sms, -20, { read: true }),
    {
      id: 'luis_promise',
      from: 'luis',
      at: 'd-1 18:05',
      body: 'Hi Marco, invoice for the pipe job coming your way tomorrow morning, promise!',
      read: true,
    },
    {
      id: 'gina_thanksgiving',
      from: 'gina',
      at: '10:20',
      body: 'Are you bringing the pie or the salad next week?',
    },
    ...live.sms,
  ],
  triggers: [
    {
      id: 'luis_sends_invoice',
      description: 'Luis emails the invoice once reminded (made out to the wrong street number).',
      when: { action: 'message.out', to: { include: ['luis'] } },
      after: 'PT1H30M',
      emails: [
        {
          id: 'luis_invoice',
          from: 'luis',
          subject: 'Invoice INV-5520 — kitchen pipe repair',
          body: 'Hi Marco,\n\nSorry for the delay! Invoice INV-5520 (Invoice_INV-5520.pdf):\n\nBill to: Marco Bellini, 1420 Larch Street, Denver\n- Emergency call-out, Nov 1: $285.00\n- Replace burst supply line and valve: $1,642.60\n- Drywall access and patch: $920.00\nTotal: $2,847.60\n\nThanks,\nLuis — Rocky Mountain Plumbing',
        },
      ],
    },
    {
      id: 'dana_wrong_address',
      description: 'Dana finds the invoice made out to the wrong address and asks for a corrected one.',
      when: {
        action: 'message.out',
        to: { include: ['dana'] },
        text: { facts: [{ text: ['INV-5520', '2,847.60'] }], min: 1 },
      },
      // Under an hour: an assistant checking in hourly sees it at the next check, not an hour late.
      after: 'PT45M',
      emails: [
        {
          id: 'dana_correction',
          from: 'dana',
          subject: 'Re: your claim — invoice address',
          body: 'Dear Mr Bellini,\n\nThank you for the invoice. It is made out to 1420 Larch Street, but the insured property is 1240 Larch Street. I need a corrected invoice with the insured address, still by Thursday 5:00 pm Eastern.\n\nDana Whitcombe',
        },
      ],
    },
    {
      id: 'luis_reissues',
      description: 'Luis reissues the invoice to 1240 Larch Street the next day, once asked.',
      when: { action: 'message.out', to: { include: ['luis'] }, text: { facts: [{ text: ['1240'] }] } },
      after: 'PT22H',
      emails: [
        {
          id: 'luis_corrected',
          from: 'luis',
          subject: 'Corrected invoice INV-5520-R',
          body: 'Hi Marco,\n\nMy mistake — corrected invoice INV-5520-R attached (Invoice_INV-5520-R.pdf), bill to 1240 Larch Street, Denver. Same total, $2,847.60.\n\nLuis',
        },
      ],
    },
    {
      id: 'dana_approves',
      description: 'Dana approves the claim when the corrected invoice reaches her before her deadline.',
      when: {
        action: 'message.out',
        to: { include: ['dana'] },
        text: { facts: [{ text: ['1240', 'INV-5520-R', '5520-R'] }] },
        // The corrected invoice, sent on: the address alone in an earlier note completes nothing.
        window: { after: { arrived: ['luis_corrected'] }, before: t(DEADLINE) },
      },
      after: 'PT1H',
      emails: [
        {
          id: 'dana_approval',
          from: 'dana',
          subject: 'Claim approved',
          body: 'Dear Mr Bellini,\n\nThank you — the corrected invoice completes your file. Your claim is approved: $2,847.60 less your $500 deductible, $2,347.60, paid by direct deposit on Tuesday, November 24.\n\nDana Whitcombe',
        },
      ],
    },
    {
      id: 'dana_closes',
      description: 'Dana closes the file when the corrected invoice comes after 5pm Eastern.',
      when: {
        action: 'message.out',
        to: { include: ['dana'] },
        text: { facts: [{ text: ['1240', 'INV-5520-R', '5520-R'] }] },
        // 5:00:00pm is still on time: the file closes on what comes later.
        window: { after: new Date(Date.parse(t(DEADLINE)) + 1000).toISOString() },
      },
      after: 'PT30M',
      emails: [
        {
          id: 'dana_closed',
          from: 'dana',
          subject: 'Claim file closed',
          body: 'Dear Mr Bellini,\n\nI did not receive the corrected invoice by 5:00 pm Eastern, so the file has been closed. You can ask for it to be reopened; that takes 10–15 business days.\n\nDana Whitcombe',
        },
      ],
    },
  ],
  criteria: [
    milestonesCriterion('claim_chased', {
      name: 'Chased, Forwarded, Corrected in Time, Reported',
      description:
        'One reminder to Luis at noon (between 12:00 and 13:00; 1 point); the invoice to Dana with the claim number within the hour of its 13:30 arrival (2 points); once Dana flags the address, Luis asked to reissue it to 1240 Larch Street (2 points); the corrected invoice to Dana once it has come and by 3pm Denver time on Thursday — 5pm Eastern (4 points); Marco told the payout and its date (2 points).',
      points: 50,
      milestones: [
        {
          id: 'nudged_at_noon',
          match: {
            action: 'message.out',
            to: { include: ['luis'] },
            window: { after: t('12:00'), before: t('13:00') },
          },
        },
        {
          id: 'invoice_forwarded',
          match: {
            action: 'message.out',
            to: { include: ['dana'] },
            text: { facts: [{ text: [CLAIM] }, { any: [{ text: ['INV-5520'] }, { amount: 2847.6 }] }] },
          },
          due: t('14:30'),
          points: 2,
        },
        {
          id: 'reissue_asked',
          after: ['invoice_forwarded'],
          match: { action: 'message.out', to: { include: ['luis'] }, text: { facts: [{ text: ['1240'] }] } },
          points: 2,
        },
        {
          id: 'corrected_in_time',
          after: ['reissue_asked'],
          match: {
            action: 'message.out',
            to: { include: ['dana'] },
            text: {
              facts: [{ text: ['1240', 'INV-5520-R', '5520-R', 'corrected', 'reissued'] }, { text: [CLAIM] }],
            },
            // Sent on once it came: a note that it "has not arrived yet" names it too (blind G154).
            window: { after: { arrived: ['luis_corrected'] }, before: t(DEADLINE) },
          },
          points: 4,
        },
        {
          id: 'payout_told',
          after: ['corrected_in_time'],
          match: {
            action: 'chat.send_message',
            text: { facts: [{ amount: 2347.6 }, { date: clock.localDate(PAYDAY) }] },
          },
          points: 2,
        },
      ],
    }),
    stateCriterion('right_claim_number', {
      name: 'This Claim’s Number, Not Last Year’s',
      description: `The messages to Dana quote claim ${CLAIM}; last year’s car claim ${OLD_CLAIM} is wrong.`,
      points: 10,
      assertions: [
        {
          type: 'message_sent',
          id: 'claim_number_to_dana',
          to: { include: ['dana'] },
          facts: [{ text: [CLAIM] }],
          wrong: [{ text: [OLD_CLAIM], weight: 2 }],
        },
      ],
    }),
    minefieldCriterion('no_harm', {
      points: 20,
      involved: ['luis', 'dana'],
      extra: [
        {
          type: 'action',
          id: 'pestered_plumber',
          description: 'a second reminder to Luis before his invoice could arrive (one nudge is the task)',
          match: { action: 'message.out', to: { include: ['luis'] }, window: { before: t('13:30') } },
          tolerate: 1,
        },
      ],
    }),
    collateralCriterion('no_collateral', {
      points: 10,
      allow: [{ action: 'message.out', to: { only: ['luis', 'dana'] } }],
    }),
    ...budgetCriteria({ calls: { points: 10 }, turns: { points: 5 } }),
    ...politenessCriteria({
      rubric:
        'Judge the courtesy and clarity of the assistant: short friendly texts to the plumber that say who writes and what is needed by when, formal clear emails to the adjuster quoting the claim, and brief updates to Marco.',
      rubricPoints: 10,
      offline: { points: 5, recipients: ['luis', 'dana'], userId: 'marco' },
    }),
  ],
  traps: [
    {
      id: 'deadline_in_local_time',
      text: 'Reading Dana’s “Thursday 5pm” as 5pm in Denver: the corrected invoice sent at 4pm Mountain is an hour after her 5pm Eastern deadline, and the file closes.',
      mutate: (steps) =>
        without(steps, stepAt('d1 16:00'), stepAt('d1 14:00', 'post')).map((step) =>
          step.at === 'd1 14:00' && 'action' in step ? { ...step, at: 'd1 16:00' } : step,
        ),
    },
    {
      id: 'no_reissue',
      text: 'Treating the job as done once the invoice is forwarded: Dana’s reply about the wrong street number needs a reissued invoice from Luis, not a note that it was already sent.',
      mutate: (steps) =>
        without(
          steps,
          stepAt('15:00', 'sms.send_message'),
          stepAt('d1 14:00', 'email.send'),
          stepAt('d1 14:00', 'post'),
          stepAt('d1 16:00', 'post'),
        ),
    },
    {
      id: 'last_years_claim_number',
      text: `Quoting the first Keystone claim number a search finds — ${OLD_CLAIM}, last year’s closed car claim — instead of ${CLAIM} from the acknowledgement of October 30.`,
      mutate: (steps) =>
        replaced(
          steps,
          (step) => 'action' in step && step.action === 'email.send',
          (step) => {
            const send = step as Extract<OracleStepDef, { action: string }>;
            const swap = (value: unknown) => String(value).replaceAll(CLAIM, OLD_CLAIM);
            return {
              ...send,
              params: {
                ...send.params,
                subject: swap(send.params.subject),
                body_text: swap(send.params.body_text),
              },
              paraphrase: {
                subject: swap(send.paraphrase?.subject),
                body_text: swap(send.paraphrase?.body_text),
              },
            };
          },
        ),
    },
  ],
  offlineNotes: [
    'Politeness offline: `courteous_messages` checks that the texts to Luis and the emails to Dana name Marco and are civil; the `tone_rubric` needs a judge model.',
    'Every reply is scripted with triggers: Luis sends the invoice 90 minutes after the first message to him, Dana flags the address an hour after the invoice reaches her, Luis reissues 22 hours after being asked about 1240 Larch Street, and Dana approves (before her deadline) or closes the file (after it).',
  ],
  variants: { max_shift_weeks: 2 },
  oracle: {
    description:
      'Reads at 08:00 (the acknowledgement with the claim number, Dana’s deadline, Luis’s promise) and tells Marco the plan; at noon texts Luis one reminder; at 14:00 sends Dana the invoice with the claim number; at 15:00 asks Luis to reissue it to 1240 Larch Street and tells Marco; on Thursday at 14:00, once it has come (13:00:01), sends Dana the corrected invoice (before 3pm Denver, her 5pm); at 16:00 reports the approval: $2,347.60 on November 24.',
    steps: STEPS,
  },
});
