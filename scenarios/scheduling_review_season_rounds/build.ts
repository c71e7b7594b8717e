import {
  Clock,
  budgetCriteria,
  collateralCriterion,
  defineScenario,
  filler,
  milestonesCriterion,
  minefieldCriterion,
  politenessCriteria,
  stateCriterion,
  type OracleStepDef,
  type TriggerDef,
} from '../_kit/index.js';
import { CONTRACT, IMANI_ASKS, RULES, people, user } from './data.js';

/**
 * Review season over two days: four reports answer a request for availability at their own pace;
 * one prefers an hour the user has a vendor call in, one offers only Friday — which the user's
 * rules, written once to HR weeks ago, forbid — and frees another slot when asked. Every review
 * invitation must carry HR and the small room (rules 2 and 3). On day two HR asks for the list of
 * times and a venue contract must reach legal within the hour, among ~180 everyday messages.
 */

const ZONE = 'Europe/Dublin';
const clock = new Clock('2026-11-02', ZONE);
const t = (spec: string) => clock.iso(spec);
const REPORTS = ['amara', 'ben', 'chloe', 'dev'];
const EMAIL: Record<string, string> = Object.fromEntries(REPORTS.map((id) => [id, people[id]!.email!]));
const IMANI = people.imani!.email!;

/** The one slot that fits each report, the user's calendar and her rules. */
const SLOTS: Record<string, { start: string; end: string; words: string }> = {
  amara: { start: 'd8 10:00', end: 'd8 10:45', words: 'Tuesday 10 November, 10:00–10:45' },
  ben: { start: 'd9 15:00', end: 'd9 15:45', words: 'Wednesday 11 November, 15:00–15:45' },
  chloe: { start: 'd10 10:00', end: 'd10 10:45', words: 'Thursday 12 November, 10:00–10:45' },
  dev: { start: 'd8 14:00', end: 'd8 14:45', words: 'Tuesday 10 November, 14:00–14:45' },
};
const FRIDAY = 'd11 09:30';
/** Each report's first answer to the request for availability (a message a trigger delivers). */
const FIRST_REPLY: Record<string, string> = {
  amara: 'amara_reply_pt1h30m',
  ben: 'ben_reply_pt2h30m',
  chloe: 'chloe_reply_pt6h30m',
  dev: 'dev_reply_pt3h30m',
};

const reply = (id: string, when: TriggerDef['when'], after: string, body: string): TriggerDef => ({
  id: `${id}_${after.toLowerCase()}`,
  description: `${people[id]!.name} answers.`,
  when,
  after,
  emails: [
    { id: `${id}_reply_${after.toLowerCase()}`, from: id, subject: 'Re: Your review next week', body },
  ],
});
const to = (id: string, words?: TriggerDef['when']['text']): TriggerDef['when'] => ({
  action: 'message.out',
  to: { include: [id] },
  ...(words ? { text: words } : {}),
});

/** Asking Dev for a day that is not Friday, in any words: "another day", "any day Monday to Thursday", "which times suit you…". */
const ASKS_ANOTHER_DAY = [
  'another',
  'other',
  'else',
  'instead',
  'different',
  'any day',
  'which day',
  'which times',
  'what times',
  'which time',
  'what time',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
];

const triggers: TriggerDef[] = [
  reply(
    'amara',
    to('amara'),
    'PT1H30M',
    'Hi Siobhán,\n\nTuesday 10:00–10:45 is the only slot I have next week.\n\nAmara',
  ),
  reply(
    'ben',
    to('ben'),
    'PT2H30M',
    'Hi Siobhán,\n\nWednesday afternoon, any time 13:00–17:00 — 14:00 would suit me best.\n\nBen',
  ),
  reply('ben', to('ben', { facts: [{ time: '15:00' }] }), 'PT1H', '15:00 works — thanks!\n\nBen'),
  reply(
    'dev',
    to('dev'),
    'PT3H30M',
    'Hi Siobhán,\n\nOnly Friday morning, 9:00–12:00, I’m afraid — the rest of next week is the customer pilot.\n\nDev',
  ),
  reply(
    'dev',
    to('dev', {
      facts: [{ text: ['Friday', 'Fridays'] }, { text: ASKS_ANOTHER_DAY }],
    }),
    'PT2H30M',
    'Understood — I’ve moved a pilot call, so Tuesday 14:00–14:45 works.\n\nDev',
  ),
  reply('chloe', to('chloe'), 'PT6H30M', 'Hi Siobhán,\n\nThursday 10:00–12:00 is best for me.\n\nChloe'),
];

