import {
  leftOut,
  Clock,
  COURTESY,
  budgetCriteria,
  collateralCriterion,
  defineScenario,
  deliverableCriteria,
  milestonesCriterion,
  minefieldCriterion,
  type Criterion,
  type PersonDef,
  type UserDef,
} from '../_kit/index.js';

/**
 * A traveller's morning brief: the user lives in London (his calendar's zone) and wakes up in a
 * New York hotel. He asks for one brief in chat: the weather outside (where he is, not at home),
 * today's calendar in local time (a London call falls at 09:00 New York time; tonight's flight is
 * "tomorrow" in London time), and the urgent messages; noise and tomorrow's dentist left out.
 */

const clock = new Clock('2026-02-03', 'Europe/London');
const t = (spec: string) => clock.iso(spec);
/** New York local times of day 0 (EST, UTC−5): the calendar still stores them in UTC. */
const ny = (time: string, day = 3) => `2026-02-0${day}T${time}:00-05:00`;
const DEADLINE = '12:20';

const oliver: UserDef = {
  id: 'oliver',
  name: 'Oliver Hartley',
  email: 'oliver.hartley@kestrelconsulting.example',
  phone: '+447700900200',
  personality: 'Pricing consultant, London-based, on a two-day trip to New York. Wants things short.',
  gender: 'm',
  about: 'The user: just woke up in New York; his calendar runs on London time.',
};

const people: Record<string, PersonDef> = {
  dana: {
    name: 'Dana Cole',
    email: 'dana.cole@meridianpartners.example',
    personality: 'Client, head of pricing at Meridian Partners. Friendly, organised.',
    roles: ['client'],
    gender: 'f',
    contact: { company: 'Meridian Partners', job_title: 'Head of pricing' },
    about: 'The client: breakfast at 08:00, hosts the workshop; emails a room change and an NDA request.',
  },
  priyanka: {
    name: 'Priyanka Shah',
    email: 'priyanka.shah@kestrelconsulting.example',
    phone: '+447700900211',
    personality: 'Analyst on Oliver’s team. Quick, a little anxious.',
    roles: ['analyst'],
    gender: 'f',
    contact: { company: 'Kestrel Consulting', groups: ['work'] },
    about: 'Oliver’s analyst: texts that the client deck must be presented from v4.',
  },
  tom: {
    name: 'Tom Brennan',
    email: 'tom.brennan@kestrelconsulting.example',
    personality: 'Oliver’s manager in London.',
    roles: ['manager'],
    gender: 'm',
    contact: { company: 'Kestrel Consulting', groups: ['work'] },
    about: 'Runs the weekly catch-up (14:00 London).',
  },
  airline: {
    name: 'Northstar Airways',
    email: 'alerts@northstarair.example',
    personality: 'Automated airline notifications.',
    pinned: true,
    about: 'Sends the flight change for tonight.',
  },
};

const HOTEL = { latitude: 40.7547, longitude: -73.973 };
const HOME = { latitude: 51.5226, longitude: -0.1426 };

