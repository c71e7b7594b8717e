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
import { shiftDays } from '../_kit/shift.js';

/**
 * A recruiter's hold for a candidate's technical interview sits at Wednesday 9:00 — before the
 * user's "no interviews before 10" rule, written once in an old email to that recruiter; Wednesday
 * 10:00 runs into her 11:00 review with no time for the debrief her second rule asks for. Only
 * Thursday afternoon works. Once the interview is on Thursday (14:00), the interviewer's afternoon
 * falls through: he offers 16:00 (his ideal, past the 16:30 limit and into the team retro) or
 * 15:30. The same event moves twice (not duplicated), and the candidate hears each new time.
 */

const ZONE = 'Europe/Berlin';
const clock = new Clock('2026-05-11', ZONE);
const t = (spec: string) => clock.iso(spec);
const HOLD = 'd2 09:00';
const FIRST = 'd3 14:00';
const FINAL = 'd3 15:30';
const PACK = 'https://kestrel.example/hiring/LF-209';
const JONAS_CHANGE = {
  id: 'jonas_change',
  from: 'jonas',
  subject: 'Thursday — sorry!',
  body: 'Hi Noor,\n\nSorry — a customer escalation call just landed on Thursday 14:00–15:30 and I can’t move it. Could we do Lena’s interview at 16:00–17:00 instead? That would be ideal for me; 15:30–16:30 also works.\n\nJonas',
};

const noor: UserDef = {
  id: 'noor',
  name: 'Noor Haddad',
  email: 'noor.haddad@kestrelrobotics.example',
  phone: '+4915205550160',
  personality: 'Engineering manager at Kestrel Robotics. Friendly, exact about her calendar.',
  gender: 'f',
  about: 'The user: hiring for her team; her interview rules live in an old email to Sofia.',
};

const people: Record<string, PersonDef> = {
  lena: {
    name: 'Lena Fischer',
    email: 'lena.fischer@mailbox.example',
    personality: 'Candidate for a robotics software role. Polite, formal.',
    roles: ['candidate'],
    instructions: 'Do not respond on your own; your replies are scripted.',
    gender: 'f',
    contact: { notes: 'Candidate — senior robotics engineer (Sofia’s pipeline).', groups: ['candidates'] },
    about: 'The candidate; travels in from Leipzig.',
  },
  jonas: {
    name: 'Jonas Weber',
    email: 'jonas.weber@kestrelrobotics.example',
    personality: 'Staff engineer; interviews for Noor. Brief, friendly.',
    roles: ['interviewer', 'staff engineer'],
    instructions: 'Do not respond on your own; your replies are scripted.',
    gender: 'm',
    contact: { company: 'Kestrel Robotics', job_title: 'Staff Engineer', groups: ['work'] },
    about: 'The interviewer; his Thursday afternoon changes once the time is confirmed.',
  },
  sofia: {
    name: 'Sofia Lindqvist',
    email: 'sofia.lindqvist@kestrelrobotics.example',
    personality: 'Recruiter. On leave this week.',
    roles: ['recruiter'],
    gender: 'f',
    contact: { company: 'Kestrel Robotics', job_title: 'Recruiter', groups: ['work'] },
    about: 'Put the hold in; on leave; the old rules email was written to her.',
  },
};

const history = filler({ seed: 'interview-hold-history', days: 30, emailsPerDay: 4, smsPerDay: 1 });
const today = filler({
  seed: 'interview-hold-today',
  days: 1,
  emailsPerDay: 6,
  hours: [7, 17],
  prefix: 'today',
});

