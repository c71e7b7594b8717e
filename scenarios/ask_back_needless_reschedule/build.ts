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
 * Ask back, the other side: a request the data settles completely ("move my 3pm with Jordan to
 * tomorrow, same time, and let him know"). There is one 3pm meeting with Jordan and tomorrow at 3
 * is free, so a question to the user is needless: it costs the round-trip (she is in meetings and
 * answers only after ~40 minutes) and the turns, while moving the meeting at once and telling
 * Jordan earns the points.
 */

const clock = new Clock('2026-05-12', 'America/Denver');
const t = (spec: string) => clock.iso(spec);
/** Day 0 is a Tuesday; the meeting moves from today 15:00 to Wednesday 15:00. */
const OLD = '15:00';
const NEW = 'd1 15:00';
/** An answer to a question cannot arrive before start + 35 minutes (the user's timing). */
const PROMPTLY = '09:30';

const ingrid: UserDef = {
  id: 'ingrid',
  name: 'Ingrid Solberg',
  email: 'ingrid.solberg@ridgeline-logistics.example',
  phone: '+17205550100',
  personality: 'Operations manager, back-to-back meetings all day; terse, expects things done as asked.',
  timing: ['PT40M', 'PT5M'],
  gender: 'f',
  about: 'The user: operations manager at Ridgeline Logistics.',
};

const people: Record<string, PersonDef> = {
  jordan: {
    name: 'Jordan Reyes',
    email: 'jordan.reyes@crateworks.example',
    phone: '+17205550161',
    personality: 'Account manager at a packaging supplier. Friendly, professional, replies quickly.',
    roles: ['Crateworks account manager'],
    gender: 'x',
    knows: { availability: 'Free all of Wednesday afternoon.' },
    contact: { company: 'Crateworks', job_title: 'Account manager', groups: ['suppliers'] },
    about: 'Supplier account manager; the 3pm contract review is with them.',
  },
  omar: {
    name: 'Omar Haddad',
    email: 'omar.haddad@ridgeline-logistics.example',
    phone: '+17205550122',
    personality: 'Shift supervisor. Practical, writes short emails.',
    roles: ['shift supervisor'],
    gender: 'm',
    contact: { company: 'Ridgeline Logistics', job_title: 'Shift supervisor', groups: ['work'] },
    about: 'Colleague asking about the weekend rota (not part of the task).',
  },
  // A second Jordan, the one a name match picks as readily: only the 3pm review's attendee is told.
  jordan_k: {
    name: 'Jordan Kowalski',
    email: 'jordan.kowalski@trailmail.example',
    phone: '+17205550148',
    personality: 'Friend from the cycling club. Cheerful, texts in short bursts.',
    gender: 'x',
    contact: { notes: 'Cycling club', groups: ['friends'] },
    about: 'Cycling friend who texts about Saturday’s ride (not part of the task).',
  },
  lars: {
    name: 'Lars Solberg',
    phone: '+17205550133',
    personality: 'Ingrid’s husband. Casual texter.',
    relationships: { ingrid: 'husband' },
    gender: 'm',
    contact: { notes: 'Husband', favorite: true },
    about: 'Ingrid’s husband; texts about dinner (not part of the task).',
  },
};

export default defineScenario({
  id: 'ask_back_needless_reschedule',
  version: '1',
  name: 'Move my 3pm: no question needed',
  summary:
    'A fully specified reschedule (one 3pm meeting with Jordan, tomorrow at 3 free): move it and tell Jordan right away; asking the user first only costs time, turns and points.',
  description:
    'Ingrid Solberg asks her assistant to move her 3pm with Jordan to tomorrow at the same time and let Jordan know. Two Jordans are in her contacts (a supplier and a cycling friend who texted this morning), but the calendar has exactly one 3pm meeting with a Jordan (a 45-minute contract review with Jordan Reyes) and Wednesday 15:00–15:45 is free between two other meetings, so nothing is left to ask. Ingrid is in meetings and answers questions only after about 40 minutes: the ideal assistant moves the event, tells Jordan and reports back at once.',
  family: 'ask_back',
  difficulty: 'easy',
  tags: ['reactive user', 'needless question', 'calendar', 'email', 'contacts'],
  timezone: 'America/Denver',
  date: '2026-05-12',
  start: '08:50',
  end: '12:00',
  step: 'PT30M',
  user: ingrid,
  people,
  prompt: 'Move my 3pm with Jordan to tomorrow, same time, and let them know. Thanks!',
  brief: {
    answers: [
      {
        about: ['which meeting', 'which', 'meeting', 'Jordan', 'contract'],
        answer: 'The Crateworks contract review with Jordan, today at 3. Like I said.',
      },
      {
        about: ['when', 'time', 'tomorrow', 'length', 'long', 'duration'],
        answer: 'Tomorrow at 3pm, same length as today.',
      },
      {
        about: ['how', 'email', 'text', 'message', 'tell', 'notify'],
        answer: 'However you like — email is fine.',
      },
    ],
    otherwise: 'Yes, just go ahead as I said.',
    max_replies: 3,
  },
  emails: [
    {
      id: 'jordan_pricing',
      from: 'jordan',
      at: 'd-1 16:20',
      subject: 'Revised pallet pricing for our review',
      body: 'Hi Ingrid,\n\nAhead of our contract review on Tuesday at 3 I’ve attached the revised pallet pricing (4.2% lower on the 48x40 crates). Happy to walk through it then.\n\nBest,\nJordan Reyes\nCrateworks',
      read: true,
    },
    {
      id: 'omar_rota',
      from: 'omar',
      at: '07:55',
      subject: 'Weekend rota',
      body: 'Ingrid, can you sign off the weekend rota by Thursday? Two people off sick on Saturday.\n\nOmar',
    },
    {
      id: 'it_notice',
      from: 'it-helpdesk@ridgeline-logistics.example',
      at: '08:10',
      subject: 'Planned VPN maintenance Saturday 22:00–23:00',
      body: 'The VPN will be unavailable on Saturday from 22:00 to 23:00 for maintenance. No action needed.',
    },
  ],
  sms: [
    {
      id: 'jordan_k_ride',
      from: 'jordan_k',
      at: '08:40',
      body: 'Morning! Still on for the trail ride Saturday at 9? I can bring the spare pump 🚵',
    },
    {
      id: 'lars_dinner',
      from: 'lars',
      at: '08:30',
      body: 'Tacos tonight or are you working late again? 🌮',
    },
  ],
  calendar: [
    { id: 'standup', title: 'Ops standup', start: '09:00', end: '09:15' },
    {
      id: 'carrier_call',
      title: 'Carrier rates call',
      start: '11:00',
      end: '11:30',
      attendees: ['omar'],
    },
    {
      id: 'jordan_review',
      title: 'Packaging contract review (Crateworks)',
      start: OLD,
      end: '15:45',
      attendees: ['jordan'],
      location: 'Video call',
    },
    {
      id: 'weekly_sync',
      title: 'Weekly ops sync',
      start: 'd1 14:00',
      end: 'd1 15:00',
      attendees: ['omar'],
    },
    { id: 'walkthrough', title: 'Warehouse walkthrough', start: 'd1 16:00', end: 'd1 17:00' },
  ],
  worldAddresses: ['it-helpdesk@ridgeline-logistics.example'],
  criteria: [
    stateCriterion('meeting_moved', {
      name: 'Meeting Moved',
      description:
        'The review with Jordan is on Wednesday 15:00–15:45 (same length, overlapping nothing), and nothing with Jordan is left at today 3pm.',
      points: 30,
      assertions: [
        {
          type: 'event',
          id: 'review_tomorrow',
          attendees: ['jordan'],
          start: { after: t(NEW), before: t(NEW) },
          duration: 'PT45M',
          no_overlap: true,
          // Only the review itself, at the new time, counts (not any changed event with Jordan).
          require: ['attendees', 'start'],
          points: 3,
        },
        {
          type: 'event',
          id: 'old_slot_cleared',
          exists: false,
          changed: false,
          attendees: ['jordan'],
          start: { after: t(OLD), before: t(OLD) },
          points: 1,
        },
      ],
    }),
    stateCriterion('jordan_told', {
      name: 'Jordan Told',
      description: 'A message to Jordan with the new day and time.',
      points: 15,
      assertions: [
        {
          type: 'message_sent',
          id: 'new_time_to_jordan',
          to: { include: ['jordan'] },
          facts: [{ date: clock.localDate(NEW) }, { time: '15:00' }],
        },
      ],
    }),
    milestonesCriterion('done_without_asking', {
      name: 'Done Without a Needless Question',
      description:
        'The request settles everything, so the move and the note to Jordan happen in the first turn — before 09:30, earlier than any answer to a question could arrive (Ingrid answers after ~40 minutes). Asking first and waiting forfeits these points.',
      points: 15,
      milestones: [
        {
          id: 'moved_promptly',
          match: {
            action: ['calendar.update', 'calendar.create'],
            // The new start is on tomorrow's date (the same in UTC and in Denver at 3pm).
            fields: { start: { contains: clock.localDate(NEW) } },
            window: { before: t(PROMPTLY) },
          },
          points: 2,
        },
        {
          id: 'told_promptly',
          match: { action: 'message.out', to: { include: ['jordan'] }, window: { before: t(PROMPTLY) } },
        },
      ],
    }),
    minefieldCriterion('no_harm', { points: 15, involved: ['jordan'] }),
    collateralCriterion('no_collateral', {
      points: 10,
      allow: [
        { action: ['calendar.update', 'calendar.create', 'calendar.delete'] },
        { action: 'message.out', to: { only: ['jordan'] } },
      ],
    }),
    ...budgetCriteria({ calls: { points: 5 }, turns: { points: 10, slack: 1, zeroAt: 2.5 } }),
    ...politenessCriteria({
      rubric:
        'Judge the assistant: it did what was asked without bothering Ingrid with questions the calendar already answers, told Jordan politely on Ingrid’s behalf, and confirmed briefly.',
      rubricPoints: 10,
      offline: { points: 5, recipients: ['jordan'], userId: 'ingrid' },
    }),
  ],
  traps: [
    'Nothing is ambiguous: one meeting with Jordan at 3pm, and Wednesday 15:00–15:45 is free between the 14:00 sync and the 16:00 walkthrough. Asking “which meeting?” or “are you sure?” costs the “done without a needless question” milestones (Ingrid answers after ~40 minutes) and turns.',
    'Same length: the review lasts 45 minutes, and so must the moved event (the duration is checked).',
    'Creating a new event and leaving the old one at 3pm today double-books Jordan; the old slot must be cleared.',
    'Jordan’s email says “Tuesday at 3”: the new time is Wednesday at 3, and that is what Jordan must be told.',
    'Two Jordans: the 3pm review is with Jordan Reyes (Crateworks); Jordan Kowalski is a cycling friend who texted about Saturday. Telling — or moving anything with — the wrong Jordan is a minefield, and the calendar already says which one, so asking is still needless.',
    'Omar’s rota request and Lars’s text are not part of the task: messaging them is a minefield.',
  ],
  offlineNotes: [
    'Politeness offline: `courteous_messages` checks that the message to Jordan names Ingrid and is civil (a greeting or sign-off in any common form, or please/thanks; no shouting); the `tone_rubric` needs a judge model.',
    'Offline, a needless question is answered from the brief (“Like I said…”) after ~40 minutes of simulated time, so an assistant that asks can still finish, only later and with more turns.',
  ],
  oracle: {
    description:
      'Reads the calendar and contacts, moves the contract review with Jordan to Wednesday 15:00–15:45, emails Jordan the new time on Ingrid’s behalf and confirms to Ingrid — all in the first turn, without a question.',
    steps: [
      { at: '08:50', read: ['calendar', 'contacts'] },
      {
        at: '08:50',
        action: 'calendar.update',
        params: {
          event_id: 'jordan_review',
          start: t(NEW),
          end: t('d1 15:45'),
        },
      },
      {
        at: '08:50',
        action: 'email.send',
        params: {
          to_addresses: ['jordan.reyes@crateworks.example'],
          subject: 'Contract review moved to Wednesday at 3pm',
          body_text:
            'Hi Jordan,\n\nIngrid has asked me to move today’s packaging contract review to tomorrow, Wednesday, at 3:00pm (same 45 minutes, same video call). The calendar invite is updated. Thank you for your flexibility!\n\nBest regards,\nIngrid Solberg’s assistant',
        },
        paraphrase: {
          subject: 'New time for our review',
          body_text:
            'Hello — on behalf of Ingrid Solberg: the Crateworks review now takes place on May 13 at 15:00 instead of this afternoon; the invitation has the new slot. Many thanks.',
        },
      },
      {
        at: '08:50',
        post: 'Done: your contract review with Jordan is now tomorrow (Wednesday) 3:00–3:45pm, and I emailed Jordan the new time.',
        paraphrase:
          'Moved — the Crateworks review is on Wed 13 May at 15:00 for 45 minutes; Jordan has been told by email.',
      },
    ],
  },
});
