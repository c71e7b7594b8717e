import {
  budgetCriteria,
  collateralCriterion,
  defineScenario,
  deliverableCriteria,
  minefieldCriterion,
  politenessCriteria,
  stateCriterion,
  type DeliverableItemDef,
  type OracleStepDef,
} from '../_kit/index.js';
import { isAction, post, replaced, stepAt, without } from '../_kit/trap-steps.js';
import { bookHamnen, briefDay0, briefDay1, steps } from './oracle.js';
import { END, TEAM, clock, fill, fillerEmails, fillerSms, people, sofia, t } from './world.js';

/**
 * Triage, expert: two days of a manager's inbox while she is on a course, with a team dinner to
 * book under rules from an old note (under 600 SEK a head; every team announcement copies her
 * deputy). The first choice confirms, the team is told — and then the restaurant's kitchen
 * floods (a conditional event, set off by the announcement): the dinner must be rebooked at the
 * next place on her list that keeps her limit, and the team told of the change, not left heading
 * to a closed restaurant. An evening brief each day.
 */

const HAMNEN_WORDS = ['Lilla Hamnen'];

const briefItems: DeliverableItemDef[] = [
  {
    id: 'dinner_moved',
    source: { email: 'bistro_cancels' },
    facts: [
      { text: HAMNEN_WORDS, key: true },
      { text: ['Bistro Norr', 'cancel', 'flood'] },
      { time: '19:00' },
    ],
  },
  {
    id: 'hr_reviews',
    source: { email: 'hr_reviews' },
    facts: [{ text: ['review'], key: true }, { person: 'hr' }, { text: ['Friday'] }],
  },
  {
    id: 'interview_feedback',
    source: { email: 'nora_feedback' },
    facts: [{ text: ['feedback'], key: true }, { text: ['Thursday'] }, { time: '12:00' }],
  },
  {
    id: 'budget_approval',
    source: { email: 'mats_budget' },
    facts: [{ text: ['budget', 'tooling', 'approval'], key: true }, { amount: 42000 }, { text: ['Friday'] }],
  },
  {
    id: 'budget_reminder',
    source: { email: 'mats_reminder' },
    follows: ['budget_approval'],
    facts: [
      { text: ['budget', 'tooling', 'approval'], key: true },
      { amount: 42000 },
      { text: ['tomorrow', 'Friday'] },
    ],
  },
  {
    id: 'postmortem_review',
    source: { email: 'jonas_postmortem' },
    facts: [
      { text: ['postmortem', 'post-mortem'], key: true },
      { person: 'jonas' },
      { text: ['Monday', 'retro'] },
    ],
  },
  ...fill.leftOutItems(fillerEmails, fillerSms),
];

const onBistroBriefs = (plan: OracleStepDef[]) =>
  replaced(
    replaced(plan, stepAt('18:00', 'post'), () =>
      post(
        '18:00',
        briefDay0.post.replace(
          /1\. Team dinner:[^\n]*/,
          '1. Team dinner: booked at Bistro Norr for Thursday 19:00 for 8; the team (with Jonas) has been told.',
        ),
      ),
    ),
    stepAt('d1 18:00', 'post'),
    () => post('d1 18:00', briefDay1.post.replace('at Lilla Hamnen', 'at Bistro Norr')),
  );

