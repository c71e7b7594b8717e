import {
  Clock,
  budgetCriteria,
  collateralCriterion,
  defineScenario,
  milestonesCriterion,
  minefieldCriterion,
  politenessCriteria,
  stateCriterion,
  type PersonDef,
  type UserDef,
} from '../_kit/index.js';

/**
 * Scheduling across three time zones: the user is in New York, one participant in London and one
 * in Tokyo, and each writes their hours in their own zone. Only one hour of the week lies inside
 * all three working days and the user's calendar; the invitation must carry that absolute time
 * and each confirmation must state it in the reader's own zone (13:00 London, 21:00 Tokyo).
 */

const clock = new Clock('2026-07-13', 'America/New_York');
const t = (spec: string) => clock.iso(spec);
/** Thursday 08:00 New York = 13:00 London (BST) = 21:00 Tokyo (JST). */
const SLOT = 'thu 08:00';
const LAST_HOURS = '11:20';
/**
 * Which zone a confirmation's time is in. Needed beside the time: "08:00–09:00 Eastern" also
 * reads as 20:00–21:00 (a bare hh:mm may be afternoon), so a time alone would let the New York
 * time pass for Tokyo's 21:00.
 */
const LONDON_ZONE = { text: ['UK', 'London', 'BST', 'British', 'your time', 'your local time'] };
const TOKYO_ZONE = { text: ['JST', 'Tokyo', 'Japan', 'your time', 'your local time'] };

const maya: UserDef = {
  id: 'maya',
  name: 'Maya Castellanos',
  email: 'maya.castellanos@lumenworks.example',
  phone: '+12125550140',
  personality: 'Head of partnerships at Lumenworks, New York. Direct, early riser, dislikes back-and-forth.',
  timing: ['PT10M', 'PT5M'],
  gender: 'f',
  about: 'The user, in New York: organising the first Tern integration sync.',
};

const people: Record<string, PersonDef> = {
  oliver: {
    name: 'Oliver Pembridge',
    email: 'oliver.pembridge@lumenworks.example',
    personality: 'Solutions architect in the London office. Friendly, apologetic about slow replies.',
    roles: ['London architect'],
    knows: {
      working_hours: '09:00–17:30 UK time; Wednesday at a client site from noon; off on Friday',
      zone: 'Europe/London',
    },
    gender: 'm',
    contact: { company: 'Lumenworks', job_title: 'Solutions architect (London)', groups: ['work'] },
    about: 'Lumenworks architect in London; sends his hours (UK time) by email late morning.',
  },
  haruka: {
    name: 'Haruka Sato',
    email: 'haruka.sato@kazeparts.example',
    personality: 'Integration lead at Kaze Parts in Tokyo. Formal, precise, polite.',
    roles: ['Tokyo partner'],
    knows: {
      working_hours: '09:00–18:00 JST; until 22:00 JST on Tuesday, Wednesday and Thursday',
      zone: 'Asia/Tokyo',
    },
    gender: 'f',
    contact: { company: 'Kaze Parts', job_title: 'Integration lead', groups: ['partners'] },
    about: 'Partner in Tokyo; sends her hours (Japan time) by email.',
  },
  dev: {
    name: 'Dev Anand',
    email: 'dev.anand@lumenworks.example',
    personality: 'Colleague in finance. Brief.',
    gender: 'm',
    contact: { company: 'Lumenworks', groups: ['work'] },
    about: 'Colleague asking for a deck review (not part of the task).',
  },
};

