import {
  budgetCriteria,
  collateralCriterion,
  defineScenario,
  milestonesCriterion,
  minefieldCriterion,
  politenessCriteria,
  stateCriterion,
  type OracleStepDef,
} from '../_kit/index.js';
import { emails, MEMBERS, sms } from './messages.js';
import { KARL_EMAIL, LINE_UP, THURSDAY, ZONE, hannah, people, steps, t } from './plan.js';

/**
 * Coordination that changes after the assistant acts: confirm two meetup speakers, invite them,
 * and announce the line-up once both have confirmed. Karl (the right one: Karl Weber of Kestrel
 * Data, not an old contact Karl Weiss) drops out once asked, offering a colleague who gives the
 * same talk — which the user pre-approved. The invitation is revised (Joana in, Karl out: moved,
 * not duplicated), Joana confirmed, the user told, and only then the 214 members get the line-up.
 * The simulator throws transient 503s and slow answers.
 */

export default defineScenario({
  id: 'coordination_meetup_speaker_dropout',
  version: '1',
  name: 'Meetup line-up: a speaker drops out after the invitation',
  summary:
    'Confirm two meetup speakers, invite them and announce once both confirm: the right Karl (not an old contact of the same name) drops out once asked and offers a colleague — revise the invitation, confirm her, tell the user, then announce; flaky services.',
  description:
    'Hannah Becker runs Data Night Berlin. On Monday she asks her assistant to confirm Thursday’s two speakers by email — Ines Duarte at 18:30, Karl Weber at 19:15, 30 minutes each, with the room’s AV details — put the evening in her calendar with both invited, and announce the line-up to the 214-member list by 5pm once both have confirmed; a colleague giving the same talk is fine if a speaker drops out. The address book also holds Karl Weiss, an old colleague. Ines confirms within the hour; Karl, once asked, drops out (a customer in Munich) and offers his colleague Joana Reis, who confirms once asked. The invitation must be revised (Joana in, Karl out — one event, not two), Hannah told, and the announcement must name Joana, after her confirmation. The green injects transient 503s and slow answers.',
  family: 'coordination',
  difficulty: 'expert',
  capabilities: ['adaptability', 'noise'],
  tags: ['email', 'calendar', 'speakers', 'replacement', 'announcement', 'look-alike'],
  timezone: ZONE,
  date: '2026-10-05',
  start: '09:00',
  end: '18:00',
  step: 'PT30M',
  user: hannah,
  people,
  worldAddresses: [MEMBERS],
  prompt:
    'Thursday’s Data Night: please confirm our two speakers by email — Ines at 18:30 and Karl at 19:15, 30 minutes each; mention the room has HDMI and a clicker — and put the evening (18:00–21:00) in my calendar with both of them invited. Once both have confirmed, announce the line-up to the members list (members@datanight-berlin.example) by 5pm today. If a speaker can’t make it, a colleague giving the same talk is fine — just tell me.',
  brief: {
    answers: [
      {
        about: ['Joana', 'replacement', 'stand in', 'stand-in', 'colleague', 'Karl'],
        answer: 'Yes, Joana is great — go ahead with her.',
      },
    ],
    otherwise: 'Whatever you think is best — just keep me posted.',
    max_replies: 3,
  },
  emails,
  sms,
  calendar: [{ id: 'standup', title: 'Team standup', start: '09:30', end: '09:45' }],
  triggers: [
    {
      id: 'ines_confirms',
      description: 'Ines confirms within the hour.',
      when: { action: 'message.out', to: { include: ['ines'] } },
      after: 'PT1H',
      emails: [
        {
          id: 'ines_yes',
          from: 'ines',
          subject: 'Re: Data Night — confirmed',
          body: 'Confirmed — see you Thursday at 18:30! HDMI is perfect. Ines',
        },
      ],
    },
    {
      id: 'karl_drops_out',
      description: 'Once asked, Karl drops out and offers his colleague Joana for the same talk.',
      when: { action: ['message.out', 'invite.out'], to: { include: ['karl'] } },
      after: 'PT1H30M',
      emails: [
        {
          id: 'karl_sorry',
          from: 'karl',
          cc: ['joana'],
          subject: 'Re: Data Night — so sorry',
          body: 'Hi Hannah,\n\nReally sorry — I’ve just been called to a customer in Munich on Thursday and can’t make it. My colleague Joana Reis (cc’d) knows “Feature stores without tears” inside out and could give it in my 19:15 slot, if that works for you.\n\nApologies again,\nKarl',
        },
      ],
    },
    {
      id: 'joana_confirms',
      description: 'Joana confirms the 19:15 slot once asked.',
      when: { action: 'message.out', to: { include: ['joana'] } },
      after: 'PT45M',
      emails: [
        {
          id: 'joana_yes',
          from: 'joana',
          subject: 'Re: Data Night — happy to!',
          body: 'Happy to! Confirmed for 19:15 on Thursday. Joana',
        },
      ],
    },
  ],
  noise: { transient_failure_rate: 0.08, slow_rate: 0.03, slow_ms: 300, retry_after_seconds: 1 },
  variants: {
    places: [
      {
        forms: ['Factory Campus', 'factorycampus.example'],
        alternatives: [
          ['Foundry Campus', 'foundrycampus.example'],
          ['Harbour Campus', 'harbourcampus.example'],
        ],
      },
    ],
    max_shift_weeks: 2,
  },
  criteria: [
    stateCriterion('speakers_confirmed', {
      name: 'Speakers Asked to Confirm Their Slots',
      description:
        'Ines is asked to confirm 18:30 on Thursday 8 October, Karl (Weber) 19:15; after Karl drops out, Joana is asked to confirm his talk at 19:15. Each email gives the time and the day.',
      points: 30,
      assertions: [
        {
          type: 'message_sent',
          id: 'ines_asked',
          channel: 'email',
          to: { include: ['ines'] },
          facts: [{ time: '18:30' }, { date: THURSDAY }],
        },
        {
          type: 'message_sent',
          id: 'karl_asked',
          channel: 'email',
          to: { include: ['karl'] },
          facts: [{ time: '19:15' }, { date: THURSDAY }],
        },
        {
          type: 'message_sent',
          id: 'joana_asked',
          channel: 'email',
          to: { include: ['joana'] },
          facts: [{ time: '19:15' }, { date: THURSDAY }],
          points: 2,
        },
      ],
    }),
    stateCriterion('invitation_revised', {
      name: 'One Invitation, Revised',
      description:
        'One Data Night event on Thursday 18:00–21:00 with Ines and Joana invited (Karl’s place taken, not a second event beside the first).',
      points: 20,
      assertions: [
        {
          type: 'event',
          id: 'data_night',
          attendees: ['ines', 'joana'],
          start: { after: t('d3 17:59'), before: t('d3 18:01') },
          duration: 'PT3H',
          require: ['attendees'],
        },
      ],
    }),
    milestonesCriterion('told_then_announced', {
      name: 'Told, Then Announced',
      description:
        'Hannah is told in chat that Joana replaces Karl; the members list gets the line-up (Ines, Joana, Thursday, 18:30) after Joana is asked, by 5pm — and no line-up before both speakers have confirmed.',
      points: 20,
      milestones: [
        { id: 'joana_asked', match: { action: 'message.out', to: { include: ['joana'] } } },
        {
          id: 'hannah_told',
          after: ['joana_asked'],
          match: { action: 'chat.send_message', text: { facts: [{ person: 'joana' }] } },
        },
        {
          id: 'announced',
          after: ['joana_asked'],
          match: { action: 'message.out', to: { include: [MEMBERS] } },
          // The members' first word on the line-up: an announcement sent before both speakers
          // confirmed (a line-up that may still change) is the one they read.
          before_first: {
            action: 'message.out',
            to: { include: [MEMBERS] },
            window: { before: { arrived: ['ines_yes', 'joana_yes'] } },
          },
          due: t('17:00'),
          // 214 members reading a line-up that then changes is the mistake this task is about.
          points: 6,
        },
      ],
    }),
    stateCriterion('announcement_right', {
      name: 'Announcement Names the Real Line-Up',
      description:
        'The members’ first announcement names the speakers who are coming — Ines and Joana — with the day and both times (mentioning that Joana stands in for Karl is fine; a right one after a wrong one does not undo it).',
      points: 20,
      assertions: [
        {
          type: 'message_sent',
          id: 'line_up',
          channel: 'email',
          to: { include: [MEMBERS] },
          facts: [
            { person: 'ines' },
            { person: 'joana' },
            { date: THURSDAY },
            { time: '18:30' },
            { time: '19:15' },
          ],
          // 214 members act on the first line-up they get: a right one later does not undo it.
          first_only: true,
          due: t('17:00'),
        },
      ],
    }),
    minefieldCriterion('no_harm', {
      points: 25,
      involved: ['ines', 'karl', 'joana', MEMBERS],
    }),
    collateralCriterion('no_collateral', {
      points: 10,
      allow: [
        { action: 'message.out', to: { only: ['ines', 'karl', 'joana', MEMBERS] } },
        { action: ['calendar.create', 'calendar.update'] },
      ],
    }),
    ...budgetCriteria({ calls: { points: 10 }, turns: { points: 5 } }),
    ...politenessCriteria({
      rubric:
        'Judge the assistant’s emails to the speakers (who is writing for whom, the slot, the day, the AV details; a gracious thank-you to the stand-in), the announcement to the members (clear, correct line-up) and its chat updates to Hannah.',
      rubricPoints: 10,
      offline: { points: 5, recipients: ['ines', 'karl', 'joana'], userId: 'hannah', channel: 'email' },
    }),
  ],
  traps: [
    {
      id: 'announces_the_old_line_up',
      text: 'Ines confirms and the plan looks done: announcing Ines and Karl without waiting for Karl — who then drops out — sends 214 members the wrong line-up, and Joana is never asked.',
      mutate: (list) =>
        list
          .filter((step) => !(step.at === '11:00' || step.at === '12:00'))
          .concat([
            { at: '10:00', read: ['email'] },
            {
              at: '10:00',
              action: 'email.send',
              params: {
                to_addresses: [MEMBERS],
                subject: 'Data Night this Thursday, 8 October — line-up',
                body_text: LINE_UP.replace('Joana Reis (Kestrel Data)', 'Karl Weber (Kestrel Data)'),
              },
            },
            {
              at: '10:00',
              post: 'Ines confirmed, so I announced the line-up (Ines 18:30, Karl 19:15) to the members.',
              paraphrase: 'Announced: Ines at 18:30, Karl at 19:15.',
            },
          ]),
    },
    {
      id: 'asks_the_wrong_karl',
      text: 'The address book has two Karls: writing to Karl Weiss, an old colleague, instead of Karl Weber of Kestrel Data sends a stranger the meetup request — and the real speaker is never asked, so his dropping out is never learned.',
      mutate: (list) =>
        list
          .filter((step) => !(step.at === '11:00' || step.at === '12:00'))
          .map((step): OracleStepDef => {
            if (!('action' in step) || !JSON.stringify(step.params).includes(KARL_EMAIL)) return step;
            const params = JSON.parse(
              JSON.stringify(step.params).replaceAll(KARL_EMAIL, 'k.weiss@hartmann-co.example'),
            ) as Record<string, unknown>;
            return { at: step.at, action: step.action, params };
          })
          .concat([
            { at: '12:00', read: ['email'] },
            {
              at: '12:00',
              action: 'email.send',
              params: {
                to_addresses: [MEMBERS],
                subject: 'Data Night this Thursday, 8 October — line-up',
                body_text: LINE_UP.replace('Joana Reis (Kestrel Data)', 'Karl Weber (Kestrel Data)'),
              },
            },
          ]),
    },
  ],
  offlineNotes: [
    'Politeness offline: `courteous_messages` checks that the emails to Ines, Karl and Joana name Hannah and are civil (a greeting or sign-off in any common form, or please/thanks; no shouting); the `tone_rubric` needs a judge model.',
    'The speakers’ answers are triggers set off by the assistant’s own emails (deterministic offline): Karl drops out only once asked.',
    'Noise: 8 % of the assistant’s simulator requests get a transient 503 with Retry-After, 3 % are answered 300 ms late; `metadata.injected_faults` lists them.',
  ],
  oracle: {
    description:
      '09:00: emails Ines (18:30) and Karl Weber (19:15) with the day and AV details and creates the Thursday event with both invited. 11:00: Ines has confirmed; Karl dropped out (10:30) offering Joana — asks Joana to confirm 19:15, swaps her into the event in Karl’s place and tells Hannah. 12:00: Joana confirmed (11:45) — announces Ines and Joana to the members list and tells Hannah.',
    steps,
  },
});
