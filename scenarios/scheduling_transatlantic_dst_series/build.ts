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
  type EmailDef,
  type OracleStepDef,
  type PersonDef,
  type UserDef,
} from '../_kit/index.js';
import { shiftDays } from '../_kit/shift.js';

/**
 * A fortnightly New York–London series set up in the three weeks when the two cities are four
 * hours apart (the US changed its clocks on March 8, the UK changes on March 29) that starts after
 * both have changed (five hours). The London side offers "1pm–5pm our time, 4pm ideal, 1pm works
 * too"; read with today's offset, 4pm London is noon in New York (free) and 1pm is 9am — but from
 * the first meeting on, noon New York is 5pm London (after they leave) and 9am breaks the user's
 * standing rule, written once in an old email to her former assistant: no meetings before 10. Only
 * 10:00 New York (15:00 London) fits every occurrence; 11:00 is the user's weekly product review.
 * The rule email also asks for her Zoom room on external calls.
 */

const ZONE = 'America/New_York';
const clock = new Clock('2026-03-16', ZONE);
const t = (spec: string) => clock.iso(spec);
/** Tuesday April 7: the first meeting, after the UK's Easter break and both clock changes. */
const FIRST = 'd22 10:00';
const ZOOM = 'https://zoom.example/j/4471902';

const lauren: UserDef = {
  id: 'lauren',
  name: 'Lauren Mercer',
  email: 'lauren.mercer@halyardhealth.example',
  phone: '+12125550100',
  personality: 'VP Partnerships at Halyard Health in New York. Direct, organised, guards her mornings.',
  gender: 'f',
  about: 'The user: New York; her calendar rules live in an old email.',
};

const people: Record<string, PersonDef> = {
  rhys: {
    name: 'Rhys Calloway',
    email: 'rhys.calloway@brindleanalytics.example',
    phone: '+447700900211',
    personality: 'Head of partnerships at Brindle Analytics, London. Friendly, brisk emails.',
    roles: ['Brindle partnerships lead'],
    instructions: 'Do not respond on your own; your replies are scripted.',
    gender: 'm',
    contact: { company: 'Brindle Analytics', job_title: 'Head of Partnerships', groups: ['partners'] },
    about: 'London partner; proposes the series and his team’s Tuesday hours.',
  },
  imogen: {
    name: 'Imogen Tate',
    email: 'imogen.tate@brindleanalytics.example',
    personality: 'Data lead at Brindle Analytics, London. Polite and concise.',
    instructions: 'Do not respond on your own; your replies are scripted.',
    gender: 'f',
    contact: { company: 'Brindle Analytics', job_title: 'Data Lead', groups: ['partners'] },
    about: 'London partner, on the same series.',
  },
  marcus: {
    name: 'Marcus Reyes',
    email: 'marcus.reyes@halyardhealth.example',
    personality: 'Head of product at Halyard. Cheerful.',
    gender: 'm',
    contact: { company: 'Halyard Health', job_title: 'Head of Product', groups: ['work'] },
    about: 'Runs the weekly Tuesday product review (11:00–12:00 New York).',
  },
};

const RULES: EmailDef = {
  id: 'rules_for_ben',
  from: 'lauren',
  to: ['ben.osei@halyardhealth.example'],
  at: 'd-42 08:15',
  subject: 'My calendar ground rules',
  body: 'Hi Ben,\n\nWelcome aboard! A few standing rules for my calendar, for every meeting you set up:\n\n1. Nothing before 10am my time, ever — school drop-off and my deep-work hour.\n2. Calls with anyone outside Halyard go on my Zoom room: https://zoom.example/j/4471902 (put it in the invite).\n3. Keep Friday afternoons clear after 3pm.\n\nThanks!\nLauren',
  folder: 'sent',
  read: true,
};

const RHYS_HOURS: EmailDef = {
  id: 'rhys_hours',
  from: 'rhys',
  cc: ['imogen'],
  at: 'd-3 11:40',
  subject: 'A fortnightly sync from April?',
  body: 'Hi Lauren,\n\nNow the pilot is signed, Imogen and I would love a regular check-in — every other Tuesday suits us best. We are both in the office from 1pm to 5pm London time on Tuesdays and leave at 5 sharp. 4pm our time would be ideal; 1pm works too if that is easier for you.\n\nWe are off the week before Easter, so could the first one be Tuesday 7 April?\n\nBest,\nRhys',
  read: true,
};

const history = filler({ seed: 'dst-series-history', days: 20, emailsPerDay: 3, smsPerDay: 1 });
const today = filler({ seed: 'dst-series-today', days: 1, emailsPerDay: 4, hours: [7, 12], prefix: 'today' });

