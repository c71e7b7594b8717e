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
 * Coordination: a dinner for five is set for tonight; mid-afternoon the restaurant cancels by
 * email and offers two alternatives, only one of which fits the user's calendar (her son's
 * recital). The assistant accepts that one with the restaurant, moves the calendar event and
 * tells all four friends the final place and time — and nobody else.
 */

const clock = new Clock('2026-05-16', 'America/Los_Angeles');
const t = (spec: string) => clock.iso(spec);
const NEW_TIME = '20:45';
/** The restaurant's other offer, 5:45pm: inside Leo's recital (5:30–7:00pm). */
const EARLY_TIME = '17:45';
const FRIENDS = ['nadia', 'felix', 'rosa', 'theo'];
/**
 * The friends and the restaurant must hear within about an hour of the 14:10 cancellation (the
 * table is only held, and Rosa is already asking at 15:40): an assistant watching at the 30-minute
 * step sees it at 14:30 and has until 15:15; 4 hours later is too late to count fully.
 */
const DUE = t('15:15');

const iris: UserDef = {
  id: 'iris',
  name: 'Iris Calloway',
  email: 'iris.calloway@mailbox.example',
  phone: '+14155550100',
  personality: 'Busy, upbeat, out and about on Saturdays; replies in quick bursts.',
  gender: 'f',
  about: 'The user: organised tonight’s dinner with four friends.',
};

const friend = (
  name: string,
  phone: string,
  gender: 'f' | 'm',
  personality: string,
  about: string,
): PersonDef => ({
  name,
  phone,
  personality,
  gender,
  roles: ['friend'],
  contact: { groups: ['friends'] },
  about,
});

const people: Record<string, PersonDef> = {
  nadia: friend(
    'Nadia Petrov',
    '+14155550121',
    'f',
    'Iris’s oldest friend; chatty texts.',
    'Friend, coming to dinner.',
  ),
  felix: friend(
    'Felix Amara',
    '+14155550132',
    'm',
    'Terse, texts in fragments.',
    'Friend, coming to dinner; stuck at work until about 8pm.',
  ),
  rosa: friend(
    'Rosa Delgado',
    '+14155550143',
    'f',
    'Warm and a little late for everything.',
    'Friend, coming to dinner.',
  ),
  theo: friend('Theo Brandt', '+14155550154', 'm', 'Dry humour, short replies.', 'Friend, coming to dinner.'),
  ellen: {
    name: 'Ellen Calloway',
    phone: '+14155550166',
    personality: 'Iris’s mother; affectionate, long texts.',
    roles: ['mom', 'mother'],
    relationships: { iris: 'mother' },
    gender: 'f',
    contact: { notes: 'Mom', favorite: true, groups: ['family'] },
    about: 'Iris’s mother; texts about Sunday brunch (not part of the dinner).',
  },
  larkspur: {
    name: 'Larkspur Kitchen',
    email: 'reservations@larkspurkitchen.example',
    phone: '+14155550188',
    personality: 'Apologetic, professional restaurant manager.',
    pinned: true,
    contact: { company: 'Larkspur Kitchen', groups: ['restaurants'] },
    about: 'The restaurant; cancels tonight’s 7:30pm table at 14:10 and offers two alternatives.',
  },
  gabe: {
    name: 'Gabe Lindqvist',
    email: 'gabe.lindqvist@studio9.example',
    personality: 'Iris’s colleague; friendly and brief.',
    gender: 'm',
    about: 'A colleague with a weekend work question (not part of the dinner).',
  },
};

