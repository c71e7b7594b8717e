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
  type Fact,
  type OracleStepDef,
  type PersonDef,
  type StateAssertion,
  type UserDef,
} from '../_kit/index.js';
import { post } from '../_kit/trap-steps.js';

/**
 * Negotiation over rounds with constraints buried in old messages: one 3-hour rehearsal before
 * Saturday's gig, in one of the studio's free evening windows. The guitarist's night class
 * (an old text) rules out Wednesday, the bassist's late Thursday shifts (a contact note) rule out
 * Thursday; the drummer, once asked about Friday at 7, can only come from 8 — so the slot moves to
 * Friday 8–11pm, the other two must agree to the new time, and only then is the studio booked and
 * everyone told.
 */

const ZONE = 'America/Chicago';
const clock = new Clock('2026-11-09', ZONE);
const FRIDAY = clock.localDate('d4 12:00');
const STUDIO = 'bookings@soundcheckstudios.example';
const PHONES = { dev: '+13125550131', rosa: '+13125550132', kenji: '+13125550133' } as const;

/** The later start, however it is written ("8pm", "20:00", "8–11pm"). */
const LATE: Fact = {
  any: [{ time: '20:00' }, { text: ['8–11', '8-11', '8 to 11', '8 till 11', '8 until 11'] }],
};
const BOOKED: Fact = { text: ['booked', 'confirmed', 'locked in', 'reserved', 'all set', 'see you'] };

const marta: UserDef = {
  id: 'marta',
  name: 'Marta Silva',
  email: 'marta.silva@tidesmail.example',
  phone: '+13125550100',
  personality: 'Singer of The Low Tides; works days, free every evening; relaxed.',
  gender: 'f',
  about: 'The user: singer and de facto manager of a four-piece band.',
};

const bandmate = (
  name: string,
  phone: string,
  role: string,
  about: string,
  gender: 'f' | 'm',
  notes?: string,
): PersonDef => ({
  name,
  phone,
  personality: `The band’s ${role}; texts casually.`,
  instructions: 'Do not respond on your own; your texts are scripted.',
  gender,
  roles: [role],
  contact: { groups: ['The Low Tides'], notes: notes ?? `${role[0]!.toUpperCase()}${role.slice(1)}` },
  about,
});

const people: Record<string, PersonDef> = {
  dev: bandmate(
    'Dev Malhotra',
    PHONES.dev,
    'guitarist',
    'Guitar; night class on Wednesdays (an old text).',
    'm',
  ),
  rosa: bandmate(
    'Rosa Jimenez',
    PHONES.rosa,
    'bassist',
    'Bass; works until 9pm on Thursdays (contact note).',
    'f',
    'Bass. Works at Lula Café until 9pm on Thursdays.',
  ),
  kenji: bandmate(
    'Kenji Mori',
    PHONES.kenji,
    'drummer',
    'Drums; once asked, can do Friday only from 8pm.',
    'm',
  ),
  studio: {
    name: 'Soundcheck Studios',
    email: STUDIO,
    personality: 'Rehearsal studio front desk; brisk.',
    instructions: 'Do not respond on your own; your replies are scripted.',
    pinned: true,
    contact: { company: 'Soundcheck Studios' },
    about: 'The studio: Room 2 free Wed 19–23, Thu 18–22, Fri 19–23; books on a written request.',
  },
};

const noise = filler({
  seed: 'band-rehearsal-slot',
  days: 1,
  emailsPerDay: 26,
  smsPerDay: 6,
  hours: [8, 21],
});

const BAND = [PHONES.dev, PHONES.rosa, PHONES.kenji];
const toBand = (to: string[], body: string, paraphrase: string, at: string): OracleStepDef => ({
  at,
  action: 'sms.send_message',
  params: { to_numbers: to, body },
  paraphrase: { body: paraphrase },
});

