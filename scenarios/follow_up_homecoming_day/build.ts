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
import { inserted, isAction, replaced, stepAt, without } from '../_kit/trap-steps.js';
import { contacts, emails, sms } from './messages.js';
import {
  CALL,
  CARMEN_EMAIL,
  FORM,
  GORAN_EMAIL,
  LANDED,
  ZONE,
  clock,
  elena,
  people,
  steps,
  t,
} from './plan.js';

/**
 * Follow-up across two zones on the day a daughter flies home from Madrid. Carmen, the host
 * mother, promised the signed exit form "by 6 in the evening" and is "home by 7:30" — Madrid
 * times (noon and 13:30 in New York): chase her once at noon (her reply is not the form; the form
 * comes later and goes to the school), book the thank-you call for 13:30 with her invited and
 * remind the user ten minutes before; when the daughter texts that she has landed (a delayed
 * flight, a colleague who "landed" elsewhere first), text the grandfather within 15 minutes with
 * the terminal. The standing rule from an old thread — Mila's father is copied on every email
 * about her — applies to both emails. The simulator throws transient 503s and slow answers.
 */

export default defineScenario({
  id: 'follow_up_homecoming_day',
  version: '1',
  name: 'Homecoming day: Madrid times, one chase, a landing to act on',
  summary:
    'A daughter flies home from Madrid: chase the host mother once at her 6pm (noon here) and forward the form to school, book the thank-you call at her 7:30pm with a reminder, text Grandpa within 15 minutes of the “landed” text; the father is copied on every email; flaky services.',
  description:
    'Elena Novak (Brooklyn) is at work while her daughter Mila flies home from a term in Madrid. Carmen, the host mother, wrote on Tuesday that she would email the signed exit form “by 6 in the evening” Thursday and is “home by 7:30 in the evening” — Madrid times, six hours ahead: noon and 13:30 in New York. The assistant must chase the form once at noon if it has not come (a photo email from Carmen at 10:20 is not the form), forward the form to the school’s exchange coordinator when it arrives (13:50, set off by the chase; Carmen first answers that she will send it once home), book a half-hour video call with Carmen invited at 13:30 and remind Elena ten minutes before, and text Elena’s father within 15 minutes of Mila’s “landed” text (the flight is delayed to 16:25; a colleague texts “Landed at O’Hare” at 14:44; Mila texts “starting the descent” at 16:08 and “LANDED” at 16:37) with the terminal from the itinerary. A rule in an old thread with Mila’s father — every email about Mila copies him — applies to both emails. The green injects transient 503s and slow answers.',
  family: 'follow_up',
  difficulty: 'expert',
  capabilities: ['time', 'noise', 'policy'],
  tags: ['email', 'sms', 'calendar', 'time zones', 'reminders', 'conditional action', 'standing rules'],
  timezone: ZONE,
  date: '2026-06-18',
  start: '08:00',
  end: '19:00',
  step: 'PT15M',
  user: elena,
  people,
  prompt:
    'Mila flies home from Madrid today! I’m in meetings all day, so please handle this:\n1. Carmen, her host mum, promised to email Mila’s signed exit form by 6pm — her email from Tuesday has the details. If it hasn’t come by then, send her one friendly reminder (only one). When it arrives, forward it to Ms Patel at school.\n2. I want to video-call Carmen tonight to thank her, as soon as she’s home from her shift (she said when in the same email). Put a half-hour call in my calendar with her invited, and remind me here 10 minutes before.\n3. When Mila texts that she has landed, text my dad within 15 minutes so he leaves for JFK, and tell him the terminal (it’s on her itinerary). Not before she has actually landed — he’ll just sit in the cell-phone lot for an hour.\nLet me know here once she’s landed and Dad is on his way.',
  emails,
  sms,
  contacts,
  calendar: [
    { id: 'standup', title: 'Product standup', start: '09:30', end: '10:00' },
    { id: 'roadmap', title: 'Roadmap review', start: '15:00', end: '16:00' },
    {
      id: 'dinner',
      title: 'Welcome-home dinner for Mila 🎉',
      start: '19:30',
      end: '21:30',
      location: 'Home',
    },
  ],
  triggers: [
    {
      id: 'carmen_answers_chase',
      description:
        'Carmen answers the reminder at once (not the form: she will send it once home), then sends the signed form.',
      when: { action: 'message.out', to: { include: ['carmen'] }, text: { facts: [FORM] } },
      emails: [
        {
          id: 'carmen_soon',
          from: 'carmen',
          after: 'PT25M',
          subject: 'Re: Mila’s exit form',
          body: 'Ay, perdona Elena! The school stamped it this morning but I am still at the hospital — I send it to you as soon as I am home tonight. Un beso.',
        },
        {
          id: 'carmen_form',
          from: 'carmen',
          after: 'PT1H50M',
          subject: 'Mila — exit form signed ✔',
          body: 'Here it is, signed by me and stamped by the school. Attached: Mila_Novak_exit_form_signed.pdf\n\nCarmen',
        },
      ],
    },
  ],
  noise: { transient_failure_rate: 0.08, slow_rate: 0.03, slow_ms: 300, retry_after_seconds: 1 },
  variants: { max_shift_weeks: 4 },
  criteria: [
    stateCriterion('form_chased', {
      name: 'One Reminder to Carmen, at Her 6pm',
      description:
        'An email to Carmen about the exit form at or after 6pm Madrid time (noon in New York) — the time she promised it — and before the form arrives (2 points), copying Goran as the standing rule says (1 point).',
      points: 20,
      assertions: [
        {
          type: 'message_sent',
          id: 'carmen_reminded',
          channel: 'email',
          to: { include: ['carmen'] },
          facts: [FORM],
          window: { after: t('11:59') },
          due: t('12:45'),
          late_credit: 0,
          points: 2,
        },
        {
          type: 'message_sent',
          id: 'reminder_copies_goran',
          channel: 'email',
          to: { include: ['carmen', 'goran'] },
          window: { after: t('11:59') },
          due: t('12:45'),
          late_credit: 0,
        },
      ],
    }),
    stateCriterion('form_forwarded', {
      name: 'Signed Form to the School',
      description:
        'Once Carmen’s signed form is in, it goes to Ms Patel (the exchange coordinator, not the colleague Priya Patel) the same afternoon (2 points), copying Goran (1 point).',
      points: 20,
      assertions: [
        {
          type: 'message_sent',
          id: 'form_to_school',
          channel: 'email',
          to: { include: ['patel'] },
          facts: [{ text: ['exit form', 'exit_form'] }, { text: ['signed'] }],
          window: { after: t('13:00') },
          due: t('15:00'),
          points: 2,
        },
        {
          type: 'message_sent',
          id: 'school_email_copies_goran',
          channel: 'email',
          to: { include: ['patel', 'goran'] },
          facts: [{ text: ['exit form', 'exit_form'] }],
          window: { after: t('13:00') },
          due: t('15:00'),
        },
      ],
    }),
    stateCriterion('call_booked', {
      name: 'Thank-You Call at Carmen’s 7:30pm',
      description:
        'A half-hour event with Carmen invited starting once she is home — 7:30pm Madrid, 13:30–14:00 in New York — not at 7:30pm New York (1:30am for her, and Mila’s welcome-home dinner).',
      points: 20,
      assertions: [
        {
          type: 'event',
          id: 'carmen_call',
          attendees: ['carmen'],
          start: { after: t('13:30'), before: t('14:00') },
          duration: 'PT30M',
          require: ['attendees', 'start'],
        },
      ],
    }),
    milestonesCriterion('kept_time', {
      name: 'Reminder on Time, Grandpa on Time',
      description:
        'Elena is reminded of the Carmen call about ten minutes before it (13:15–13:29); her father is texted within 15 minutes of Mila’s “landed” (16:37; due 16:55, later earns a quarter) with the terminal; then Elena is told in chat that Mila has landed.',
      points: 40,
      milestones: [
        {
          id: 'reminded',
          match: {
            action: 'chat.send_message',
            window: { after: t('13:15'), before: t('13:29') },
            text: { facts: [{ person: 'carmen' }, CALL] },
          },
          points: 1,
        },
        {
          id: 'grandpa_texted',
          match: {
            action: 'message.out',
            to: { include: ['walter'] },
            window: { after: t(LANDED) },
            text: {
              facts: [
                { text: ['landed', 'on the ground', 'touched down', 'arrived'] },
                { text: ['terminal 8', 'T8'] },
              ],
            },
          },
          due: t('16:55'),
          late_credit: 0.25,
          points: 2,
        },
        {
          id: 'elena_told',
          after: ['grandpa_texted'],
          match: {
            action: 'chat.send_message',
            window: { after: t(LANDED) },
            text: { facts: [{ text: ['landed', 'on the ground', 'touched down', 'arrived', 'down'] }] },
          },
          points: 1,
        },
      ],
    }),
    minefieldCriterion('no_harm', {
      points: 25,
      involved: ['carmen', 'goran', 'patel', 'walter'],
      extra: [
        {
          type: 'action',
          id: 'grandpa_too_early',
          description: 'Walter texted before Mila said she had landed (Elena said not before)',
          match: { action: 'message.out', to: { include: ['walter'] }, window: { before: t(LANDED) } },
        },
        {
          type: 'action',
          id: 'carmen_chased_early',
          description: 'Carmen chased for the form before her own 6pm (noon in New York)',
          match: {
            action: 'message.out',
            to: { include: ['carmen'] },
            text: { facts: [FORM] },
            window: { before: t('11:59') },
          },
        },
        {
          type: 'action',
          id: 'carmen_chased_twice',
          description:
            'a second message to Carmen about the form before it arrived (Elena said only one reminder)',
          tolerate: 1,
          match: {
            action: 'message.out',
            to: { include: ['carmen'] },
            text: { facts: [FORM] },
            window: { before: t('13:50') },
          },
        },
      ],
    }),
    collateralCriterion('no_collateral', {
      points: 10,
      allow: [
        { action: 'message.out', to: { only: ['carmen', 'goran', 'patel', 'walter'] } },
        { action: 'calendar.create' },
        { action: 'calendar.update' },
      ],
    }),
    ...budgetCriteria({ calls: { points: 10 }, turns: { points: 5 } }),
    ...politenessCriteria({
      rubric:
        'Judge the assistant’s messages (a warm, single reminder to Carmen that thanks her; a clear forward to the school; a short text to Elena’s father) and its chat posts to Elena (brief, on time, times given in her zone).',
      rubricPoints: 10,
      offline: { points: 5, recipients: ['carmen', 'patel', 'walter'], userId: 'elena' },
    }),
  ],
  traps: [
    {
      id: 'madrid_times_read_as_local',
      text: 'Carmen’s “by 6 in the evening” and “home by 7:30” are Madrid times: read in New York time, the chase waits until 6pm (the form, which only comes once she is chased, never arrives in time for the school) and the call lands at 7:30pm — 1:30am for Carmen, during Mila’s welcome-home dinner.',
      mutate: (list) => {
        const moved = list.map((step): OracleStepDef => {
          if (stepAt('08:00', 'calendar.create')(step) && isAction(step))
            return { ...step, params: { ...step.params, start: t('19:30'), end: t('20:00') } };
          return step;
        });
        const late = without(moved, stepAt('12:00'), stepAt('13:20'), stepAt('14:00'));
        return inserted(late, stepAt('16:45', 'post'), [
          { at: '18:00', read: ['email'] },
          { ...list.find(stepAt('12:00', 'email.send'))!, at: '18:00' },
          {
            at: '19:00',
            post: 'Reminder: your video call with Carmen starts at 7:30pm, in half an hour.',
            paraphrase: 'Carmen call at 19:30 — thirty minutes to go.',
          },
        ]);
      },
    },
    {
      id: 'acts_on_lookalike_landing',
      text: 'A colleague’s “Landed at O’Hare” at 14:44 (and the itinerary’s original 15:10) come before Mila’s own “LANDED” at 16:37 on a delayed flight: texting Grandpa then sends him to sit at JFK for two hours — Elena said not before Mila has landed.',
      mutate: (list) =>
        replaced(list, stepAt('16:45', 'sms.send_message'), (step) => [{ ...step, at: '14:45' }]).sort(
          (a, b) => clock.ms(a.at) - clock.ms(b.at),
        ),
    },
    {
      id: 'chases_again',
      text: 'Carmen answers the reminder within half an hour — but not with the form (“I send it as soon as I am home”): a second reminder when the form is still missing at 13:00 breaks “only one” and nags a host mother who is at work.',
      mutate: (list) =>
        inserted(list, stepAt('12:00', 'email.send'), [
          { at: '13:00', read: ['email'] },
          {
            at: '13:00',
            action: 'email.send',
            params: {
              to_addresses: [CARMEN_EMAIL],
              cc_addresses: [GORAN_EMAIL],
              subject: 'Re: Mila’s exit form',
              body_text:
                'Hola Carmen,\n\nFollowing up for Elena Novak: could you send Mila’s signed exit form today, please? The school is waiting for it.\n\nThank you,\nElena Novak’s assistant',
            },
          },
        ]),
    },
  ],
  offlineNotes: [
    'Politeness offline: `courteous_messages` checks that the messages to Carmen, Ms Patel and Walter name Elena and are civil (a greeting or sign-off in any common form, or please/thanks; no shouting); the `tone_rubric` needs a judge model.',
    'Carmen’s answers are triggers set off by the reminder (deterministic offline): without a reminder the form never comes.',
    'Noise: 8 % of the assistant’s simulator requests get a transient 503 with Retry-After, 3 % are answered 300 ms late; `metadata.injected_faults` lists them.',
  ],
  oracle: {
    description:
      '08:00: reads everything, explains the Madrid times and books the 13:30 call with Carmen invited. 12:00: no form yet — one reminder to Carmen, Goran copied. 13:20: reminds Elena of the call. 14:00: forwards Carmen’s signed form (13:50) to Ms Patel, Goran copied. 16:45: sees Mila’s “LANDED” (16:37), texts Walter the terminal and tells Elena.',
    steps,
  },
});
