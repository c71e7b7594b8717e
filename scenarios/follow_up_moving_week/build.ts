import {
  budgetCriteria,
  collateralCriterion,
  defineScenario,
  milestonesCriterion,
  minefieldCriterion,
  politenessCriteria,
  stateCriterion,
} from '../_kit/index.js';
import { post, replaced, stepAt, without } from '../_kit/trap-steps.js';
import { ADDR, EMAILS, SMS, people, sofia } from './world.js';
import { CUTOFF, INSTALL, MOVE, STEPS, ZONE, day, email, t } from './plan.js';

/** The cancelled movers’ certificate (in the old booking): the wrong one for the building. */
const LAKESHORE_COI = ['Lakeshore_COI_2026', 'Lakeshore_COI_2026.pdf'];

/**
 * Follow-up, long horizon: three days before a Thursday move, ~210 messages. Four chases overlap:
 * the service elevator must be requested 48 hours ahead (a rule in the building's welcome email:
 * Monday is the time, Tuesday noon the last moment); the internet install goes in the one slot the
 * user is at the new place; the movers are chased once at Tuesday noon — and, asked, say they
 * cannot do Thursday but offer Friday, which the lease (ends Thursday 6pm, an old email) rules
 * out, so the backup movers are booked and the first cancelled; on Wednesday the building wants
 * the movers' insurance certificate — the new movers', not the old ones'. An update every evening
 * at 8pm.
 */

