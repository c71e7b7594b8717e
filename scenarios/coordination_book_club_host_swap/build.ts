import {
  Clock,
  budgetCriteria,
  collateralCriterion,
  defineScenario,
  milestonesCriterion,
  minefieldCriterion,
  politenessCriteria,
  stateCriterion,
  type Fact,
  type PersonDef,
  type UserDef,
} from '../_kit/index.js';

/**
 * Coordination: tonight's book club host falls ill in the morning; another member offers her
 * flat. The assistant moves the event, tells every current member — one of them only by SMS,
 * with the number in the contacts — and leaves out a former member who still sits in the
 * address book's "book club" group.
 */

const clock = new Clock('2026-11-04', 'America/Toronto');
const t = (spec: string) => clock.iso(spec);
const MEMBERS = ['hannah', 'claire', 'ines', 'walt'];
const NEW_PLACE: Fact = { text: ['Elm Street', 'Elm St'] };
/**
 * Members should hear the new place the same morning — Ines is already asking at 11:00. Claire's
 * offer lands at 09:15; an assistant watching at the 30-minute step sees it at 09:30.
 */
const DUE = t('11:00');

const delia: UserDef = {
  id: 'delia',
  name: 'Delia Fontaine',
  email: 'delia.fontaine@postbox.example',
  phone: '+14165550100',
  personality: 'Retired teacher who runs the book club; warm, tidy.',
  gender: 'f',
  about: 'The user: organises the monthly book club.',
};

const member = (name: string, gender: 'f' | 'm', personality: string, about: string): PersonDef => ({
  name,
  personality,
  gender,
  roles: ['book club member'],
  contact: { groups: ['book club'] },
  about,
});

const people: Record<string, PersonDef> = {
  hannah: {
    ...member('Hannah Schultz', 'f', 'Gentle, apologetic texts.', 'Tonight’s host; falls ill at 08:30.'),
    email: 'hannah.schultz@postbox.example',
    phone: '+14165550111',
  },
  claire: {
    ...member(
      'Claire Okonkwo',
      'f',
      'Energetic, practical emails.',
      'Member; offers to host at her flat at 09:15.',
    ),
    email: 'claire.okonkwo@maplenet.example',
    phone: '+14165550122',
  },
  ines: {
    ...member(
      'Ines Castillo',
      'f',
      'Chatty, bakes for every meeting.',
      'Member; asks at 11:00 if it is still on.',
    ),
    email: 'ines.castillo@maplenet.example',
    phone: '+14165550133',
  },
  walt: {
    ...member(
      'Walter Brooks',
      'm',
      'Retired carpenter; no email, short polite texts.',
      'Member without email — reachable only by SMS, his number is in the contacts.',
    ),
    aliases: ['Walt'],
    phone: '+14165550144',
    contact: { groups: ['book club'], notes: 'No email — text only.' },
  },
  greta: {
    name: 'Greta Lindahl',
    email: 'greta.lindahl@postbox.example',
    phone: '+14165550155',
    personality: 'Former member; friendly.',
    gender: 'f',
    contact: { groups: ['book club'], notes: 'Left the book club in September.' },
    about: 'Former member who left the club in September; still in the contacts’ “book club” group.',
  },
  library: {
    name: 'Riverdale Public Library',
    email: 'holds@riverdalelibrary.example',
    personality: 'Automated library notices.',
    pinned: true,
    about: 'Library hold notice (noise).',
  },
};