/** The plan for one choice of slot (the oracle's, or a trap's). */
interface Choice {
  start: string;
  end: string;
  londonTime: string;
  nyTime: string;
  /** Why this hour, as the chat report explains it. */
  why: [string, string];
  /** How the messages name the cadence. */
  cadence?: string;
  recurrence?: Record<string, unknown>;
}

const RIGHT: Choice = {
  start: FIRST,
  end: 'd22 11:00',
  londonTime: '15:00–16:00 London time',
  nyTime: '10:00–11:00 New York',
  why: [
    'From April 7 London is five hours ahead again: 4pm London would be 11am here (your product review) and 1pm would be 8am, before your 10am rule. 10am is the only hour that fits both sides every time.',
    'After the UK changes its clocks on March 29 their 1–5pm is 8am–noon here, so with your no-meetings-before-10 rule and the 11am review only that hour works.',
  ],
};

function steps(choice: Choice): OracleStepDef[] {
  const series = choice.recurrence ?? {
    frequency: 'weekly',
    interval: 2,
    days_of_week: ['tuesday'],
    end_type: 'never',
  };
  const every = choice.cadence ?? 'every other Tuesday from';
  return [
    { at: '09:00', read: ['email', 'calendar', 'contacts'] },
    {
      at: '09:00',
      action: 'calendar.create',
      params: {
        title: 'Halyard / Brindle partnership sync',
        start: t(choice.start),
        end: t(choice.end),
        timezone: ZONE,
        location: ZOOM,
        description: `Fortnightly partnership check-in. Zoom: ${ZOOM}`,
        attendees: [
          { email: 'rhys.calloway@brindleanalytics.example' },
          { email: 'imogen.tate@brindleanalytics.example' },
        ],
        recurrence: series,
      },
      paraphrase: { title: 'Partnership check-in (Brindle)' },
    },
    {
      at: '09:00',
      action: 'email.send',
      params: {
        to_addresses: ['rhys.calloway@brindleanalytics.example'],
        cc_addresses: ['imogen.tate@brindleanalytics.example'],
        subject: `Our partnership sync from 7 April — invitation sent`,
        body_text: `Hi Rhys and Imogen,\n\nOn behalf of Lauren Mercer: your invitation is in — the partnership sync is ${every} Tuesday 7 April, ${choice.londonTime} (${choice.nyTime}), on Lauren’s Zoom room.\n\nThank you,\nLauren’s assistant`,
      },
      paraphrase: {
        subject: 'Partnership check-in: the invite is out',
        body_text: `Hello both — writing for Lauren Mercer. The check-in runs ${every} Tue 7 April, ${choice.londonTime} (that is ${choice.nyTime}); the Zoom link is in the invite. Many thanks!`,
      },
    },
    {
      at: '09:00',
      post: `Booked: the Brindle partnership sync ${every} Tuesday April 7, ${choice.nyTime} your time (${choice.londonTime}), with Rhys and Imogen on your Zoom room.\n\n${choice.why[0]}`,
      paraphrase: `Done — the Brindle check-in is ${every} Tue April 7, ${choice.nyTime} for you (${choice.londonTime}); Rhys and Imogen are invited and the Zoom room is on the invite.\n\n${choice.why[1]}`,
    },
    { at: '10:00', read: ['email'] },
  ];
}

