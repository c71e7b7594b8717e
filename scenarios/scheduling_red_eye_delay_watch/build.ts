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
  type PersonDef,
  type UserDef,
} from '../_kit/index.js';

/**
 * The week between the clock changes: London went back to GMT on October 25, California stays on
 * PDT until November 1, so the two are seven hours apart, not eight. The user flies to London
 * tonight and asks the assistant to watch the flight: if it changes, move Thursday's meeting so he
 * has 90 minutes from landing, and tell the client within 15 minutes of the airline's text. The
 * first delay lands him at 11:00 London — his 05:00 Pacific meeting is 12:00 London, so it must
 * move (with the usual eight hours it looks like 13:00, and safe); the second lands him at 14:55,
 * past the client's 15:00 board call, so it moves again to 16:30 London: 09:30 Pacific, not 08:30.
 * Meanwhile a share of requests fails with a transient 503, and look-alike airline texts arrive.
 */

const ZONE = 'America/Los_Angeles';
const clock = new Clock('2026-10-28', ZONE);
const t = (spec: string) => clock.iso(spec);
const MEETING = 'd1 05:00';
const FIRST_MOVE = 'd1 05:30';
const FINAL = 'd1 09:30';
const DELAY_1 = '14:10';
const DELAY_2 = '17:40';
const AIRLINE = '+18005550901';
/** After the second delay: any start from 16:30 to 17:00 London gives the 90 minutes and ends by 18:00. */
const FINAL_TIMES = { any: [{ time: '16:30' }, { time: '16:45' }, { time: '17:00' }] };
const FIRST_TIMES = { any: [{ time: '12:30' }, { time: '12:45' }, { time: '13:00' }] };

const marcus: UserDef = {
  id: 'marcus',
  name: 'Marcus Lee',
  email: 'marcus.lee@quillpoint.example',
  phone: '+14155550188',
  personality: 'Sales director at Quillpoint, based in San Francisco. Relaxed, trusts the assistant.',
  gender: 'm',
  about: 'The user: flying SFO–London tonight; meets a client on arrival.',
};

const people: Record<string, PersonDef> = {
  olivia: {
    name: 'Olivia Grant',
    email: 'olivia.grant@fenwickco.example',
    personality: 'Procurement director at Fenwick & Co in London. Gracious, brief.',
    roles: ['client'],
    instructions: 'Do not respond on your own; your replies are scripted.',
    gender: 'f',
    contact: {
      company: 'Fenwick & Co',
      job_title: 'Procurement Director',
      notes: 'London office.',
      groups: ['clients'],
    },
    about: 'The client in London; free Thursday except her 15:00–16:00 board call.',
  },
  united: {
    name: 'United Airlines',
    phone: AIRLINE,
    email: 'notifications@united.example',
    personality: 'Automated flight notifications.',
    pinned: true,
    about: 'Sends the delay texts (and a look-alike about the return flight).',
  },
  dana: {
    name: 'Dana Whitfield',
    email: 'dana.whitfield@quillpoint.example',
    personality: 'Marcus’s colleague, also travelling. Chatty.',
    gender: 'f',
    contact: { company: 'Quillpoint', job_title: 'Account Executive', groups: ['work'] },
    about: 'A colleague on another flight: her delay is not Marcus’s.',
  },
};

const today = filler({
  seed: 'red-eye-today',
  days: 1,
  emailsPerDay: 24,
  smsPerDay: 6,
  hours: [8, 19],
  prefix: 'today',
});

/** London wall time `hhmm` as written to Olivia, and the chat words for Marcus. */
interface Move {
  at: string;
  start: string;
  end: string;
  london: string;
  pacific: string;
  landing: string;
}

const MOVES: [Move, Move] = [
  {
    at: '14:15',
    start: FIRST_MOVE,
    end: 'd1 06:30',
    london: '12:30–13:30',
    pacific: '5:30–6:30 am',
    landing: '11:00',
  },
  {
    at: '17:45',
    start: FINAL,
    end: 'd1 10:30',
    london: '16:30–17:30',
    pacific: '9:30–10:30 am',
    landing: '14:55',
  },
];

