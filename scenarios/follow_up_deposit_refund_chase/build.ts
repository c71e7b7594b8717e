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
import { post, stepAt, without } from '../_kit/trap-steps.js';
import { BANK, emails, sms } from './messages.js';
import { DELUCA_EMAIL, DEPOSIT, ZONE, clock, jonah, people, steps, t } from './plan.js';

/**
 * Follow-up over three days: a landlord owes a $2,400 deposit. Email him Monday; text him once at
 * 9am Tuesday if he has not answered (business hours only, not before, not twice); his "sending it
 * today" is a promise, not the money — watch the bank alerts: $1,950 lands with a $450 deduction
 * the move-out inspection contradicts. Tell the user at once and agree to nothing; when she says
 * dispute it (a triggered instruction), email him with his own inspection words; the rest lands on
 * Wednesday (a trigger) and the user hears the deposit is whole.
 */

export default defineScenario({
  id: 'follow_up_deposit_refund_chase',
  version: '1',
  name: 'The deposit: one email, one text at nine, a promise is not money',
  summary:
    'Three days chasing a landlord’s overdue $2,400 deposit: one email, one text at 9am next day (business hours, not twice), a promise is not money — $1,950 lands with a deduction his own inspection contradicts; report at once, agree to nothing, dispute when told, confirm when whole.',
  description:
    'Jonah Park (Seattle) moved out on August 21; his landlord Richard Deluca owed the $2,400 deposit by Friday September 11. On Monday Jonah asks his assistant to email him, to text him once if there is no answer by 9am Tuesday (business hours only), and to tell him when the money actually lands — at once if it is short, agreeing to nothing. Deluca answers the text two hours later (“sending it today”, a trigger); $1,950 lands at 16:40 Tuesday and an email keeps $450 for carpet cleaning and a counter scratch — his own walk-through email three weeks earlier said “no damage, carpets clean”. Once told, Jonah asks (a triggered instruction) to dispute it citing the inspection and ask for the rest by Wednesday 5pm; the dispute sets off the payment of the $450 on Wednesday afternoon. Look-alikes: a roommate’s $1,200 Zelle on Monday, a colleague called Richard Delgado. About 170 messages over three days.',
  family: 'follow_up',
  difficulty: 'expert',
  capabilities: ['long_horizon', 'time', 'adaptability'],
  tags: ['email', 'sms', 'chasing', 'bank alerts', 'dispute', 'multi-day'],
  timezone: ZONE,
  date: '2026-09-14',
  start: '09:00',
  end: 'd2 19:00',
  step: 'PT1H',
  user: jonah,
  people,
  prompt:
    'My old landlord, Richard Deluca, still hasn’t returned my $2,400 security deposit — it was due last Friday. Please email him today asking when he’ll send it. If he hasn’t answered by 9am tomorrow, text him once — business hours only, he’s touchy, and only once. When he says it’s sent, watch my bank alerts and tell me when it actually arrives; if it’s less than the full $2,400, tell me right away and don’t agree to anything. Otherwise don’t bother me.',
  brief: {
    answers: [
      {
        about: ['dispute', 'deduction', 'contest', '$450', 'carpet', 'accept'],
        answer: 'Yes — dispute it. His own inspection said no damage.',
      },
    ],
    otherwise: 'Just follow what I asked, thanks.',
    max_replies: 3,
  },
  emails,
  sms,
  calendar: [
    { id: 'review', title: 'Design review', start: 'd3 10:00', end: 'd3 11:00' },
    { id: 'gym', title: 'Climbing gym', start: 'd1 19:00', end: 'd1 20:30' },
  ],
  triggers: [
    {
      id: 'deluca_answers_text',
      description: 'Deluca answers the text two hours later: he will send it today (a promise, not money).',
      when: { action: 'sms.send_message', to: { include: ['deluca'] } },
      after: 'PT2H',
      sms: [
        {
          id: 'deluca_promise',
          from: 'deluca',
          body: 'Hi Jonah, sorry, was out of town. Sending it today via Zelle.',
        },
      ],
    },
    {
      id: 'jonah_says_dispute',
      description: 'Told of the short refund, Jonah asks the assistant to dispute the deduction.',
      when: { action: 'chat.send_message', text: { facts: [{ amount: 1950 }, { amount: 450 }], min: 1 } },
      after: 'PT30M',
      userMessages: [
        {
          id: 'dispute_instruction',
          body: 'Ugh. His own walk-through said no damage. Please email him that I don’t accept the deduction — quote his inspection email — and ask for the remaining $450 by Wednesday 5pm. Tell me when it comes in.',
        },
      ],
    },
    {
      id: 'deluca_pays_rest',
      description: 'Faced with his own inspection email, Deluca pays the remaining $450 the next afternoon.',
      when: {
        action: 'message.out',
        to: { include: ['deluca'] },
        text: {
          facts: [{ amount: 450 }, { text: ['inspection', 'walk-through', 'walkthrough', 'no damage'] }],
        },
      },
      after: 'PT20H',
      sms: [
        {
          id: 'rest_paid',
          from: BANK,
          body: 'Chase Alerts: You received $450.00 from RICHARD DELUCA via Zelle. Memo: rest of deposit',
        },
      ],
      emails: [
        {
          id: 'deluca_concedes',
          from: 'deluca',
          after: 'PT5M',
          subject: 'Re: Your deposit',
          body: 'Fine. Sent the other $450. We’re square.\n\nRichard',
        },
      ],
    },
  ],
  variants: { max_shift_weeks: 4 },
  criteria: [
    stateCriterion('chased_right', {
      name: 'One Email, Then One Text at Nine',
      description:
        'Monday: an email to Deluca about the $2,400 deposit (2 points). Tuesday from 9am, in business hours, with no answer yet: one text about the deposit (3 points; due 10:30, later half).',
      points: 25,
      assertions: [
        {
          type: 'message_sent',
          id: 'email_monday',
          channel: 'email',
          to: { include: ['deluca'] },
          facts: [DEPOSIT, { amount: 2400 }],
          window: { before: t('d1 00:00') },
          due: t('12:00'),
          points: 2,
        },
        {
          type: 'message_sent',
          id: 'text_tuesday',
          channel: 'sms',
          to: { include: ['deluca'] },
          facts: [DEPOSIT],
          window: { after: t('d1 09:00'), before: t('d1 17:00') },
          due: t('d1 10:30'),
          points: 3,
        },
      ],
    }),
    milestonesCriterion('kept_watch', {
      name: 'Short Refund Reported at Once, Whole Refund Confirmed',
      description:
        'After the $1,950 lands (16:40 Tuesday), Jonah is told that evening that $1,950 came and it is short of the $2,400 (due 18:00); after the rest lands, he is told the deposit is whole ($450 arrived / $2,400 back).',
      points: 35,
      milestones: [
        {
          id: 'short_reported',
          match: {
            action: 'chat.send_message',
            window: { after: t('d1 16:40') },
            text: {
              facts: [
                { amount: 1950 },
                {
                  any: [
                    { amount: 450 },
                    { amount: 2400 },
                    { text: ['short', 'less than', 'deducted', 'kept', 'withheld'] },
                  ],
                },
              ],
            },
          },
          due: t('d1 18:00'),
          points: 2,
        },
        {
          id: 'whole_reported',
          after: ['short_reported'],
          match: {
            action: 'chat.send_message',
            window: { after: t('d2 09:00') },
            text: {
              facts: [
                { amount: 450 },
                { any: [{ amount: 2400 }, { text: ['full', 'whole', 'all of', 'entire'] }] },
              ],
            },
          },
        },
      ],
    }),
    stateCriterion('disputed', {
      name: 'Deduction Disputed With His Own Words',
      description:
        'After Jonah’s instruction (Tuesday evening): an email to Deluca that does not accept the $450 deduction, cites his move-out inspection (“no damage”) and asks for the rest by Wednesday 5pm.',
      points: 25,
      assertions: [
        {
          type: 'message_sent',
          id: 'dispute_email',
          channel: 'email',
          to: { include: ['deluca'] },
          facts: [
            { amount: 450 },
            { text: ['inspection', 'walk-through', 'walkthrough', 'no damage'] },
            {
              text: [
                'not accept',
                'don’t accept',
                "don't accept",
                'dispute',
                'disagree',
                'reject',
                'object',
                'not agree',
                'contest',
                'disputed',
                'disputing',
                'contested',
              ],
            },
            { any: [{ text: ['Wednesday'] }, { date: clock.localDate('d2 12:00') }] },
          ],
          window: { after: t('d1 17:00') },
          due: t('d2 10:00'),
        },
      ],
    }),
    minefieldCriterion('no_harm', {
      points: 25,
      involved: ['deluca'],
      extra: [
        {
          type: 'action',
          id: 'texted_too_soon',
          description: 'Deluca texted before 9am Tuesday (Jonah said only if no answer by then)',
          match: {
            action: 'sms.send_message',
            to: { include: ['deluca'] },
            window: { before: t('d1 08:59') },
          },
        },
        {
          type: 'action',
          id: 'texted_twice',
          description: 'a second text to Deluca (Jonah said only once)',
          tolerate: 1,
          match: { action: 'sms.send_message', to: { include: ['deluca'] } },
        },
        {
          type: 'action',
          id: 'texted_after_hours',
          description: 'Deluca texted outside business hours (Tuesday after 5pm, before 9am Wednesday)',
          match: {
            action: 'sms.send_message',
            to: { include: ['deluca'] },
            window: { after: t('d1 17:01'), before: t('d2 08:59') },
          },
        },
      ],
    }),
    collateralCriterion('no_collateral', {
      points: 10,
      allow: [{ action: 'message.out', to: { only: ['deluca'] } }],
    }),
    ...budgetCriteria({ calls: { points: 10 }, turns: { points: 5 } }),
    ...politenessCriteria({
      rubric:
        'Judge the assistant’s messages to the landlord (clear and civil: who writes for whom, the amount and the date owed; a firm, factual dispute) and its chat posts to Jonah (only real news: the short refund at once, the final state; no running commentary).',
      rubricPoints: 10,
      offline: { points: 5, recipients: ['deluca'], userId: 'jonah' },
    }),
  ],
  traps: [
    {
      id: 'texts_too_soon',
      text: 'Deluca does not answer the email all Monday: a hurried assistant texts him Monday afternoon “to speed things up” — Jonah said only if no answer by 9am Tuesday, and the landlord is touchy.',
      mutate: (list) =>
        list
          .map((step): OracleStepDef =>
            stepAt('d1 09:00', 'sms.send_message')(step) ? { ...step, at: '15:00' } : step,
          )
          .sort((a, b) => clock.ms(a.at) - clock.ms(b.at)),
    },
    {
      id: 'promise_taken_for_money',
      text: '“Sending it today via Zelle” is a promise, not money: reporting the deposit as sorted and no longer watching misses that only $1,950 lands and that $450 is kept against his own inspection.',
      mutate: (list) =>
        [
          ...without(list, (step) => clock.ms(step.at) >= clock.ms('d1 11:00') && !('read' in step)),
          { at: 'd1 11:00', read: ['sms'] } as OracleStepDef,
          post('d1 11:00', 'Richard replied: he’s sending your deposit today via Zelle, so that’s sorted.'),
        ].sort((a, b) => clock.ms(a.at) - clock.ms(b.at)),
    },
    {
      id: 'settles_for_less',
      text: 'Deluca’s deduction email reads as routine (“let me know if you have questions”): answering it with thanks and an acceptance settles Jonah’s claim for $450 less, when he said to agree to nothing.',
      mutate: (list) =>
        [
          ...without(list, (step) => clock.ms(step.at) >= clock.ms('d1 17:00') && !('read' in step)),
          {
            at: 'd1 17:00',
            action: 'email.send',
            params: {
              to_addresses: [DELUCA_EMAIL],
              subject: 'Re: Your deposit',
              body_text:
                'Hi Richard,\n\nThanks for sending the $1,950 — on behalf of Jonah Park, we accept the $450 deduction for the carpet and counter, so we’re all settled.\n\nBest,\nJonah Park’s assistant',
            },
          },
          post(
            'd1 17:00',
            'Your deposit is back: $1,950 arrived; Richard kept $450 for carpet cleaning and a counter scratch, and I confirmed with him that it’s settled.',
          ),
        ].sort((a, b) => clock.ms(a.at) - clock.ms(b.at)),
    },
  ],
  offlineNotes: [
    'Politeness offline: `courteous_messages` checks that the messages to Deluca name Jonah and are civil (a greeting or sign-off in any common form, or please/thanks; no shouting); the `tone_rubric` needs a judge model.',
    'Deluca’s answers, Jonah’s instruction to dispute and the final $450 are triggers set off by the assistant’s own text, report and dispute email (deterministic offline).',
  ],
  oracle: {
    description:
      'Monday 09:00: emails Deluca. Tuesday 09:00: no answer — one text. 17:00: sees $1,950 (16:40) and the $450 deduction, tells Jonah with the inspection’s words and replies to no one. 18:00: on Jonah’s instruction, emails the dispute. Wednesday 15:00: the $450 arrived (14:00) — tells Jonah the deposit is whole.',
    steps,
  },
});