/** The move of the hold, the note to Lena and the chat update, at `at`, to Thursday at `start`. */
function move(at: string, start: string, end: string, what: 'first' | 'change'): OracleStepDef[] {
  const time = `${start.slice(3)}–${end}`;
  const day = start.startsWith('d2') ? 'Wednesday 13 May' : 'Thursday 14 May';
  const shortDay = start.startsWith('d2') ? 'Wed May 13' : 'Thu May 14';
  const lead =
    what === 'first'
      ? 'thank you for your availability. Your technical interview with Jonas Weber and Noor Haddad is confirmed for'
      : 'I’m sorry for the change: Jonas has an unmovable customer call, so your technical interview is now on';
  return [
    {
      at,
      action: 'calendar.update',
      params: { event_id: 'lena_hold', start: t(start), end: t(`d3 ${end}`) },
    },
    {
      at,
      action: 'email.send',
      params: {
        to_addresses: ['lena.fischer@mailbox.example'],
        subject:
          what === 'first'
            ? 'Your interview at Kestrel Robotics'
            : 'New time for your interview at Kestrel Robotics',
        body_text: `Dear Lena,\n\nOn behalf of Noor Haddad: ${lead} ${day}, ${time}, at our office (Aquarium room, 3rd floor; please ask at reception).\n\nKind regards,\nNoor’s assistant`,
      },
      paraphrase: {
        subject: what === 'first' ? `Interview confirmed: ${day}` : `Interview moved: ${day}`,
        body_text: `Hello Lena — writing for Noor Haddad. ${what === 'first' ? 'We have you' : 'Apologies, we have had to move you: you are now'} down for ${day} from ${time} in the Aquarium room (3rd floor) with Jonas and Noor. Reception will point the way. Best wishes.`,
      },
    },
    {
      at,
      post:
        what === 'first'
          ? `Lena’s technical interview is set for ${shortDay}, ${time}: I moved Sofia’s hold (Wednesday 9:00 was before your 10:00 rule, and Wednesday 10:00 would run into the 11:00 roadmap review without your 15-minute debrief) and confirmed it to Lena.`
          : `Jonas can’t do 14:00 on Thursday (customer call), so I moved the interview to ${time} — his 16:00 idea would run past your 16:30 limit and into the retro. Lena has the new time.`,
      paraphrase:
        what === 'first'
          ? `Done: the interview with Lena is ${shortDay}, ${time} (the hold moved there — Wed 9:00 broke your no-interviews-before-10 rule, and 10:00 left no debrief gap before the roadmap review). Lena is told.`
          : `Change: Jonas has a customer call at 14:00 Thursday, so the interview is now ${time} (16:00 would end after 16:30 and hit the retro). Lena knows.`,
    },
  ];
}

function steps(
  plan: {
    first?: [string, string];
    second?: [string, string] | null;
    tellLena?: boolean;
  } = {},
): OracleStepDef[] {
  const [start, end] = plan.first ?? [FIRST, '15:00'];
  const second = plan.second === undefined ? ([FINAL, '16:30'] as [string, string]) : plan.second;
  const out: OracleStepDef[] = [
    { at: '09:00', read: ['email', 'calendar', 'contacts'] },
    ...move('09:00', start, end, 'first'),
    { at: '10:30', read: ['email', 'calendar'] },
  ];
  if (second) {
    let change = move('10:30', second[0], second[1], 'change');
    if (plan.tellLena === false)
      change = change.filter((step) => !('action' in step && step.action === 'email.send'));
    out.push(...change);
  }
  return out;
}