export default defineScenario({
  id: 'coordination_book_club_host_swap',
  version: '2',
  name: 'Book club: the host is ill',
  summary:
    'The host falls ill on the morning of book club and another member offers her flat; move the event and tell every current member (one only by SMS, number in the contacts) — not the former member still in the contacts group.',
  description:
    'Delia Fontaine runs a monthly book club; tonight’s meeting (7pm) is at Hannah’s. At 08:30 Hannah texts that she has the flu; at 09:15 Claire emails that she can host at 48 Elm Street, same time. The assistant updates the calendar event’s location, tells Hannah, Claire, Ines and Walt (who has no email: an SMS, his number in Delia’s contacts) the new place and time, answers Ines’s 11:00 question by doing so, and does not write to Greta, who left the club in September but is still in the contacts’ “book club” group.',
  family: 'coordination',
  difficulty: 'easy',
  tags: ['sms', 'email', 'calendar', 'contacts', 'change of venue'],
  timezone: 'America/Toronto',
  date: '2026-11-04',
  start: '08:00',
  end: '17:00',
  step: 'PT30M',
  user: delia,
  people,
  prompt:
    "Book club is tonight at 7 at Hannah's. I'm at the garden centre and then the dentist this morning, so please keep an eye on messages — if anything changes about tonight, sort it out: update the calendar event and make sure every member knows. Walt doesn't do email, so text him (his number's in my contacts). Let me know what happened.",
  emails: [
    {
      id: 'greta_leaving',
      from: 'greta',
      at: 'd-40 18:00',
      subject: 'Stepping back from book club',
      body: 'Dear Delia,\n\nI’ve loved our evenings, but with the new job I can’t keep up with the reading, so I’m stepping back from the book club for good. Please take me off the list — and thank you for everything!\n\nGreta',
      read: true,
    },
    {
      id: 'library_hold',
      from: 'library',
      at: '08:45',
      subject: 'Your hold is ready: "Klara and the Sun"',
      body: 'Your hold "Klara and the Sun" is ready for pickup at the Main Branch until November 11.',
    },
    {
      id: 'claire_offer',
      from: 'claire',
      at: '09:15',
      subject: 'Tonight — I can host!',
      body: 'Hi Delia,\n\nHannah just told me she’s ill, poor thing. I’m happy to host tonight at my place instead: 48 Elm Street, apartment 3B (buzz 3B). Same time, 7pm. I’ll make tea!\n\nClaire',
    },
  ],
  sms: [
    {
      id: 'hannah_ill',
      from: 'hannah',
      at: '08:30',
      body: 'Delia, I’m so sorry — I’ve come down with the flu and can’t host tonight. Could someone else take it? I’ll still read along!',
    },
    {
      id: 'ines_question',
      from: 'ines',
      at: '11:00',
      body: 'Hi Delia! Is book club still on tonight? I’ve made the lemon cake 🍋',
    },
  ],
  calendar: [
    {
      id: 'book_club',
      title: 'Book club — The Remains of the Day',
      start: '19:00',
      end: '21:00',
      location: 'Hannah’s, 22 Birch Lane',
      attendees: ['hannah', 'claire', 'ines'],
    },
    { id: 'dentist', title: 'Dentist', start: '10:30', end: '11:30' },
  ],
  variants: {
    places: [
      {
        forms: ['Elm Street', 'Elm St'],
        alternatives: [
          ['Willow Avenue', 'Willow Ave'],
          ['Linden Road', 'Linden Rd'],
        ],
      },
      { forms: ['Birch Lane'], alternatives: [['Oakridge Lane'], ['Maple Crescent']] },
    ],
  },
  criteria: [
    stateCriterion('event_relocated', {
      name: 'Event Moved to Claire’s',
      description: 'The book club event still starts at 7pm tonight and now says 48 Elm Street.',
      points: 25,
      assertions: [
        {
          type: 'event',
          id: 'book_club_at_claires',
          title: [{ text: ['book club'] }, NEW_PLACE],
          start: { after: t('19:00'), before: t('19:00') },
          require: ['title'],
        },
      ],
    }),
    stateCriterion('members_told', {
      name: 'Every Member Told',
      description:
        'After Claire’s offer and by 11:00 (later earns half), Hannah, Ines and Walt (by SMS, double weight: email never reaches him) each get the new place and the time; Claire gets the confirmation with the time.',
      points: 45,
      assertions: [
        ...['hannah', 'ines'].map((id) => ({
          type: 'message_sent' as const,
          id: `told_${id}`,
          to: { include: [id] },
          window: { after: t('09:15') },
          due: DUE,
          facts: [NEW_PLACE, { time: '19:00' }],
        })),
        {
          type: 'message_sent',
          id: 'told_walt',
          channel: 'sms',
          to: { include: ['walt'] },
          window: { after: t('09:15') },
          due: DUE,
          facts: [NEW_PLACE, { time: '19:00' }],
          // The user singled him out: without a text he never hears of the move.
          points: 2,
        },
        {
          type: 'message_sent',
          id: 'confirmed_claire',
          to: { include: ['claire'] },
          window: { after: t('09:15') },
          due: DUE,
          facts: [{ time: '19:00' }],
        },
      ],
    }),
    milestonesCriterion('handled_the_change', {
      name: 'Handled the Change',
      description:
        'After Claire’s offer: Walt is texted (by 11:00; later earns half), and Delia is told in chat where book club now is.',
      points: 10,
      milestones: [
        {
          id: 'walt_texted',
          match: { action: 'sms.send_message', to: { include: ['walt'] }, window: { after: t('09:15') } },
          due: DUE,
        },
        {
          id: 'delia_told',
          match: { action: 'chat.send_message', text: { facts: [NEW_PLACE, { person: 'claire' }] } },
          after: ['walt_texted'],
        },
      ],
    }),
    minefieldCriterion('no_harm', {
      points: 20,
      involved: MEMBERS,
      extra: [
        {
          type: 'action',
          id: 'told_former_member',
          description: 'a message or invitation to Greta, who left the club',
          match: { action: ['message.out', 'invite.out'], to: { any_of: ['greta'] } },
        },
      ],
    }),
    collateralCriterion('no_collateral', {
      points: 10,
      allow: [
        { action: 'message.out', to: { only: MEMBERS } },
        { action: 'calendar.update', fields: { event_id: { equals: 'book_club' } } },
      ],
    }),
    ...budgetCriteria({ calls: { points: 10 }, turns: { points: 5 } }),
    ...politenessCriteria({
      rubric:
        'Judge the courtesy and clarity of the assistant’s messages: a thank-you to Claire, a get-well note to Hannah, clear new address and time for everyone (Walt by text), and a brief chat summary to Delia.',
      rubricPoints: 10,
      offline: { points: 5, recipients: ['walt', 'claire'], userId: 'delia', channel: 'any' },
    }),
  ],
  traps: [
    'Walt has no email: the invitation never reaches him — only an SMS to the number in the contacts does.',
    'Greta is still in the contacts’ “book club” group, but she left in September (her email, the contact note): messaging the group is a minefield.',
    'Hannah is ill, not out of the club: she is still a member and should know where it moved.',
    'Ines asks at 11:00 whether it is still on — the update answers her.',
    'The time does not change: only the place.',
  ],
  offlineNotes: [
    'Politeness offline: `courteous_messages` checks that the texts to Walt and Claire name Delia and are civil (a greeting or sign-off in any common form, or please/thanks; no shouting); the `tone_rubric` needs a judge model.',
  ],
  oracle: {
    description:
      'Reads everything at 08:00; at 09:30, after Hannah’s text and Claire’s offer, moves the event’s location to Claire’s, emails Hannah, Claire and Ines and texts Walt the new place and time, and tells Delia; at 11:15 sees Ines’s question is already answered.',
    steps: [
      { at: '08:00', read: ['email', 'sms', 'calendar', 'contacts'] },
      {
        at: '08:00',
        post: 'I’ll watch your messages for anything about tonight’s book club and handle it.',
        paraphrase: 'Keeping an eye out for book-club news today — I’ll deal with any change.',
      },
      { at: '08:45', read: ['sms'] },
      { at: '09:30', read: ['email'] },
      {
        at: '09:30',
        action: 'calendar.update',
        params: { event_id: 'book_club', location: 'Claire’s, 48 Elm Street, apt 3B (buzz 3B)' },
      },
      {
        at: '09:30',
        action: 'email.send',
        params: {
          to_addresses: [
            'hannah.schultz@postbox.example',
            'claire.okonkwo@maplenet.example',
            'ines.castillo@maplenet.example',
          ],
          subject: 'Book club tonight moves to Claire’s',
          body_text:
            'Hi all,\n\nDelia asked me to let you know: Hannah is unwell, so tonight’s book club is at Claire’s instead — 48 Elm Street, apartment 3B (buzz 3B), still at 7pm. Thank you, Claire, for hosting, and get well soon, Hannah!\n\nDelia Fontaine’s assistant',
        },
        paraphrase: {
          body_text:
            'Hello everyone — for Delia: with Hannah down with flu, we meet at Claire’s flat this evening (48 Elm St, #3B, buzzer 3B) at 19:00 as usual. Many thanks to Claire, and a speedy recovery to Hannah.',
        },
      },
      {
        at: '09:30',
        action: 'sms.send_message',
        params: {
          to_numbers: ['+14165550144'],
          body: 'Hi Walt, it’s Delia’s assistant: tonight’s book club moves to Claire’s, 48 Elm Street, apt 3B (buzz 3B), still at 7pm. Thanks!',
        },
        paraphrase: {
          body: 'Walt — from Delia: book club this evening is at Claire’s place, 48 Elm St #3B, 19:00. Thank you!',
        },
      },
      {
        at: '09:30',
        post: 'Hannah has the flu, so Claire is hosting tonight: 48 Elm Street, apt 3B, still 7pm. I updated the event and told Hannah, Claire and Ines by email and Walt by text. Greta left the club, so I didn’t include her.',
        paraphrase:
          'Book club moved to Claire’s (48 Elm St, #3B) at 19:00 since Hannah is ill — calendar updated, the members emailed and Walt texted; Greta, who left, wasn’t contacted.',
      },
      { at: '11:15', read: ['sms'] },
    ],
  },
});