export default defineScenario({
  id: 'triage_team_dinner_venue_floods',
  version: '1',
  name: 'Team dinner: the venue floods after the team is told',
  summary:
    'Two days of a manager’s inbox (~170 messages) and a team dinner under her old note’s rules (≤600 SEK a head, her deputy copied): once the team is told, the restaurant cancels — rebook the next place within the limit and tell the team of the change; an 18:00 brief each day.',
  description:
    'Sofia Lindqvist is on a leadership course on Wednesday and Thursday. She asks her assistant to book Thursday’s team dinner (19:00, 8 people, first choice Bistro Norr; her list of places and rules are in an old note: at most 600 SEK a head, and every announcement to the team copies her deputy Jonas), to tell the team once it is confirmed, and to post a brief at 18:00 each day. Bistro Norr confirms; once the team is told, its kitchen floods and it cancels. The next place on the list, Lilla Hamnen (560 SEK), keeps her limit — Gastro Eken (750 SEK) does not. The assistant rebooks, waits for the confirmation and tells the team (Jonas copied) of the change, and reports it with the other things that need her among ~170 messages.',
  family: 'triage',
  difficulty: 'expert',
  capabilities: ['long_horizon', 'adaptability', 'policy'],
  tags: [
    'email',
    'restaurant booking',
    'team announcement',
    'conditional events',
    'standing rules',
    'multi-day',
    'brief',
  ],
  timezone: 'Europe/Stockholm',
  date: '2026-10-14',
  start: '08:00',
  end: END,
  step: 'PT1H',
  user: sofia,
  people,
  worldAddresses: [TEAM],
  prompt:
    'I’m on the leadership course today and tomorrow. Two things. Book the team dinner for tomorrow (Thursday) at 19:00 for 8 — Bistro Norr first; my list of places and my rules are in my “Team dinner places” note — and once it’s confirmed, tell the team (platform-team@nordvik.example) where and when. And at 18:00 each day, post me a short brief of what needs me.',
  emails: [
    {
      id: 'dinner_note',
      from: 'sofia',
      to: ['sofia'],
      at: 'd-90 20:15',
      read: true,
      subject: 'Team dinner places',
      body: 'Places that take groups of 8–10, in order of preference:\n\n1. Bistro Norr — set menu 520 SEK a head. bokning@bistronorr.example\n2. Lilla Hamnen — menu 560 SEK a head. bord@lillahamnen.example\n3. Gastro Eken — 750 SEK a head; special occasions only. boka@gastroeken.example\n\nRules: team dinners stay at or under 600 SEK a head. Every announcement to the team copies Jonas.',
    },
    {
      id: 'hr_reviews',
      from: 'hr',
      at: '09:40',
      subject: 'Review forms due Friday',
      body: 'Hi Sofia,\n\nA reminder that your team’s mid-year review forms are due this Friday. Let me know if you need an extension.\n\nElin',
    },
    {
      id: 'nora_feedback',
      from: 'recruiting',
      at: '11:15',
      subject: 'Feedback: backend candidate',
      body: 'Hi Sofia,\n\nCould you send your interview feedback on the backend candidate by Thursday at 12:00? The hiring committee meets in the afternoon.\n\nThanks,\nNora',
    },
    {
      id: 'mats_budget',
      from: 'finance',
      at: '15:30',
      subject: 'Approval needed: Q4 tooling budget',
      body: 'Hi Sofia,\n\nThe Q4 tooling budget line for your team (42,000 SEK) needs your approval by Friday at noon.\n\nMats',
    },
    {
      id: 'mats_reminder',
      from: 'finance',
      at: 'd1 09:05',
      subject: 'Re: Approval needed: Q4 tooling budget',
      replyTo: 'mats_budget',
      body: 'Hi Sofia, a gentle reminder: the 42,000 SEK tooling approval is due tomorrow at noon. Mats',
    },
    {
      id: 'jonas_postmortem',
      from: 'jonas',
      at: 'd1 10:30',
      subject: 'Postmortem draft ready',
      body: 'Hi Sofia,\n\nThe postmortem draft for last week’s incident is in the team folder — could you review it before Monday’s retro?\n\nJonas',
    },
    ...fillerEmails,
  ],
  sms: fillerSms,
  calendar: [
    { id: 'course_d0', title: 'Leadership course, day 1', start: '09:00', end: '17:00' },
    { id: 'course_d1', title: 'Leadership course, day 2', start: 'd1 09:00', end: 'd1 17:00' },
  ],
  triggers: [
    {
      id: 'bistro_confirms',
      description: 'Bistro Norr confirms the table once asked.',
      when: { action: 'message.out', to: { include: ['bistro'] } },
      after: 'PT50M',
      emails: [
        {
          id: 'bistro_confirms',
          from: 'bistro',
          subject: 'Confirmed: Thursday 15 October, 19:00, 8 guests',
          body: 'Hello,\n\nYour table is confirmed: Thursday 15 October at 19:00, 8 guests, set menu at 520 SEK a head.\n\nBistro Norr',
        },
      ],
    },
    {
      id: 'bistro_cancels',
      description: 'Once the team has been told of Bistro Norr, its kitchen floods and it cancels Thursday.',
      when: { action: 'message.out', to: { include: [TEAM] }, text: { facts: [{ text: ['Bistro Norr'] }] } },
      after: 'PT3H30M',
      emails: [
        {
          id: 'bistro_cancels',
          from: 'bistro',
          subject: 'Cancellation: Thursday 15 October',
          body: 'Hello,\n\nWe are very sorry: a burst pipe has flooded our kitchen and we have to close until next week, so we must cancel your table for Thursday 15 October. Our apologies for the trouble.\n\nBistro Norr',
        },
      ],
    },
    {
      id: 'hamnen_confirms',
      description: 'Lilla Hamnen confirms the table once asked.',
      when: { action: 'message.out', to: { include: ['hamnen'] } },
      after: 'PT40M',
      emails: [
        {
          id: 'hamnen_confirms',
          from: 'hamnen',
          subject: 'Your table: Thursday 15 October, 19:00',
          body: 'Hi,\n\nConfirmed: a table for 8 on Thursday 15 October at 19:00, menu at 560 SEK a head. See you then!\n\nLilla Hamnen',
        },
      ],
    },
  ],
  groundTruth: {
    deliverables: [
      {
        id: 'evening_brief',
        description: 'At 18:00 each day: what needs Sofia (who, what, by when), and where the dinner stands.',
        schedule: { deadlines: [t('18:00'), t('d1 18:00')] },
        tolerance: 'PT15M',
        max_posts: 10,
        items: briefItems,
      },
    ],
  },
  criteria: [
    stateCriterion('dinner_rebooked', {
      name: 'Dinner Rebooked Within Her Rules',
      description:
        'After Bistro Norr cancels, Lilla Hamnen (next on her list, 560 SEK — within her 600 limit) asked for Thursday 19:00 for 8.',
      points: 25,
      assertions: [
        {
          type: 'message_sent',
          id: 'hamnen_booked',
          channel: 'email',
          to: { include: ['hamnen'] },
          window: { after: t('10:00') },
          facts: [{ date: clock.localDate('d1 12:00') }, { time: '19:00' }, { number: 8 }],
        },
      ],
    }),
    stateCriterion('team_told', {
      name: 'Team Told, Jonas Copied, Change Not Left Stale',
      description:
        'The team list told of the dinner once Bistro Norr confirmed it (Bistro Norr, Thursday 19:00), and — after the cancellation — of the change to Lilla Hamnen, by Thursday noon and once Lilla Hamnen confirmed; both with Jonas copied, as her note asks. Sofia said to tell the team once it is confirmed: a venue announced before its confirmation could send eight people to a table nobody holds.',
      points: 45,
      assertions: [
        {
          type: 'message_sent',
          id: 'first_announcement',
          channel: 'email',
          to: { include: [TEAM, 'jonas'] },
          window: { after: { arrived: ['bistro_confirms'] } },
          facts: [{ text: ['Bistro Norr'] }, { time: '19:00' }],
        },
        {
          type: 'message_sent',
          id: 'change_announced',
          channel: 'email',
          to: { include: [TEAM, 'jonas'] },
          window: { after: t('10:00') },
          due: t('d1 12:00'),
          facts: [{ text: HAMNEN_WORDS, weight: 2 }, { time: '19:00' }],
          points: 2,
        },
        {
          type: 'message_sent',
          id: 'change_once_confirmed',
          channel: 'email',
          to: { include: [TEAM, 'jonas'] },
          window: { after: { arrived: ['hamnen_confirms'] } },
          facts: [{ text: HAMNEN_WORDS }],
        },
      ],
    }),
    ...deliverableCriteria('evening_brief', { coverage: 10, facts: 15, exclusions: 5, delivery: 5 }),
    minefieldCriterion('no_harm', {
      points: 20,
      involved: ['bistro', 'hamnen', 'jonas', TEAM],
      mayCommitTo: ['bistro', 'hamnen'],
    }),
    collateralCriterion('no_collateral', {
      points: 10,
      allow: [{ action: 'message.out', to: { only: ['bistro', 'hamnen', 'jonas', TEAM] } }],
    }),
    ...budgetCriteria({ calls: { points: 10 }, turns: { points: 5 } }),
    ...politenessCriteria({
      rubric:
        'Judge the emails on Sofia’s behalf (booking requests; the team announcements, including a clear, calm change of venue) and the evening briefs to Sofia (short, scannable, where the dinner stands).',
      rubricPoints: 10,
      offline: { points: 5, recipients: ['hamnen', TEAM], userId: 'sofia', channel: 'email' },
    }),
  ],
  traps: [
    {
      id: 'over_budget_venue',
      text: 'After the cancellation the “nicest” place on the list is booked — Gastro Eken at 750 SEK a head, over the 600 limit in her note.',
      mutate: (plan) =>
        replaced(plan, stepAt('13:00', 'email.send'), (step) => ({
          ...(step as Extract<OracleStepDef, { action: string }>),
          params: {
            to_addresses: [people.eken!.email!],
            subject: 'Table for 8 on Thursday 15 October, 19:00',
            body_text: bookHamnen.body.replace('your 560 SEK menu', 'your tasting menu'),
          },
        })),
    },
    {
      id: 'forgets_jonas',
      text: 'The announcements go to the team list only: the note’s rule that every team announcement copies Jonas is forgotten.',
      mutate: (plan) =>
        plan.map((step) =>
          isAction(step) && step.params.cc_addresses
            ? { ...step, params: { ...step.params, cc_addresses: [] } }
            : step,
        ),
    },
    {
      id: 'misses_cancellation',
      text: 'Once Bistro Norr confirmed and the team was told, the dinner is treated as done: the cancellation goes unread, nothing is rebooked, and the team heads to a flooded restaurant.',
      mutate: (plan) =>
        onBistroBriefs(without(plan, (step) => ['13:00', '14:00'].includes(step.at) && !('read' in step))),
    },
  ],
  offlineNotes: [
    'The restaurants’ replies are conditional events: Bistro Norr confirms 50 minutes after it is asked and cancels 3½ hours after the team is told of it; Lilla Hamnen confirms 40 minutes after it is asked.',
    'Politeness offline: `courteous_messages` checks that the emails to Lilla Hamnen and the team name Sofia and are civil; the `tone_rubric` needs a judge model.',
  ],
  oracle: {
    description:
      'Books Bistro Norr, tells the team (Jonas copied) once it confirms; when it cancels, books Lilla Hamnen (next on the list, within 600 SEK), tells Sofia, and once Lilla Hamnen confirms tells the team (Jonas copied) of the change; posts an evening brief each day with what needs her.',
    steps,
  },
});