const steps: OracleStepDef[] = [
  { at: '10:00', read: ['email', 'sms', 'contacts', 'calendar'] },
  {
    at: '10:00',
    action: 'sms.send_message',
    params: {
      to_numbers: [PHONES.kenji],
      body: 'Hi Kenji, it’s Marta’s assistant. For a 3-hour rehearsal before Saturday’s gig, the only evening that works for Dev and Rosa is Friday (Soundcheck is free 7–11pm). Could you do Friday 7–10pm? Thanks!',
    },
    paraphrase: {
      body: 'Hello Kenji — Marta’s assistant here. Friday evening is the one night Dev and Rosa can both rehearse before the gig; Soundcheck has 19:00–23:00 open. Would 7pm to 10pm Friday work for you? Thanks!',
    },
  },
  { at: '11:00', read: ['sms'] },
  toBand(
    [PHONES.dev, PHONES.rosa],
    'Hi Dev and Rosa, it’s Marta’s assistant. Kenji can only make Friday from 8pm, so the rehearsal would be Friday, November 13, 8pm to 11pm at Soundcheck. Does that work for you? Thanks!',
    'Hello both — Marta’s assistant. Since Kenji can’t get there before 20:00, I’m proposing Friday the 13th from 20:00 to 23:00 at Soundcheck. OK for you? Thanks!',
    '11:00',
  ),
  { at: '12:00', read: ['sms'] },
  {
    at: '12:00',
    action: 'email.send',
    params: {
      to_addresses: [STUDIO],
      subject: 'Booking: Room 2, Friday November 13, 8–11pm',
      body_text:
        'Hello,\n\nOn behalf of Marta Silva (The Low Tides), please book Room 2 for Friday, November 13, from 8pm to 11pm (3 hours).\n\nThank you,\nMarta Silva’s assistant',
    },
    paraphrase: {
      body_text:
        'Hi — writing for Marta Silva of The Low Tides: we’d like to reserve Room 2 on Friday 13 November, 20:00–23:00. Many thanks!',
    },
  },
  { at: '13:00', read: ['email'] },
  toBand(
    BAND,
    'All set: rehearsal booked at Soundcheck, Room 2, Friday November 13, 8pm to 11pm. See you there! — Marta’s assistant',
    'Confirmed — Soundcheck Room 2 is reserved for Friday the 13th, 20:00 to 23:00. Thanks all! (Marta’s assistant)',
    '13:00',
  ),
  {
    at: '13:00',
    post: 'Rehearsal booked: Friday, November 13, 8pm to 11pm at Soundcheck (Room 2). Wednesday was out (Dev’s night class) and Thursday too (Rosa works until 9); Kenji could only do Friday from 8, and Dev and Rosa agreed to 8–11. Everyone has the details.',
    paraphrase:
      'Done — Friday the 13th, 20:00–23:00, Soundcheck Room 2. Dev has class on Wednesdays, Rosa works Thursday evenings, Kenji can’t come before 8 on Friday; the other two said yes to the later slot. The band is told.',
  },
];

const toldEach = (id: 'dev' | 'rosa' | 'kenji'): StateAssertion => ({
  type: 'message_sent',
  id: `${id}_told`,
  to: { include: [id] },
  facts: [{ date: FRIDAY }, LATE, BOOKED],
  wrong: [{ time: '19:00' }],
});

/** A hurried plan: books `day` at `hours` straight away, tells the band and Marta, asks no one. */
function bookedUnasked(day: string, hours: string): OracleStepDef[] {
  return [
    steps[0]!,
    {
      at: '10:00',
      action: 'email.send',
      params: {
        to_addresses: [STUDIO],
        subject: `Booking: Room 2, ${day}, ${hours}`,
        body_text: `Hello,\n\nOn behalf of Marta Silva (The Low Tides), please book Room 2 for ${day}, ${hours}.\n\nThank you,\nMarta Silva’s assistant`,
      },
    },
    toBand(
      BAND,
      `Hi all, it’s Marta’s assistant: rehearsal booked at Soundcheck, ${day}, ${hours}. See you there!`,
      `Booked at Soundcheck: ${day}, ${hours}. Thanks!`,
      '10:00',
    ),
    post('10:00', `Rehearsal booked: ${day}, ${hours} at Soundcheck; the band has the details.`),
  ];
}