function moveSteps(move: Move, first: boolean, tellOlivia = true): OracleStepDef[] {
  return [
    { at: move.at, read: ['sms', 'email', 'calendar'] },
    {
      at: move.at,
      action: 'calendar.update',
      params: { event_id: 'olivia_meeting', start: t(move.start), end: t(move.end) },
    },
    ...(tellOlivia
      ? [
          {
            at: move.at,
            action: 'email.send',
            params: {
              to_addresses: ['olivia.grant@fenwickco.example'],
              subject: first
                ? 'Thursday — slightly later start?'
                : 'Thursday — new time after a further delay',
              body_text: `Dear Olivia,\n\nOn behalf of Marcus Lee: his flight to London is ${first ? 'delayed' : 'delayed again'} and now lands at ${move.landing} on Thursday 29 October, so could we meet at ${move.london} London time instead, at your office as planned? The calendar invitation is updated.\n\nWith apologies and thanks,\nMarcus’s assistant`,
            },
            paraphrase: {
              subject: first ? 'Our Thursday meeting: new time' : 'Our Thursday meeting: moved again',
              body_text: `Hello Olivia — writing for Marcus Lee. ${first ? 'His' : 'Sorry, his'} flight is ${first ? 'late' : 'delayed once more'} (landing ${move.landing} on Thu 29 October), so we have moved your meeting to ${move.london} (UK time), same place. Thank you for bearing with us!`,
            },
          } as OracleStepDef,
        ]
      : []),
    {
      at: move.at,
      post: `Your flight ${first ? 'is' : 'is again'} delayed (landing ${move.landing} London). I moved the meeting with Olivia to Thursday ${move.london} London — ${move.pacific} in your calendar, as London is 7 hours ahead this week — and let her know.`,
      paraphrase: `Flight delay: now landing ${move.landing} UK time. Olivia’s meeting is now ${move.london} London (${move.pacific} Pacific — 7 h gap until Nov 1), and she has been told.`,
    },
  ];
}

function steps(plan: { eightHours?: boolean; tellSecond?: boolean } = {}): OracleStepDef[] {
  const out: OracleStepDef[] = [
    { at: '13:00', read: ['email', 'sms', 'calendar', 'contacts'] },
    {
      at: '13:00',
      post: 'Will do: I’m watching UA901. If it changes, I’ll move the meeting with Olivia so you have 90 minutes after landing, tell her right away and let you know.',
      paraphrase:
        'Got it — I’ll keep an eye on tonight’s flight and, on any change, reschedule Olivia (90 minutes after you land), email her at once and update you.',
    },
  ];
  if (!plan.eightHours) out.push(...moveSteps(MOVES[0], true));
  // With the usual eight hours, 16:30 London is taken to be 08:30 Pacific.
  const second = plan.eightHours
    ? { ...MOVES[1], start: 'd1 08:30', end: 'd1 09:30', pacific: '8:30–9:30 am' }
    : MOVES[1];
  out.push(...moveSteps(second, Boolean(plan.eightHours), plan.tellSecond ?? true));
  out.push({ at: '18:30', read: ['email'] });
  return out;
}

