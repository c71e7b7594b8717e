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
 * A recurring 1:1: the user asks for a weekly series with a new report, starting next week, that
 * never clashes with her own recurring meetings. Next Thursday afternoon looks wide open — the
 * weekly leadership sync is skipped that week and the fortnightly hiring committee is on its off
 * week — so only reading the series themselves leaves the one safe hour. The check asks for a
 * weekly rule on Thursdays with no end, starting at that hour.
 */

const clock = new Clock('2026-09-14', 'America/Los_Angeles');
const t = (spec: string) => clock.iso(spec);
/** Thursday of next week (day 0 is a Monday). */
const FIRST = 'd10 15:00';
const PREFERENCE_AT = '10:20';
/** The weekday of the series, as people write it (a weekday, not one date: it repeats). */
const THURSDAYS = { text: ['thursday', 'thu', 'thurs'] };

const nadia: UserDef = {
  id: 'nadia',
  name: 'Nadia Okafor',
  email: 'nadia.okafor@quillstack.example',
  phone: '+14155550100',
  personality: 'Engineering director at Quillstack. Warm, decisive, protective of her calendar.',
  timing: ['PT10M', 'PT5M'],
  gender: 'f',
  about: 'The user: engineering director welcoming a new report.',
};

const people: Record<string, PersonDef> = {
  tobias: {
    name: 'Tobias Lindqvist',
    email: 'tobias.lindqvist@quillstack.example',
    phone: '+14155550111',
    personality: 'New staff engineer joining next week. Thoughtful, writes tidy emails.',
    roles: ['new staff engineer'],
    knows: {
      availability: 'Thursday afternoons; Tuesdays in the hardware lab; Spanish class Thursdays 16:00–17:00',
    },
    gender: 'm',
    contact: { company: 'Quillstack', job_title: 'Staff engineer', groups: ['work'] },
    about: 'New report starting next week; emails his preferences at 10:20.',
  },
  grace: {
    name: 'Grace Whitmore',
    email: 'grace.whitmore@quillstack.example',
    personality: 'CTO. Brief and to the point.',
    roles: ['CTO'],
    gender: 'f',
    contact: { company: 'Quillstack', job_title: 'CTO', groups: ['work'] },
    about: 'CTO; organises the weekly leadership sync (skipped next week).',
  },
  omar: {
    name: 'Omar Haddad',
    email: 'omar.haddad@quillstack.example',
    personality: 'Recruiting lead. Cheerful.',
    roles: ['recruiting lead'],
    gender: 'm',
    contact: { company: 'Quillstack', job_title: 'Recruiting lead', groups: ['work'] },
    about: 'Recruiting lead; organises the fortnightly hiring committee and sends onboarding notes.',
  },
};

