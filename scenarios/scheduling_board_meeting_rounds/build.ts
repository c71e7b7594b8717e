import {
  Clock,
  budgetCriteria,
  collateralCriterion,
  defineScenario,
  deliverableCriteria,
  filler,
  milestonesCriterion,
  minefieldCriterion,
  politenessCriteria,
  stateCriterion,
  type DeliverableItemDef,
  type Fact,
  type OracleStepDef,
  type PersonDef,
  type TriggerDef,
  type UserDef,
} from '../_kit/index.js';

/**
 * A board meeting negotiated over two days among five directors in London, New York, Singapore and
 * — that week — San Francisco. Round one: each answers the request for availability in their own
 * time (Singapore overnight; the chair says "my time" and mentions she is at the West Coast office
 * next week, while her contact card says New York). The only 90 minutes they share is Thursday
 * 16:00–17:30 London. Round two: the proposal goes out; four agree, but David has been called to
 * the regulator on Thursday — and Tuesday is free for him now. Round three: Tuesday 16:00 London
 * (08:00 Pacific, 11:00 New York, 23:00–00:30 Singapore), everyone confirms, one invitation goes
 * out with the chair's agenda from an old email. Meanwhile the CFO's board pack arrives and the
 * user wants to hear of it at once; some 170 everyday messages arrive around it.
 */

const ZONE = 'Europe/London';
const clock = new Clock('2026-06-01', ZONE);
const t = (spec: string) => clock.iso(spec);
const THURSDAY = 'd10 16:00';
const TUESDAY = 'd8 16:00';
const DIRECTORS = ['ana', 'daniel', 'fiona', 'david', 'weiling'];
const PACK_AT = 'd1 16:20';

const harriet: UserDef = {
  id: 'harriet',
  name: 'Harriet Lowe',
  email: 'harriet.lowe@corvane.example',
  phone: '+447700900300',
  personality: 'Company secretary of Corvane plc. Precise, courteous, dislikes calendar churn.',
  gender: 'f',
  about: 'The user: company secretary in London, organising the Q2 board meeting.',
};

const SCRIPTED = 'Do not respond on your own; your replies are scripted.';
const director = (
  name: string,
  email: string,
  gender: 'f' | 'm',
  notes: string,
  about: string,
): PersonDef => ({
  name,
  email,
  personality: 'Non-executive director of Corvane. Courteous, short emails.',
  roles: ['director', 'board member'],
  instructions: SCRIPTED,
  gender,
  contact: { company: 'Corvane plc', job_title: 'Non-executive director', notes, groups: ['board'] },
  about,
});

const people: Record<string, PersonDef> = {
  ana: {
    ...director(
      'Ana Ruiz',
      'ana.ruiz@corvane-board.example',
      'f',
      'Chair of the board. Based in New York.',
      'Chair; her card says New York, but next week she is at the West Coast office (Pacific time).',
    ),
    roles: ['chair', 'director'],
  },
  daniel: director(
    'Daniel Park',
    'daniel.park@corvane-board.example',
    'm',
    'Based in New York.',
    'Director in New York (Eastern).',
  ),
  fiona: director(
    'Fiona MacLeod',
    'fiona.macleod@corvane-board.example',
    'f',
    'Based in London.',
    'Director in London.',
  ),
  david: director(
    'David Okoro',
    'david.okoro@corvane-board.example',
    'm',
    'Based in London.',
    'Director in London; changes his availability after the first proposal.',
  ),
  weiling: director(
    'Wei Ling Tan',
    'weiling.tan@corvane-board.example',
    'f',
    'Based in Singapore.',
    'Director in Singapore; free late evenings her time.',
  ),
  priya: {
    name: 'Priya Nair',
    email: 'priya.nair@corvane.example',
    personality: 'CFO. Brisk.',
    roles: ['CFO'],
    gender: 'f',
    contact: { company: 'Corvane plc', job_title: 'CFO', groups: ['work'] },
    about: 'CFO; sends the board pack on the second afternoon.',
  },
};

