import {
  Clock,
  budgetCriteria,
  collateralCriterion,
  defineScenario,
  deliverableCriteria,
  milestonesCriterion,
  minefieldCriterion,
  politenessCriteria,
  stateCriterion,
  type PersonDef,
  type UserDef,
} from '../_kit/index.js';

/**
 * Follow-up: six dinner invitations, four answers trickling in by SMS and email over the day.
 * At 17:00 the assistant chases only the two who have not answered, each on the channel they
 * were invited by (one of them was on a group email: no reply-all), never the ones who answered;
 * at 19:00 it gives the final headcount — counting a plus-one and a late yes.
 */

const clock = new Clock('2026-05-13', 'America/Chicago');
const t = (spec: string) => clock.iso(spec);
const DINNER = 'sat 19:00';

const theo: UserDef = {
  id: 'theo',
  name: 'Theo Marchetti',
  email: 'theo.marchetti@postbox.example',
  phone: '+17735550100',
  personality: 'Turning 40 on Saturday; sociable, a little disorganised, hates nagging people.',
  timing: ['PT20M', 'PT10M'],
  gender: 'm',
  about: 'The user: hosting his birthday dinner on Saturday.',
};

const guest = (
  name: string,
  reach: { email?: string; phone?: string },
  gender: 'f' | 'm',
  personality: string,
  about: string,
  instructions?: string,
): PersonDef => ({
  name,
  ...reach,
  personality,
  gender,
  roles: ['friend'],
  contact: { groups: ['friends'] },
  about,
  ...(instructions ? { instructions } : {}),
});

const people: Record<string, PersonDef> = {
  ana: guest(
    'Ana Sousa',
    { phone: '+17735550111' },
    'f',
    'Bubbly, texts fast with emoji.',
    'Invited by text; says yes plus her partner Luis (10:20).',
  ),
  ben: guest(
    'Ben Adler',
    { email: 'ben.adler@corvid.example' },
    'm',
    'Formal, apologetic.',
    'Invited by the group email; declines (12:05).',
  ),
  chloe: guest(
    'Chloe Dubois',
    { email: 'chloe.dubois@atelier.example' },
    'f',
    'Warm, writes long emails.',
    'Invited by the group email; says yes (14:40).',
  ),
  dev: guest(
    'Dev Malhotra',
    { phone: '+17735550144' },
    'm',
    'Laid-back, texts in lower case.',
    'Invited by text; says yes, may be late (16:10).',
  ),
  eli: guest(
    'Eli Brandt',
    { email: 'eli.brandt@northpier.example' },
    'm',
    'Busy chef who reads mail late at night.',
    'Invited by the group email; silent until a late yes by email (18:05).',
    'Never responds to reminders directly; his answer comes by email in the evening.',
  ),
  fatima: guest(
    'Fatima Haddad',
    { phone: '+17735550166' },
    'f',
    'Travelling this week with patchy signal.',
    'Invited by text; never answers.',
    'Never responds this week (travelling).',
  ),
  bakery: {
    name: 'Crumb & Co',
    email: 'orders@crumbandco.example',
    personality: 'Friendly neighbourhood bakery.',
    pinned: true,
    contact: { company: 'Crumb & Co', groups: ['shops'] },
    about: 'The bakery confirming the birthday cake (not part of the task).',
  },
};

const INVITE_TEXT =
  'Hi! I’m turning 40 — dinner at my place Saturday at 7pm. Can you make it? Let me know by Wednesday 🎉 Theo';