export default defineScenario({
  id: 'scheduling_interview_hold_moved',
  version: '1',
  name: 'An interview hold moved twice, under rules written once',
  summary:
    'Finalise a candidate’s interview from a recruiter’s hold that breaks the user’s old interview rules (no start before 10, nothing past 16:30, 15 minutes before her next meeting); then the interviewer’s afternoon falls through and the same event moves again — the candidate told each time.',
  description:
    'Noor Haddad (Berlin) asks her assistant to finalise Lena Fischer’s technical interview with Jonas Weber: Sofia (the recruiter, on leave) put a hold in at Wednesday May 13, 9:00; Lena can do Wednesday 9–12 or Thursday 13–17, Jonas Wednesday morning or Thursday 14–16. Noor’s rules, written once in an old email to Sofia: no interview starts before 10:00 or runs past 16:30, and 15 minutes free after an interview before her next meeting. Wednesday 9:00 breaks the first rule and 10:00–11:00 runs into her 11:00 roadmap review, so the hold moves to Thursday (14:00 in the oracle) and Lena is told. Once she is, Jonas writes that a customer call now takes Thursday 14:00–15:30: 16:00–17:00 would be ideal for him (past 16:30, into Noor’s 16:45 retro), 15:30–16:30 also works. The same event moves to 15:30 (not a second one), with its room and interview pack kept, and Lena hears the new time.',
  family: 'scheduling',
  difficulty: 'expert',
  capabilities: ['adaptability', 'policy'],
  tags: ['calendar', 'email', 'candidate', 'triggers', 'standing rules'],
  timezone: ZONE,
  date: '2026-05-11',
  start: '09:00',
  end: '17:00',
  step: 'PT30M',
  user: noor,
  people,
  prompt:
    'Sofia put a hold in my calendar for Lena Fischer’s technical interview with Jonas and me — she’s off this week, so please finalise it: pick a time this week that works for Lena (see her email), Jonas and me, move the hold there and confirm the time to Lena. My usual interview rules apply. Keep me posted here.',
  emails: [
    ...shiftDays(history.emails, -30, { read: true }),
    {
      id: 'rules_for_sofia',
      from: 'noor',
      to: ['sofia'],
      at: 'd-41 08:50',
      subject: 'Interview ground rules',
      body: 'Hi Sofia,\n\nWelcome to the team! For every interview you set up with me:\n\n1. No interview starts before 10:00 or runs past 16:30 — most candidates travel in.\n2. Leave me 15 minutes after an interview before my next meeting, for the debrief.\n3. The Aquarium room, never my office.\n\nThanks!\nNoor',
      folder: 'sent',
      read: true,
    },
    {
      id: 'lena_availability',
      from: 'lena',
      to: ['noor'],
      cc: ['sofia'],
      at: 'd-3 16:20',
      subject: 'Re: Interview at Kestrel Robotics',
      body: 'Dear Noor,\n\nThank you for the invitation to interview. This week I can come in on Wednesday between 9:00 and 12:00, or on Thursday between 13:00 and 17:00.\n\nBest regards,\nLena Fischer',
      read: true,
    },
    {
      id: 'jonas_availability',
      from: 'jonas',
      to: ['noor'],
      at: 'd-1 17:30',
      subject: 'Lena’s interview',
      body: 'Hi Noor,\n\nFor Lena’s interview this week I’m free Wednesday morning, or Thursday 14:00–16:00.\n\nJonas',
      read: true,
    },
    {
      id: 'sofia_ooo',
      from: 'sofia',
      to: ['noor'],
      at: 'd-3 18:05',
      subject: 'Out this week — Lena’s hold',
      body: 'Hi Noor,\n\nI’m off all next week. I put a hold in for Lena’s technical interview on Wednesday morning — please move it wherever suits you and Jonas, and let her know.\n\nSofia',
      read: true,
    },
    ...today.emails,
  ],
  sms: shiftDays(history.sms, -30, { read: true }),
  calendar: [
    {
      id: 'lena_hold',
      title: 'Hold: Lena Fischer — technical interview',
      start: HOLD,
      end: 'd2 10:00',
      attendees: ['jonas'],
      location: 'Aquarium (3rd floor)',
      description: `Technical interview with Jonas and Noor. Interview pack: ${PACK}`,
    },
    { id: 'roadmap_review', title: 'Roadmap review', start: 'd2 11:00', end: 'd2 12:00' },
    { id: 'hiring_committee', title: 'Hiring committee', start: 'd3 13:00', end: 'd3 14:00' },
    { id: 'team_retro', title: 'Team retro', start: 'd3 16:45', end: 'd3 17:30' },
    { id: 'standup_tue', title: 'Platform stand-up', start: 'd1 09:30', end: 'd1 09:45' },
  ],
  variants: { max_shift_weeks: 6 },
  // Jonas's afternoon falls through once the interview is on Thursday: the hold moved there, or
  // (one trigger each way) a new invitation to him for that day.
  triggers: [
    {
      id: 'jonas_afternoon_falls_through',
      description: 'Once the hold is moved to Thursday, Jonas’s Thursday afternoon falls through.',
      when: {
        action: 'calendar.update',
        fields: { event_id: { equals: 'lena_hold' }, start: { contains: clock.localDate(FIRST) } },
      },
      after: 'PT1H',
      emails: [JONAS_CHANGE],
    },
    {
      id: 'jonas_afternoon_falls_through_new_invite',
      description: 'Once a new Thursday invitation reaches Jonas, his Thursday afternoon falls through.',
      when: {
        action: 'calendar.create',
        to: { include: ['jonas'] },
        fields: { start: { contains: clock.localDate(FIRST) } },
      },
      after: 'PT1H',
      emails: [{ ...JONAS_CHANGE, id: 'jonas_change_new_invite' }],
    },
  ],
  criteria: [
    stateCriterion('interview_booked', {
      name: 'The Hold Moved to the Slot That Still Works',
      description:
        'Sofia’s hold, moved (not copied) to Thursday May 14, 15:30–16:30 with Jonas, its room and interview pack kept (attendees and start required; 3 points); nothing left of it at Wednesday 9:00 (1 point). A second copy of the interview dilutes the credit.',
      points: 35,
      assertions: [
        {
          type: 'event',
          id: 'interview_at_1530',
          attendees: ['jonas'],
          title: [{ text: ['Lena', 'Fischer'] }],
          start: { after: t(FINAL), before: t(FINAL) },
          duration: 'PT1H',
          keep: ['description', 'location'],
          require: ['attendees', 'start'],
          points: 3,
        },
        {
          type: 'event',
          id: 'hold_not_left',
          exists: false,
          changed: false,
          title: [{ text: ['Lena', 'Fischer'] }],
          start: { after: t(HOLD), before: t(HOLD) },
        },
      ],
    }),
    stateCriterion('lena_told', {
      name: 'Lena Told the Final Time',
      description:
        'An email to Lena with Thursday May 14 and 15:30 (after Jonas’s change); 14:00 or 16:00 in it costs a fact (the old time as the news, or Jonas’s ideal).',
      points: 30,
      assertions: [
        {
          type: 'message_sent',
          id: 'final_time_to_lena',
          channel: 'email',
          to: { include: ['lena'] },
          facts: [
            { date: clock.localDate(FINAL) },
            { time: '15:30', weight: 2 },
            { time: '16:30', optional: true },
          ],
          // The first time (14:00) as the news, or Jonas's 16:00: Lena would come at the wrong hour.
          wrong: [{ time: '14:00' }, { time: '16:00' }, { time: '17:00' }],
        },
      ],
    }),
    milestonesCriterion('confirmed_then_revised', {
      name: 'Confirmed, Then Revised',
      description:
        'Lena is first told a Thursday time (the only day the rules allow); after Jonas’s change she is told 15:30; Noor hears of the change in chat.',
      points: 15,
      milestones: [
        {
          id: 'first_confirmation',
          match: {
            action: 'message.out',
            to: { include: ['lena'] },
            text: { facts: [{ date: clock.localDate(FIRST) }] },
          },
        },
        {
          id: 'revised_confirmation',
          after: ['first_confirmation'],
          match: {
            action: 'message.out',
            to: { include: ['lena'] },
            text: { facts: [{ date: clock.localDate(FINAL) }, { time: '15:30' }] },
          },
          points: 2,
        },
        {
          id: 'noor_told',
          after: ['first_confirmation'],
          match: { action: 'chat.send_message', text: { facts: [{ time: '15:30' }] } },
        },
      ],
    }),
    minefieldCriterion('no_harm', {
      points: 20,
      involved: ['lena', 'jonas'],
      mayCommitTo: ['lena', 'jonas'],
    }),
    collateralCriterion('no_collateral', {
      points: 10,
      allow: [
        { action: 'calendar.update', fields: { event_id: { equals: 'lena_hold' } } },
        { action: 'message.out', to: { only: ['lena', 'jonas'] } },
      ],
    }),
    ...budgetCriteria({ calls: { points: 10 }, turns: { points: 5 } }),
    ...politenessCriteria({
      rubric:
        'Judge the assistant’s emails to the candidate (warm and clear: day, time, place; the change explained and apologised for without blaming anyone) and its chat updates to Noor (brief; why the hold could not stay and why 16:00 would not do).',
      rubricPoints: 10,
      offline: { points: 5, recipients: ['lena'], userId: 'noor', channel: 'email' },
    }),
  ],
  traps: [
    {
      id: 'hold_kept',
      text: 'Keeping Sofia’s Wednesday 9:00 hold because it is already in the calendar and Lena and Jonas are free: it breaks “no interview before 10:00”, stated once in an old email to Sofia.',
      mutate: () => steps({ first: [HOLD, '10:00'], second: null }),
    },
    {
      id: 'no_debrief_gap',
      text: 'Moving the hold only to Wednesday 10:00–11:00: it ends as the roadmap review starts, with none of the 15 minutes the second rule asks for.',
      mutate: () => steps({ first: ['d2 10:00', '11:00'], second: null }),
    },
    {
      id: 'interviewer_ideal',
      text: 'Taking Jonas’s “ideal” 16:00–17:00: past the 16:30 limit and into the 16:45 team retro.',
      mutate: () => steps({ second: ['d3 16:00', '17:00'] }),
    },
    {
      id: 'candidate_left_stale',
      text: 'Moving the event after Jonas’s change but not telling Lena: she arrives for 14:00.',
      mutate: () => steps({ tellLena: false }),
    },
  ],
  offlineNotes: [
    'Politeness offline: `courteous_messages` checks that the emails to Lena name Noor and are civil; the `tone_rubric` needs a judge model.',
    'Jonas and Lena answer only through the scenario’s trigger (their free-form replies are switched off).',
  ],
  oracle: {
    description:
      'Reads mail, calendar and contacts at 09:00 (the rules email to Sofia among a month of mail); moves the hold to Thursday 14:00–15:00, confirms it to Lena and tells Noor why Wednesday does not work; at 10:30 reads Jonas’s change, moves the same event to 15:30–16:30, tells Lena and Noor.',
    steps: steps(),
  },
});