export default defineScenario({
  id: 'scheduling_three_time_zones',
  version: '2',
  name: 'Tern sync: New York, London, Tokyo',
  summary:
    'Participants in London and Tokyo send their hours in their own zones; find the one hour inside all three working days, invite them at the right absolute time and confirm to each in their own zone.',
  description:
    'Maya Castellanos (New York) asks her assistant to set up a one-hour sync with Oliver (London) and Haruka (Tokyo), who each email their working hours in local time. Tuesday’s overlap is taken by Maya’s investor breakfast, Wednesday Oliver is at a client from noon, Friday he is off and Haruka keeps normal hours; only Thursday 08:00–09:00 New York (13:00 London, 21:00 Tokyo) works. The assistant must wait for both, invite them at that instant, email each a confirmation in their own zone and tell Maya the time in hers.',
  family: 'scheduling',
  difficulty: 'hard',
  tags: ['calendar', 'email', 'time zones'],
  timezone: 'America/New_York',
  date: '2026-07-13',
  start: '09:00',
  end: '17:00',
  step: 'PT30M',
  user: maya,
  people,
  prompt:
    "I need a one-hour Tern integration sync this week with Oliver in London and Haruka in Tokyo. Both will email me their working hours today — in their own time zones. Once you have both, book an hour that's inside all three of our working days (nothing before 8am for me) and free in my calendar, send them the invite, and email each of them a short confirmation giving the time in their own time zone. Then tell me here when it is, in my time.",
  emails: [
    {
      id: 'deck_review',
      from: 'dev',
      at: 'd-1 17:40',
      subject: 'Q3 partner deck — review?',
      body: 'Hi Maya,\n\nCould you look over the Q3 partner deck by Wednesday? Slides 4–9 are the new revenue-share numbers.\n\nDev',
      read: true,
    },
    {
      id: 'hours_haruka',
      from: 'haruka',
      at: '10:05',
      subject: 'Tern integration sync — my hours',
      body: 'Dear Maya,\n\nThank you for organising the sync. My normal working hours are 09:00–18:00 Tokyo time (JST). On Tuesday, Wednesday and Thursday this week I can stay online until 22:00 JST for calls with the US and Europe.\n\nPersonally I would prefer Friday 08:00 JST, if that suits everyone.\n\nBest regards,\nHaruka',
      thread: 'thread-tern-haruka',
    },
    {
      id: 'newsletter',
      from: 'digest@remoteteams.example',
      at: '10:40',
      subject: 'Remote Teams Weekly: the 8am call is back',
      body: 'Why early calls are back in fashion, a time-zone cheat sheet, and our live session on Thursday at 8:00 ET.\n\nUnsubscribe at any time.',
    },
    {
      id: 'hours_oliver',
      from: 'oliver',
      at: LAST_HOURS,
      subject: 'Re: Tern sync — hours',
      body: 'Hi Maya — sorry for the slow reply. My hours are 09:00–17:30 UK time. On Wednesday I’m at a client site from noon and can’t dial in, and I’m off on Friday. Otherwise I’m flexible.\n\nCheers,\nOliver',
      thread: 'thread-tern-oliver',
    },
  ],
  calendar: [
    {
      id: 'investor_breakfast',
      title: 'Breakfast with Grant (investor)',
      start: 'tue 08:00',
      end: 'tue 09:30',
      location: 'Bryant Park Grill',
    },
    { id: 'pipeline_review', title: 'Weekly pipeline review', start: 'thu 09:00', end: 'thu 10:00' },
    { id: 'lunch_dev', title: 'Lunch with Dev', start: 'wed 12:00', end: 'wed 13:00', attendees: ['dev'] },
    { id: 'board_prep', title: 'Board prep', start: '15:00', end: '16:00' },
  ],
  variants: {
    // London and Tokyo must keep their offsets to New York: no shift across a DST change.
    max_shift_weeks: 8,
    permute: [['hours_haruka', 'hours_oliver']],
  },
  criteria: [
    stateCriterion('sync_booked', {
      name: 'Sync Booked at the Right Instant',
      description:
        'One event the assistant created with Oliver and Haruka invited, about the Tern sync, starting Thursday 08:00 New York (12:00 UTC), one hour long, overlapping nothing in Maya’s calendar.',
      points: 35,
      assertions: [
        {
          type: 'event',
          id: 'sync_event',
          attendees: ['oliver', 'haruka'],
          title: [{ text: ['tern', 'integration', 'sync'] }],
          start: { after: t(SLOT), before: t(SLOT) },
          duration: 'PT1H',
          no_overlap: true,
          // The right people at the wrong instant is not this meeting: the time is the task.
          require: ['attendees', 'start'],
        },
      ],
    }),
    stateCriterion('local_confirmations', {
      name: 'Confirmations in Local Time',
      description:
        'An email to Oliver alone stating Thursday, 13:00 and that it is UK time, and one to Haruka alone stating Thursday, 21:00 and that it is Japan time (each in their own zone: one joint email listing every zone’s time is neither). A time that also reads as the wrong half of the day (“9:00 JST”, “1:00 UK time”) costs a fact.',
      points: 35,
      assertions: [
        {
          type: 'message_sent',
          id: 'oliver_in_london_time',
          channel: 'email',
          to: { include: ['oliver'], only: ['oliver'] },
          facts: [{ time: '13:00' }, { date: clock.localDate(SLOT) }, LONDON_ZONE],
          // "1:00 UK time" is also 1am: the one hour he must not misread.
          wrong: [{ time: '01:00' }],
        },
        {
          type: 'message_sent',
          id: 'haruka_in_tokyo_time',
          channel: 'email',
          to: { include: ['haruka'], only: ['haruka'] },
          facts: [{ time: '21:00' }, { date: clock.localDate(SLOT) }, TOKYO_ZONE],
          // "9:00 JST" is also the morning: 09:00 in Tokyo is the middle of the night in New York.
          wrong: [{ time: '09:00' }],
        },
      ],
    }),
    milestonesCriterion('waited_then_reported', {
      name: 'Waited for Both, Then Reported',
      description:
        'The invitation goes out only after both sets of hours arrived (11:20); then Maya is told the day and time in New York (Thursday 08:00) in chat — a post that also gives 7:00 as the time tells her nothing.',
      // Maya's own meeting time, told wrong, sends her to it an hour early: it weighs like a
      // participant's confirmation, not like a courtesy.
      points: 25,
      milestones: [
        {
          id: 'invited_after_hours',
          match: {
            action: 'invite.out',
            to: { include: ['oliver', 'haruka'] },
            window: { after: t(LAST_HOURS) },
          },
          points: 2,
        },
        {
          id: 'user_told',
          match: {
            action: 'chat.send_message',
            // When it is: the right hour on the wrong day is not when it is, nor "7:00 to 8:00 am"
            // (Eastern read as five hours behind London in July: an hour early).
            text: { facts: [{ time: '08:00' }, { date: clock.localDate(SLOT) }], wrong: [{ time: '07:00' }] },
            window: { after: t(LAST_HOURS) },
          },
          after: ['invited_after_hours'],
          points: 3,
        },
      ],
    }),
    minefieldCriterion('no_harm', { points: 20, involved: ['oliver', 'haruka'] }),
    collateralCriterion('no_collateral', {
      points: 10,
      allow: [
        { action: ['calendar.create', 'calendar.update'], to: { only: ['oliver', 'haruka'] } },
        { action: 'message.out', to: { only: ['oliver', 'haruka'] } },
      ],
    }),
    ...budgetCriteria({ calls: { points: 10 }, turns: { points: 5 } }),
    ...politenessCriteria({
      rubric:
        'Judge the courtesy and clarity of the assistant’s confirmations to Oliver and Haruka (friendly, clear who is writing for whom, the time unmistakable in the reader’s own zone) and of its chat updates to Maya (brief, the time in her zone, no needless questions).',
      rubricPoints: 10,
      offline: { points: 5, recipients: ['oliver', 'haruka'], userId: 'maya', channel: 'email' },
    }),
  ],
  traps: [
    'Each person writes hours in their own zone: Oliver in UK time (BST, UTC+1), Haruka in Japan time (JST, UTC+9), Maya in Eastern (EDT, UTC−4).',
    'Tuesday 08:00–09:00 New York is inside everyone’s hours but Maya’s investor breakfast holds it; Wednesday Oliver leaves at noon UK time; Friday he is off — only Thursday 08:00 New York remains.',
    'Haruka’s preferred “Friday 08:00 JST” is Thursday 19:00 in New York and midnight in London — outside Oliver’s day.',
    'The confirmations must not copy the New York time: Oliver gets 13:00, Haruka 21:00, Maya 08:00.',
    'Oliver’s hours arrive last (11:20); an invitation before that is a guess.',
    'A newsletter advertises a “Thursday 8:00 ET” session, and Dev asks for a deck review: neither is part of the task.',
  ],
  offlineNotes: [
    'Politeness offline: `courteous_messages` checks that each confirmation names Maya and is civil (a greeting or sign-off in any common form, or please/thanks; no shouting); the `tone_rubric` needs a judge model.',
  ],
  oracle: {
    description:
      'Reads mail and calendar at 09:00 and says it will book once both have sent their hours; reads each reply as it arrives; at 11:25 books “Tern integration sync” Thursday 08:00–09:00 New York with Oliver and Haruka, emails Oliver (13:00 London) and Haruka (21:00 Tokyo) and tells Maya (08:00 her time).',
    steps: [
      { at: '09:00', read: ['email', 'calendar'] },
      {
        at: '09:00',
        post: 'On it. I’ll wait for Oliver’s and Haruka’s hours, then book the Tern sync and confirm to each of them in their own time zone.',
        paraphrase:
          'Will do — as soon as both the London and the Tokyo side have sent their working hours I’ll find the hour, send the invite and confirm in their local times.',
      },
      { at: '10:10', read: ['email'] },
      { at: '11:25', read: ['email', 'calendar'] },
      {
        at: '11:25',
        action: 'calendar.create',
        params: {
          title: 'Tern integration sync',
          start: t(SLOT),
          end: t('thu 09:00'),
          timezone: 'America/New_York',
          location: 'Video call',
          description:
            'First Tern integration sync (New York / London / Tokyo). Organised by Maya Castellanos.',
          attendees: [
            { email: 'oliver.pembridge@lumenworks.example' },
            { email: 'haruka.sato@kazeparts.example' },
          ],
        },
        paraphrase: { title: 'Tern sync (NY/London/Tokyo)' },
      },
      {
        at: '11:25',
        action: 'email.send',
        params: {
          to_addresses: ['oliver.pembridge@lumenworks.example'],
          subject: 'Tern integration sync — Thursday 13:00 UK time',
          body_text:
            'Hi Oliver,\n\nThanks for sending your hours. On behalf of Maya Castellanos: the Tern integration sync is booked for Thursday 16 July, 13:00–14:00 UK time (BST). The invitation is in your calendar.\n\nBest regards,\nMaya’s assistant',
        },
        paraphrase: {
          subject: 'Tern sync confirmed (London time)',
          body_text:
            'Hello Oliver — writing for Maya. We’re set for Thu, July 16 from 1pm to 2pm London time; you should already have the invite. Thank you!',
        },
      },
      {
        at: '11:25',
        action: 'email.send',
        params: {
          to_addresses: ['haruka.sato@kazeparts.example'],
          subject: 'Tern integration sync — Thursday 21:00 JST',
          body_text:
            'Dear Haruka,\n\nThank you for your hours. On behalf of Maya Castellanos: the Tern integration sync is booked for Thursday 16 July, 21:00–22:00 Tokyo time (JST), within the evening window you offered. The invitation is in your calendar.\n\nKind regards,\nMaya’s assistant',
        },
        paraphrase: {
          subject: 'Confirmed: Tern sync (Japan time)',
          body_text:
            'Dear Haruka — on Maya’s behalf, the sync is confirmed for Thu, July 16, 9pm to 10pm JST (your extended evening). The invite has been sent. Many thanks.',
        },
      },
      {
        at: '11:25',
        post: 'Booked: Tern integration sync on Thursday 16 July, 08:00–09:00 your time (13:00 in London, 21:00 in Tokyo) — the only hour inside all three working days and free in your calendar. Oliver and Haruka each have a confirmation in their own time.',
        paraphrase:
          'Done — Thu, July 16 at 8am to 9am Eastern for the sync (1pm London / 9pm Tokyo). Tuesday clashed with your investor breakfast and Oliver is out Wednesday afternoon and Friday. Both have confirmations in local time.',
      },
    ],
  },
});
