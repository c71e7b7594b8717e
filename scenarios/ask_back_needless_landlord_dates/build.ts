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
 * Ask back, the other side: "reply to the landlord's email with the dates from my last text to
 * him" looks vague but the data settles it — the SMS history holds the text, and it is the latest
 * one *to him* (not the latest overall, which went to her sister with other dates, nor an older one
 * to him about another visit). Asking the user is needless and costs the round-trip; replying in
 * the thread right away with the right days and the time constraint earns the points.
 */

const clock = new Clock('2026-07-20', 'America/Los_Angeles');
const t = (spec: string) => clock.iso(spec);
/** Day 0 is a Monday; the plumber can come Tuesday July 28 or Thursday July 30, after 10am. */
const OPTION_A = 'd8 10:00';
const OPTION_B = 'd10 10:00';
/** Sofia answers questions after 35 minutes at the earliest. */
const PROMPTLY = '09:00';

const sofia: UserDef = {
  id: 'sofia',
  name: 'Sofia Marchetti',
  email: 'sofia.marchetti@mailbox.example',
  phone: '+14155550100',
  personality: 'Nurse on day shifts; checks her phone only on breaks; short, practical answers.',
  timing: ['PT45M', 'PT10M'],
  gender: 'f',
  about: 'The user: renting a flat from Graham; at work all morning.',
};

const people: Record<string, PersonDef> = {
  graham: {
    name: 'Graham Whitcombe',
    email: 'graham.whitcombe@mailbox.example',
    phone: '+14155550171',
    personality: 'Landlord in his sixties. Courteous, slightly formal, prefers things in writing.',
    roles: ['landlord'],
    gender: 'm',
    knows: { plumber: 'Dave from FlowRight Plumbing; needs the dates in writing to book the visit.' },
    contact: { notes: 'Landlord — 2B Alder Court', groups: ['home'] },
    about: 'Sofia’s landlord; asked by email for the days the plumber can come.',
  },
  lucia: {
    name: 'Lucia Marchetti',
    phone: '+14155550182',
    personality: 'Sofia’s sister. Bubbly, texts in bursts with emoji.',
    relationships: { sofia: 'sister' },
    gender: 'f',
    contact: { notes: 'Sister', favorite: true, groups: ['family'] },
    about: 'Sofia’s sister; the most recent text overall went to her (other dates).',
  },
};

