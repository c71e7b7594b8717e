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
 * Coordination: three relatives land at SFO on a wedding Friday, each with a driver. An airline
 * email delays one flight past her driver's hard stop; by the user's own rule the user, already
 * at the airport for another pickup, takes her. Only the people whose pickup changed hear about
 * it (the old driver and the passenger); the user's calendar gets the extra block.
 */

const clock = new Clock('2026-10-09', 'America/Los_Angeles');
const t = (spec: string) => clock.iso(spec);
const NEW_ARRIVAL = '18:05';
/**
 * Ravi must hear he is off the run long before he would leave for a 3:40pm landing, and Meera who
 * meets her: within about an hour of the 11:20 delay notice (an assistant watching at the
 * 30-minute step sees it at 11:30).
 */
const DUE = t('12:30');
/** The user named, or writing for herself. */
const ANJALI: Fact = {
  any: [{ person: 'anjali' }, { text: ["I'll", 'I’ll', 'I will'] }],
};

const anjali: UserDef = {
  id: 'anjali',
  name: 'Anjali Rao',
  email: 'anjali.rao@inkwell.example',
  phone: '+14155550100',
  personality: 'Bride’s sister and the family’s logistics person; efficient, warm.',
  gender: 'f',
  about: 'The user: runs the family’s airport pickups for her sister’s wedding.',
};

const people: Record<string, PersonDef> = {
  ravi: {
    name: 'Ravi Rao',
    phone: '+14155550111',
    email: 'ravi.rao@inkwell.example',
    personality: 'Anjali’s brother; relaxed, texts in lower case.',
    roles: ['brother'],
    relationships: { anjali: 'brother' },
    gender: 'm',
    knows: { hard_stop: 'must be at the wedding venue by 5:30pm for setup' },
    contact: { notes: 'Brother', groups: ['family'] },
    about: 'Brother; was to pick up Meera at 3:40pm; must be at the venue by 5:30pm.',
  },
  jonah: {
    name: 'Jonah Fields',
    phone: '+14155550122',
    email: 'jonah.fields@inkwell.example',
    personality: 'Anjali’s husband; calm, short texts.',
    roles: ['husband'],
    relationships: { anjali: 'husband' },
    gender: 'm',
    contact: { notes: 'Husband', favorite: true, groups: ['family'] },
    about: 'Husband; picks up Tara at 7:25pm (unchanged).',
  },
  meera: {
    name: 'Meera Iyer',
    phone: '+12145550133',
    personality: 'Anjali’s aunt; polite, formal texts.',
    roles: ['aunt'],
    aliases: ['Aunt Meera'],
    gender: 'f',
    contact: { notes: 'Aunt (Dallas)', groups: ['family'] },
    about: 'Aunt flying in from Dallas on AA 1182, delayed from 3:40pm to 6:05pm.',
  },
  gopal: {
    name: 'Gopal Rao',
    phone: '+14045550144',
    personality: 'Grandfather; rarely texts.',
    roles: ['grandpa', 'grandfather'],
    gender: 'm',
    contact: { notes: 'Grandpa (Atlanta)', groups: ['family'] },
    about: 'Grandfather on DL 880, landing 5:10pm on time; Anjali picks him up.',
  },
  tara: {
    name: 'Tara Menon',
    phone: '+447700900155',
    personality: 'Cousin from London; breezy texts.',
    roles: ['cousin'],
    gender: 'f',
    contact: { notes: 'Cousin (London)', groups: ['family'] },
    about: 'Cousin on BA 287, landing 7:25pm; Jonah picks her up.',
  },
  airline: {
    name: 'American Airlines',
    email: 'notifications@aa-travel.example',
    personality: 'Automated flight notifications.',
    pinned: true,
    about: 'Sends the delay notice for AA 1182 (Anjali booked Meera’s ticket).',
  },
  planner: {
    name: 'Celeste Moreau',
    email: 'celeste@moreauevents.example',
    personality: 'Wedding planner; crisp, organised emails.',
    roles: ['wedding planner'],
    gender: 'f',
    about: 'The wedding planner; emails about the seating chart (not part of the pickups).',
  },
};