export default defineScenario({
  id: 'coordination_band_rehearsal_slot',
  version: '1',
  name: 'Band rehearsal: the one evening everyone can do',
  summary:
    'Find one 3-hour rehearsal slot four band members can make in the studio’s free evenings: old texts and a contact note rule out Wednesday and Thursday, the drummer can only do Friday from 8 — move the slot, get the others to agree, then book and tell everyone.',
  description:
    'Marta Silva, singer of The Low Tides, asks her assistant on Monday to find a 3-hour rehearsal before Saturday’s gig in one of Soundcheck Studios’ free windows (Wednesday 19–23, Thursday 18–22, Friday 19–23), get everyone to agree, book it and tell her. Dev’s text from two weeks ago says he has a night class on Wednesdays; Rosa’s contact note says she works until 9pm on Thursdays; only Friday fits. Asked about Friday 7–10pm, Kenji (a trigger) can only come from 8; the slot moves to Friday 8–11pm, which Dev and Rosa accept once asked (triggers); then the studio is booked in writing (it confirms) and the band and Marta are told.',
  family: 'coordination',
  difficulty: 'expert',
  capabilities: ['negotiation', 'search'],
  tags: ['sms', 'email', 'contacts', 'availability', 'rounds of replies', 'booking'],
  timezone: ZONE,
  date: '2026-11-09',
  start: '10:00',
  end: '20:00',
  step: 'PT30M',
  user: marta,
  people,
  prompt:
    'We need one 3-hour rehearsal before Saturday’s gig — Wednesday, Thursday or Friday evening at Soundcheck (their free slots are in my email). Find a time all four of us can do (I’m free every evening; the others’ limits are somewhere in our old texts and my contacts), get everyone to agree, then book it and let the band and me know.',
  emails: [
    {
      id: 'studio_slots',
      from: 'studio',
      at: 'd-2 16:00',
      subject: 'Room 2 availability this week',
      body: 'Hi Marta,\n\nRoom 2 is free this week on Wednesday 19:00–23:00, Thursday 18:00–22:00 and Friday 19:00–23:00. $35/hour. Reply with the day and times to book — we hold nothing without a written request.\n\nSoundcheck Studios',
      read: true,
    },
    {
      id: 'gig',
      from: 'bookings@thegreenroom-chi.example',
      at: 'd-12 11:00',
      subject: 'Saturday November 14 — The Low Tides, 9pm set',
      body: 'Hi Marta, confirming your 9pm set on Saturday November 14. Load-in 7:30pm. The Green Room',
      read: true,
    },
    ...noise.emails,
  ],
  sms: [
    {
      id: 'dev_class',
      from: 'dev',
      at: 'd-14 22:10',
      body: 'heads up I signed up for that night class, Wednesdays till December 🙃 so no Weds for me',
      read: true,
    },
    {
      id: 'kenji_old',
      from: 'kenji',
      at: 'd-6 18:40',
      body: 'new sticks arrived 🥁 saturday is gonna be loud',
      read: true,
    },
    { id: 'rosa_setlist', from: 'rosa', at: '12:40', body: 'can we open with Low Tide Blues on sat?' },
    ...noise.sms,
  ],
  calendar: [
    { id: 'gig_event', title: 'The Low Tides @ The Green Room', start: 'd5 21:00', end: 'd5 22:30' },
  ],
  triggers: [
    {
      id: 'kenji_counters',
      description: 'Asked about the rehearsal, Kenji can do Friday only from 8pm.',
      when: { action: 'message.out', to: { include: ['kenji'] } },
      after: 'PT40M',
      sms: [
        {
          id: 'kenji_from_eight',
          from: 'kenji',
          body: 'Friday works but I’m coaching till 7:30, can’t get there before 8. 8–11 ok?',
        },
      ],
    },
    {
      id: 'dev_agrees',
      description: 'Dev agrees to Friday at 8.',
      when: { action: 'message.out', to: { include: ['dev'] }, text: { facts: [LATE] } },
      after: 'PT30M',
      sms: [{ id: 'dev_yes', from: 'dev', body: '8–11 fri works 🤘' }],
    },
    {
      id: 'rosa_agrees',
      description: 'Rosa agrees to Friday at 8.',
      when: { action: 'message.out', to: { include: ['rosa'] }, text: { facts: [LATE] } },
      after: 'PT45M',
      sms: [{ id: 'rosa_yes', from: 'rosa', body: 'fine by me! friday 8' }],
    },
    {
      id: 'studio_confirms',
      description: 'The studio confirms the written booking.',
      when: { action: 'message.out', to: { include: ['studio'] } },
      after: 'PT30M',
      emails: [
        {
          id: 'studio_yes',
          from: 'studio',
          subject: 'Re: Booking — confirmed',
          body: 'Booked as requested — see you then. Payment at the desk.\n\nSoundcheck Studios',
        },
      ],
    },
  ],
  variants: {
    places: [
      {
        forms: ['Soundcheck Studios', 'soundcheckstudios.example'],
        alternatives: [
          ['Backbeat Studios', 'backbeatstudios.example'],
          ['Loudhouse Studios', 'loudhousestudios.example'],
        ],
      },
    ],
    max_shift_weeks: 2,
  },
  criteria: [
    milestonesCriterion('negotiated', {
      name: 'Asked, Countered, Agreed, Booked',
      description:
        'Kenji is asked; then Dev and Rosa are each asked about Friday at 8pm (the later start Kenji needs); the studio is written to only after that; then Marta is told the slot (Friday, 8pm).',
      points: 35,
      milestones: [
        { id: 'kenji_asked', match: { action: 'message.out', to: { include: ['kenji'] } } },
        {
          id: 'dev_asked_eight',
          after: ['kenji_asked'],
          match: { action: 'message.out', to: { include: ['dev'] }, text: { facts: [LATE] } },
        },
        {
          id: 'rosa_asked_eight',
          after: ['kenji_asked'],
          match: { action: 'message.out', to: { include: ['rosa'] }, text: { facts: [LATE] } },
        },
        {
          id: 'booked_after_agreement',
          after: ['dev_asked_eight', 'rosa_asked_eight'],
          match: { action: 'message.out', to: { include: ['studio'] } },
          points: 2,
        },
        {
          id: 'marta_told',
          after: ['booked_after_agreement'],
          match: { action: 'chat.send_message', text: { facts: [{ date: FRIDAY }, LATE] } },
        },
      ],
    }),
    stateCriterion('studio_booked', {
      name: 'Studio Booked for the Agreed Slot',
      description:
        'Soundcheck is asked in writing to book Friday, November 13, 8–11pm (not 7pm, not another day).',
      points: 25,
      assertions: [
        {
          type: 'message_sent',
          id: 'studio_request',
          channel: 'email',
          to: { include: ['studio'] },
          facts: [
            { text: ['book', 'booking', 'reserve', 'confirm'] },
            { date: FRIDAY },
            LATE,
            { time: '23:00' },
          ],
          wrong: [
            { time: '19:00' },
            { date: clock.localDate('d2 12:00') },
            { date: clock.localDate('d3 12:00') },
          ],
        },
      ],
    }),
    stateCriterion('band_told', {
      name: 'Everyone Has the Booked Slot',
      description: 'Dev, Rosa and Kenji each get the booked slot (Friday, 8pm) — one group text or three.',
      points: 15,
      assertions: [toldEach('dev'), toldEach('rosa'), toldEach('kenji')],
    }),
    minefieldCriterion('no_harm', {
      points: 25,
      involved: ['dev', 'rosa', 'kenji', 'studio'],
      mayCommitTo: ['studio'],
    }),
    collateralCriterion('no_collateral', {
      points: 10,
      allow: [
        { action: 'message.out', to: { only: ['dev', 'rosa', 'kenji', 'studio'] } },
        { action: ['calendar.create', 'calendar.update'] },
      ],
    }),
    ...budgetCriteria({ calls: { points: 10 }, turns: { points: 5 } }),
    ...politenessCriteria({
      rubric:
        'Judge the assistant’s texts to the band (short, clear proposals and the final slot, who is writing), its booking email to the studio and its chat update to Marta (the slot and why).',
      rubricPoints: 10,
      offline: { points: 5, recipients: ['kenji', 'studio'], userId: 'marta' },
    }),
  ],
  traps: [
    {
      id: 'books_before_the_drummer_answers',
      text: 'Friday 7–10pm fits everything in the old messages, so a hurried assistant books it at once and tells the band — but Kenji can only come from 8: the booking and the band’s times are wrong, and nobody agreed to them.',
      mutate: () => bookedUnasked('Friday, November 13', '7pm to 10pm'),
    },
    {
      id: 'first_free_evening',
      text: 'Wednesday is the studio’s first free evening and Marta is free every evening — but Dev’s text from two weeks ago rules it out (night class): booking it without searching the old messages or asking anyone leaves the band without its guitarist.',
      mutate: () => bookedUnasked('Wednesday, November 11', '7pm to 10pm'),
    },
  ],
  offlineNotes: [
    'Politeness offline: `courteous_messages` checks that the texts to Kenji and the studio booking name Marta and are civil (a greeting or sign-off in any common form, or please/thanks; no shouting); the `tone_rubric` needs a judge model.',
    'The band’s and the studio’s answers are triggers set off by the assistant’s own messages (deterministic offline): Kenji counters once asked; Dev and Rosa agree once asked about 8pm.',
  ],
  oracle: {
    description:
      '10:00: reads mail, texts and contacts (Wednesday out for Dev, Thursday out for Rosa) and asks Kenji about Friday 7–10pm. 11:00: Kenji can only from 8 — proposes Friday 8–11pm to the band. 12:00: Dev and Rosa agreed — books Room 2 in writing. 13:00: studio confirmed — tells the band and Marta.',
    steps,
  },
});