/** Each director's time of a London slot, and the words of their zone. */
const LOCAL: Record<string, { offset: number; zone: string }> = {
  ana: { offset: -8, zone: 'Pacific' },
  daniel: { offset: -5, zone: 'New York' },
  fiona: { offset: 0, zone: 'London' },
  david: { offset: 0, zone: 'London' },
  weiling: { offset: 7, zone: 'Singapore' },
};
const hhmm = (hour: number, minutes = 0) =>
  `${String((hour + 24) % 24).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
/** Every zone's start and end of a London slot starting at `hour`, 90 minutes long. */
const slotTimes = (hour: number): Fact[] =>
  [-8, -5, 0, 7].flatMap((offset) => [
    { time: hhmm(hour + offset), optional: true },
    { time: hhmm(hour + offset + 1, 30), optional: true },
  ]);
const localStart = (id: string, hour: number): Fact => ({ time: hhmm(hour + LOCAL[id]!.offset) });

function replies(
  round: string,
  when: (id: string) => TriggerDef['when'],
  list: Array<[string, string, string]>,
) {
  return list.map(([id, after, body]): TriggerDef => ({
    id: `${round}_${id}`,
    description: `${people[id]!.name} answers the ${round === 'availability' ? 'request for availability' : `proposal (${round})`}.`,
    when: when(id),
    after,
    emails: [{ id: `${round}_${id}_reply`, from: id, subject: `Re: Q2 board meeting`, body }],
  }));
}

const proposal =
  (date: string, hour: number) =>
  (id: string): TriggerDef['when'] => ({
    action: 'message.out',
    to: { include: [id] },
    text: {
      facts: [
        { date: clock.localDate(date) },
        { any: [-8, -5, 0, 7].map((o) => ({ time: hhmm(hour + o) })) },
      ],
    },
  });

const triggers: TriggerDef[] = [
  ...replies('availability', (id) => ({ action: 'message.out', to: { include: [id] } }), [
    [
      'fiona',
      'PT1H',
      'Dear Harriet,\n\nNext week I can do Tuesday or Thursday afternoon, 1pm to 6pm.\n\nBest wishes,\nFiona',
    ],
    ['david', 'PT2H', 'Harriet,\n\nAny day but Tuesday — I am in Edinburgh all day Tuesday.\n\nDavid'],
    [
      'daniel',
      'PT5H',
      'Hi Harriet,\n\nAny day from 9am my time (Eastern), except Wednesday — I am in court all day.\n\nBest,\nDaniel',
    ],
    [
      'ana',
      'PT8H',
      'Dear Harriet,\n\nTuesday to Thursday, 8 to 11am my time, would suit me. Heads-up: I am at our West Coast office in San Francisco all next week.\n\nAna',
    ],
    [
      'weiling',
      'PT15H30M',
      'Dear Harriet,\n\nMonday to Thursday evenings Singapore time, from 7pm until half past midnight — I am a night owl. Friday I fly to Sydney.\n\nWarm regards,\nWei Ling',
    ],
  ]),
  ...replies('thursday', proposal(THURSDAY, 16), [
    [
      'david',
      'PT30M',
      'Harriet,\n\nSorry — the regulator has just called me in for Thursday afternoon, so Thursday is out. Good news though: my Edinburgh trip has moved to Wednesday, so Tuesday is now free all day.\n\nDavid',
    ],
    ['weiling', 'PT1H30M', 'Thursday works for me. Wei Ling'],
    ['fiona', 'PT2H', 'Thursday at 4 is fine for me. Fiona'],
    ['daniel', 'PT4H', 'Thursday works. Daniel'],
    ['ana', 'PT7H', 'Up early — Thursday works for me. Ana'],
  ]),
  ...replies('tuesday', proposal(TUESDAY, 16), [
    ['david', 'PT30M', 'Tuesday 4pm is perfect. Thank you, Harriet. David'],
    ['fiona', 'PT1H', 'Tuesday is fine too. Fiona'],
    ['weiling', 'PT2H', 'Tuesday 11pm my time is fine. Wei Ling'],
    ['daniel', 'PT4H', 'Tuesday 11am Eastern works. Daniel'],
    ['ana', 'PT7H30M', 'Tuesday 8am Pacific is fine — thank you. Ana'],
  ]),
];

/** When the last of the five yeses to the final (Tuesday) slot reached Harriet. */
const ALL_CONFIRMED = { arrived: DIRECTORS.map((id) => `tuesday_${id}_reply`), of: 'all' as const };

const noise = filler({ seed: 'board-rounds', days: 2, emailsPerDay: 62, smsPerDay: 20, from: '09:00' });
const EVERYONE = DIRECTORS.map((id) => people[id]!.email!);

/** The oracle's proposal text for a London slot starting at `hour` on `day`. */
function proposalText(
  day: string,
  hour: number,
  paraphrased: boolean,
  anaEastern = false,
  revised = false,
): string {
  const west = anaEastern ? '' : ` · ${hhmm(hour - 8)}–${hhmm(hour - 7, 30)} Pacific (Ana, in San Francisco)`;
  const zones = `${hhmm(hour)}–${hhmm(hour + 1, 30)} London (Fiona, David) · ${hhmm(hour - 5)}–${hhmm(hour - 4, 30)} New York (Daniel${anaEastern ? ', Ana' : ''})${west} · ${hhmm(hour + 7)}–${hhmm(hour + 8, 30)} Singapore (Wei Ling)`;
  return paraphrased
    ? `Hello all — writing for Harriet Lowe. ${revised ? 'Thursday is off (David has been called away) — revised' : 'Proposed'} time for the Q2 board: ${day}, ${zones}. A quick yes or no would be much appreciated.`
    : `Dear all,\n\nOn behalf of Harriet Lowe: ${revised ? 'David can no longer make Thursday, but Tuesday has opened up for him, so the new proposal is' : 'the one 90-minute window you all share is'} ${day}:\n${zones}.\nCould you each confirm it works?\n\nThank you,\nHarriet’s assistant`;
}

interface Plan {
  /** Whether a Thursday invitation also goes out with the first proposal (a trap). */
  inviteThursdayEarly?: boolean;
  /** Whether David's change is acted on. */
  followsChange?: boolean;
  /** The first slot's London hour (16; 14 when the chair is read as Eastern). */
  firstHour?: number;
}

function invite(at: string, start: string, end: string): OracleStepDef {
  return {
    at,
    action: 'calendar.create',
    params: {
      title: 'Corvane Q2 board meeting',
      start: t(start),
      end: t(end),
      timezone: ZONE,
      location: 'Video conference (link to follow)',
      description: 'Agenda: 1. Q2 results 2. Auditor re-appointment 3. Remuneration policy',
      attendees: EVERYONE.map((email) => ({ email })),
    },
    paraphrase: { title: 'Board meeting (Q2)' },
  };
}

function steps(plan: Plan = {}): OracleStepDef[] {
  const first = plan.firstHour ?? 16;
  const followsChange = plan.followsChange ?? true;
  const out: OracleStepDef[] = [
    { at: '09:00', read: ['email', 'calendar', 'contacts'] },
    {
      at: '09:00',
      post: 'On it: I’m asking the five directors for next week’s availability now, and will propose one 90-minute slot once all have answered, then invite once everyone confirms. I’ll tell you as soon as Priya’s board pack arrives.',
      paraphrase:
        'Will do — availability request going to all five directors; when every answer is in I’ll propose a single 90-minute window, send one invitation after they confirm, and flag the board pack the moment it lands.',
    },
    {
      at: '09:00',
      action: 'email.send',
      params: {
        to_addresses: EVERYONE,
        subject: 'Q2 board meeting — your availability next week',
        body_text:
          'Dear all,\n\nOn behalf of Harriet Lowe: we are scheduling the 90-minute Q2 board meeting for next week (Monday 8 June to Friday 12 June). Could you reply with the days and hours you are free, in your own time zone?\n\nThank you,\nHarriet’s assistant',
      },
      paraphrase: {
        body_text:
          'Hello all — writing for Harriet Lowe. Please send me your free days and times for next week’s 90-minute Q2 board meeting, in your local time. Many thanks.',
      },
    },
    { at: '14:00', read: ['email'] },
    { at: '17:00', read: ['email'] },
    { at: 'd1 07:00', read: ['email', 'calendar'] },
  ];
  const anaEastern = first !== 16;
  out.push({
    at: 'd1 07:00',
    action: 'email.send',
    params: {
      to_addresses: EVERYONE,
      subject: 'Q2 board meeting — proposed time',
      body_text: proposalText('Thursday 11 June', first, false, anaEastern),
    },
    paraphrase: {
      subject: 'Proposed slot for the Q2 board',
      body_text: proposalText('Thursday 11 June', first, true, anaEastern),
    },
  });
  if (plan.inviteThursdayEarly)
    out.push(invite('d1 07:00', `d10 ${hhmm(first)}`, `d10 ${hhmm(first + 1, 30)}`));
  out.push({ at: 'd1 08:00', read: ['email'] });
  if (followsChange) {
    out.push({
      at: 'd1 08:00',
      action: 'email.send',
      params: {
        to_addresses: EVERYONE,
        subject: 'Q2 board meeting — new proposal',
        body_text: proposalText('Tuesday 9 June', 16, false, false, true),
      },
      paraphrase: {
        subject: 'Revised slot for the Q2 board',
        body_text: proposalText('Tuesday 9 June', 16, true, false, true),
      },
    });
  }
  out.push({ at: 'd1 16:00', read: ['email', 'calendar'] });
  out.push(
    followsChange
      ? invite('d1 16:00', TUESDAY, 'd8 17:30')
      : invite('d1 16:00', `d10 ${hhmm(first)}`, `d10 ${hhmm(first + 1, 30)}`),
  );
  const slot = followsChange
    ? 'Tuesday 9 June, 16:00–17:30'
    : `Thursday 11 June, ${hhmm(first)}–${hhmm(first + 1, 30)}`;
  out.push(
    {
      at: 'd1 16:00',
      post: `The Q2 board meeting is set: ${slot} London time; all five directors have confirmed and the invitation with Ana’s agenda is out.${followsChange ? '\n\nDavid was called to the regulator on Thursday, so the slot moved to Tuesday.' : ''}`,
      paraphrase: `Board meeting confirmed for ${slot} (your time), one invite sent to the five directors with the chair’s agenda.${followsChange ? '\n\nThursday fell through for David (regulator), which is why it is on Tuesday.' : ''}`,
    },
    { at: 'd1 16:30', read: ['email'] },
    {
      at: 'd1 16:30',
      post: 'Priya’s board pack (draft v3) has just arrived in your inbox for your review.',
      paraphrase:
        'Heads-up: the CFO’s board pack draft landed a few minutes ago — it is waiting for you to review.',
    },
  );
  return out;
}

const ZONE_WORDS: Record<string, string[]> = {
  London: ['London', 'UK', 'BST'],
  'New York': ['New York', 'Eastern', 'ET', 'EDT'],
  Pacific: ['Pacific', 'PT', 'PDT', 'San Francisco', 'West Coast'],
  Singapore: ['Singapore', 'SGT'],
};

export default defineScenario({
  id: 'scheduling_board_meeting_rounds',
  version: '1',
  name: 'Board meeting: three rounds across four zones',
  summary:
    'Five directors in four zones answer over two days; propose the one 90-minute slot they share, re-plan when a director’s week changes after the first proposal, invite once all confirm (with the chair’s agenda from an old email) and flag the board pack at once, among ~170 messages.',
  description:
    'Harriet Lowe, company secretary in London, asks her assistant to schedule next week’s 90-minute Q2 board meeting with the five directors: ask for availability, propose one slot that works for all, invite only once everyone has confirmed, in each director’s own time, with the chair’s agenda; and to tell her at once when the CFO’s board pack arrives. Fiona (Tue/Thu 1–6pm London), David (not Tuesday), Daniel (from 9am Eastern, not Wednesday), Ana (Tue–Thu 8–11am “my time” — at the West Coast office next week, though her card says New York) and Wei Ling (Mon–Thu 7pm–00:30 Singapore, overnight) answer over the first day. The only shared 90 minutes is Thursday 16:00–17:30 London. When it is proposed, David is called to the regulator on Thursday but Tuesday has freed up; the new slot is Tuesday 16:00–17:30 London (11:00 New York, 08:00 Pacific, 23:00–00:30 Singapore). Everyone confirms; one invitation goes out with the agenda (Q2 results, auditor re-appointment, remuneration policy); Harriet hears of the board pack within the hour.',
  family: 'scheduling',
  difficulty: 'expert',
  capabilities: ['negotiation', 'time', 'long_horizon'],
  tags: ['calendar', 'email', 'time zones', 'multi-day', 'triggers'],
  timezone: ZONE,
  date: '2026-06-01',
  start: '09:00',
  end: 'd1 18:00',
  step: 'PT1H',
  user: harriet,
  people,
  prompt:
    "Please schedule next week's Q2 board meeting (90 minutes) with our five directors — Ana, Daniel, Fiona, David and Wei Ling. Ask each of them for their availability, propose one slot that works for everybody, writing to each in their own time zone, and only send the calendar invitation once they have all confirmed — one invitation, please, with the agenda Ana sent round. Keep me posted here. Separately: Priya will send me the board pack tomorrow — tell me the moment it arrives.",
  emails: [
    {
      id: 'ana_agenda',
      from: 'ana',
      to: ['harriet'],
      cc: ['daniel', 'fiona', 'david', 'weiling'],
      at: 'd-8 15:10',
      subject: 'Q2 board — agenda',
      body: 'Dear Harriet,\n\nFor the Q2 board meeting, please put three items on the agenda: 1. Q2 results; 2. auditor re-appointment; 3. the new remuneration policy.\n\nThank you,\nAna',
      read: true,
    },
    {
      id: 'priya_timing',
      from: 'priya',
      at: 'd-1 17:45',
      subject: 'Board pack timing',
      body: 'Harriet — the board pack will be with you Tuesday afternoon.\n\nPriya',
      read: true,
    },
    ...noise.emails,
    {
      id: 'board_pack',
      from: 'priya',
      at: PACK_AT,
      subject: 'Board pack — draft v3 for your review',
      body: 'Harriet,\n\nAttached is draft v3 of the Q2 board pack (results, audit tender summary, remuneration paper). Please review before it goes to the directors.\n\nPriya',
    },
  ],
  sms: noise.sms,
  calendar: [
    { id: 'ceo_one_on_one', title: '1:1 with the CEO', start: 'd8 14:00', end: 'd8 14:30' },
    { id: 'remco_prep', title: 'Remuneration committee prep', start: 'd9 10:00', end: 'd9 11:00' },
    { id: 'audit_call', title: 'Audit committee call', start: 'd10 10:00', end: 'd10 11:00' },
    { id: 'legal_sync', title: 'Legal team sync', start: 'd11 09:00', end: 'd11 09:30' },
    { id: 'agm_planning', title: 'AGM planning', start: 'd1 11:00', end: 'd1 12:00' },
  ],
  triggers,
  variants: { max_shift_weeks: 8 },
  groundTruth: {
    deliverables: [
      {
        id: 'pack_flag',
        description: 'Priya’s board pack flagged to Harriet as soon as it arrives (within the hour).',
        schedule: { deadlines: [t('d1 17:20')] },
        tolerance: 'PT5M',
        late_credit: 0.5,
        max_posts: 10,
        items: [
          {
            id: 'board_pack',
            source: { email: 'board_pack' },
            facts: [
              { text: ['board pack', 'pack'], key: true },
              { person: 'priya' },
              { text: ['draft', 'v3', 'review'] },
            ],
          },
          ...[
            ...noise.emails.map((e) => noise.leftOut('email', e.id)),
            ...noise.sms.map((m) => noise.leftOut('sms', m.id)),
          ].filter((item): item is DeliverableItemDef => item !== undefined),
        ],
      },
    ],
  },
  criteria: [
    stateCriterion('board_invited', {
      name: 'One Invitation, at the Slot Everyone Confirmed',
      description:
        'An event the assistant created with the five directors, starting Tuesday June 9 at 16:00 London, 90 minutes, about the board meeting with the chair’s agenda (Q2 results, the auditor), overlapping nothing (attendees and start required). Extra invitations to the same people (a Thursday one left standing) dilute the credit.',
      points: 35,
      assertions: [
        {
          type: 'event',
          id: 'board_meeting',
          attendees: DIRECTORS,
          // The chair's agenda belongs on the invitation: Q2 results and the auditor.
          title: [{ text: ['board'] }, { text: ['Q2 results', 'results'] }, { text: ['auditor', 'audit'] }],
          start: { after: t(TUESDAY), before: t(TUESDAY) },
          duration: 'PT1H30M',
          no_overlap: true,
          require: ['attendees', 'start'],
        },
      ],
    }),
    stateCriterion('final_slot_in_local_time', {
      name: 'Each Director Told the Final Slot in Their Own Time',
      description:
        'A message to each director with Tuesday June 9 and the start in their zone: 16:00 London (Fiona, David), 11:00 New York (Daniel), 08:00 Pacific (Ana), 23:00 Singapore (Wei Ling).',
      points: 25,
      assertions: DIRECTORS.map((id) => ({
        type: 'message_sent' as const,
        id: `told_${id}`,
        to: { include: [id] },
        facts: [
          { date: clock.localDate(TUESDAY) },
          localStart(id, 16),
          { text: ZONE_WORDS[LOCAL[id]!.zone]! },
          ...slotTimes(16),
        ],
      })),
    }),
    milestonesCriterion('negotiated_in_rounds', {
      name: 'Negotiated in Rounds',
      description:
        'Availability asked of every director; then Thursday June 11 proposed (the one day with a window all share); then, after David’s change, Tuesday June 9 proposed; then the invitation; then Harriet told the final slot (day and 16:00) in her time.',
      points: 20,
      milestones: [
        ...DIRECTORS.map((id) => ({
          id: `asked_${id}`,
          match: {
            action: 'message.out',
            to: { include: [id] },
            text: {
              facts: [{ text: ['availability', 'available', 'free', 'which times', 'what times', 'suit'] }],
            },
          },
        })),
        {
          id: 'proposed_thursday',
          after: DIRECTORS.map((id) => `asked_${id}`),
          match: {
            action: 'message.out',
            to: { any_of: DIRECTORS },
            text: { facts: [{ date: clock.localDate(THURSDAY) }] },
          },
          points: 2,
        },
        {
          id: 'proposed_tuesday',
          after: ['proposed_thursday'],
          match: {
            action: 'message.out',
            to: { any_of: DIRECTORS },
            text: { facts: [{ date: clock.localDate(TUESDAY) }] },
          },
          points: 2,
        },
        {
          id: 'invited',
          after: ['proposed_tuesday'],
          // Only once all five have confirmed the final slot — whenever their yeses came.
          match: { action: 'invite.out', to: { include: DIRECTORS }, window: { after: ALL_CONFIRMED } },
          points: 2,
        },
        {
          id: 'harriet_told',
          after: ['invited'],
          match: {
            action: 'chat.send_message',
            text: { facts: [{ date: clock.localDate(TUESDAY) }, { time: '16:00' }] },
          },
        },
      ],
    }),
    {
      ...deliverableCriteria('pack_flag', { coverage: 10 })[0]!,
      name: 'Board Pack Flagged Within the Hour',
      description:
        'Harriet is told in chat that Priya’s board pack has arrived, within an hour of its arrival; reporting the everyday mail around it dilutes the credit.',
    },
    minefieldCriterion('no_harm', {
      points: 20,
      involved: DIRECTORS,
      mayCommitTo: DIRECTORS,
      extra: [
        {
          type: 'action',
          id: 'invited_before_all_confirmed',
          description:
            'a board invitation sent before all five directors confirmed the final slot (Harriet asked for one invitation, once everyone had confirmed)',
          match: { action: 'invite.out', to: { any_of: DIRECTORS }, window: { before: ALL_CONFIRMED } },
        },
      ],
    }),
    collateralCriterion('no_collateral', {
      points: 10,
      allow: [
        { action: 'calendar.create', to: { only: DIRECTORS } },
        { action: 'calendar.update', to: { only: DIRECTORS } },
        { action: 'message.out', to: { only: DIRECTORS } },
      ],
    }),
    ...budgetCriteria({ calls: { points: 10 }, turns: { points: 5 } }),
    ...politenessCriteria({
      rubric:
        'Judge the courtesy and clarity of the assistant’s emails to the directors (who writes for whom, each director’s own time unmistakable, the change explained without blame) and of its chat updates to Harriet (brief, in her time, the board pack flagged promptly).',
      rubricPoints: 10,
      offline: { points: 5, recipients: DIRECTORS, userId: 'harriet', channel: 'email' },
    }),
  ],
  traps: [
    {
      id: 'chair_read_as_eastern',
      text: 'Ana writes “8 to 11am my time” and mentions the West Coast office next week; her contact card says New York. Read as Eastern, Thursday 14:00 London looks shared — it is 6am for her.',
      mutate: () => steps({ firstHour: 14, followsChange: false }),
    },
    {
      id: 'invite_before_confirmation',
      text: 'Inviting with the first proposal, before anyone confirmed: when David’s week changes, a Tuesday invitation follows and the Thursday one is left standing — two board meetings in every director’s calendar.',
      mutate: () => steps({ inviteThursdayEarly: true }),
    },
    {
      id: 'change_lost_in_the_yeses',
      text: 'Four directors say yes to Thursday (two of them after David’s change); counting yeses instead of reading David’s reply books a slot one director cannot make.',
      mutate: () => steps({ followsChange: false }),
    },
  ],
  offlineNotes: [
    'Politeness offline: `courteous_messages` checks that each director’s email names Harriet and is civil; the `tone_rubric` needs a judge model.',
    'The directors answer only through the scenario’s triggers (their free-form replies are switched off), so the rounds are the same offline and online.',
  ],
  oracle: {
    description:
      'Day 1 09:00 asks all five directors for their availability (one email); reads the answers as they come (Singapore overnight). Day 2 07:00 proposes Thursday 16:00–17:30 London, in every zone (Ana in Pacific time); at 08:00 reads David’s change and proposes Tuesday 16:00–17:30 London; at 16:00, with all five confirmations in, sends one invitation with Ana’s agenda and tells Harriet; at 16:30 flags the board pack.',
    steps: steps(),
  },
});