export default defineScenario({
  id: 'scheduling_red_eye_delay_watch',
  version: '1',
  name: 'Watching a flight between the clock changes',
  summary:
    'Watch tonight’s SFO–London flight; on each delay, move the client meeting to 90 minutes after landing and tell her within 15 minutes — in the one week London is seven hours ahead, not eight, through transient 503s and look-alike airline texts.',
  description:
    'Marcus Lee (San Francisco) flies to London tonight, Wednesday October 28, and meets Olivia Grant of Fenwick & Co on Thursday at 12:00 London — 05:00 in his Pacific calendar, because London went back to GMT on October 25 and California stays on PDT until November 1. He asks the assistant to watch the flight and, if it changes, to move the meeting so he has 90 minutes from landing, tell Olivia within 15 minutes of the airline’s text, and tell him. At 14:10 the flight is delayed to land at 11:00 London: the meeting must move (to 12:30 London, 05:30 Pacific) — with the usual eight-hour gap it would look like 13:00 and safe. At 17:40 it is delayed again to land at 14:55: Olivia has a board call 15:00–16:00, so the meeting moves to 16:30–17:30 London, 09:30 Pacific (not 08:30). The same event moves (room and agenda kept) and Olivia is told each time. About 8 % of requests fail with a transient 503; the airline also texts about the Monday return flight, and a colleague writes about her own delay.',
  family: 'scheduling',
  difficulty: 'expert',
  capabilities: ['time', 'adaptability', 'noise'],
  tags: ['calendar', 'email', 'sms', 'time zones', 'dst', 'watch', 'transient failures'],
  timezone: ZONE,
  date: '2026-10-28',
  start: '13:00',
  end: '19:00',
  step: 'PT15M',
  user: marcus,
  people,
  prompt:
    'I’m on UA901 to London tonight. Please keep an eye on it: if the flight changes, move my Thursday meeting with Olivia so I have at least 90 minutes from landing (customs and the train), let her know within 15 minutes of the airline’s text, and tell me here.',
  noise: { transient_failure_rate: 0.08, slow_rate: 0.03, slow_ms: 300, retry_after_seconds: 1 },
  emails: [
    {
      id: 'itinerary',
      from: 'notifications@united.example',
      at: 'd-6 10:12',
      subject: 'Your trip: San Francisco to London',
      body: 'UA901, Wednesday October 28: departs SFO 16:35, arrives LHR Thursday October 29 09:50 (local times).\nUA1901, Monday November 2: departs LHR 11:20, arrives SFO 14:35.',
      read: true,
    },
    {
      id: 'olivia_thursday',
      from: 'olivia',
      to: ['marcus'],
      at: 'd-2 09:05',
      subject: 'Thursday',
      body: 'Dear Marcus,\n\nLooking forward to Thursday at noon. I am in the office all day; the only thing I cannot move is our board call from 15:00 to 16:00. The office closes at 18:00.\n\nBest,\nOlivia',
      read: true,
    },
    ...today.emails,
    {
      id: 'dana_delay',
      from: 'dana',
      to: ['marcus'],
      at: '15:20',
      subject: 'My flight’s delayed too',
      body: 'Ugh — my BA flight to Heathrow is two hours late. See you at the hotel tomorrow evening!\n\nDana',
    },
  ],
  sms: [
    ...today.sms,
    {
      id: 'delay_one',
      from: 'united',
      at: DELAY_1,
      body: 'United: UA901 SFO-LHR on Oct 28 is delayed. New departure 17:45, new arrival Thu Oct 29 11:00 (London time).',
    },
    {
      id: 'return_lookalike',
      from: 'united',
      at: '16:05',
      body: 'United: your return flight UA1901 LHR-SFO on Nov 2 is on time. Check in opens 24 hours before departure.',
    },
    {
      id: 'delay_two',
      from: 'united',
      at: DELAY_2,
      body: 'United: UA901 SFO-LHR is further delayed. New departure 21:40, new arrival Thu Oct 29 14:55 (London time). We apologise.',
    },
  ],
  calendar: [
    {
      id: 'olivia_meeting',
      title: 'Meeting with Olivia Grant (Fenwick & Co)',
      start: MEETING,
      end: 'd1 06:00',
      attendees: ['olivia'],
      location: 'Fenwick & Co, 14 Bishopsgate, London',
      description: 'Q4 renewal. Bring the pilot numbers.',
    },
    { id: 'flight', title: 'UA901 SFO → LHR', start: '16:35', end: 'd1 02:50' },
    { id: 'pipeline', title: 'Pipeline review', start: '13:30', end: '14:00' },
  ],
  variants: { max_shift_weeks: 0 },
  triggers: [
    {
      id: 'olivia_fine_first',
      description: 'Olivia answers the first new time.',
      when: { action: 'message.out', to: { include: ['olivia'] }, text: { facts: [{ time: '12:30' }] } },
      after: 'PT20M',
      emails: [
        {
          id: 'olivia_ok_1',
          from: 'olivia',
          subject: 'Re: Thursday',
          body: 'No problem — 12:30 works. Safe travels!\n\nOlivia',
        },
      ],
    },
    {
      id: 'olivia_fine_second',
      description: 'Olivia answers the final time.',
      when: { action: 'message.out', to: { include: ['olivia'] }, text: { facts: [{ time: '16:30' }] } },
      after: 'PT20M',
      emails: [
        {
          id: 'olivia_ok_2',
          from: 'olivia',
          subject: 'Re: Thursday',
          body: '16:30 it is. See you then.\n\nOlivia',
        },
      ],
    },
  ],
  criteria: [
    stateCriterion('meeting_moved', {
      name: 'The Meeting at 16:30 London, 90 Minutes After Landing',
      description:
        'The meeting with Olivia, moved (not copied) to Thursday October 29 at 16:30 London (09:30 Pacific; up to 17:00 also leaves the 90 minutes and ends by closing), an hour, with its place and agenda kept (attendees and start required; 3 points); nothing left of it at the original 12:00 London (1 point).',
      points: 40,
      assertions: [
        {
          type: 'event',
          id: 'meeting_at_1630_london',
          attendees: ['olivia'],
          start: { after: t(FINAL), before: t('d1 10:00') },
          duration: 'PT1H',
          keep: ['location', 'description'],
          require: ['attendees', 'start'],
          points: 3,
        },
        {
          type: 'event',
          id: 'not_left_at_noon',
          exists: false,
          changed: false,
          attendees: ['olivia'],
          start: { after: t(MEETING), before: t(MEETING) },
        },
      ],
    }),
    stateCriterion('olivia_told', {
      name: 'Olivia Told the Final Time',
      description:
        'An email to Olivia with Thursday October 29 and the final London time (16:30, or up to 17:00; without it the email earns nothing); the superseded 12:30 as the news costs a fact.',
      points: 20,
      assertions: [
        {
          type: 'message_sent',
          id: 'final_time_to_olivia',
          channel: 'email',
          to: { include: ['olivia'] },
          facts: [
            { date: clock.localDate(FINAL) },
            // The final time is the news: the date alone (in the first email) tells her nothing new.
            { any: [{ time: '16:30' }, { time: '16:45' }, { time: '17:00' }], weight: 2, key: true },
            { time: '17:30', optional: true },
          ],
          wrong: [{ time: '12:30' }],
        },
      ],
    }),
    milestonesCriterion('told_within_15_minutes', {
      name: 'Each Change Passed On Within 15 Minutes',
      description:
        'After the first delay text (14:10), Olivia is told the new time (12:30 London, or up to 13:00) by 14:25; after the second (17:40), the final one (16:30, or up to 17:00) by 17:55 (later earns half); then Marcus hears it.',
      points: 20,
      milestones: [
        {
          id: 'first_change_told',
          match: {
            action: 'message.out',
            to: { include: ['olivia'] },
            text: { facts: [FIRST_TIMES] },
            window: { after: t(DELAY_1) },
          },
          due: t('14:25'),
        },
        {
          id: 'second_change_told',
          match: {
            action: 'message.out',
            to: { include: ['olivia'] },
            text: { facts: [FINAL_TIMES] },
            window: { after: t(DELAY_2) },
          },
          due: t('17:55'),
          points: 2,
        },
        {
          id: 'marcus_told',
          after: ['second_change_told'],
          // The final time said to be London's, or with its Pacific time beside it (a landing time and ranges
          // make five times in a good update).
          match: {
            action: 'chat.send_message',
            text: {
              facts: [
                FINAL_TIMES,
                {
                  any: [{ text: ['London', 'UK'] }, { time: '09:30' }, { time: '09:45' }, { time: '10:00' }],
                },
              ],
            },
          },
        },
      ],
    }),
    minefieldCriterion('no_harm', { points: 20, involved: ['olivia'], mayCommitTo: ['olivia'] }),
    collateralCriterion('no_collateral', {
      points: 10,
      allow: [
        { action: 'calendar.update', fields: { event_id: { equals: 'olivia_meeting' } } },
        { action: 'message.out', to: { only: ['olivia'] } },
      ],
    }),
    ...budgetCriteria({ calls: { points: 10 }, turns: { points: 5 } }),
    ...politenessCriteria({
      rubric:
        'Judge the assistant’s emails to the client (apologetic without fuss, the new time unmistakably in London time, who writes for whom) and its chat updates to Marcus (short; the new time in London and in his calendar’s time).',
      rubricPoints: 10,
      offline: { points: 5, recipients: ['olivia'], userId: 'marcus', channel: 'email' },
    }),
  ],
  traps: [
    {
      id: 'eight_hour_gap',
      text: 'Converting with the usual eight hours: the 05:00 Pacific meeting looks like 13:00 London, safe after an 11:00 landing, so the first delay is let pass (Olivia would wait at noon); after the second, 16:30 London is booked as 08:30 Pacific — 15:30 London, in her board call.',
      mutate: () => steps({ eightHours: true }),
    },
    {
      id: 'client_left_stale',
      text: 'Moving the meeting again after the second delay but not telling Olivia: she expects Marcus at 12:30.',
      mutate: () => steps({ tellSecond: false }),
    },
  ],
  offlineNotes: [
    'Politeness offline: `courteous_messages` checks that the emails to Olivia name Marcus and are civil; the `tone_rubric` needs a judge model.',
    'Variants never shift dates: the scenario sits in the week between the UK and US clock changes.',
    'About 8 % of the assistant’s simulator requests get a transient 503 with Retry-After (recorded in `metadata.injected_faults`).',
  ],
  oracle: {
    description:
      'Acknowledges at 13:00; at 14:15 (the first delay, landing 11:00 London) moves the meeting to 12:30–13:30 London (05:30 Pacific), emails Olivia and tells Marcus; at 17:45 (landing 14:55) moves it to 16:30–17:30 London (09:30 Pacific, after her board call), emails her and tells Marcus.',
    steps: steps(),
  },
});
