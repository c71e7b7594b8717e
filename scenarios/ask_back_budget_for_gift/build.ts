import {
  Clock,
  askedAbout,
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
 * Ask back with a cost to over-asking: "order flowers for Grandma's 90th from the florist, by
 * text" leaves out the two things only the user knows — how much to spend and what Grandma likes
 * (yellow roses, never lilies). The florist's menu (an old text) has four bouquets; the right one
 * follows from the answer plus the delivery charge. The date is given and the address is in the
 * contacts, so one question covering budget and taste is right; asking piecemeal costs turns.
 */

const clock = new Clock('2026-10-13', 'America/Toronto');
/** Day 0 is a Tuesday; the birthday is Saturday October 17. */
const SATURDAY = 'd4 12:00';

const theo: UserDef = {
  id: 'theo',
  name: 'Theo Lindgren',
  email: 'theo.lindgren@inbox.example',
  phone: '+14165550100',
  personality: 'Software engineer; relaxed, answers in one line, dislikes being asked the same thing twice.',
  timing: ['PT10M', 'PT3M'],
  gender: 'm',
  about: 'The user: organising flowers for his grandmother’s 90th birthday.',
};

const people: Record<string, PersonDef> = {
  florist: {
    name: 'Petal & Stem',
    phone: '+14165550177',
    email: 'orders@petalandstem.example',
    personality: 'Small family florist; friendly, confirms orders by text with the total.',
    knows: {
      menu: 'Sunshine Roses (12 yellow roses) $65; Golden Hour (yellow roses and sunflowers) $95; Grand Lily (white lilies, pink roses) $120; Seasonal Mix (florist’s choice, often lilies) $55. Delivery in Oakville $15.',
    },
    pinned: true,
    contact: { company: 'Petal & Stem', notes: 'Florist — order by text.', groups: ['shops'] },
    about: 'The florist Theo uses; its menu is in an SMS from last week.',
  },
  ruth: {
    name: 'Ruth Lindgren',
    phone: '+19055550131',
    personality: 'Theo’s grandmother, turning 90.',
    roles: ['grandma', 'grandmother', 'gran'],
    relationships: { theo: 'grandson' },
    gender: 'f',
    contact: { notes: 'Grandma. Address: 14 Birch Lane, Oakville', groups: ['family'], favorite: true },
    about: 'Theo’s grandmother; the flowers go to her (not to be messaged).',
  },
  karin: {
    name: 'Karin Lindgren',
    phone: '+14165550142',
    personality: 'Theo’s mum. Cheerful, texts with emoji.',
    roles: ['mum', 'mom'],
    relationships: { theo: 'son' },
    gender: 'f',
    contact: { notes: 'Mum', groups: ['family'] },
    about: 'Theo’s mother; texts about the party mid-morning (not part of the task).',
  },
};

export default defineScenario({
  id: 'ask_back_budget_for_gift',
  version: '1',
  name: 'Flowers for Grandma: one question, then order',
  summary:
    'Order birthday flowers from the florist by SMS: budget and Grandma’s taste are known only to the user, so ask once about both, then pick the bouquet that fits with delivery and text the order; asking piecemeal costs turns.',
  description:
    'Theo Lindgren asks his assistant to order flowers for his grandmother’s 90th from Petal & Stem by text, delivered to her on Saturday. The florist’s menu (an SMS from last week) lists four bouquets plus $15 delivery. Only Theo knows his budget ($90 all in) and that Grandma loves yellow roses and must not get lilies; he says so when asked (a reactive user). The date is in the request and her address is in the contacts, so one question covering budget and taste is right. The only bouquet that fits is Sunshine Roses ($65 + $15 = $80): the assistant texts the order with the delivery date, address and a card.',
  family: 'ask_back',
  difficulty: 'hard',
  tags: ['reactive user', 'one concise question', 'sms', 'contacts', 'arithmetic'],
  timezone: 'America/Toronto',
  date: '2026-10-13',
  start: '08:00',
  end: '12:00',
  step: 'PT15M',
  user: theo,
  people,
  prompt:
    'Could you order flowers for Grandma Ruth’s 90th from Petal & Stem? Text them — delivery to her place on Saturday.',
  brief: {
    answers: [
      {
        about: ['budget', 'spend', 'how much', 'price', 'cost', 'afford', 'limit', 'money'],
        answer: 'Up to $90 all in, delivery included.',
      },
      {
        about: [
          'prefer',
          'preference',
          'which bouquet',
          'bouquet',
          'favourite',
          'favorite',
          'kind',
          'type',
          'flower',
          'colour',
          'color',
          'lily',
          'rose',
          'avoid',
          'allergy',
        ],
        answer: 'She loves yellow roses — and no lilies, they make her sneeze.',
      },
      {
        about: ['card', 'note', 'message', 'say'],
        answer: 'Card: “Happy 90th, Grandma! Love, Theo.”',
      },
      { about: ['address', 'where'], answer: 'It’s in my contacts, under Grandma.' },
    ],
    otherwise: 'Whatever you think is best.',
    max_replies: 4,
  },
  sms: [
    {
      id: 'ask_menu',
      from: 'theo',
      outgoing: true,
      to: 'florist',
      at: 'd-6 12:10',
      body: 'Hi! Could you send me your birthday bouquet options? Thinking of ordering for next Saturday.',
    },
    {
      id: 'menu',
      from: 'florist',
      at: 'd-6 13:02',
      body: 'Hi Theo! Our birthday range: Sunshine Roses (12 yellow roses) $65 · Golden Hour (yellow roses & sunflowers) $95 · Grand Lily (white lilies & pink roses) $120 — our most popular for big birthdays! · Seasonal Mix (florist’s choice) $55. Delivery in Oakville $15, card included. Just text us the bouquet, date, address and card message 🌷',
      read: true,
    },
    {
      id: 'karin_party',
      from: 'karin',
      at: '11:10',
      body: 'Did you sort the flowers for Gran? I’m bringing the cake 🎂',
    },
  ],
  emails: [
    {
      id: 'standup_notes',
      from: 'notes@quillsoft.example',
      at: '07:40',
      subject: 'Sprint 42 standup notes',
      body: 'Blockers: payments API timeouts. Demo moved to Friday 3pm.',
    },
    {
      id: 'bloombox',
      from: 'deals@bloombox.example',
      at: '09:50',
      subject: '20% off lily bouquets this week',
      body: 'Celebrate in style: 20% off all lily bouquets, free delivery on orders over $100.',
    },
  ],
  calendar: [
    {
      id: 'party',
      title: 'Grandma’s 90th — family lunch',
      start: 'd4 12:30',
      end: 'd4 16:00',
      location: '14 Birch Lane, Oakville',
    },
    { id: 'sprint_demo', title: 'Sprint demo', start: 'fri 15:00', end: 'fri 16:00' },
  ],
  worldAddresses: ['notes@quillsoft.example', 'deals@bloombox.example'],
  variants: {
    places: [
      {
        forms: ['Petal & Stem', 'petalandstem.example'],
        alternatives: [
          ['Fern & Fig', 'fernandfig.example'],
          ['The Flower Loft', 'flowerloft.example'],
        ],
      },
    ],
  },
  criteria: [
    stateCriterion('order_texted', {
      name: 'Right Bouquet Ordered',
      description:
        'A text to the florist ordering Sunshine Roses (the only bouquet with yellow roses, no lilies, within $90 with delivery) for Saturday, to Grandma at 14 Birch Lane; an order for the day before or after the party costs most of it.',
      points: 35,
      assertions: [
        {
          type: 'message_sent',
          id: 'order_to_florist',
          channel: 'sms',
          to: { include: ['florist'] },
          facts: [
            { text: ['Sunshine Roses', 'Sunshine'], weight: 2 },
            { date: clock.localDate(SATURDAY) },
            { text: ['14 Birch Lane', 'Birch Lane'] },
            { person: 'ruth' },
          ],
          // The day before or after the party is the wrong order, whatever else it gets right:
          // flowers that come a day late (or early) miss Grandma's birthday lunch.
          wrong: [
            { id: 'friday_delivery', date: clock.localDate('d3 12:00'), weight: 3 },
            { id: 'sunday_delivery', date: clock.localDate('d5 12:00'), weight: 3 },
          ],
        },
      ],
    }),
    milestonesCriterion('asked_once_then_ordered', {
      name: 'One Question About Budget and Taste, Then the Order',
      description:
        'One chat question that asks both how much to spend and what Grandma likes (or must not get), before any order; then the order to the florist. A question covering only one of them does not count.',
      points: 25,
      milestones: [
        {
          id: 'asked_budget_and_taste',
          match: {
            ...askedAbout(['budget', 'spend', 'how much', 'price']),
            text: {
              facts: [
                { text: ['budget', 'spend', 'how much', 'price', 'cost', 'limit'] },
                {
                  text: [
                    'prefer',
                    'preference',
                    'favourite',
                    'favorite',
                    'like',
                    'flower',
                    'colour',
                    'color',
                    'avoid',
                    'allergy',
                    'lily',
                    'rose',
                  ],
                },
              ],
            },
          },
        },
        {
          id: 'ordered_after_asking',
          match: {
            action: 'message.out',
            to: { include: ['florist'] },
            text: { facts: [{ text: ['Sunshine'] }] },
          },
          after: ['asked_budget_and_taste'],
          points: 2,
        },
      ],
    }),
    minefieldCriterion('no_harm', {
      points: 20,
      involved: ['florist'],
      mayCommitTo: ['florist'],
      extra: [
        {
          type: 'action',
          id: 'ordered_elsewhere',
          description: 'an order sent to the florist in the newsletter instead of Theo’s florist',
          match: { action: 'message.out', to: { any_of: ['deals@bloombox.example'] } },
        },
      ],
    }),
    collateralCriterion('no_collateral', {
      points: 10,
      allow: [{ action: 'message.out', to: { only: ['florist'] } }],
    }),
    ...budgetCriteria({ calls: { points: 5 }, turns: { points: 10, slack: 1.5, zeroAt: 3 } }),
    ...politenessCriteria({
      rubric:
        'Judge the assistant: a single friendly question to Theo that asks only what the data cannot tell (budget, Grandma’s taste), not the date or address; a clear, courteous order to the florist saying for whom it writes, with the bouquet, date, address and card.',
      rubricPoints: 10,
      offline: { points: 5, recipients: ['florist'], userId: 'theo', channel: 'sms' },
    }),
  ],
  traps: [
    'Budget and taste are only in Theo’s head: ordering without asking loses the “asked” milestones, and the florist’s own pick (Grand Lily, “most popular for big birthdays”) is the wrong one.',
    'One question should cover both (the “asked” milestone needs both in one focused question); asking about budget, then taste, then the card in separate rounds keeps Theo answering every ten minutes. The date is in the request and the address in the contacts: asking for them is needless.',
    'Arithmetic: Golden Hour ($95) has yellow roses but is over $90 before the $15 delivery; Seasonal Mix is cheap but the florist’s choice (lilies likely). Only Sunshine Roses ($80 with delivery) fits.',
    'A newsletter from another florist offers lily bouquets; Theo’s mum texts mid-morning — neither is part of the task (messaging them is a minefield).',
  ],
  offlineNotes: [
    'Politeness offline: `courteous_messages` checks that the order text names Theo and is civil (a greeting or sign-off in any common form, or please/thanks; no shouting); the `tone_rubric` needs a judge model.',
    'The user’s answers are deterministic offline (cue phrases of the brief); with a model he answers from the brief only.',
  ],
  oracle: {
    description:
      'Reads texts and contacts, asks Theo one question (budget, and what Grandma likes or must not get); after his answer it texts Petal & Stem an order for Sunshine Roses, delivered Saturday October 17 to Ruth Lindgren at 14 Birch Lane with the card, and confirms to Theo with the total.',
    steps: [
      { at: '08:00', read: ['sms', 'contacts', 'calendar'] },
      {
        at: '08:00',
        post: 'Happy to order from Petal & Stem for Saturday. One question first: what is your budget (delivery is $15 extra), and are there flowers Grandma Ruth loves or should not get?',
        paraphrase:
          'Before I text the florist: how much would you like to spend in total, and does your grandmother have a favourite flower or one to avoid?',
      },
      { at: '08:20', read: ['chat'] },
      {
        at: '08:20',
        action: 'sms.send_message',
        params: {
          to_numbers: ['+14165550177'],
          body: 'Hello Petal & Stem, this is Theo Lindgren’s assistant. Please could we order the Sunshine Roses ($65) for delivery on Saturday, October 17 to Ruth Lindgren, 14 Birch Lane, Oakville? Card: “Happy 90th, Grandma! Love, Theo.” Thank you!',
        },
        paraphrase: {
          body: 'Hi — ordering for Theo Lindgren: one Sunshine Roses bouquet, to be delivered Sat 10/17 to his grandma at 14 Birch Lane (Oakville), card reading “Happy 90th, Grandma! Love, Theo”. Many thanks.',
        },
      },
      {
        at: '08:20',
        post: 'Ordered: Sunshine Roses (12 yellow roses, no lilies) for delivery to Grandma at 14 Birch Lane on Saturday, October 17, with your card — $65 plus $15 delivery, $80 in total. I’ll pass on their confirmation.',
        paraphrase:
          'Done — the florist has the order: a dozen yellow roses (Sunshine Roses) for your grandmother on Sat 10/17 at her Birch Lane address, card included; $80 all in, under your $90.',
      },
    ],
  },
});