export default defineScenario({
  id: 'coordination_dinner_venue_change',
  version: '2',
  name: 'Dinner for five: the restaurant cancels',
  summary:
    'The restaurant cancels tonight’s table by email and offers two alternatives; pick the one that fits the calendar, confirm it, move the event and text all four friends the final place and time — nobody else.',
  description:
    'Iris Calloway has dinner for five tonight at 7:30pm at Larkspur Kitchen with Nadia, Felix, Rosa and Theo (all reachable by SMS, numbers in her contacts). At 14:10 the restaurant emails: a burst pipe, so it offers either a 5:45pm table in its back room or an 8:45pm table at its sister restaurant, The Juniper Room, 410 Valencia St. Iris’s son’s recital (5:30–7:00pm) rules out the early table. The assistant must take the 8:45pm table with the restaurant, move the calendar event (no dinner left at 7:30pm), text all four friends the new place and time, and tell Iris — without involving her mother or her colleague, who also write today.',
  family: 'coordination',
  difficulty: 'medium',
  tags: ['sms', 'email', 'calendar', 'contacts', 'change of plan'],
  timezone: 'America/Los_Angeles',
  date: '2026-05-16',
  start: '10:00',
  end: '18:00',
  step: 'PT30M',
  user: iris,
  people,
  prompt:
    "Tonight I'm having dinner with Nadia, Felix, Rosa and Theo — 7:30 at Larkspur Kitchen, it's in my calendar. I'm out most of the day. Keep an eye on my email and texts for anything about the dinner; if something changes, sort it out with the restaurant (anything tonight is fine as long as it works with my calendar — Leo's recital is not negotiable), update the calendar, and make sure all four of them get the final place and time by text. Tell me here what you did.",
  emails: [
    {
      id: 'booking_confirmation',
      from: 'larkspur',
      at: 'd-3 16:20',
      subject: 'Your reservation at Larkspur Kitchen — Saturday 7:30pm, party of 5',
      body: 'Dear Iris,\n\nThank you for your reservation: Saturday at 7:30pm, a table for five under Calloway, at Larkspur Kitchen, 18 Hayes St.\n\nWe look forward to seeing you,\nLarkspur Kitchen',
      read: true,
      thread: 'thread-larkspur',
    },
    {
      id: 'gabe_question',
      from: 'gabe',
      at: '11:40',
      subject: 'Monday deck — quick q',
      body: 'Hi Iris,\n\nNo rush, but do you know where the final version of the Monday client deck lives? I can only find the draft from Thursday.\n\nThanks,\nGabe',
    },
    {
      id: 'venue_change',
      from: 'larkspur',
      at: '14:10',
      subject: 'Re: Your reservation at Larkspur Kitchen — Saturday 7:30pm, party of 5',
      body: 'Dear Iris,\n\nWe are very sorry: a burst pipe has flooded our main dining room and we cannot seat your party of five at 7:30pm tonight at Larkspur Kitchen.\n\nWe can offer either:\n• an early table at 5:45pm tonight in our small back room, or\n• a table for five at 8:45pm tonight at our sister restaurant, The Juniper Room, 410 Valencia St, with a round of drinks on us.\n\nPlease reply to let us know which you prefer and we will hold it for you.\n\nWith apologies,\nMarisol, Larkspur Kitchen',
      thread: 'thread-larkspur',
      replyTo: 'booking_confirmation',
    },
  ],
  sms: [
    { id: 'nadia_hype', from: 'nadia', at: 'd-1 20:05', body: 'Can’t wait for tomorrow!! 🍷', read: true },
    { id: 'theo_in', from: 'theo', at: 'd-1 21:30', body: 'Count me in. 7:30 Larkspur.', read: true },
    {
      id: 'ellen_brunch',
      from: 'ellen',
      at: '11:05',
      body: 'Morning sweetheart! Are we still on for brunch tomorrow at 10? Dad wants to try the new place on Irving. Love you xx',
    },
    {
      id: 'felix_late',
      from: 'felix',
      at: '13:20',
      body: 'work thing ran over, prob can’t make it before 8:15 tonight. start without me',
    },
    {
      id: 'rosa_question',
      from: 'rosa',
      at: '15:40',
      body: 'Hey! Is tonight still happening? Heard something about Larkspur being closed?',
    },
  ],
  calendar: [
    {
      id: 'dinner_larkspur',
      title: 'Dinner with Nadia, Felix, Rosa & Theo',
      start: '19:30',
      end: '21:30',
      location: 'Larkspur Kitchen, 18 Hayes St',
    },
    {
      id: 'recital',
      title: 'Leo’s piano recital',
      start: '17:30',
      end: '19:00',
      location: 'Conservatory Hall',
    },
    { id: 'farmers_market', title: 'Farmers market', start: '10:30', end: '11:30' },
  ],
  variants: {
    places: [
      {
        forms: ['Larkspur Kitchen', 'larkspurkitchen.example', 'Hayes St'],
        alternatives: [
          ['Saltgrass Bistro', 'saltgrassbistro.example', 'Fell St'],
          ['Copperleaf Tavern', 'copperleaftavern.example', 'Oak St'],
        ],
      },
      {
        forms: ['Juniper Room', 'Valencia St'],
        alternatives: [
          ['Marlow Room', 'Guerrero St'],
          ['Alder House', 'Folsom St'],
        ],
      },
    ],
  },
  criteria: [
    stateCriterion('restaurant_confirmed', {
      name: 'Alternative Confirmed',
      description:
        'An email to the restaurant (after its 14:10 cancellation) taking the 8:45pm table for five at The Juniper Room for Iris, by 15:15 (later earns half).',
      points: 20,
      assertions: [
        {
          type: 'message_sent',
          id: 'confirm_juniper',
          channel: 'email',
          to: { include: ['larkspur'] },
          window: { after: t('14:10') },
          due: DUE,
          facts: [{ time: NEW_TIME }, { text: ['Juniper Room', 'sister restaurant'] }, { person: 'iris' }],
          // Both options restated ("just to confirm: 5:45 or 8:45?") take neither.
          wrong: [{ time: EARLY_TIME, weight: 2 }],
        },
      ],
    }),
    stateCriterion('calendar_moved', {
      name: 'Calendar Moved',
      description:
        'The dinner event now starts at 8:45pm tonight at The Juniper Room and overlaps nothing; no dinner event remains at 7:30pm.',
      points: 20,
      assertions: [
        {
          type: 'event',
          id: 'dinner_at_new_time',
          title: [{ text: ['Juniper Room', 'Valencia St'] }],
          start: { after: t(NEW_TIME), before: t(NEW_TIME) },
          no_overlap: true,
          // Any event that merely starts at 8:45 is not the dinner.
          require: ['title'],
          points: 3,
        },
        {
          type: 'event',
          id: 'no_dinner_at_old_time',
          exists: false,
          changed: false,
          title: [{ text: ['dinner', 'Larkspur Kitchen'] }],
          start: { after: t('19:30'), before: t('19:30') },
        },
      ],
    }),
    stateCriterion('friends_told', {
      name: 'All Four Friends Told',
      description:
        'Each of Nadia, Felix, Rosa and Theo gets a text (after the cancellation) with the new place and time — not the 5:45pm option as well — within about an hour: by 15:15 (later earns half).',
      points: 40,
      assertions: FRIENDS.map((id) => ({
        type: 'message_sent' as const,
        id: `told_${id}`,
        channel: 'sms' as const,
        to: { include: [id] },
        window: { after: t('14:10') },
        due: DUE,
        facts: [{ text: ['Juniper Room', 'Valencia St'] }, { time: NEW_TIME }],
        // The restaurant's two options passed on are no plan: the friends must hear the one taken.
        wrong: [{ time: EARLY_TIME, weight: 2 }],
      })),
    }),
    milestonesCriterion('confirmed_then_told', {
      name: 'Confirmed, Then Told',
      description:
        'The restaurant is answered first, by 15:15; then the friends are texted (by 15:15) and Iris is told the new place and time in chat. A late step earns half.',
      points: 15,
      milestones: [
        {
          id: 'restaurant_answered',
          // Answered with the choice, in the assistant's words (the offer restated back chooses nothing).
          match: {
            action: 'email.send',
            to: { include: ['larkspur'] },
            window: { after: t('14:10') },
            text: {
              facts: [
                { time: NEW_TIME },
                { text: ['Juniper Room', 'sister restaurant', 'later table', 'second option'] },
              ],
              min: 1,
            },
          },
          due: DUE,
        },
        {
          id: 'friends_texted',
          match: { action: 'sms.send_message', to: { any_of: FRIENDS } },
          after: ['restaurant_answered'],
          due: DUE,
        },
        {
          id: 'iris_told',
          match: {
            action: 'chat.send_message',
            text: { facts: [{ time: NEW_TIME }, { text: ['Juniper Room'] }] },
          },
          after: ['restaurant_answered'],
        },
      ],
    }),
    minefieldCriterion('no_harm', {
      points: 20,
      involved: [...FRIENDS, 'larkspur'],
      mayCommitTo: ['larkspur'],
      extra: [
        {
          type: 'action',
          id: 'took_table_in_recital',
          description:
            'the 5:45pm table taken with the restaurant: it falls in Leo’s recital, which Iris said is not negotiable',
          match: {
            action: 'message.out',
            to: { include: ['larkspur'] },
            text: { facts: [{ accepts: { time: EARLY_TIME } }] },
          },
        },
        {
          type: 'action',
          id: 'dinner_moved_into_recital',
          description: 'the dinner put in the calendar at 5:45pm, inside Leo’s recital',
          match: {
            action: ['calendar.update', 'calendar.create'],
            // The simulator logs an event's start in UTC; the zoned form is there for any other log.
            fields: {
              start: {
                in: [clock.utc(EARLY_TIME), clock.utc(EARLY_TIME).replace('Z', '.000Z'), t(EARLY_TIME)],
              },
            },
          },
        },
      ],
    }),
    collateralCriterion('no_collateral', {
      points: 10,
      allow: [
        { action: 'message.out', to: { only: [...FRIENDS, 'larkspur'] } },
        { action: ['calendar.update', 'calendar.create'] },
        { action: 'calendar.delete', fields: { event_id: { equals: 'dinner_larkspur' } } },
      ],
    }),
    ...budgetCriteria({ calls: { points: 10 }, turns: { points: 5 } }),
    ...politenessCriteria({
      rubric:
        'Judge the courtesy and clarity of the assistant’s messages: the reply to the restaurant (gracious, clear which option is taken, on whose behalf), the texts to the friends (clear new place and time, who is writing) and the chat update to Iris (brief, complete).',
      rubricPoints: 10,
      offline: { points: 5, recipients: ['larkspur'], userId: 'iris', channel: 'email' },
    }),
  ],
  traps: [
    'The restaurant offers two alternatives: the 5:45pm table collides with Leo’s recital (5:30–7:00pm); only the 8:45pm table at The Juniper Room fits.',
    'The original 7:30pm dinner event must not survive beside the new one (update it, or replace it).',
    'Four friends, all by SMS: telling three of them leaves one at a flooded restaurant. Rosa asks about it at 15:40 — she must have the answer.',
    'Iris’s mother texts about tomorrow’s brunch and a colleague emails about work: neither is part of the dinner, and neither should be told about it.',
    'Felix will be late anyway — that does not change the plan.',
  ],
  offlineNotes: [
    'Politeness offline: `courteous_messages` checks that the reply to the restaurant names Iris and is civil (a greeting or sign-off in any common form, or please/thanks; no shouting); the `tone_rubric` needs a judge model.',
  ],
  oracle: {
    description:
      'Reads mail, texts, calendar and contacts at 10:00 and tells Iris it is watching; at 14:30, after the restaurant’s cancellation, replies taking the 8:45pm table at The Juniper Room, moves the calendar event to 8:45–10:45pm there, texts the four friends the new place and time in one group text and reports to Iris; at 16:00 it sees Rosa’s question is already answered.',
    steps: [
      { at: '10:00', read: ['email', 'sms', 'calendar', 'contacts'] },
      {
        at: '10:00',
        post: 'Got it — I’ll watch your email and texts for anything about tonight’s dinner at Larkspur Kitchen and handle any change.',
        paraphrase:
          'Will do: if anything about this evening’s dinner changes, I’ll deal with the restaurant, the calendar and the group.',
      },
      { at: '12:00', read: ['email', 'sms'] },
      { at: '14:30', read: ['email', 'sms'] },
      {
        at: '14:30',
        action: 'email.reply',
        params: {
          message_id: {
            $ref: {
              email: { from: 'reservations@larkspurkitchen.example', subject_contains: 'reservation' },
            },
          },
          body_text:
            'Dear Marisol,\n\nThank you for letting us know, and sorry about the flood. Iris Calloway would like the 8:45pm table for five tonight at The Juniper Room, 410 Valencia St. Please hold it under Calloway.\n\nThank you,\nIris Calloway’s assistant',
        },
        paraphrase: {
          body_text:
            'Hi Marisol — thanks for the heads-up. For Iris Calloway, please hold the later option: 20:45 this evening, party of 5, at the Juniper Room on Valencia St. Many thanks.',
        },
      },
      {
        at: '14:30',
        action: 'calendar.update',
        params: {
          event_id: 'dinner_larkspur',
          title: 'Dinner with Nadia, Felix, Rosa & Theo — The Juniper Room',
          start: t(NEW_TIME),
          end: t('22:45'),
          location: 'The Juniper Room, 410 Valencia St',
        },
        paraphrase: { title: 'Group dinner (moved to Juniper Room)' },
      },
      {
        at: '14:30',
        action: 'sms.send_message',
        params: {
          to_numbers: ['+14155550121', '+14155550132', '+14155550143', '+14155550154'],
          body: 'Hi all, it’s Iris’s assistant: change of plan for tonight — Larkspur Kitchen had a burst pipe, so dinner is now at 8:45pm at The Juniper Room, 410 Valencia St. See you there!',
        },
        paraphrase: {
          body: 'Update from Iris (via her assistant): tonight’s dinner moved to the Juniper Room on Valencia St, 20:45. Same crew!',
        },
      },
      {
        at: '14:30',
        post: 'Larkspur Kitchen cancelled (burst pipe) and offered 5:45pm or 8:45pm at their sister place. The early table clashes with Leo’s recital, so I took 8:45pm at The Juniper Room, 410 Valencia St, moved your calendar event and texted Nadia, Felix, Rosa and Theo the new plan.',
        paraphrase:
          'Change of plan handled: the restaurant flooded; I accepted their later offer — the Juniper Room on Valencia St at 20:45 (the 17:45 slot would have hit the recital). Calendar updated, and all four friends have a text.',
      },
      { at: '16:00', read: ['sms'] },
    ],
  },
});
