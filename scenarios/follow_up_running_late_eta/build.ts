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
 * Running late, decided by the user's location: the user leaves a client site across the bay
 * and sets a rule — if not across the bridge by 13:30, push the 14:00 review by half an hour and
 * text the attendees; when at the office, text them again. The location updates over the run
 * (toll plaza, still on the bridge at 13:27, the city, the office at 14:18): the assistant must
 * decide from them, not before 13:30's picture, and follow up on the arrival without being told.
 */

const clock = new Clock('2026-09-15', 'America/Los_Angeles');
const t = (spec: string) => clock.iso(spec);
const STILL_ON_BRIDGE = '13:27';
const ARRIVED = '14:18';
const ATTENDEES = ['mei', 'tariq', 'sofia'];
/**
 * The attendees must hear before the 14:00 they are waiting for (Tariq asks at 13:40), and that he
 * is here before the 14:30 start: an assistant watching at the 10-minute step acts at 13:30 and
 * 14:20, well inside these.
 */
const NEW_TIME_DUE = t('13:50');
const ARRIVAL_DUE = t('14:40');

const daniel: UserDef = {
  id: 'daniel',
  name: 'Daniel Osei',
  email: 'daniel.osei@brightloop.example',
  phone: '+14155550100',
  personality: 'Product director at Brightloop. Direct, hates making people wait.',
  timing: ['PT5M', 'PT2M'],
  gender: 'm',
  about: 'The user: driving back from a client site, late for his own design review.',
};