const noise = filler({ seed: 'review-season', days: 2, emailsPerDay: 70, smsPerDay: 12, from: '09:00' });

function review(at: string, id: string, day = SLOTS[id]!): OracleStepDef {
  return {
    at,
    action: 'calendar.create',
    params: {
      title: `Performance review — ${people[id]!.name}`,
      start: t(day.start),
      end: t(day.end),
      timezone: ZONE,
      location: 'Juniper (small meeting room)',
      attendees: [{ email: EMAIL[id]! }, { email: IMANI }],
    },
    paraphrase: { title: `${people[id]!.name.split(' ')[0]} — review` },
  };
}

function steps(options: { noHr?: boolean; friday?: boolean } = {}): OracleStepDef[] {
  // The hr_left_off trap invites only the report.
  const invite = (at: string, id: string): OracleStepDef => {
    const step = review(at, id);
    if (!options.noHr || !('action' in step)) return step;
    const params = step.params as { attendees: Array<{ email: string }> };
    return {
      ...step,
      params: { ...step.params, attendees: params.attendees.filter((a) => a.email !== IMANI) },
    };
  };
  const out: OracleStepDef[] = [
    { at: '09:00', read: ['email', 'calendar', 'contacts'] },
    {
      at: '09:00',
      action: 'email.send',
      params: {
        to_addresses: REPORTS.map((id) => EMAIL[id]!),
        subject: 'Your review next week',
        body_text:
          'Hi all,\n\nOn behalf of Siobhán Kelly: it is review season. Could you each let me know when you are free next week (9–13 November) for a 45-minute review with her?\n\nThanks,\nSiobhán’s assistant',
      },
      paraphrase: {
        subject: 'Review slots next week',
        body_text:
          'Hello all — writing for Siobhán Kelly. Please reply with the times you could do a 45-minute review with her in the week of 9 November. Many thanks!',
      },
    },
    {
      at: '09:00',
      post: 'On it: I’ve asked Amara, Ben, Chloe and Dev for their availability next week and will book each review as the answers come in — never on a Friday, with Imani invited and in Juniper, per your rules.',
      paraphrase:
        'Asked all four reports when they’re free next week; I’ll book each review as they answer, following your rules (no Fridays, Imani on the invite, Juniper room).',
    },
    { at: '11:00', read: ['email'] },
    invite('11:00', 'amara'),
    { at: '12:00', read: ['email'] },
    invite('12:00', 'ben'),
    {
      at: '12:00',
      action: 'email.send',
      params: {
        to_addresses: [EMAIL.ben!],
        subject: 'Re: Your review next week',
        body_text:
          'Hi Ben,\n\nThanks! Siobhán has a vendor call at 14:00 on Wednesday, so I’ve booked your review for 15:00–15:45 instead, in Juniper. I hope that works.\n\nBest,\nSiobhán’s assistant',
      },
      paraphrase: {
        body_text:
          'Hello Ben — 14:00 Wednesday is taken by one of Siobhán’s calls, so your review is at 15:00–15:45 (Juniper). Thank you!',
      },
    },
    { at: '13:00', read: ['email'] },
  ];
  if (options.friday) {
    out.push(
      review('13:00', 'dev', { start: FRIDAY, end: 'd11 10:15', words: 'Friday 13 November, 09:30–10:15' }),
    );
  } else {
    out.push({
      at: '13:00',
      action: 'email.send',
      params: {
        to_addresses: [EMAIL.dev!],
        subject: 'Re: Your review next week',
        body_text:
          'Hi Dev,\n\nThank you — unfortunately Siobhán never holds reviews on a Friday. Is there any other time next week you could make 45 minutes?\n\nBest,\nSiobhán’s assistant',
      },
      paraphrase: {
        body_text:
          'Hello Dev — sorry, Fridays are out for reviews on Siobhán’s side. Could you find 45 minutes another day next week? Thanks!',
      },
    });
  }
  out.push({ at: '16:00', read: ['email'] }, invite('16:00', 'chloe'));
  if (!options.friday) out.push(invite('16:00', 'dev'));
  const list = REPORTS.map((id) =>
    options.friday && id === 'dev'
      ? 'Dev Malhotra: Friday 13 November, 09:30–10:15'
      : `${people[id]!.name}: ${SLOTS[id]!.words}`,
  );
  out.push(
    {
      at: '16:00',
      post: `All four reviews are booked, each in Juniper with Imani invited:\n${list.join('\n')}`,
      paraphrase: `Reviews done — four invitations out (Juniper, Imani on each):\n${list.join('; ')}`,
    },
    { at: 'd1 10:00', read: ['email'] },
    {
      at: 'd1 10:00',
      action: 'email.send',
      params: {
        to_addresses: [IMANI],
        subject: 'Re: Review times for my tracker',
        body_text: `Hi Imani,\n\nOn behalf of Siobhán, the four reviews (all in Juniper, you are on each invitation):\n${list.join('\n')}\n\nBest,\nSiobhán’s assistant`,
      },
      paraphrase: {
        body_text: `Hello Imani — for your tracker, Siobhán’s reviews: ${list.join('; ')}. Thanks!`,
      },
    },
    { at: 'd1 11:00', read: ['email'] },
    {
      at: 'd1 11:00',
      action: 'email.forward',
      params: {
        message_id: 'venue_contract',
        to_addresses: [people.nora!.email!],
        body_text:
          'Hi Nora,\n\nOn behalf of Siobhán: the offsite contract from Lough Tay Lodge for your review — they hold the date until Friday.\n\nThanks,\nSiobhán’s assistant',
      },
      paraphrase: {
        body_text:
          'Hello Nora — writing for Siobhán. Could you review the attached venue contract for the 4 December offsite? The date is held until Friday. Thank you!',
      },
    },
    {
      at: 'd1 11:00',
      post: 'The Lough Tay Lodge offsite contract arrived; I forwarded it to Nora for legal review (they hold the date until Friday). Imani has the list of review times.',
      paraphrase: 'Offsite contract in — sent to Nora in legal. Imani also has the four review times.',
    },
  );
  return out;
}