export default defineScenario({
  id: 'scheduling_weekly_one_on_one_series',
  version: '2',
  name: 'Weekly 1:1 with a new report, around recurring meetings',
  summary:
    'Set up a weekly 1:1 series from next week on the afternoon the new report prefers, avoiding recurring meetings that happen to be skipped or off-week next week; the result must be a weekly rule, not one meeting.',
  description:
    'Nadia Okafor asks her assistant for a weekly one-hour 1:1 with Tobias, her new report, starting next week, on the afternoon he prefers (he emails at 10:20: Thursday afternoons; Spanish class 16:00–17:00), never clashing with her recurring meetings. Next Thursday 13:00–16:00 looks free, but the weekly leadership sync (13:00) is only skipped that week and the fortnightly hiring committee (14:00) is on its off week. Only Thursday 15:00–16:00 is safe every week. The assistant creates a weekly series with no end, invites Tobias with a short note and tells Nadia.',
  family: 'scheduling',
  difficulty: 'medium',
  tags: ['calendar', 'email', 'recurrence'],
  timezone: 'America/Los_Angeles',
  date: '2026-09-14',
  start: '09:00',
  end: '15:00',
  step: 'PT30M',
  user: nadia,
  people,
  prompt:
    "Tobias joins my team next week. Please set up a weekly one-hour 1:1 with him, starting next week and repeating every week with no end date, on the afternoon he prefers — he'll email me his preferences this morning. Afternoon means 1pm to 5pm for me. It must never clash with any of my recurring meetings, in any week, not just next week. Send him the invite with a short note, then tell me here when it is.",
  emails: [
    {
      id: 'onboarding',
      from: 'omar',
      at: 'd-3 11:15',
      subject: 'Tobias starts Monday — onboarding notes',
      body: 'Hi Nadia,\n\nTobias Lindqvist starts Monday. Laptop pickup is Monday 9:00, security training Wednesday 10:00. Let me know if you need anything else.\n\nOmar',
      read: true,
    },
    {
      id: 'leadership_skip',
      from: 'grace',
      at: 'd-2 09:30',
      subject: 'No leadership sync next Thursday',
      body: 'All — we skip next Thursday’s leadership sync (I’m at the board offsite). Back to normal the week after.\n\nGrace',
      read: true,
    },
    {
      id: 'newsletter',
      from: 'news@eng-leaders.example',
      at: '09:45',
      subject: 'Eng Leaders Digest: the perfect 1:1 cadence',
      body: 'Weekly or fortnightly? Our survey of 400 managers, plus a template for your first 1:1.\n\nUnsubscribe at any time.',
    },
    {
      id: 'tobias_preferences',
      from: 'tobias',
      at: PREFERENCE_AT,
      subject: 'Our weekly 1:1',
      body: 'Hi Nadia,\n\nLooking forward to starting! For our 1:1: Thursday afternoons suit me best — Tuesdays I’m in the hardware lab all day. One constraint: I have a Spanish class every Thursday from 16:00 to 17:00.\n\nThanks,\nTobias',
      thread: 'thread-tobias-1on1',
    },
  ],
  calendar: [
    {
      id: 'leadership_sync',
      title: 'Leadership sync',
      start: 'd-60 13:00',
      end: 'd-60 14:00',
      organizer: 'grace',
      attendees: ['nadia'],
      responses: { nadia: 'accepted' },
      recurrence: { frequency: 'weekly', interval: 1, days_of_week: ['thursday'] },
      exceptions: [clock.localDate('d10 13:00')],
    },
    {
      id: 'hiring_committee',
      title: 'Hiring committee',
      start: 'd-53 14:00',
      end: 'd-53 15:00',
      organizer: 'omar',
      attendees: ['nadia'],
      responses: { nadia: 'accepted' },
      recurrence: { frequency: 'weekly', interval: 2, days_of_week: ['thursday'] },
    },
    {
      id: 'vendor_qbr',
      title: 'Vendor QBR — Cloudmesh',
      start: 'thu 15:00',
      end: 'thu 16:00',
      location: 'Zoom',
    },
    {
      id: 'lunch_grace',
      title: 'Lunch with Grace',
      start: 'd10 12:00',
      end: 'd10 13:00',
      attendees: ['grace'],
    },
    {
      id: 'staff_meeting',
      title: 'Eng staff meeting',
      start: 'd-6 10:00',
      end: 'd-6 11:00',
      recurrence: { frequency: 'weekly', interval: 1, days_of_week: ['tuesday'] },
    },
  ],
  criteria: [
    stateCriterion('series_booked', {
      name: 'Weekly Series at the Safe Hour',
      description:
        'An event the assistant created with Tobias invited, about the 1:1, first on Thursday of next week at 15:00, one hour long, repeating weekly on Thursdays with no end, overlapping nothing (attendees, start and the weekly rule are required).',
      points: 45,
      assertions: [
        {
          type: 'event',
          id: 'one_on_one_series',
          attendees: ['tobias'],
          title: [{ any: [{ person: 'tobias' }, { text: ['1:1', 'one-on-one', '1-on-1', 'one on one'] }] }],
          start: { after: t(FIRST), before: t(FIRST) },
          duration: 'PT1H',
          no_overlap: true,
          recurrence: { frequency: 'weekly', interval: 1, days_of_week: ['thursday'], end_type: 'never' },
          require: ['attendees', 'start', 'recurrence'],
        },
      ],
    }),
    stateCriterion('note_to_tobias', {
      name: 'Note to Tobias',
      description:
        'A note to Tobias — an email, or the invitation’s own note — stating the time, 15:00 (three times the weight), Thursdays and that it repeats weekly.',
      points: 15,
      assertions: [
        {
          type: 'message_sent',
          id: 'tobias_note',
          // "Send him the invite with a short note": the note may be the invitation's description.
          channel: ['email', 'invite'],
          to: { include: ['tobias'] },
          // When it is, above all: "Thursday" and "weekly" are words a pasted prompt carries too.
          facts: [{ time: '15:00', weight: 3 }, THURSDAYS, { text: ['weekly', 'every week', 'each week'] }],
        },
      ],
    }),
    milestonesCriterion('waited_then_reported', {
      name: 'Waited for His Preferences, Then Reported',
      description:
        'The weekly series invitation goes out only after Tobias’s preferences arrived (10:20); then Nadia is told the day and time in chat.',
      points: 15,
      milestones: [
        {
          id: 'invited_after_preferences',
          // The series itself: an invitation with a weekly rule (not any one-off invite to him).
          match: {
            action: 'invite.out',
            to: { include: ['tobias'] },
            fields: { recurrence: { contains: 'weekly' } },
            window: { after: t(PREFERENCE_AT) },
          },
          points: 2,
        },
        {
          id: 'user_told',
          match: { action: 'chat.send_message', text: { facts: [{ time: '15:00' }, THURSDAYS] } },
          after: ['invited_after_preferences'],
        },
      ],
    }),
    // The standard set covers deleting or cancelling any of Nadia's meetings; an event the
    // assistant itself created by mistake may be removed.
    minefieldCriterion('no_harm', { points: 20, involved: ['tobias'] }),
    collateralCriterion('no_collateral', {
      points: 10,
      allow: [
        { action: 'calendar.create', to: { only: ['tobias'] } },
        { action: 'message.out', to: { only: ['tobias'] } },
      ],
    }),
    ...budgetCriteria({ calls: { points: 10 }, turns: { points: 5 } }),
    ...politenessCriteria({
      rubric:
        'Judge the warmth and clarity of the note to Tobias (a welcome, who is writing for whom, the day, time and weekly cadence) and of the chat report to Nadia (brief, says why the earlier Thursday hours were not safe).',
      rubricPoints: 10,
      offline: { points: 5, recipients: ['tobias'], userId: 'nadia', channel: ['email', 'invite'] },
    }),
  ],
  traps: [
    'Next Thursday 13:00–16:00 looks free: the weekly leadership sync (13:00) has an exception that week only, and the fortnightly hiring committee (14:00) is on its off week. A series at 13:00 or 14:00 clashes from the week after.',
    'Tobias’s Spanish class (16:00–17:00) and the 13:00–17:00 afternoon leave 15:00–16:00 as the only safe hour.',
    'This week’s Thursday 15:00 is taken by a one-off vendor QBR: the series starts next week, as asked.',
    'It must be a weekly rule with no end, not one meeting nor a handful of copies.',
    'Tuesdays are out (Tobias is in the lab) even though Nadia’s Tuesday afternoons are free.',
    'Tobias’s preferences arrive at 10:20; inviting before is a guess.',
  ],
  offlineNotes: [
    'Politeness offline: `courteous_messages` checks that the note to Tobias names Nadia and is civil (a greeting or sign-off in any common form, or please/thanks; no shouting); the `tone_rubric` needs a judge model.',
  ],
  oracle: {
    description:
      'Reads mail and calendar at 09:00 and says it will book once Tobias has written; at 10:30 reads his preferences, creates “Nadia / Tobias 1:1” from next Thursday 15:00–16:00, weekly on Thursdays with no end, invites him with a short welcome note and tells Nadia why 13:00 and 14:00 were not safe.',
    steps: [
      { at: '09:00', read: ['email', 'calendar'] },
      {
        at: '09:00',
        post: 'Will do. I’ll wait for Tobias’s preferences, then set up the weekly series around all of your recurring meetings.',
        paraphrase:
          'On it — once your new staff engineer has sent his preferred afternoon, I’ll book a repeating weekly 1:1 that avoids every recurring meeting of yours.',
      },
      { at: '10:30', read: ['email', 'calendar'] },
      {
        at: '10:30',
        action: 'calendar.create',
        params: {
          title: 'Nadia / Tobias 1:1',
          start: t(FIRST),
          end: t('d10 16:00'),
          timezone: 'America/Los_Angeles',
          description: 'Weekly 1:1 between Nadia Okafor and Tobias Lindqvist.',
          attendees: [{ email: 'tobias.lindqvist@quillstack.example' }],
          recurrence: { frequency: 'weekly', interval: 1, days_of_week: ['thursday'], end_type: 'never' },
        },
        paraphrase: { title: 'Weekly one-on-one: Tobias' },
      },
      {
        at: '10:30',
        action: 'email.send',
        params: {
          to_addresses: ['tobias.lindqvist@quillstack.example'],
          subject: 'Our weekly 1:1 — Thursdays 15:00',
          body_text:
            'Hi Tobias,\n\nWelcome aboard! On behalf of Nadia Okafor I’ve set up your weekly 1:1 on Thursdays, 15:00–16:00, starting next week — it ends before your Spanish class. The invitation is in your calendar.\n\nThanks,\nNadia’s assistant',
        },
        paraphrase: {
          subject: 'Weekly 1:1 with Nadia',
          body_text:
            'Hello Tobias — writing for Nadia. Your one-on-one is every week on Thursday from 3pm to 4pm, first one next week, clear of your class. Please accept the invite when you can. Welcome!',
        },
      },
      {
        at: '10:30',
        post: 'Booked: a weekly 1:1 with Tobias on Thursdays 15:00–16:00, starting next week, no end date, invite and note sent. 13:00 and 14:00 look free next Thursday only because the leadership sync is skipped and the hiring committee is on its off week; 16:00 is his Spanish class.',
        paraphrase:
          'Done — your one-on-one with your new staff engineer repeats every Thursday at 3pm (an hour), first session next week, no end date. The earlier afternoon hours clash with the leadership sync and the fortnightly hiring committee in other weeks.',
      },
    ],
  },
});