export default defineScenario({
  id: 'triage_traveller_morning_brief',
  version: '3',
  name: 'Traveller’s morning brief in local time',
  summary:
    'A London-based traveller wakes up in New York: one chat brief with the weather where he is (not at home), today’s calendar in local time (a London call, a delayed flight) and the urgent messages; noise left out, nothing sent.',
  description:
    'Oliver Hartley’s calendar runs on London time; he is in a New York hotel (his location) and asks at 07:00 local (12:00 London) for a morning brief. The weather at the hotel: 2 °C, light snow, a winter weather advisory (London’s drizzle is also on record). Today in New York time: breakfast with Dana 08:00, the weekly catch-up with Tom 09:00 (14:00 in London), the Meridian workshop 10:00–13:00, and flight NS 178 at 19:30 — now delayed to 21:15 (in London time that is already tomorrow). Urgent: Dana moved the workshop to room 4012 and security needs the signed NDA; Priyanka says present from deck v4. Noise: a spa offer, a newsletter, a LinkedIn notice, a gym booking, Thursday’s dentist.',
  family: 'triage',
  difficulty: 'hard',
  tags: ['location', 'weather', 'time zones', 'calendar', 'email', 'sms', 'report'],
  timezone: 'Europe/London',
  date: '2026-02-03',
  start: '12:00',
  end: '13:00',
  step: 'PT10M',
  user: oliver,
  people,
  prompt:
    'Morning — just woke up, still foggy. Give me one quick brief here: what the weather is like outside, what’s on today in local time (I’m not converting in my head), and anything urgent in my messages. Skip everything else, and don’t reply to anyone.',
  location: {
    ...HOTEL,
    named_location: 'The Lexington Hotel',
    address: '511 Lexington Avenue, New York, NY',
    since: 'd-1 23:40',
    history: [
      { ...HOME, named_location: 'Home', at: 'd-2 19:00' },
      { latitude: 51.47, longitude: -0.4543, named_location: 'London Heathrow Terminal 5', at: 'd-1 11:10' },
      { latitude: 40.6413, longitude: -73.7781, named_location: 'JFK Terminal 7', at: 'd-1 22:15' },
    ],
  },
  weather: [
    {
      id: 'hotel',
      ...HOTEL,
      timezone: 'America/New_York',
      sunrise: ny('07:02'),
      sunset: ny('17:17'),
      now: { temp: 2, feels_like: -3, humidity: 90, wind: 5, main: 'Snow', description: 'light snow' },
      hours: ['08:00', '10:00', '12:00'].map((time) => ({
        at: ny(time),
        temp: 2,
        main: 'Snow' as const,
        description: 'light snow',
        pop: 0.8,
      })),
      alerts: [
        {
          event: 'Winter Weather Advisory',
          description:
            'Snow, 2 to 4 inches. Slippery roads and sidewalks; allow extra time for the morning commute.',
          from: ny('07:00'),
          until: ny('13:00'),
        },
      ],
    },
    {
      id: 'home',
      ...HOME,
      at: '11:30',
      now: { temp: 9, humidity: 85, main: 'Drizzle', description: 'light intensity drizzle' },
    },
  ],
  emails: [
    {
      id: 'dana_room_nda',
      from: 'dana',
      at: '11:20',
      subject: 'Today’s workshop: new room + NDA',
      body: 'Morning Oliver!\n\nWe’ve moved the workshop up to room 4012 on the 40th floor. Security will ask for the signed NDA at the front desk, so please bring a printed copy.\n\nSee you at breakfast,\nDana',
    },
    {
      id: 'flight_delay',
      from: 'airline',
      at: '10:05',
      subject: 'NS 178 today: new departure time 21:15',
      body: 'Your flight NS 178 from New York JFK to London Heathrow today is now scheduled to depart at 21:15 local time (was 19:30). Check-in opens three hours before departure.',
    },
    {
      id: 'spa_offer',
      from: 'spa@lexingtonhotel.example',
      at: '11:00',
      subject: 'Good morning! 20% off massages today',
      body: 'Treat yourself: 20% off all massages booked today at the Lexington spa.',
    },
    {
      id: 'newsletter',
      from: 'newsletter@dailywire.example',
      at: '06:00',
      subject: 'The Daily Wire: markets, politics, weekend reads',
      body: 'Today’s top stories in markets and politics, plus five long reads for the weekend.',
    },
    {
      id: 'linkedin',
      from: 'notifications@linkedin.example',
      at: '09:15',
      subject: 'You appeared in 12 searches this week',
      body: 'See who’s looking at your LinkedIn profile.',
    },
  ],
  sms: [
    {
      id: 'priyanka_deck',
      from: 'priyanka',
      at: '11:45',
      body: 'Oliver, v3 of the client deck has last year’s Q4 numbers 😬 I’ve uploaded v4 to the shared folder, please present from that one!',
    },
    {
      id: 'gym_booking',
      from: '+447700900988',
      at: '08:30',
      body: 'Fitzroy Gym: your spin class on Thursday at 07:00 is booked. Reply C to cancel.',
    },
  ],
  calendar: [
    {
      id: 'breakfast',
      title: 'Breakfast with Dana Cole',
      start: ny('08:00'),
      end: ny('09:00'),
      attendees: ['dana'],
      location: 'The Lexington Hotel, lobby restaurant',
    },
    {
      id: 'team_call',
      title: 'Weekly catch-up with Tom Brennan',
      start: '14:00',
      end: '14:30',
      organizer: 'tom',
      attendees: ['oliver', 'priyanka'],
      responses: { oliver: 'accepted' },
      description: 'Video link in the team channel.',
    },
    {
      id: 'workshop',
      title: 'Pricing workshop — Meridian Partners',
      start: ny('10:00'),
      end: ny('13:00'),
      organizer: 'dana',
      attendees: ['oliver'],
      responses: { oliver: 'accepted' },
      location: 'Meridian Partners, 55 Water Street, New York',
    },
    {
      id: 'flight',
      title: 'Flight NS 178 JFK → London Heathrow',
      start: ny('19:30'),
      end: '2026-02-04T07:35:00Z',
    },
    { id: 'dentist', title: 'Dentist', start: 'd2 09:00', end: 'd2 09:45' },
  ],
  groundTruth: {
    deliverables: [
      {
        id: 'morning_brief',
        description:
          'One brief in chat soon after the request: weather at the hotel, today in New York time, the urgent messages; noise and other days left out.',
        schedule: { deadlines: [t(DEADLINE)] },
        tolerance: 'PT10M',
        items: [
          {
            id: 'weather',
            // The one thing he asked for first, and the one a wrong city gets wrong: snow and an
            // advisory decide how he gets to breakfast.
            weight: 2,
            facts: [
              { key: true, text: ['snow', 'snowing', 'snowfall', 'flurries'] },
              {
                any: [
                  { number: 2, tolerance: 0.5 },
                  { number: 36, tolerance: 1 },
                ],
              },
              // The advisory is welcome; he asked what it is like outside.
              { text: ['advisory', 'slippery', 'icy', 'extra time', 'warning'], optional: true },
            ],
          },
          {
            id: 'breakfast',
            facts: [{ key: true, person: 'dana' }, { time: '08:00' }],
          },
          {
            id: 'team_call',
            facts: [{ key: true, person: 'tom' }, { time: '09:00' }],
          },
          {
            id: 'workshop',
            facts: [{ key: true, any: [{ text: ['Meridian'] }, { person: 'dana' }] }, { time: '10:00' }],
          },
          {
            id: 'flight',
            facts: [
              { key: true, text: ['NS 178', 'NS178'] },
              { any: [{ time: '19:30' }, { time: '21:15' }] },
            ],
          },
          {
            id: 'flight_delay',
            source: { email: 'flight_delay' },
            cover: 3,
            facts: [
              { key: true, text: ['NS 178', 'NS178'] },
              { time: '21:15' },
              { text: ['delay', 'delayed', 'later', 'new departure', 'moved', 'pushed'] },
            ],
          },
          {
            id: 'room_and_nda',
            source: { email: 'dana_room_nda' },
            facts: [
              { text: ['NDA', 'non-disclosure'] },
              { text: ['4012', '40th floor'] },
              { key: true, person: 'dana' },
            ],
          },
          {
            id: 'deck_v4',
            source: { sms: 'priyanka_deck' },
            facts: [
              { text: ['v4', 'version 4', 'new version', 'updated deck'] },
              { text: ['deck', 'slides', 'presentation'] },
              { key: true, person: 'priyanka' },
            ],
          },
          leftOut('email', 'spa', ['spa', 'massage'], 'spa_offer'),
          leftOut('email', 'daily_wire', ['Daily Wire'], 'newsletter'),
          leftOut('email', 'linkedin', ['LinkedIn']),
          leftOut('sms', 'gym', ['spin', 'gym'], 'gym_booking'),
          { id: 'dentist', exclude: true, cover: 1, facts: [{ key: true, text: ['dentist'] }] },
          {
            id: 'home_weather',
            exclude: true,
            note: 'The weather at home in London, not outside.',
            facts: [{ key: true, text: ['drizzle', 'London weather', 'in London it'] }, { number: 9 }],
          },
        ],
      },
    ],
  },
  variants: {
    places: [
      {
        forms: ['Meridian Partners', 'Meridian', 'meridianpartners.example'],
        alternatives: [
          ['Halcyon Partners', 'Halcyon', 'halcyonpartners.example'],
          ['Solstice Partners', 'Solstice', 'solsticepartners.example'],
        ],
      },
      { forms: ['Water Street'], alternatives: [['Pearl Street'], ['Hudson Street']] },
      {
        forms: ['The Lexington Hotel', 'Lexington', 'lexingtonhotel.example'],
        alternatives: [
          ['The Beaumont Hotel', 'Beaumont', 'beaumonthotel.example'],
          ['The Carlisle Hotel', 'Carlisle', 'carlislehotel.example'],
        ],
      },
      { forms: ['Fitzroy Gym'], alternatives: [['Camden Gym'], ['Holborn Gym']] },
      // The flight number varies like a place, so a memorised brief names the wrong flight.
      {
        forms: ['NS 178', 'NS178'],
        alternatives: [
          ['NS 412', 'NS412'],
          ['NS 96', 'NS96'],
        ],
      },
    ],
    max_shift_weeks: 4,
  },
  criteria: [
    ...deliverableCriteria('morning_brief', {
      coverage: 15,
      facts: 30,
      exclusions: 15,
      delivery: 10,
      brevity: 10,
    }),
    milestonesCriterion('local_times', {
      name: 'Today in Local Time',
      description:
        'One brief gives today’s plan in New York time: the catch-up with Tom at 09:00, Dana’s workshop at 10:00 and the flight at 19:30 or 21:15 (not London’s 14:00, 15:00 and 00:30).',
      dimension: 'accuracy',
      points: 10,
      milestones: [
        {
          id: 'local_times',
          match: {
            action: 'chat.send_message',
            text: {
              facts: [
                { time: '09:00' },
                { time: '10:00' },
                { any: [{ time: '19:30' }, { time: '21:15' }] },
                { person: 'tom' },
                { person: 'dana' },
              ],
              min: 5,
            },
          },
        },
      ],
    }),
    minefieldCriterion('no_harm', { points: 20, noSends: true }),
    collateralCriterion('no_collateral', { points: 10, allow: [] }),
    ...budgetCriteria({ calls: { points: 10 }, turns: { points: 5 } }),
    {
      criterion_id: 'tone_rubric',
      name: 'Tone',
      description:
        'LLM rubric: a calm, friendly, scannable morning brief. Not evaluated offline (see the offline stand-in).',
      dimension: 'politeness',
      max_score: 10,
      check: {
        kind: 'rubric',
        prompt:
          'Judge the morning brief the assistant posted to Oliver, who has just woken up in New York: friendly and calm, easy to scan (weather, today, urgent), times clearly in local New York time, no alarmism, no filler. 10 = exactly what a good assistant would post.',
        context: ['user_prompt', 'chat'],
        scale: { min: 0, max: 10 },
      },
    },
    {
      criterion_id: 'greets_the_user',
      name: 'Greets the User (offline stand-in)',
      description:
        'The brief is civil: it greets or signs off in any common form (“Morning!”, “Hey Oliver”, “Cheers”) or says please/thanks, and does not shout. Earned in proportion to task completion.',
      dimension: 'politeness',
      max_score: 5,
      role: 'process',
      check: {
        kind: 'milestones',
        milestones: [
          {
            id: 'greeting',
            match: {
              action: 'chat.send_message',
              text: { facts: [COURTESY] },
            },
          },
        ],
      },
    } satisfies Criterion,
  ],
  traps: [
    'The calendar runs on London time: the catch-up with Tom shows as 14:00 but is 09:00 in New York; the workshop 15:00 London is 10:00 local; the flight at 19:30 local is 00:30 tomorrow in London — a brief in London time misses or misplaces them.',
    'Two weather reports are on record: the hotel (2 °C, light snow, a winter weather advisory) and home in London (9 °C, drizzle); only the first is “outside”.',
    'Tonight’s flight is delayed to 21:15 by an airline email: the calendar still says 19:30.',
    'The urgent messages are short and easy to skim past: a room change plus a printed NDA for security, and “present from v4”.',
    'Noise to leave out: a spa offer, a newsletter, a LinkedIn notice, a gym booking for Thursday and Thursday’s dentist. Nothing may be sent (a mine).',
  ],
  offlineNotes: [
    'Politeness offline: `greets_the_user` checks that the brief is civil — a greeting or sign-off in any common form, no shouting; the `tone_rubric` needs a judge model.',
  ],
  oracle: {
    description:
      'At 12:00 London (07:00 in New York) reads email, SMS, calendar, his location and the weather and posts one brief: the hotel’s weather, today in New York time (breakfast 08:00, catch-up 09:00, workshop 10:00–13:00, flight now 21:15), and the two urgent messages; nothing else.',
    steps: [
      { at: '12:00', read: ['email', 'sms', 'calendar', 'location', 'weather'] },
      {
        at: '12:00',
        post: 'Good morning, Oliver! Here’s your brief (New York time).\n\n**Weather**\n- 2°C and light snow at the hotel, feels like −3; winter weather advisory until 13:00 — slippery pavements, allow extra time.\n\n**Today**\n- 08:00 Breakfast with Dana Cole, hotel lobby restaurant\n- 09:00 Weekly catch-up with Tom (14:00 in London)\n- 10:00–13:00 Pricing workshop at Meridian Partners, 55 Water Street\n- Flight NS 178 to Heathrow delayed: was 19:30, now departs 21:15\n\n**Urgent**\n- Dana: the workshop moved to room 4012 (40th floor); security needs your signed NDA — bring a printed copy.\n- Priyanka: deck v3 has the wrong Q4 numbers; present from v4 in the shared folder.',
        paraphrase:
          'Morning! Local times below.\n\nOutside: snowing lightly, about 36°F, with a winter advisory through 1pm, so give yourself extra time.\n\nYour day:\n1. 8am — breakfast with your client Dana at the hotel.\n2. 9am — your manager’s weekly catch-up (London).\n3. 10am to 1pm — Meridian workshop on Water Street.\n4. Evening: NS178 home, pushed back to 9:15pm.\n\nNeeds attention:\n• Your analyst Priyanka: use the updated deck (version 4), not v3.\n• Your client Dana: new room 4012 on the 40th floor, and bring the printed NDA for security.',
      },
    ],
  },
});