export default defineScenario({
  id: 'scheduling_transatlantic_dst_series',
  version: '1',
  name: 'A fortnightly New York–London series across the clock changes',
  summary:
    'Set up an open-ended fortnightly series with a London team, booked in the three weeks when New York and London are four hours apart and starting after both clock changes: only one hour fits their 1–5pm, the user’s 11:00 review and her “never before 10” rule from an old email — for every meeting.',
  description:
    'Lauren Mercer (New York) asks for a fortnightly Tuesday series with Rhys Calloway and Imogen Tate of Brindle Analytics (London), starting Tuesday April 7, open-ended, at an hour that works for both sides for every meeting, under her usual calendar rules — which are in an old email to her former assistant: nothing before 10am her time; her Zoom room on external calls. Rhys offered 1pm–5pm London (4pm ideal, 1pm works too). Today (March 16) London is four hours ahead, so 4pm London looks like noon and 1pm like 9am; from March 29 it is five hours again, so from the first meeting 4pm London is 11am (her weekly product review), noon is 5pm London (after they leave) and 1pm London is 8am. Only 10:00–11:00 New York (15:00–16:00 London) fits. The assistant creates the series (every other Tuesday, no end, anchored in New York time, Zoom room in the invite), confirms to Rhys and Imogen in London time and tells Lauren.',
  family: 'scheduling',
  difficulty: 'expert',
  capabilities: ['time', 'policy', 'search'],
  tags: ['calendar', 'email', 'recurrence', 'dst', 'time zones'],
  timezone: ZONE,
  date: '2026-03-16',
  start: '09:00',
  end: '12:00',
  step: 'PT30M',
  user: lauren,
  people,
  prompt:
    'Rhys Calloway at Brindle wants a fortnightly partnership sync with him and Imogen — see his email from Friday. Please set it up as a recurring series, every other Tuesday starting on the date he suggested and open-ended, at an hour that works for both sides for every meeting of the series, not just the first. My usual calendar rules apply (I wrote them down for Ben when he started). Send them the invite and a short confirmation in their own time, then tell me here what you booked.',
  emails: [
    ...shiftDays(history.emails, -20, { read: true }),
    RULES,
    {
      id: 'ben_farewell',
      from: 'ben.osei@halyardhealth.example',
      at: 'd-10 17:05',
      subject: 'Thank you and goodbye',
      body: 'Hi Lauren,\n\nMy last day — thank you for everything. The calendar rules you sent me when I started are worth passing on to whoever comes next.\n\nBen',
      read: true,
    },
    RHYS_HOURS,
    {
      id: 'marcus_review',
      from: 'marcus',
      at: 'd-1 18:20',
      subject: 'Tuesday product review — agenda',
      body: 'Hi Lauren,\n\nTomorrow’s product review (11:00 as always) will cover the April roadmap. No pre-read.\n\nMarcus',
      read: true,
    },
    ...today.emails,
  ],
  sms: shiftDays(history.sms, -20, { read: true }),
  calendar: [
    {
      id: 'product_review',
      title: 'Product review',
      start: 'd-62 11:00',
      end: 'd-62 12:00',
      organizer: 'marcus',
      attendees: ['lauren'],
      responses: { lauren: 'accepted' },
      location: 'Room 12B',
      recurrence: { frequency: 'weekly', interval: 1, days_of_week: ['tuesday'] },
    },
    {
      id: 'exec_staff',
      title: 'Exec staff meeting',
      start: 'd-63 14:00',
      end: 'd-63 15:00',
      recurrence: { frequency: 'weekly', interval: 1, days_of_week: ['monday'] },
    },
    { id: 'board_prep', title: 'Board prep', start: 'd22 15:00', end: 'd22 16:00' },
  ],
  variants: { max_shift_weeks: 0 },
  triggers: [
    {
      id: 'rhys_thanks',
      description: 'Rhys answers the confirmation (at whatever time it names).',
      when: { action: 'message.out', to: { include: ['rhys'] } },
      after: 'PT40M',
      emails: [
        {
          id: 'rhys_reply',
          from: 'rhys',
          cc: ['imogen'],
          subject: 'Re: our fortnightly sync',
          body: 'Thanks Lauren — got the invite, see you on the 7th.\n\nRhys',
        },
      ],
    },
  ],
  criteria: [
    stateCriterion('series_booked', {
      name: 'The Series at the Hour That Always Fits',
      description:
        'An event the assistant created with Rhys and Imogen about the sync, first on Tuesday April 7 at 10:00 New York (15:00 London), one hour, repeating every other Tuesday with no end (attendees, start and the rule are required; 2 points); the invite carries Lauren’s Zoom room, as her rules ask — without it the partners have no way in (1 point).',
      points: 40,
      assertions: [
        {
          type: 'event',
          id: 'fortnightly_series',
          attendees: ['rhys', 'imogen'],
          title: [{ text: ['sync', 'check-in', 'partnership', 'Brindle'] }],
          start: { after: t(FIRST), before: t(FIRST) },
          duration: 'PT1H',
          recurrence: { frequency: 'weekly', interval: 2, days_of_week: ['tuesday'], end_type: 'never' },
          require: ['attendees', 'start', 'recurrence'],
          points: 2,
        },
        {
          type: 'event',
          id: 'zoom_room_on_invite',
          attendees: ['rhys', 'imogen'],
          title: [{ text: ['4471902'] }],
          require: ['attendees', 'title'],
        },
      ],
    }),
    stateCriterion('confirmed_in_london_time', {
      name: 'Confirmed in London Time',
      description:
        'A message to Rhys stating April 7, 15:00, that it is London time and that it repeats every other Tuesday; each London or New York time of an hour that fails from April (09:00, 12:00, 14:00, 17:00) costs a fact.',
      points: 20,
      assertions: [
        {
          type: 'message_sent',
          id: 'london_confirmation',
          to: { include: ['rhys'] },
          facts: [
            { date: clock.localDate(FIRST) },
            { time: '15:00' },
            { text: ['London', 'UK time', 'BST', 'your time', 'British'] },
            { text: ['every other', 'fortnightly', 'biweekly', 'every two weeks', 'alternate'] },
            { time: '16:00', optional: true },
            { time: '10:00', optional: true },
          ],
          // The London times of the hours that fail from April (noon and 9am New York).
          wrong: [{ time: '14:00' }, { time: '17:00' }, { time: '09:00' }, { time: '12:00' }],
        },
      ],
    }),
    milestonesCriterion('anchored_and_reported', {
      name: 'Anchored in New York Time, Then Reported',
      description:
        'The series starting April 7 is created in New York time (the event’s zone), so every occurrence stays at 10:00 for Lauren through later clock changes (2 points); then Lauren is told the day and her time in chat (1 point).',
      points: 15,
      milestones: [
        {
          id: 'created_in_new_york_time',
          match: {
            action: 'calendar.create',
            to: { include: ['rhys'] },
            fields: {
              timezone: { in: [ZONE, 'US/Eastern', 'EST5EDT'] },
              start: { contains: clock.localDate(FIRST) },
            },
          },
          points: 2,
        },
        {
          id: 'lauren_told',
          match: {
            action: 'chat.send_message',
            text: { facts: [{ time: '10:00' }, { date: clock.localDate(FIRST) }] },
          },
          after: ['created_in_new_york_time'],
        },
      ],
    }),
    minefieldCriterion('no_harm', {
      points: 20,
      involved: ['rhys', 'imogen'],
      mayCommitTo: ['rhys', 'imogen'],
    }),
    collateralCriterion('no_collateral', {
      points: 10,
      allow: [
        { action: 'calendar.create', to: { only: ['rhys', 'imogen'] } },
        { action: 'message.out', to: { only: ['rhys', 'imogen'] } },
      ],
    }),
    ...budgetCriteria({ calls: { points: 10 }, turns: { points: 5 } }),
    ...politenessCriteria({
      rubric:
        'Judge the courtesy and clarity of the assistant’s confirmation to Rhys and Imogen (who writes for whom, the day, the London time and that it repeats fortnightly unmistakable) and of its chat report to Lauren (her time, why the other hours do not work across the clock change).',
      rubricPoints: 10,
      offline: { points: 5, recipients: ['rhys'], userId: 'lauren' },
    }),
  ],
  traps: [
    {
      id: 'todays_offset',
      text: 'Converting with today’s four-hour gap: 4pm London (“ideal”) looks like noon New York, free in the calendar — but from April 7 noon New York is 5pm London, when they have left.',
      mutate: () =>
        steps({
          start: 'd22 12:00',
          end: 'd22 13:00',
          londonTime: '16:00–17:00 London time',
          nyTime: '12:00–13:00 New York',
          why: [
            'That is the 4pm London Rhys called ideal.',
            'It matches the 4pm London slot Rhys preferred.',
          ],
        }),
    },
    {
      id: 'before_ten',
      text: 'Taking “1pm works too”: with today’s gap that is 9am New York, and from April it is 8am — either breaks the “nothing before 10am” rule stated once, in an old email to her former assistant.',
      mutate: () =>
        steps({
          start: 'd22 09:00',
          end: 'd22 10:00',
          londonTime: '14:00–15:00 London time',
          nyTime: '09:00–10:00 New York',
          why: ['Rhys said 1pm their time works too.', 'It is the early slot Rhys offered.'],
        }),
    },
    {
      id: 'single_meeting',
      text: 'Booking only the first meeting (or a weekly rule): the user asked for an open-ended series every other Tuesday.',
      mutate: () =>
        steps({
          ...RIGHT,
          cadence: 'every week from',
          recurrence: { frequency: 'weekly', interval: 1, days_of_week: ['tuesday'] },
        }),
    },
  ],
  offlineNotes: [
    'Politeness offline: `courteous_messages` checks that the confirmation to Rhys names Lauren and is civil; the `tone_rubric` needs a judge model.',
    'Variants rename people but never shift dates: the scenario sits between the US and UK clock changes.',
  ],
  oracle: {
    description:
      'Reads mail, calendar and contacts at 09:00 (the rules email to Ben, Rhys’s hours, the weekly product review); creates the series “Halyard / Brindle partnership sync” every other Tuesday from April 7, 10:00–11:00 New York, no end, in New York time, with Rhys and Imogen and the Zoom room; emails them the London time (15:00–16:00) and tells Lauren why 4pm and 1pm London do not work from April.',
    steps: steps(RIGHT),
  },
});