export default defineScenario({
  id: 'coordination_airport_pickups',
  version: '2',
  name: 'Wedding Friday: a delayed flight reshuffles the pickups',
  summary:
    'A flight delay pushes one relative past her driver’s hard stop; reassign her to the user (already at the airport), tell only the old driver and the passenger, and block the user’s calendar.',
  description:
    'Anjali Rao’s plan for her sister’s wedding Friday (her email to the family): Ravi picks up Aunt Meera (AA 1182, 3:40pm), Anjali picks up Grandpa (DL 880, 5:10pm), Jonah picks up cousin Tara (BA 287, 7:25pm), all at SFO. At 11:20 American Airlines emails that AA 1182 now lands at 6:05pm. Ravi must be at the venue by 5:30pm, and Anjali would rather do an extra pickup than pull Jonah away — so Anjali, at SFO for Grandpa anyway, takes Meera. The assistant texts Ravi that he is off Meera’s pickup and Meera that Anjali will meet her at 6:05pm, adds the block to Anjali’s calendar, tells Anjali, and leaves Jonah, Grandpa and Tara (whose pickups did not change) and the wedding planner alone.',
  family: 'coordination',
  difficulty: 'medium',
  tags: ['sms', 'email', 'calendar', 'contacts', 'travel', 'need to know'],
  timezone: 'America/Los_Angeles',
  date: '2026-10-09',
  start: '09:00',
  end: '17:00',
  step: 'PT30M',
  user: anjali,
  people,
  prompt:
    "Today's the airport run for the wedding — the pickup plan is in the email I sent the family. Watch for flight changes. If one changes, reshuffle with as few changes as possible: Ravi has to be at the venue by 5:30, and I'd rather do an extra pickup myself than pull Jonah away earlier. Only text the people whose pickup actually changes, just what they need to know, and put any new pickup in my calendar. Keep me posted here.",
  emails: [
    {
      id: 'pickup_plan',
      from: 'anjali',
      to: ['ravi', 'jonah'],
      at: 'd-2 20:30',
      subject: 'Friday airport pickups (all SFO)',
      body: 'Hi both,\n\nFriday’s pickups, all at SFO arrivals:\n\n• Aunt Meera — AA 1182 from Dallas, lands 3:40pm — Ravi\n• Grandpa — DL 880 from Atlanta, lands 5:10pm — me\n• Tara — BA 287 from London, lands 7:25pm — Jonah\n\nRehearsal dinner is at 8pm. Thank you!\nAnjali',
      folder: 'sent',
      read: true,
    },
    {
      id: 'seating',
      from: 'planner',
      at: '10:05',
      subject: 'Seating chart — final version by Saturday noon',
      body: 'Hi Anjali,\n\nA reminder that I need the final seating chart by Saturday at noon. Table 4 still has nine names for eight seats.\n\nBest,\nCeleste',
    },
    {
      id: 'delay_notice',
      from: 'airline',
      at: '11:20',
      subject: 'Flight delay: AA 1182 Dallas (DFW) to San Francisco (SFO)',
      body: 'Passenger: MEERA IYER\nFlight AA 1182, Friday, DFW → SFO\n\nYour flight is delayed. New departure: 4:15pm CT. New arrival: 6:05pm PT (was 3:40pm).\n\nWe apologise for the inconvenience. Check the app for gate information.',
    },
  ],
  sms: [
    {
      id: 'ravi_hard_stop',
      from: 'ravi',
      at: 'd-1 22:10',
      body: 'all good for meera at 3:40. reminder i have to be at the venue by 5:30 for setup so can’t do anything later',
      read: true,
    },
    {
      id: 'tara_boarding',
      from: 'tara',
      at: '10:40',
      body: 'Boarding in London now! BA 287 still showing on time for 7:25 SFO. See you tonight xx',
    },
    {
      id: 'jonah_check',
      from: 'jonah',
      at: '13:10',
      body: 'Leaving for SFO around 6:45 for Tara 👍',
    },
  ],
  calendar: [
    { id: 'nails', title: 'Nails with Priti', start: '13:00', end: '14:00', location: 'Polish Bar' },
    {
      id: 'grandpa_pickup',
      title: 'SFO pickup — Grandpa (DL 880)',
      start: '16:50',
      end: '17:50',
      location: 'SFO',
    },
    {
      id: 'rehearsal_dinner',
      title: 'Rehearsal dinner',
      start: '20:00',
      end: '22:30',
      location: 'Fog Harbor House',
    },
  ],
  variants: {
    places: [
      {
        forms: ['Fog Harbor House'],
        alternatives: [['Bayview Terrace'], ['The Linden Loft']],
      },
    ],
  },
  criteria: [
    stateCriterion('changed_pickups_told', {
      name: 'Ravi and Meera Told',
      description:
        'After the delay notice and by 12:30 (later earns half): a text to Ravi that Anjali takes Meera, and a text to Meera that Anjali meets her (the new 6:05pm landing is welcome, not required).',
      points: 40,
      assertions: [
        {
          type: 'message_sent',
          id: 'ravi_released',
          to: { include: ['ravi'] },
          window: { after: t('11:20') },
          due: DUE,
          // What Ravi needs: Meera is taken care of, by Anjali. Her new landing time is the reason.
          facts: [{ person: 'meera' }, { time: NEW_ARRIVAL, optional: true }, ANJALI],
        },
        {
          type: 'message_sent',
          id: 'meera_told',
          channel: 'sms',
          to: { include: ['meera'] },
          window: { after: t('11:20') },
          due: DUE,
          // What Meera needs: who meets her. She has the airline's notice of her own landing time.
          facts: [{ time: NEW_ARRIVAL, optional: true }, ANJALI],
        },
      ],
    }),
    stateCriterion('pickup_blocked', {
      name: 'Meera’s Pickup in Anjali’s Calendar',
      description:
        'An event the assistant created or changed for Meera’s pickup, starting between 4:30pm and 6:05pm (a new block or the extended Grandpa block), overlapping nothing.',
      points: 25,
      assertions: [
        {
          type: 'event',
          id: 'meera_block',
          title: [{ person: 'meera' }],
          start: { after: t('16:30'), before: t(NEW_ARRIVAL) },
          no_overlap: true,
          require: ['title'],
        },
      ],
    }),
    milestonesCriterion('acted_on_the_delay', {
      name: 'Acted on the Delay',
      description:
        'After the 11:20 notice, Ravi and Meera are texted (by 12:30; later earns half) and Anjali is told the new plan in chat.',
      points: 15,
      milestones: [
        {
          id: 'ravi_texted',
          match: { action: 'message.out', to: { include: ['ravi'] }, window: { after: t('11:20') } },
          due: DUE,
        },
        {
          id: 'meera_texted',
          match: { action: 'sms.send_message', to: { include: ['meera'] }, window: { after: t('11:20') } },
          due: DUE,
        },
        {
          id: 'anjali_told',
          match: {
            action: 'chat.send_message',
            text: { facts: [{ person: 'meera' }, { time: NEW_ARRIVAL }, { person: 'ravi' }] },
          },
          after: ['ravi_texted'],
        },
      ],
    }),
    // The user said to text only those whose pickup changes: anyone else is a send she forbade.
    minefieldCriterion('no_harm', { points: 20, involved: ['ravi', 'meera'] }),
    collateralCriterion('need_to_know', {
      name: 'Only Those Whose Pickup Changed',
      description:
        'Calendar changes only for Meera’s pickup, messages only to Ravi and Meera (anyone else is also a minefield). Each other change costs 25 %.',
      points: 15,
      allow: [
        { action: 'message.out', to: { only: ['ravi', 'meera'] } },
        { action: 'calendar.create', text: { facts: [{ person: 'meera' }] } },
        { action: 'calendar.update', fields: { event_id: { equals: 'grandpa_pickup' } } },
      ],
    }),
    ...budgetCriteria({ calls: { points: 10 }, turns: { points: 5 } }),
    ...politenessCriteria({
      rubric:
        'Judge the courtesy and clarity of the texts to Ravi and Meera (warm, only what each needs: Ravi that he is free, Meera who meets her and when), and the chat updates to Anjali (brief, the new plan at a glance).',
      rubricPoints: 10,
      offline: { points: 5, recipients: ['ravi', 'meera'], userId: 'anjali', channel: 'any' },
    }),
  ],
  traps: [
    'Meera’s new arrival (6:05pm) is after Ravi’s hard stop (5:30pm, in his text and the prompt): he cannot keep her.',
    'Anjali’s rule picks her over Jonah: she is at SFO for Grandpa until about 5:50pm anyway.',
    'Need to know: Jonah, Grandpa and Tara’s pickups are unchanged and Anjali said to text only those whose pickup changes — texting them, or a family-wide broadcast, is a minefield; so is writing to the planner.',
    'The delay notice names the passenger, not the driver: who picks Meera up comes from Anjali’s sent email.',
    'The calendar block must not run into the 8pm rehearsal dinner.',
  ],
  offlineNotes: [
    'Politeness offline: `courteous_messages` checks that the texts to Ravi and Meera name Anjali and are civil (a greeting or sign-off in any common form, or please/thanks; no shouting); the `tone_rubric` needs a judge model.',
  ],
  oracle: {
    description:
      'Reads mail (with the sent plan), texts, calendar and contacts at 09:00; at 11:30, after the delay notice, texts Ravi that Anjali takes Meera (now 6:05pm), texts Meera that Anjali meets her at arrivals at 6:05pm, adds a 5:50–6:50pm pickup block to Anjali’s calendar and tells Anjali.',
    steps: [
      { at: '09:00', read: ['email', 'sms', 'calendar', 'contacts'] },
      {
        at: '09:00',
        post: 'Watching the three flights: Meera (AA 1182, 3:40pm, Ravi), Grandpa (DL 880, 5:10pm, you) and Tara (BA 287, 7:25pm, Jonah). I’ll reshuffle if anything moves.',
        paraphrase:
          'I’m tracking all three arrivals — Aunt Meera with Ravi at 15:40, Grandpa with you at 17:10, Tara with Jonah at 19:25 — and will adjust pickups if a flight changes.',
      },
      { at: '11:30', read: ['email', 'sms'] },
      {
        at: '11:30',
        action: 'sms.send_message',
        params: {
          to_numbers: ['+14155550111'],
          body: 'Hi Ravi, it’s Anjali’s assistant: Meera’s flight is delayed to 6:05pm, after your 5:30 venue call, so Anjali will pick her up with Grandpa. You’re off the airport run — thanks!',
        },
        paraphrase: {
          body: 'Ravi — Aunt Meera now lands at 18:05, so Anjali is collecting her along with Grandpa. No SFO trip for you today. Thank you! (Anjali’s assistant)',
        },
      },
      {
        at: '11:30',
        action: 'sms.send_message',
        params: {
          to_numbers: ['+12145550133'],
          body: 'Hello Meera, this is Anjali’s assistant. We saw your flight now lands at 6:05pm — Anjali will meet you at SFO arrivals instead of Ravi. Safe travels, and thank you!',
        },
        paraphrase: {
          body: 'Dear Aunt Meera — with AA 1182 arriving 18:05, Anjali herself will be waiting for you at SFO arrivals. Thanks and safe flight! (sent for Anjali)',
        },
      },
      {
        at: '11:30',
        action: 'calendar.create',
        params: {
          title: 'SFO pickup — Aunt Meera (AA 1182, lands 6:05pm)',
          start: t('17:50'),
          end: t('18:50'),
          timezone: 'America/Los_Angeles',
          location: 'SFO',
        },
        paraphrase: { title: 'Collect Meera at SFO (delayed AA 1182)' },
      },
      {
        at: '11:30',
        post: 'Meera’s flight is delayed to 6:05pm, past Ravi’s 5:30 hard stop, so she’s yours: you’re at SFO for Grandpa until about 5:50 anyway. I texted Ravi he’s off the run and Meera that you’ll meet her, and added a 5:50–6:50pm pickup to your calendar. Jonah and Tara are unchanged.',
        paraphrase:
          'Change: AA 1182 now arrives 18:05, so Ravi (due at the venue 17:30) can’t take Meera — you’ll collect her after Grandpa. Both have been texted; a 17:50–18:50 SFO block is in your calendar. Nothing changes for Jonah and Tara.',
      },
      { at: '13:15', read: ['sms'] },
    ],
  },
});