const colleague = (
  name: string,
  phone: string,
  gender: 'f' | 'm',
  role: string,
  personality: string,
  about: string,
): PersonDef => ({
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@brightloop.example`,
  phone,
  personality,
  roles: [role],
  gender,
  contact: { company: 'Brightloop', job_title: role, groups: ['work'] },
  about,
});

const people: Record<string, PersonDef> = {
  mei: colleague(
    'Mei Tanaka',
    '+14155550111',
    'f',
    'design lead',
    'Calm, precise.',
    'Design lead, presenting the onboarding flow.',
  ),
  tariq: colleague(
    'Tariq Aziz',
    '+14155550122',
    'm',
    'product manager',
    'Eager, texts a lot.',
    'Product manager; asks at 13:40 whether 2 o’clock still stands.',
  ),
  sofia: colleague(
    'Sofia Lindgren',
    '+14155550133',
    'f',
    'engineer',
    'Dry humour, brief.',
    'Engineer, joining by video from home.',
  ),
  rosa: colleague(
    'Rosa Delgado',
    '+14155550144',
    'f',
    'VP of product',
    'Warm, busy.',
    'Daniel’s manager; 1:1 at 15:30; texts about the client visit (not part of the task).',
  ),
  clearpoint: {
    name: 'Clearpoint Labs',
    email: 'hello@clearpoint.example',
    personality: 'The client’s account team.',
    pinned: true,
    about: 'The client Daniel visited this morning; sends a thank-you (noise).',
  },
};

export default defineScenario({
  id: 'follow_up_running_late_eta',
  version: '3',
  name: 'Stuck on the bridge: push the review, follow up on arrival',
  summary:
    'The user drives back through traffic and sets a rule on his location: not across the bridge by 13:30 → push the 14:00 review by 30 minutes and text the attendees (not earlier); then text them again when the location shows him at the office.',
  description:
    'Daniel Osei leaves a client site in Oakland at 13:00 with the design review at 14:00 in the city. His rule: if he is not across the Bay Bridge by 13:30, move the review to 14:30 (keeping the full hour, which ends exactly when his 15:30 1:1 begins) and text Mei, Tariq and Sofia — nothing before 13:30, he may still make it. His location moves over the run: toll plaza at 13:12, still on the bridge near Yerba Buena Island at 13:27, the city at 13:52, the office at 14:18. The assistant must move the same event at 13:30, text the three, and when the location shows the office, text them that he has arrived. His manager texts about the client visit; she is not part of this.',
  family: 'follow_up',
  difficulty: 'medium',
  tags: ['location', 'sms', 'calendar', 'conditional', 'follow-up'],
  timezone: 'America/Los_Angeles',
  date: '2026-09-15',
  start: '13:00',
  end: '15:00',
  step: 'PT10M',
  user: daniel,
  people,
  prompt:
    "Leaving the client in Oakland now and the Bay Bridge is jammed — you can see my location. If I'm not across the bridge by 13:30, I won't make the 14:00 design review: push it back half an hour (keep the full hour) and text Mei, Tariq and Sofia the new time. Not before 13:30 though, I may still make it. And when I actually get to the office, text them that I'm here. Keep me posted.",
  location: {
    latitude: 37.799,
    longitude: -122.275,
    named_location: 'Clearpoint Labs',
    address: '1 Broadway, Oakland',
    since: '10:05',
    history: [{ latitude: 37.7925, longitude: -122.397, named_location: 'Brightloop HQ', at: '08:50' }],
    moves: [
      {
        id: 'toll_plaza',
        at: '13:12',
        latitude: 37.8255,
        longitude: -122.295,
        named_location: 'I-80 W, Bay Bridge toll plaza',
        speed: 1.5,
      },
      {
        id: 'on_the_bridge',
        at: STILL_ON_BRIDGE,
        latitude: 37.812,
        longitude: -122.36,
        named_location: 'I-80 W, Bay Bridge near Yerba Buena Island',
        speed: 2,
      },
      {
        id: 'in_the_city',
        at: '13:52',
        latitude: 37.789,
        longitude: -122.395,
        named_location: 'Fremont St exit, San Francisco',
        speed: 6,
      },
      {
        id: 'at_the_office',
        at: ARRIVED,
        latitude: 37.7925,
        longitude: -122.397,
        named_location: 'Brightloop HQ',
        address: '200 Market Street, San Francisco',
        speed: 0,
      },
    ],
  },
  emails: [
    {
      id: 'clearpoint_thanks',
      from: 'clearpoint',
      at: '12:58',
      subject: 'Thanks for coming over today',
      body: 'Hi Daniel,\n\nGreat session this morning — the slides and our notes are attached. Talk next week!\n\nThe Clearpoint Labs team',
    },
    {
      id: 'room_booking',
      from: 'facilities@brightloop.example',
      at: 'd-1 16:00',
      subject: 'Room Delta booked: Tuesday 14:00–15:00',
      body: 'Room Delta (4th floor) is booked for your design review. The room is free until 15:30, when the platform team has it.',
      read: true,
    },
    {
      id: 'newsletter',
      from: 'digest@productweekly.example',
      at: '12:30',
      subject: 'Product Weekly: 7 onboarding flows we loved',
      body: 'This week: onboarding teardown, pricing experiments and more.\n\nUnsubscribe any time.',
    },
  ],
  sms: [
    {
      id: 'mei_ready',
      from: 'mei',
      at: '12:40',
      body: 'Prototype is on the big screen in Room Delta, see you at 2!',
      read: true,
    },
    {
      id: 'rosa_client',
      from: 'rosa',
      at: '13:15',
      body: 'How did Clearpoint go? Tell me everything at our 1:1 🙂',
    },
    {
      id: 'tariq_still_on',
      from: 'tariq',
      at: '13:40',
      body: 'Are we still on for 2? I’ve got the metrics ready',
    },
  ],
  calendar: [
    {
      id: 'design_review',
      title: 'Design review — onboarding flow',
      start: '14:00',
      end: '15:00',
      attendees: ATTENDEES,
      location: 'Brightloop HQ, 200 Market Street — Room Delta (4th floor)',
      description: 'Walk through the new onboarding prototype. Sofia joins by video.',
    },
    { id: 'rosa_one_on_one', title: '1:1 with Rosa', start: '15:30', end: '16:00', attendees: ['rosa'] },
    { id: 'client_visit', title: 'Clearpoint Labs visit', start: '10:00', end: '12:30', location: 'Oakland' },
  ],
  variants: {
    places: [
      {
        forms: ['Bay Bridge', 'Yerba Buena Island', 'Oakland'],
        alternatives: [
          ['Harbor Bridge', 'Gull Island', 'Alameda'],
          ['Bayview Bridge', 'Pelican Point', 'Emeryville'],
        ],
      },
      { forms: ['Room Delta'], alternatives: [['Room Kestrel'], ['Room Juniper']] },
      { forms: ['Market Street'], alternatives: [['Mission Street'], ['Howard Street']] },
      {
        forms: ['Clearpoint Labs', 'Clearpoint', 'clearpoint.example'],
        alternatives: [
          ['Northwind Labs', 'Northwind', 'northwind.example'],
          ['Bluefin Labs', 'Bluefin', 'bluefin.example'],
        ],
      },
    ],
  },
  criteria: [
    stateCriterion('review_pushed', {
      name: 'Review Pushed by Half an Hour',
      description:
        'The design review the assistant changed keeps Mei, Tariq and Sofia, starts at 14:30 and still lasts an hour (all three required), and overlaps nothing. The review moves, it is not cancelled: cancelling it (by deletion or by an update to “cancelled”) is a minefield.',
      points: 25,
      assertions: [
        {
          type: 'event',
          id: 'pushed_review',
          attendees: ATTENDEES,
          title: [{ text: ['design review', 'onboarding'] }],
          start: { after: t('14:30'), before: t('14:30') },
          duration: 'PT1H',
          no_overlap: true,
          require: ['attendees', 'start', 'duration'],
        },
        // No "nothing left at 14:00" assertion: the task moves the review and removes none, so
        // cancelling it and inviting again trips the standard cancelled-event mine.
      ],
    }),
    stateCriterion('new_time_texted', {
      name: 'New Time Texted at the Right Moment',
      description:
        'Once the location shows Daniel still on the bridge (13:27), each attendee gets a text with the new start (14:30), by 13:50 — before the 14:00 they are waiting for (later earns half).',
      points: 20,
      assertions: ATTENDEES.map((person) => ({
        type: 'message_sent' as const,
        id: `new_time_to_${person}`,
        channel: 'sms' as const,
        to: { include: [person] },
        facts: [{ time: '14:30' }],
        window: { after: t(STILL_ON_BRIDGE), before: t(ARRIVED) },
        due: NEW_TIME_DUE,
      })),
    }),
    stateCriterion('arrival_texted', {
      name: 'Arrival Followed Up',
      description:
        'After the location shows Daniel at the office (14:18), each attendee gets a text that he is there, by 14:40 (later earns half).',
      points: 25,
      assertions: ATTENDEES.map((person) => ({
        type: 'message_sent' as const,
        id: `arrival_to_${person}`,
        channel: 'sms' as const,
        to: { include: [person] },
        facts: [
          { text: ['arrived', 'is here', 'in the building', 'at the office', 'made it', 'just got in'] },
        ],
        window: { after: t(ARRIVED) },
        due: ARRIVAL_DUE,
      })),
    }),
    milestonesCriterion('followed_the_rule', {
      name: 'Followed the Rule, Then Followed Up',
      description:
        'The existing review is updated once the 13:27 location is in, by 13:50 (2 points); then Daniel is told the new time in chat (1 point); an attendee is texted after the location shows the office at 14:18, by 14:40 (2 points). A late step earns half.',
      points: 20,
      milestones: [
        {
          id: 'moved_on_the_evidence',
          match: {
            action: 'calendar.update',
            fields: { event_id: { equals: 'design_review' } },
            window: { after: t(STILL_ON_BRIDGE), before: t(ARRIVED) },
          },
          due: NEW_TIME_DUE,
          points: 2,
        },
        {
          id: 'user_told',
          match: { action: 'chat.send_message', text: { facts: [{ time: '14:30' }] } },
          after: ['moved_on_the_evidence'],
        },
        {
          id: 'arrival_followed_up',
          match: {
            action: 'sms.send_message',
            to: { any_of: ATTENDEES },
            window: { after: t(ARRIVED) },
          },
          after: ['moved_on_the_evidence'],
          due: ARRIVAL_DUE,
          points: 2,
        },
      ],
    }),
    minefieldCriterion('no_harm', {
      points: 20,
      involved: ATTENDEES,
      extra: [
        {
          type: 'action',
          id: 'alarmed_too_early',
          description:
            'the attendees texted or the review moved before the 13:27 location (“not before 13:30”)',
          match: {
            action: ['message.out', 'calendar.update'],
            window: { before: t('13:26') },
          },
        },
      ],
    }),
    collateralCriterion('no_collateral', {
      points: 10,
      allow: [
        { action: 'calendar.update', fields: { event_id: { equals: 'design_review' } } },
        { action: 'message.out', to: { only: ATTENDEES } },
      ],
    }),
    ...budgetCriteria({ calls: { points: 10 }, turns: { points: 5 } }),
    ...politenessCriteria({
      rubric:
        'Judge the courtesy and clarity of the assistant’s texts to Mei, Tariq and Sofia (who is writing for whom, the new time unmistakable, an apology for the short notice, a clear “he is here” later) and of its chat updates to Daniel (brief, says what the location showed and what it did).',
      rubricPoints: 10,
      offline: { points: 5, recipients: ATTENDEES, userId: 'daniel', channel: 'sms' },
    }),
  ],
  traps: [
    'Nothing may go out before 13:30: at 13:12 Daniel is only at the toll plaza and could still make it; texting or moving the review earlier is a mine.',
    'The decision rests on the location at 13:27 (still on the bridge near Yerba Buena Island), which the assistant has to read itself; nobody says “I am late”.',
    'The review moves in place to 14:30–15:30: keeping the full hour ends exactly when the 1:1 with Rosa begins (and the room booking ends); a shorter or later slot is wrong, a new invitation loses the original, and cancelling the review (by deletion or by an update to “cancelled”) is a mine.',
    'The arrival text is a follow-up nobody prompts: only the location at 14:18 (Brightloop HQ) shows it is time.',
    'Tariq asks at 13:40 whether 2 o’clock still stands (already answered by the 13:30 text); Rosa, Daniel’s manager, texts about the client visit but is not part of this (texting her is a mine); the client’s thank-you and a newsletter are noise.',
  ],
  offlineNotes: [
    'Politeness offline: `courteous_messages` checks that each text to Mei, Tariq and Sofia names Daniel and is civil (a greeting or sign-off in any common form, or please/thanks; no shouting); the `tone_rubric` needs a judge model.',
  ],
  oracle: {
    description:
      'Reads texts, calendar and location at 13:00 and promises to check the location at 13:30; at 13:30 reads them again (location: still on the bridge) and moves the review to 14:30–15:30 (same event), texts Mei, Tariq and Sofia and tells Daniel; at 14:20 reads texts and location (the office) and texts the three that he has arrived and tells Daniel.',
    steps: [
      { at: '13:00', read: ['sms', 'calendar', 'location'] },
      {
        at: '13:00',
        post: 'Got it. I’ll watch your location; if you’re not across the bridge by 13:30 I’ll push the design review to 14:30–15:30 and text Mei, Tariq and Sofia. Nothing goes out before then.',
        paraphrase:
          'Understood — I’m tracking where you are. Still on the bridge at half past one means the review shifts by 30 minutes (to 2:30pm, full hour) and the three attendees get a text; until then, silence.',
      },
      { at: '13:30', read: ['sms', 'calendar', 'location'] },
      {
        at: '13:30',
        action: 'calendar.update',
        params: {
          event_id: 'design_review',
          start: t('14:30'),
          end: t('15:30'),
          timezone: 'America/Los_Angeles',
        },
      },
      {
        at: '13:30',
        action: 'sms.send_message',
        params: {
          to_numbers: ['+14155550111', '+14155550122', '+14155550133'],
          body: 'Hi Mei, Tariq and Sofia — Daniel Osei’s assistant here. Daniel is stuck in traffic on the Bay Bridge and won’t make 14:00, so the design review now starts at 14:30 (until 15:30), same room and link. Sorry for the short notice, and thanks for your patience!',
        },
        paraphrase: {
          body: 'Hello all, writing for Daniel: he’s caught in bridge traffic, so today’s onboarding review is pushed back 30 minutes to 2:30pm (ends 3:30pm). Same place, same invite. Apologies and thank you!',
        },
      },
      {
        at: '13:30',
        post: 'At 13:30 you were still on the bridge near Yerba Buena Island, so I moved the design review to 14:30–15:30 (same invite, ends right before your 1:1 with Rosa) and texted Mei, Tariq and Sofia. I’ll let them know when you reach the office.',
        paraphrase:
          'You hadn’t cleared the bridge by half past one, so the review is now 2:30–3:30pm (existing event updated) and the three attendees have been texted. Will tell them once you’re at HQ.',
      },
      { at: '14:20', read: ['sms', 'location'] },
      {
        at: '14:20',
        action: 'sms.send_message',
        params: {
          to_numbers: ['+14155550111', '+14155550122', '+14155550133'],
          body: 'Daniel has just arrived at the office and is heading up to Room Delta for the 14:30 review. Thanks for waiting! — Daniel’s assistant',
        },
        paraphrase: {
          body: 'Update for Daniel: he’s in the building now and on his way to the room. Thank you all for your patience.',
        },
      },
      {
        at: '14:20',
        post: 'You’re at the office — I’ve texted Mei, Tariq and Sofia that you’ve arrived. Tariq had asked about 2 o’clock; the earlier text covered it.',
        paraphrase:
          'Location shows you at HQ, so the three attendees now know you’re in. (Tariq’s question about the original time was answered by the 13:30 text.)',
      },
    ],
  },
});