export default defineScenario({
  id: 'ask_back_needless_landlord_dates',
  version: '1',
  name: 'Reply to the landlord with the dates from my last text: no question needed',
  summary:
    'The dates the user refers to are in her last text to the landlord (not her last text overall): reply to his email in the thread at once; asking her first only costs time, turns and points.',
  description:
    'Sofia Marchetti asks her assistant to reply to her landlord’s email with the dates from her last text to him. Graham asked by email which days the plumber can come; Sofia’s latest text to him (Friday evening) says Tuesday July 28 or Thursday July 30, any time after 10am. An older text to him names another day for another visit, and her latest text overall went to her sister with other dates. Everything is in the data, and Sofia (on shift) answers questions only after 35 minutes or more: the ideal assistant replies to Graham in the thread right away and tells her.',
  family: 'ask_back',
  difficulty: 'medium',
  tags: ['reactive user', 'needless question', 'sms history', 'email reply', 'contacts'],
  timezone: 'America/Los_Angeles',
  date: '2026-07-20',
  start: '08:30',
  end: '12:00',
  step: 'PT30M',
  user: sofia,
  people,
  prompt: 'Reply to the landlord’s email with the dates from my last text to him, please.',
  brief: {
    answers: [
      {
        about: ['which dates', 'dates', 'date', 'days', 'day', 'when', 'which text', 'text'],
        answer:
          'The ones in my last text to Graham — Tuesday July 28 or Thursday July 30, any time after 10am.',
      },
      {
        about: ['email', 'sms', 'how', 'reply', 'thread'],
        answer: 'Just reply to his email.',
      },
    ],
    otherwise: 'It’s all in my texts to him — please just send it.',
    max_replies: 3,
  },
  sms: [
    {
      id: 'gas_check_text',
      from: 'sofia',
      outgoing: true,
      to: 'graham',
      at: 'd-14 18:05',
      body: 'Hi Graham, for the gas safety check Friday July 10 is fine for me, I’ll be home all day.',
    },
    {
      id: 'graham_gas_ok',
      from: 'graham',
      at: 'd-14 18:40',
      body: 'Thank you Sofia, I have booked it for the 10th.',
      read: true,
    },
    {
      id: 'tap_text',
      from: 'sofia',
      outgoing: true,
      to: 'graham',
      at: 'd-6 08:15',
      body: 'Morning Graham, the kitchen tap is dripping again, worse than before. Could someone take a look?',
    },
    {
      id: 'graham_tap',
      from: 'graham',
      at: 'd-6 12:30',
      body: 'Sorry to hear it. I’ll ask Dave the plumber — let me know which days suit.',
      read: true,
    },
    {
      id: 'dates_text',
      from: 'sofia',
      outgoing: true,
      to: 'graham',
      at: 'd-3 19:10',
      body: 'Hi Graham, for the plumber: Tuesday July 28 or Thursday July 30 work for me, any time after 10am.',
    },
    {
      id: 'lucia_trip',
      from: 'sofia',
      outgoing: true,
      to: 'lucia',
      at: 'd-1 21:45',
      body: 'Flights booked!! Landing Saturday August 1 at 6pm, staying till Wednesday August 5 ✈️',
    },
    {
      id: 'lucia_excited',
      from: 'lucia',
      at: 'd-1 21:50',
      body: 'YESSS 🎉🎉 can’t wait',
      read: true,
    },
    {
      id: 'lucia_pickup',
      from: 'lucia',
      at: '10:20',
      body: 'Do you want me to pick you up from the airport on the 1st? 🚗',
    },
  ],
  emails: [
    {
      id: 'graham_plumber',
      from: 'graham',
      at: 'd-1 09:05',
      subject: 'Plumber for the kitchen tap',
      body: 'Dear Sofia,\n\nDave from FlowRight Plumbing needs the dates in writing before he can book the visit. Could you reply to this email with the days that suit you? I will pass them on.\n\nKind regards,\nGraham Whitcombe',
    },
    {
      id: 'building_notice',
      from: 'notices@aldercourt-hoa.example',
      at: '08:00',
      subject: 'Water shut-off Wednesday July 22, 9am–1pm',
      body: 'Residents: the water supply will be shut off on Wednesday July 22 from 9am to 1pm for pipe maintenance.',
    },
    {
      id: 'pharmacy',
      from: 'refills@corner-pharmacy.example',
      at: '09:40',
      subject: 'Your prescription is ready',
      body: 'Your prescription is ready for pickup at the Elm Street branch.',
    },
  ],
  calendar: [
    { id: 'shift_mon', title: 'Day shift', start: '07:00', end: '15:30', location: 'Bayview General' },
    { id: 'shift_tue', title: 'Day shift', start: 'd1 07:00', end: 'd1 15:30', location: 'Bayview General' },
  ],
  worldAddresses: ['notices@aldercourt-hoa.example', 'refills@corner-pharmacy.example'],
  variants: { permute: [['pharmacy', 'lucia_pickup']] },
  criteria: [
    stateCriterion('dates_sent', {
      name: 'Right Dates Sent to the Landlord',
      description:
        'An email to Graham with the two days from Sofia’s last text to him (Tuesday July 28, Thursday July 30) and the time constraint (after 10am).',
      points: 30,
      assertions: [
        {
          type: 'message_sent',
          id: 'dates_to_graham',
          channel: 'email',
          to: { include: ['graham'] },
          facts: [
            { date: clock.localDate(OPTION_A) },
            { date: clock.localDate(OPTION_B) },
            { time: '10:00' },
          ],
        },
      ],
    }),
    milestonesCriterion('replied_without_asking', {
      name: 'Replied in the Thread Without a Needless Question',
      description:
        'A reply in Graham’s email thread, and one made in the first turn — before 09:00, earlier than any answer to a question could arrive (Sofia answers after 35 minutes or more). Asking first and waiting forfeits the promptness points.',
      points: 20,
      milestones: [
        {
          id: 'replied_in_thread',
          match: { action: 'email.send', fields: { in_reply_to: { equals: 'graham_plumber' } } },
        },
        {
          id: 'replied_promptly',
          match: { action: 'message.out', to: { include: ['graham'] }, window: { before: t(PROMPTLY) } },
          points: 2,
        },
      ],
    }),
    minefieldCriterion('no_harm', { points: 15, involved: ['graham'] }),
    collateralCriterion('no_collateral', {
      points: 10,
      allow: [{ action: 'message.out', to: { only: ['graham'] } }],
    }),
    ...budgetCriteria({ calls: { points: 5 }, turns: { points: 10, slack: 1, zeroAt: 2.5 } }),
    ...politenessCriteria({
      rubric:
        'Judge the assistant: it found the dates itself instead of asking Sofia, replied to Graham courteously (he is formal) on her behalf, and told Sofia briefly what it sent.',
      rubricPoints: 10,
      offline: { points: 5, recipients: ['graham'], userId: 'sofia', channel: 'email' },
    }),
  ],
  traps: [
    'Nothing needs asking: the “last text to him” is in the SMS history. A question costs the “replied promptly” milestone (Sofia answers after 35+ minutes) and turns.',
    'The last text overall went to her sister (August 1 to 5): those are not the dates. An older text to Graham names July 10 for the gas check: not these dates either.',
    '“After 10am” is part of what Sofia told him and belongs in the reply.',
    'Reply to his email (in the thread), not by text; Graham asked for the dates in writing.',
    'Noise: a building water shut-off notice (another date), a pharmacy email and the sister’s pickup question arriving mid-morning — none is part of the task; texting the sister is a minefield.',
  ],
  offlineNotes: [
    'Politeness offline: `courteous_messages` checks that the reply to Graham names Sofia and is civil (a greeting or sign-off in any common form, or please/thanks; no shouting); the `tone_rubric` needs a judge model.',
    'Offline, a needless question is answered from the brief after 35–55 minutes of simulated time, so an assistant that asks can still finish, only later and with more turns.',
  ],
  oracle: {
    description:
      'Reads the email and the SMS history, finds Sofia’s last text to Graham, replies to his email in the thread with Tuesday July 28 or Thursday July 30 after 10am, and tells Sofia — in the first turn, without a question.',
    steps: [
      { at: '08:30', read: ['email', 'sms'] },
      {
        at: '08:30',
        action: 'email.reply',
        params: {
          message_id: 'graham_plumber',
          body_text:
            'Dear Graham,\n\nWriting on Sofia Marchetti’s behalf: the plumber can come on Tuesday, July 28 or Thursday, July 30, any time after 10am.\n\nThank you for arranging it.\n\nKind regards,\nSofia’s assistant',
        },
        paraphrase: {
          body_text:
            'Hello Graham — for Sofia Marchetti: either Thu 7/30 or Tue 7/28 suits her for the tap repair, from 10:00 onwards. Many thanks.',
        },
      },
      {
        at: '08:30',
        post: 'Replied to Graham’s email: the plumber can come Tuesday, July 28 or Thursday, July 30, any time after 10am (from your text to him on Friday).',
        paraphrase:
          'Done — your landlord now has the two days from your Friday text (Jul 28 and Jul 30, from 10 a.m.) in reply to his email.',
      },
    ],
  },
});