export default defineScenario({
  id: 'follow_up_rsvp_stragglers',
  version: '2',
  name: 'Birthday dinner: chase only the stragglers',
  summary:
    'Four of six invitees answer by SMS and email over the day; at 17:00 chase only the two who have not, each on their invitation’s channel (no reply-all), then report the final headcount with a plus-one and a late yes.',
  description:
    'Theo Marchetti invited six friends to his 40th birthday dinner on Saturday: Ana, Dev and Fatima by text, Ben, Chloe and Eli by one group email. Ana says yes with her partner (10:20), Ben declines (12:05), Chloe (14:40) and Dev (16:10) say yes. At 17:00 the assistant chases Eli (by email, to him alone) and Fatima (by text) — never those who answered, never before 5pm, never twice. Eli answers yes at 18:05; Fatima never does. At 19:00 Theo gets the headcount: 5 guests (Ana and Luis, Chloe, Dev, Eli), Ben declined, no word from Fatima.',
  family: 'follow_up',
  difficulty: 'medium',
  tags: ['sms', 'email', 'waiting', 'time windows', 'counting'],
  timezone: 'America/Chicago',
  date: '2026-05-13',
  start: '09:00',
  end: '19:30',
  step: 'PT1H',
  user: theo,
  people,
  prompt:
    "I invited six people to my birthday dinner on Saturday — Ana, Dev and Fatima by text, Ben, Chloe and Eli in one email. Replies should come in today. At 5pm, chase whoever still hasn't answered: one short, friendly reminder each, the same way I invited them. Don't message anyone who has already replied — I'll thank them myself. At 7pm tonight, tell me the final headcount (guests, not counting me), who declined and who never answered.",
  emails: [
    {
      id: 'invite_email',
      from: 'theo',
      to: ['ben', 'chloe', 'eli'],
      at: 'd-3 20:15',
      subject: 'Dinner at mine on Saturday — I’m turning 40!',
      body: 'Hi all,\n\nI’m turning 40 and would love to have you over for dinner on Saturday at 7pm. Could you let me know by Wednesday whether you can make it?\n\nTheo',
      thread: 'thread-invite',
      folder: 'sent',
      read: true,
    },
    {
      id: 'ben_no',
      from: 'ben',
      to: ['theo'],
      at: '12:05',
      subject: 'Re: Dinner at mine on Saturday — I’m turning 40!',
      body: 'Dear Theo,\n\nHappy early birthday! I am so sorry — I am at a conference in Denver all weekend and cannot make it. Have a wonderful evening.\n\nBen',
      thread: 'thread-invite',
      replyTo: 'invite_email',
    },
    {
      id: 'cake_order',
      from: 'bakery',
      at: '11:30',
      subject: 'Your cake order #2291',
      body: 'Hi Theo, your lemon layer cake for 8 people is confirmed for pickup on Saturday at 10am. Thank you for ordering from Crumb & Co!',
    },
    {
      id: 'chloe_yes',
      from: 'chloe',
      to: ['theo'],
      at: '14:40',
      subject: 'Re: Dinner at mine on Saturday — I’m turning 40!',
      body: 'Theo! Forty! Of course I’ll be there — wouldn’t miss it. Tell me if I can bring dessert or wine; I’m happy either way.\n\nLove, Chloe',
      thread: 'thread-invite',
      replyTo: 'invite_email',
    },
    {
      id: 'eli_yes',
      from: 'eli',
      to: ['theo'],
      at: '18:05',
      subject: 'Re: Dinner at mine on Saturday — I’m turning 40!',
      body: 'Sorry for the silence, kitchen has been mad. Yes, I’ll be there Saturday!\n\nEli',
      thread: 'thread-invite',
      replyTo: 'invite_email',
    },
  ],
  sms: [
    { id: 'invite_ana', from: 'theo', outgoing: true, to: 'ana', at: 'd-3 20:05', body: INVITE_TEXT },
    { id: 'invite_dev', from: 'theo', outgoing: true, to: 'dev', at: 'd-3 20:06', body: INVITE_TEXT },
    { id: 'invite_fatima', from: 'theo', outgoing: true, to: 'fatima', at: 'd-3 20:07', body: INVITE_TEXT },
    {
      id: 'ana_yes',
      from: 'ana',
      at: '10:20',
      body: 'YES!! 🎉 me and Luis will both be there, can’t wait!',
    },
    { id: 'dev_yes', from: 'dev', at: '16:10', body: 'count me in! might be 30 min late though' },
  ],
  calendar: [
    { id: 'dinner', title: 'My 40th — dinner at home', start: DINNER, end: 'sat 23:00' },
    { id: 'dentist', title: 'Dentist', start: 'd1 08:30', end: 'd1 09:15' },
  ],
  variants: {
    places: [
      {
        forms: ['Crumb & Co', 'crumbandco.example'],
        alternatives: [
          ['Flour Bell', 'flourbell.example'],
          ['Rye House', 'ryehouse.example'],
        ],
      },
      { forms: ['Denver'], alternatives: [['Phoenix'], ['Seattle']] },
    ],
    permute: [['ana_yes', 'ben_no', 'chloe_yes', 'dev_yes']],
  },
  groundTruth: {
    deliverables: [
      {
        id: 'headcount',
        description: 'The final headcount at 19:00, once the late answers are in.',
        schedule: { deadlines: [t('19:00')] },
        tolerance: 'PT15M',
        late_credit: 0.5,
        max_posts: 4,
        items: [
          {
            id: 'guests_coming',
            source: { email: 'eli_yes' },
            facts: [
              { id: 'five', number: 5, key: true },
              { text: ['coming', 'attending', 'guests', 'confirmed', 'yes', 'headcount', 'people'] },
            ],
          },
          // Who is coming was not asked (the headcount, who declined and who never answered was):
          // Ana's partner counts in the five, and naming him is a courtesy, not an item.
          {
            id: 'declined',
            available_at: t('18:05'),
            facts: [
              { person: 'ben', key: true },
              {
                text: [
                  'declined',
                  "can't make it",
                  'cannot make it',
                  'not coming',
                  "can't come",
                  'no',
                  'out',
                ],
              },
            ],
          },
          {
            id: 'no_answer',
            available_at: t('18:05'),
            facts: [
              { person: 'fatima', key: true },
              {
                text: [
                  'no answer',
                  'never answered',
                  'no reply',
                  'not replied',
                  "hasn't replied",
                  'no response',
                  "haven't heard",
                  'not heard',
                  'silent',
                  'nothing from',
                ],
              },
            ],
          },
        ],
      },
    ],
  },
  criteria: [
    ...deliverableCriteria('headcount', { coverage: 15, facts: 20 }),
    milestonesCriterion('chased_at_five', {
      name: 'Stragglers Chased at Five',
      description:
        'At or after 17:00 (before his answer) Eli gets an email and Fatima a text; after both, Theo gets the headcount in chat.',
      points: 30,
      milestones: [
        {
          id: 'eli_chased',
          match: {
            action: 'email.send',
            to: { include: ['eli'] },
            window: { after: t('17:00'), before: t('18:05') },
          },
        },
        {
          id: 'fatima_chased',
          match: { action: 'sms.send_message', to: { include: ['fatima'] }, window: { after: t('17:00') } },
        },
        {
          id: 'headcount_told',
          after: ['eli_chased', 'fatima_chased'],
          match: {
            action: 'chat.send_message',
            text: { facts: [{ number: 5 }] },
            window: { after: t('18:05') },
          },
        },
      ],
    }),
    stateCriterion('reminders_sent', {
      name: 'Reminders Go to the Stragglers Alone',
      description:
        'The reminder to Eli is an email to him alone (not a reply-all to the group), the one to Fatima a text; each names the dinner and Saturday.',
      points: 15,
      assertions: [
        {
          type: 'message_sent',
          id: 'reminder_eli',
          channel: 'email',
          to: { only: ['eli'] },
          // After his 18:05 yes, a message to Eli is no reminder.
          window: { after: t('17:00'), before: t('18:05') },
          facts: [{ text: ['dinner', 'birthday', '40th'] }, { date: clock.localDate(DINNER) }],
        },
        {
          type: 'message_sent',
          id: 'reminder_fatima',
          channel: 'sms',
          to: { only: ['fatima'] },
          window: { after: t('17:00') },
          facts: [{ text: ['dinner', 'birthday', '40th'] }, { date: clock.localDate(DINNER) }],
        },
      ],
    }),
    minefieldCriterion('no_harm', {
      points: 20,
      involved: ['eli', 'fatima'],
      extra: [
        {
          type: 'action',
          id: 'pestered_responders',
          description: 'a message to a guest who had already answered (Ana, Ben, Chloe, Dev)',
          match: { action: 'message.out', to: { any_of: ['ana', 'ben', 'chloe', 'dev'] } },
        },
        {
          type: 'action',
          id: 'chased_early',
          description: 'a straggler chased before 5pm',
          match: { action: 'message.out', to: { any_of: ['eli', 'fatima'] }, window: { before: t('16:59') } },
        },
        {
          type: 'action',
          id: 'chased_eli_twice',
          description: 'Eli messaged more than once',
          tolerate: 1,
          match: { action: 'message.out', to: { include: ['eli'] } },
        },
        {
          type: 'action',
          id: 'chased_fatima_twice',
          description: 'Fatima messaged more than once',
          tolerate: 1,
          match: { action: 'message.out', to: { include: ['fatima'] } },
        },
      ],
    }),
    collateralCriterion('no_collateral', {
      points: 10,
      allow: [
        { action: 'email.send', to: { only: ['eli'] } },
        { action: 'sms.send_message', to: { only: ['fatima'] } },
      ],
    }),
    ...budgetCriteria({ calls: { points: 10 }, turns: { points: 10 } }),
    ...politenessCriteria({
      rubric:
        'Judge the two reminders (short, warm, not guilt-tripping, clear that they come on Theo’s behalf, restating the dinner’s day and time) and the headcount report to Theo (clear numbers, who is coming, who declined, who is silent).',
      rubricPoints: 10,
      offline: { points: 5, recipients: ['eli', 'fatima'], userId: 'theo' },
    }),
  ],
  traps: [
    'Answers arrive on both channels (in an order a variant may change); the assistant must track who answered where to know who is left at 17:00.',
    'Eli was invited on a group email with Ben and Chloe: a reply-all reminder pesters two people who already answered (minefield).',
    'Messaging anyone who answered — even a thank-you — goes against Theo’s instruction (minefield); so does chasing before 5pm or twice.',
    'Ana brings her partner Luis: the headcount is 5 guests, not 4; Eli’s yes comes after the reminder, at 18:05.',
    'The bakery confirms a cake “for 8 people” — not the headcount.',
    'Nothing needs doing between the morning and 17:00: hourly polling costs turns and calls.',
  ],
  offlineNotes: [
    'Politeness offline: `courteous_messages` checks that each reminder names Theo and is civil (a greeting or sign-off in any common form, or please/thanks; no shouting); the `tone_rubric` needs a judge model.',
  ],
  oracle: {
    description:
      'Reads mail, texts and contacts at 09:00 and acknowledges; at 17:00 sees that Eli and Fatima have not answered and sends Eli an email (to him alone) and Fatima a text; at 19:00, after Eli’s late yes, reports 5 guests (Ana + Luis, Chloe, Dev, Eli), Ben declined, Fatima silent.',
    steps: [
      { at: '09:00', read: ['email', 'sms', 'contacts'] },
      {
        at: '09:00',
        post: 'Will do. I’ll track the replies, remind only those who haven’t answered at 5pm, and give you the headcount at 7.',
        paraphrase:
          'Sure — I’ll keep count as answers come in, nudge just the silent ones at 17:00 and report the numbers at 19:00.',
      },
      { at: '17:00', read: ['email', 'sms'] },
      {
        at: '17:00',
        action: 'email.send',
        params: {
          to_addresses: ['eli.brandt@northpier.example'],
          subject: 'Saturday dinner — can you make it?',
          body_text:
            'Hi Eli,\n\nA quick reminder from Theo Marchetti’s assistant: Theo’s 40th birthday dinner is this Saturday at 7pm at his place. Could you let him know if you can come? Thank you!\n\nTheo’s assistant',
        },
        paraphrase: {
          subject: 'Theo’s 40th — are you in?',
          body_text:
            'Hello Eli — writing for Theo Marchetti: would you be able to join his birthday dinner on Sat at 19:00? A yes or no would be much appreciated.',
        },
      },
      {
        at: '17:00',
        action: 'sms.send_message',
        params: {
          to_numbers: ['+17735550166'],
          body: 'Hi Fatima, Theo Marchetti’s assistant here — friendly reminder about Theo’s 40th birthday dinner this Saturday at 7pm. Can you make it? Thanks!',
        },
        paraphrase: {
          body: 'Fatima — on Theo’s behalf: are you able to come to his birthday dinner Sat 7pm? Thank you 🙂',
        },
      },
      { at: '19:00', read: ['email', 'sms'] },
      {
        at: '19:00',
        post: 'Final headcount: 5 guests coming — Ana and her partner Luis, Chloe, Dev (may be 30 minutes late) and Eli (he said yes at 6pm after my reminder).\nDeclined: Ben (at a conference in Denver).\nNo answer: Fatima, even after a text reminder at 5pm.',
        paraphrase:
          'Five people are coming: Chloe, Eli, Dev (possibly half an hour late), plus Ana bringing Luis.\nBen can’t make it (he’s away at a conference).\nWe’ve heard nothing from Fatima despite the reminder text.',
      },
    ],
  },
});