export default defineScenario({
  id: 'follow_up_moving_week',
  version: '1',
  name: 'Three days of chases before a Thursday move',
  summary:
    'Three days, ~210 messages: reserve the elevator 48 hours ahead, pick the internet slot she is home for, chase the movers at Tuesday noon — then book the backup when they offer a day after the lease ends — send the new movers’ insurance certificate, and update her every evening at 8.',
  description:
    'Sofia Reyes moves from 2210 N Clark St to 1450 W Wrightwood Ave #5B on Thursday, June 18. On Monday morning she hands her assistant the week: reserve the new building’s service elevator (its welcome email: by email, at least 48 hours ahead; the movers arrive around noon), pick the Fibrely install slot when she is at the new place (Thursday morning she is at Clark St with the movers, Friday she works from home there, Monday she is in the office), get Lakeshore Movers’ written confirmation — one chase at Tuesday noon if none has come; if they fall through, book Hartley Removals (the backup quote) and cancel Lakeshore — and give her a short update at 8pm each evening. Chased, Lakeshore offers Friday instead: the lease ends Thursday at 6pm (an old email), so Hartley is booked and Lakeshore cancelled. On Wednesday the building asks for the movers’ certificate of insurance: Hartley’s (in its booking confirmation), not Lakeshore’s (in the old booking).',
  family: 'follow_up',
  difficulty: 'expert',
  capabilities: ['long_horizon', 'time', 'adaptability'],
  tags: ['email', 'sms', 'calendar', 'moving', 'deadlines', 'triggers', 'long horizon'],
  timezone: ZONE,
  date: '2026-06-15',
  start: '08:00',
  end: 'd2 21:00',
  step: 'PT1H',
  user: sofia,
  people,
  worldAddresses: ['leasing@clarkstreetapts.example'],
  prompt:
    'Big week — I move on Thursday and I’m slammed at work, so please run the move admin: (1) book the service elevator at the new building, (2) pick an internet install slot when I’ll actually be at the new place, (3) Lakeshore still owes me a written confirmation — if nothing by Tuesday noon, chase them once; if they fall through, book Hartley (their quote is in my email) and cancel Lakeshore, and (4) deal with whatever the building asks for. A short update here at 8pm each evening, please.',
  emails: EMAILS,
  sms: SMS,
  calendar: [
    { id: 'move_day', title: 'MOVE DAY — Clark St → Wrightwood', start: MOVE, end: 'd3 18:00' },
    { id: 'wfh_friday', title: 'WFH (new place)', start: 'd4 09:00', end: 'd4 17:00' },
    { id: 'office_monday', title: 'In office — design review', start: 'd7 09:00', end: 'd7 17:00' },
    { id: 'standup', title: 'Team standup', start: '09:30', end: '10:00' },
    { id: 'client_review', title: 'Client review', start: 'd1 14:00', end: 'd1 15:30' },
  ],
  triggers: [
    {
      id: 'elevator_reserved',
      description:
        'The building reserves the elevator when asked at least 48 hours ahead; two days later it asks for the movers’ insurance certificate.',
      when: { action: 'message.out', to: { include: ['greta'] }, window: { before: t(CUTOFF) } },
      after: 'PT2H',
      emails: [
        {
          id: 'elevator_ok',
          from: 'greta',
          subject: 'Service elevator reserved — #5B',
          body: 'Hi Sofia,\n\nYou have the service elevator on Thursday, June 18 from 12pm to 4pm.\n\nGreta',
        },
        {
          id: 'coi_request',
          from: 'greta',
          after: 'PT46H',
          subject: 'Movers’ certificate of insurance needed',
          body: 'Hi Sofia,\n\nWe still need your movers’ certificate of insurance. Please send it by 5pm today, or I have to release tomorrow’s elevator slot.\n\nGreta',
        },
      ],
    },
    {
      id: 'fibrely_books',
      description: 'Fibrely confirms the slot chosen by its number.',
      when: { action: 'message.out', to: { include: ['fibrely'] } },
      after: 'PT5M',
      sms: [
        {
          id: 'fibrely_ok',
          from: 'fibrely',
          body: 'Fibrely: thanks, your install is booked. A technician will text on the day.',
        },
      ],
    },
    {
      id: 'lakeshore_falls_through',
      description: 'Chased, Lakeshore says its Thursday crew is double-booked and offers Friday.',
      when: { action: 'message.out', to: { include: ['lakeshore'] } },
      after: 'PT45M',
      emails: [
        {
          id: 'lakeshore_friday',
          from: 'lakeshore',
          subject: 'Re: Booking LM-4471',
          body: 'Hi Sofia,\n\nVery sorry — our Thursday crew is double-booked. We can do Friday, June 19 at 8am instead at the same price. Let us know.\n\nLakeshore Movers Dispatch',
        },
      ],
    },
    {
      id: 'hartley_confirms',
      description: 'Hartley confirms the booking, with its insurance certificate.',
      when: { action: 'message.out', to: { include: ['hartley'] } },
      after: 'PT45M',
      emails: [
        {
          id: 'hartley_booked',
          from: 'hartley',
          subject: 'Booked: Thursday June 18, 8am',
          body: 'Hi Sofia,\n\nYou are booked: Thursday, June 18, 8am at 2210 N Clark St, delivery to 1450 W Wrightwood Ave #5B around noon, $1,180. Our certificate of insurance is attached (Hartley_COI_2026.pdf) for your building.\n\nHartley Removals',
        },
      ],
    },
  ],
  criteria: [
    stateCriterion('move_arranged', {
      name: 'Elevator, Internet, Movers and Paperwork in Place',
      description:
        'The elevator requested for Thursday June 18 from about noon (the movers’ arrival) before the 48-hour cutoff, Tuesday 12:00 (4 points: it cannot be fixed later); Fibrely answered with the Friday June 19 slot, the one when Sofia is at the new place (4 points); Hartley booked for Thursday June 18 at 8am (2 points); Hartley’s certificate of insurance to the building by Wednesday 5pm — Lakeshore’s is wrong (5 points: without it the elevator slot is released).',
      points: 40,
      assertions: [
        {
          type: 'message_sent',
          id: 'elevator_requested',
          to: { include: ['greta'] },
          window: { before: t(CUTOFF) },
          facts: [
            { text: ['elevator'] },
            { date: day(MOVE) },
            { any: [{ time: '11:00' }, { time: '11:30' }, { time: '12:00' }] },
          ],
          points: 4,
        },
        {
          type: 'message_sent',
          id: 'install_friday',
          to: { include: ['fibrely'] },
          facts: [{ any: [{ text: ['2'] }, { date: day(INSTALL) }] }],
          // A slot she is not home for is no install at all: the technician finds no one, and she
          // works from the new place on Friday.
          points: 4,
        },
        {
          type: 'message_sent',
          id: 'hartley_booked',
          to: { include: ['hartley'] },
          facts: [{ date: day(MOVE) }, { time: '08:00' }],
          points: 2,
        },
        {
          type: 'message_sent',
          id: 'coi_sent',
          to: { include: ['greta'] },
          // Hartley's certificate exists once Hartley has sent it (with its booking confirmation).
          window: { after: { arrived: ['hartley_booked'] }, before: t('d2 17:00') },
          facts: [{ text: ['Hartley'] }, { text: ['insurance', 'COI', 'certificate'] }],
          wrong: [{ text: LAKESHORE_COI, weight: 2 }],
          // Without the right certificate the building releases the elevator slot: worth more than the slot.
          points: 5,
        },
      ],
    }),
    milestonesCriterion('chases_on_time', {
      name: 'Chased at Noon, Switched, Updated Every Evening',
      description:
        'Lakeshore chased once at Tuesday noon (12:00–13:00; 1 point); Lakeshore cancelled after Hartley is booked (1 point); an update in chat at 8pm each evening (20:00–20:45) with that day’s news — Monday the install day, Tuesday the switch to Hartley, Wednesday the insurance certificate, not after Lakeshore’s was sent (1 point each).',
      points: 30,
      milestones: [
        {
          id: 'chased_at_noon',
          match: {
            action: 'message.out',
            to: { include: ['lakeshore'] },
            window: { after: t(CUTOFF), before: t('d1 13:00') },
          },
        },
        {
          id: 'hartley_asked',
          match: {
            action: 'message.out',
            to: { include: ['hartley'] },
            text: { facts: [{ date: day(MOVE) }] },
          },
          points: 0.5,
        },
        {
          id: 'lakeshore_cancelled',
          after: ['hartley_asked'],
          match: {
            action: 'message.out',
            to: { include: ['lakeshore'] },
            text: { facts: [{ text: ['cancel', 'cancelled', 'cancelling'] }] },
          },
        },
        {
          id: 'update_monday',
          match: {
            action: 'chat.send_message',
            window: { after: t('20:00'), before: t('20:45') },
            text: { facts: [{ text: ['elevator'] }, { date: day(INSTALL) }] },
          },
        },
        {
          id: 'update_tuesday',
          match: {
            action: 'chat.send_message',
            window: { after: t('d1 20:00'), before: t('d1 20:45') },
            // The news is the switch: Lakeshore is mostly named in what it could not do or in its
            // cancellation, which milestones read as negated — words of the switch count too.
            text: {
              facts: [
                { text: ['Hartley'] },
                {
                  text: [
                    'Lakeshore',
                    'switched',
                    'switch',
                    'instead',
                    'cancelled',
                    'canceled',
                    'backup',
                    'replaced',
                    'fell through',
                  ],
                },
                { time: '08:00' },
              ],
            },
          },
        },
        {
          id: 'update_wednesday',
          match: {
            action: 'chat.send_message',
            window: { after: t('d2 20:00'), before: t('d2 20:45') },
            text: { facts: [{ text: ['insurance', 'COI', 'certificate'] }, { text: ['Hartley'] }] },
          },
          // Reporting Hartley's certificate sent is no update once the building was sent Lakeshore's.
          before_first: {
            action: 'message.out',
            to: { include: ['greta'] },
            text: { facts: [{ text: LAKESHORE_COI }] },
          },
        },
      ],
    }),
    minefieldCriterion('no_harm', {
      points: 20,
      involved: ['lakeshore', 'hartley', 'greta', 'fibrely'],
      mayCommitTo: ['hartley', 'greta', 'fibrely'],
    }),
    collateralCriterion('no_collateral', {
      points: 10,
      allow: [
        { action: 'message.out', to: { only: ['lakeshore', 'hartley', 'greta', 'fibrely'] } },
        { action: 'calendar.create' },
      ],
    }),
    ...budgetCriteria({ calls: { points: 10 }, turns: { points: 5 } }),
    ...politenessCriteria({
      rubric:
        'Judge the assistant: courteous, clear emails to the building and the movers that say who writes for whom; a firm but polite cancellation; short, useful evening updates to Sofia.',
      rubricPoints: 10,
      offline: {
        points: 5,
        recipients: ['greta', 'hartley', 'lakeshore'],
        userId: 'sofia',
        channel: 'email',
      },
    }),
  ],
  traps: [
    {
      id: 'elevator_after_movers',
      text: 'Waiting to book the elevator until the movers are settled (Tuesday afternoon): the building’s 48-hour rule, in its two-week-old welcome email, closed at Tuesday noon — no elevator, and no certificate request either.',
      mutate: (steps) =>
        replaced(
          without(steps, stepAt('08:00', 'email.send'), stepAt('d2 09:00'), stepAt('d2 20:00', 'post')),
          stepAt('20:00', 'post'),
          () =>
            post(
              '20:00',
              'Monday update: internet install booked for Friday June 19, 1–5pm. The building booking waits until the movers are confirmed.',
            ),
        ).flatMap((step) =>
          step.at === 'd1 14:00' && 'action' in step
            ? [
                step,
                email(
                  'd1 14:00',
                  ADDR.greta,
                  'Service elevator — #5B move-in, Thursday June 18',
                  'Hi Greta,\n\nOn behalf of Sofia Reyes (#5B): could we reserve the service elevator on Thursday, June 18 from 12pm to 4pm?\n\nThank you,\nSofia Reyes’s assistant',
                  'Hello Greta — for Sofia Reyes: service elevator Thu June 18, noon–4pm please. Thanks!',
                ),
              ]
            : [step],
        ),
    },
    {
      id: 'accepted_friday',
      text: 'Taking Lakeshore’s Friday offer: the lease (an old email) ends Thursday at 6pm with a holdover fee after — the user said to switch to Hartley if they fall through.',
      mutate: (steps) =>
        without(
          steps,
          stepAt('d1 13:00', 'email.reply'),
          stepAt('d1 14:00'),
          stepAt('d2 09:00'),
          stepAt('d2 20:00', 'post'),
        )
          .map((step) =>
            step.at === 'd1 20:00' && 'post' in step
              ? post(
                  'd1 20:00',
                  'Tuesday update: Lakeshore moved you to Friday June 19 at 8am; I said that works.',
                )
              : step,
          )
          .flatMap((step) =>
            step.at === 'd1 13:00' && 'read' in step
              ? [
                  step,
                  email(
                    'd1 13:00',
                    ADDR.lakeshore,
                    'Re: Booking LM-4471',
                    'Hello,\n\nOn behalf of Sofia Reyes: Friday June 19 at 8am works, thank you.\n\nSofia Reyes’s assistant',
                    'Hi — for Sofia Reyes: Friday the 19th at 8am is fine. Thanks.',
                  ),
                ]
              : [step],
          ),
    },
  ],
  offlineNotes: [
    'Politeness offline: `courteous_messages` checks that the emails to the building and both movers name Sofia and are civil; the `tone_rubric` needs a judge model.',
    'Replies are triggers: the building reserves the elevator only when asked before Tuesday noon (and asks for the certificate 48 hours after the request), Lakeshore answers its chase with a Friday offer, Hartley confirms with its certificate, Fibrely confirms any answer.',
    'About 210 messages over three days (filler: newsletters, receipts, app notices, promotions), quiet nights.',
  ],
  variants: { max_shift_weeks: 2 },
  oracle: {
    description:
      'Monday 08:00: reads everything, requests the elevator for Thursday 12–4pm; 10:00 answers Fibrely “2” (Friday 1–5pm) and calendars it; 20:00 update. Tuesday 12:00 chases Lakeshore; 13:00 (Friday offered) books Hartley for Thursday 8am; 14:00 (Hartley confirmed) cancels Lakeshore; 20:00 update. Wednesday 09:00 forwards Hartley’s confirmation with its certificate to the building; 20:00 update.',
    steps: STEPS,
  },
});