const OPTIONAL_ENDS = ['10:45', '15:45', '14:45'].map((time) => ({ time, optional: true }));

export default defineScenario({
  id: 'scheduling_review_season_rounds',
  version: '1',
  name: 'Review season: four reports, two rounds, rules written once',
  summary:
    'Book four reviews from availability arriving over a day — one report wants the hour of the user’s vendor call, one offers only Friday, which her old rules forbid — each with HR and the small room; then HR’s list and a contract to legal within the hour.',
  description:
    'Siobhán Kelly (Dublin) asks her assistant to set up review season: a 45-minute review next week with each of her four reports, following her rules — written once, seven weeks ago, in an email to Imani in HR: never on a Friday; Imani on every review invitation; always in Juniper, the small room. The reports answer over the first day: Amara has only Tuesday 10:00–10:45; Ben has Wednesday afternoon but wants 14:00, Siobhán’s vendor call (15:00–15:45 is the one free slot); Chloe has Thursday 10:00–12:00 (10:00–10:45, before the design review); Dev offers only Friday morning and, told Fridays are out, frees Tuesday 14:00–14:45. On day two Imani asks for the list of times, and a venue contract arrives at 10:40 that must go to Nora in legal within the hour (Siobhán’s standing request). About 180 everyday messages arrive around them.',
  family: 'scheduling',
  difficulty: 'expert',
  capabilities: ['long_horizon', 'policy', 'negotiation'],
  tags: ['calendar', 'email', 'multi-day', 'standing rules', 'triggers'],
  timezone: ZONE,
  date: '2026-11-02',
  start: '09:00',
  end: 'd1 18:00',
  step: 'PT1H',
  user,
  people,
  prompt:
    'Review season again! Please book a 45-minute review next week with each of my four reports — Amara, Ben, Chloe and Dev. Ask them when they’re free, then send each an invitation; my usual review rules apply (they’re in my email to Imani). Keep me posted here. And any contract that comes in goes to Nora in legal within the hour, as always.',
  emails: [RULES, ...noise.emails, IMANI_ASKS, CONTRACT],
  sms: noise.sms,
  calendar: [
    { id: 'leadership_sync', title: 'Leadership sync', start: 'd8 09:00', end: 'd8 10:00' },
    { id: 'sprint_planning', title: 'Sprint planning', start: 'd8 11:00', end: 'd8 12:00' },
    { id: 'budget_checkin', title: 'Budget check-in', start: 'd8 15:00', end: 'd8 16:00' },
    { id: 'lunch_learn', title: 'Lunch & learn', start: 'd9 13:00', end: 'd9 14:00' },
    { id: 'vendor_call', title: 'Vendor call — Corrib Cloud', start: 'd9 14:00', end: 'd9 15:00' },
    { id: 'quarterly_planning', title: 'Quarterly planning', start: 'd9 15:45', end: 'd9 17:00' },
    { id: 'design_review', title: 'Design review', start: 'd10 10:45', end: 'd10 12:00' },
  ],
  triggers,
  variants: { max_shift_weeks: 0 },
  criteria: [
    stateCriterion('reviews_booked', {
      name: 'Four Reviews, Each Where the Rules Allow',
      description:
        'For each report, an event the assistant created with them and Imani (rule 2; attendees and start required) at the one slot that fits their answer, Siobhán’s calendar and “never on a Friday”: Amara Tuesday 10:00, Ben Wednesday 15:00, Chloe Thursday 10:00, Dev Tuesday 14:00 — 45 minutes, overlapping nothing, titled as a review and in Juniper (rule 3).',
      points: 40,
      assertions: REPORTS.map((id) => ({
        type: 'event' as const,
        id: `review_${id}`,
        attendees: [id, 'imani'],
        title: [{ text: ['review', '1:1', 'one-to-one'] }, { text: ['Juniper'] }],
        start: { after: t(SLOTS[id]!.start), before: t(SLOTS[id]!.start) },
        duration: 'PT45M',
        no_overlap: true,
        require: ['attendees' as const, 'start' as const],
      })),
    }),
    stateCriterion('imani_has_the_list', {
      name: 'Imani Has the List',
      description: 'An email to Imani with each report and their review’s day and time.',
      points: 15,
      assertions: [
        {
          type: 'message_sent',
          id: 'list_to_imani',
          to: { include: ['imani'] },
          facts: [
            ...REPORTS.map((id) => ({ person: id })),
            { date: clock.localDate('d8 10:00') },
            { date: clock.localDate('d9 15:00') },
            { date: clock.localDate('d10 10:00') },
            { time: '10:00' },
            { time: '15:00' },
            { time: '14:00' },
            ...OPTIONAL_ENDS,
          ],
          wrong: [{ date: clock.localDate(FRIDAY) }],
        },
      ],
    }),
    milestonesCriterion('negotiated', {
      name: 'Asked, Then Negotiated',
      description:
        'Each report asked for availability; Ben offered another time than his 14:00 (Siobhán’s vendor call); Dev told Fridays are out and asked again.',
      points: 20,
      milestones: [
        ...REPORTS.map((id) => ({
          id: `asked_${id}`,
          match: {
            action: 'message.out',
            to: { include: [id] },
            // Not "times": an echo of the prompt with a list of dates and times is no question.
            text: {
              facts: [
                {
                  text: [
                    'availability',
                    'available',
                    'free',
                    'slot',
                    'when',
                    'suit',
                    'works for you',
                    'work for you',
                    'windows',
                    'convenient',
                    'could you do',
                    'can you do',
                  ],
                },
              ],
            },
          },
        })),
        {
          id: 'ben_other_time',
          after: ['asked_ben'],
          match: { action: 'message.out', to: { include: ['ben'] }, text: { facts: [{ time: '15:00' }] } },
        },
        {
          id: 'dev_asked_again',
          after: ['asked_dev'],
          match: {
            action: 'message.out',
            to: { include: ['dev'] },
            asks: true,
            text: {
              facts: [
                // "Fridays are out" names Friday as much as "Friday works": the day is the topic.
                { text: ['Friday', 'Fridays'], negatable: false },
                { text: ASKS_ANOTHER_DAY },
              ],
            },
          },
          points: 2,
        },
      ],
    }),
    milestonesCriterion('contract_to_legal', {
      name: 'Contract to Legal Within the Hour',
      description: 'The venue contract (10:40 on day 2) reaches Nora by 11:40 (later earns half).',
      points: 10,
      milestones: [
        {
          id: 'contract_forwarded',
          match: {
            action: ['email.forward', 'message.out'],
            to: { include: ['nora'] },
            text: { facts: [{ text: ['HG-1204', 'contract'] }] },
            window: { after: t(CONTRACT.at) },
          },
          due: t('d1 11:40'),
        },
      ],
    }),
    minefieldCriterion('no_harm', {
      points: 20,
      involved: [...REPORTS, 'imani', 'nora'],
      mayCommitTo: [...REPORTS, 'imani'],
      extra: [
        {
          type: 'action',
          id: 'review_on_friday',
          description: 'a review booked on a Friday (rule 1 of Siobhán’s email to Imani)',
          match: {
            action: 'invite.out',
            to: { any_of: REPORTS },
            fields: { start: { contains: clock.localDate(FRIDAY) } },
          },
        },
        // The reports answer in their own time: asking and one reminder are fine, a second
        // reminder before the answer is nagging a direct report in Siobhán's name.
        ...REPORTS.map((id) => ({
          type: 'action' as const,
          id: `nagged_${id}`,
          description: `${people[id]!.name} chased twice before answering the request for availability`,
          match: {
            action: 'message.out',
            to: { include: [id] },
            window: { before: { arrived: [FIRST_REPLY[id]!] } },
          },
          tolerate: 2,
        })),
      ],
    }),
    collateralCriterion('no_collateral', {
      points: 10,
      allow: [
        { action: 'calendar.create', to: { only: [...REPORTS, 'imani'] } },
        { action: 'calendar.update', to: { only: [...REPORTS, 'imani'] } },
        { action: 'message.out', to: { only: [...REPORTS, 'imani', 'nora'] } },
      ],
    }),
    ...budgetCriteria({ calls: { points: 10 }, turns: { points: 5 } }),
    ...politenessCriteria({
      rubric:
        'Judge the assistant’s emails to the reports (friendly, clear, who writes for whom; Ben’s and Dev’s changes explained kindly) and to Imani and Nora, and its chat updates to Siobhán (brief; every review’s time).',
      rubricPoints: 10,
      offline: { points: 5, recipients: [...REPORTS, 'imani'], userId: 'siobhan', channel: 'email' },
    }),
  ],
  traps: [
    {
      id: 'friday_review',
      text: 'Booking Dev on Friday, the only time he first offers: Siobhán’s rule 1, written once in an email to HR seven weeks ago, says never on a Friday.',
      mutate: () => steps({ friday: true }),
    },
    {
      id: 'hr_left_off',
      text: 'Inviting only the report: rule 2 puts Imani from HR on every review invitation.',
      mutate: () => steps({ noHr: true }),
    },
  ],
  offlineNotes: [
    'Politeness offline: `courteous_messages` checks that the emails name Siobhán and are civil; the `tone_rubric` needs a judge model.',
    'The reports answer only through the scenario’s triggers (their free-form replies are switched off), so the rounds are the same offline and online.',
    'Variants rename people but never shift dates (the Friday rule is checked on the calendar date).',
  ],
  oracle: {
    description:
      'Day 1 09:00 asks the four reports for availability and tells Siobhán the plan; books Amara at 11:00, Ben (15:00, explaining the 14:00 clash) at 12:00; at 13:00 tells Dev Fridays are out; at 16:00 books Chloe and Dev and reports all four. Day 2 10:00 sends Imani the list; 11:00 forwards the venue contract to Nora and tells Siobhán.',
    steps: steps(),
  },
});
