import {
  askedAbout,
  budgetCriteria,
  collateralCriterion,
  defineScenario,
  filler,
  milestonesCriterion,
  minefieldCriterion,
  politenessCriteria,
  stateCriterion,
  type ActionMatcher,
  type OracleStepDef,
  type PersonDef,
  type UserDef,
} from '../_kit/index.js';
import { shiftDays } from '../_kit/shift.js';
import { post } from '../_kit/trap-steps.js';

const TO_SCHOOL: ActionMatcher = { action: 'message.out', to: { include: ['clarke'] } };

/**
 * Ask back, expert: a school-trip reply with two parents' conflicting pickup plans. The user
 * arranged the coach back to school and her mother at 3:15; her co-parent has since asked (by
 * email) to collect their daughter from the museum at 2. The form takes one answer, so the
 * assistant asks which; then it replies to the teacher with everything the letter asks — and what
 * the user's standing instructions to the school, written once a year ago, add: copy the father
 * on everything, and the peanut allergy and EpiPen on any trip. The school's letter also says the
 * other parent must be copied when someone else collects. The grandmother is told she is off duty.
 */

const ZONE = 'Europe/London';

const priya: UserDef = {
  id: 'priya',
  name: 'Priya Shah',
  email: 'priya.shah@inboxly.example',
  phone: '+447700900400',
  personality: 'Nurse on early shifts, co-parents Maya with Dan; practical, answers in short messages.',
  timing: ['PT15M', 'PT5M'],
  gender: 'f',
  about: 'The user: Maya’s mother.',
};

const people: Record<string, PersonDef> = {
  clarke: {
    name: 'Hannah Clarke',
    email: 'h.clarke@hollybrook-primary.example',
    personality: 'Year 5 teacher at Hollybrook Primary; kind, organised.',
    roles: ['Year 5 teacher', 'Maya’s teacher', 'Ms Clarke'],
    instructions: 'Reply with a short thank-you confirming what the form says.',
    gender: 'f',
    contact: { company: 'Hollybrook Primary', job_title: 'Year 5 teacher', groups: ['school'] },
    about: 'Maya’s teacher: the trip form goes to her.',
  },
  dan: {
    name: 'Dan Reeves',
    email: 'dan.reeves@mailpost.example',
    phone: '+447700900411',
    personality: 'Maya’s father; shift worker, relaxed.',
    roles: ['Maya’s dad', 'Dan'],
    instructions: 'Do not respond on your own.',
    gender: 'm',
    contact: { notes: 'Maya’s dad. Shared parental responsibility.', groups: ['family'] },
    about: 'Maya’s father: asked to collect her from the museum; copied on everything about Maya.',
  },
  nani: {
    name: 'Asha Shah',
    phone: '+447700900422',
    personality: 'Priya’s mother; warm, texts in full sentences.',
    roles: ['Mum', 'Priya’s mum', 'grandma', 'Nani'],
    instructions: 'Reply with a short, cheerful acknowledgement.',
    gender: 'f',
    contact: { notes: 'Mum (Maya’s Nani)', groups: ['family'], favorite: true },
    about: 'Priya’s mother: booked for the 3:15 school pickup; not needed after all.',
  },
};

const history = filler({ seed: 'trip-history', days: 14, emailsPerDay: 4, smsPerDay: 1 });

const FORM = {
  subject: 'Maya Reeves — Science Museum trip reply',
  body: 'Dear Ms Clarke,\n\nOn behalf of Priya Shah, Maya’s mum, for the Year 5 Science Museum trip on Thursday 8 October:\n\n- Consent: yes, Maya can go.\n- Going home: option B — her dad, Dan Reeves (copied here), will collect her from the museum at 2:00pm.\n- Lunch: a packed lunch from home.\n- Medical: Maya has a peanut allergy; her EpiPen must go with her.\n- Phone on the day: Priya, 07700 900400.\n\nThank you,\nPriya Shah’s assistant',
  paraphrase:
    'Hello Ms Clarke — writing for Priya Shah about Thursday 8 October’s museum trip. Maya has our consent to go. Dan Reeves, her father (cc’d), collects her at the museum at 2pm (option B). She brings packed lunch from home. Please note her nut allergy: the EpiPen has to travel with her. Contact number that day: 07700 900400 (Priya). Many thanks!',
};

function formStep(at: string, cc: string[], body = FORM.body, paraphrase = FORM.paraphrase): OracleStepDef {
  return {
    at,
    action: 'email.send',
    params: {
      to_addresses: ['h.clarke@hollybrook-primary.example'],
      ...(cc.length ? { cc_addresses: cc } : {}),
      subject: FORM.subject,
      body_text: body,
    },
    paraphrase: { subject: 'Trip form — Maya (Year 5)', body_text: paraphrase },
  };
}

const STEPS: OracleStepDef[] = [
  { at: '08:30', read: ['email', 'sms', 'contacts'] },
  {
    at: '08:30',
    post: 'Before I send Maya’s trip form, one question: your text booked your mum for the 3:15 pickup after the coach back to school, but Dan emailed last night asking to collect Maya from the museum at 2pm. Which pickup should go on the form?',
    paraphrase:
      'Quick check on the trip pickup: coach back to school with your mum at 3:15 (your plan), or Dan collecting her from the museum at 2 (his email last night)? The form only takes one.',
  },
  { at: '09:00', read: ['chat'] },
  formStep('09:00', ['dan.reeves@mailpost.example']),
  {
    at: '09:00',
    action: 'sms.send_message',
    params: {
      to_numbers: ['+447700900422'],
      body: 'Hi Asha, Priya asked me to let you know: no need to pick Maya up from school on Thursday — Dan is collecting her from the trip. Thank you!',
    },
    paraphrase: {
      body: 'Hello, a message for you from Priya: Dan will collect Maya from the museum on Thursday, so the 3:15 school pickup is off. Thanks so much!',
    },
  },
  {
    at: '09:00',
    post: 'Done: the trip form went to Ms Clarke (Dan copied) — consent, Dan collecting from the museum at 2pm, packed lunch, the peanut allergy and EpiPen, your number for the day. I texted your mum that she is not needed on Thursday.',
    paraphrase:
      'Sent Maya’s reply to Ms Clarke with Dan cc’d: yes to the trip, collected by Dan at the museum at 2, lunch from home, nut allergy/EpiPen noted, your mobile as the contact. Your mum knows she is off the hook Thursday.',
  },
  { at: '10:00', read: ['email', 'sms'] },
];

export default defineScenario({
  id: 'ask_back_school_trip_pickup',
  version: '1',
  name: 'A school-trip form with two parents’ pickup plans',
  summary:
    'Reply to a school-trip letter when the user booked Grandma after the coach and the co-parent asked to collect from the museum: ask which, then send the teacher every answer — copying the father and naming the peanut allergy, as an old email to the school asks — and stand Grandma down.',
  description:
    'Priya Shah asks her assistant to reply to the Year 5 Science Museum trip letter today: Maya is going, packed lunch as usual, and “Dan and I sorted pickup — it’s in our messages”. But the messages disagree: two days ago Priya texted her mother to collect Maya at 3:15 after the coach back to school; last night Dan emailed asking to collect Maya from the museum at 2pm and be put on the form. The form takes one answer; the assistant asks Priya, who says Dan collects at 2 and her mother should be told she is not needed. The reply to Ms Clarke then carries consent, option B with Dan at 14:00, packed lunch, a phone number — and what Priya asked the school a year ago for every trip: copy Dan, and Maya’s peanut allergy with her EpiPen. The letter itself asks that the other parent be copied when someone else collects.',
  family: 'ask_back',
  difficulty: 'expert',
  capabilities: ['ambiguity', 'policy'],
  tags: ['reactive user', 'conflicting instructions', 'school', 'email', 'sms', 'standing preferences'],
  timezone: ZONE,
  date: '2026-10-06',
  start: '08:30',
  end: '12:00',
  step: 'PT30M',
  user: priya,
  people,
  worldAddresses: ['office@hollybrook-primary.example'],
  prompt:
    'Can you reply to Maya’s school trip letter today? She’s going, packed lunch from home as usual. Dan and I sorted out pickup — it’s in our messages. Usual stuff for the school applies. Thanks!',
  brief: {
    answers: [
      {
        about: [
          'pickup',
          'pick up',
          'pick-up',
          'collect',
          'collecting',
          'collection',
          'coach',
          'museum',
          'which plan',
        ],
        answer:
          'Dan’s plan — he swapped his shift, so he collects her from the museum at 2. Please tell Mum she’s not needed on Thursday.',
      },
      {
        about: ['allergy', 'EpiPen', 'medical'],
        answer: 'Yes, the peanut allergy and EpiPen, as always.',
      },
      { about: ['lunch'], answer: 'Packed lunch from home.' },
      { about: ['consent', 'permission'], answer: 'Yes, she’s going.' },
      { about: ['phone number', 'contact number', 'number for the day'], answer: 'My mobile.' },
    ],
    otherwise: 'Just what I said, thanks.',
    max_replies: 4,
  },
  emails: [
    {
      id: 'standing_note',
      from: 'priya',
      to: ['office@hollybrook-primary.example'],
      at: 'd-392 20:15',
      subject: 'Maya Reeves (Year 4) — for her file',
      body: 'Dear Hollybrook office,\n\nTwo things for Maya’s file, for this year and every year after:\n\n1. Please copy her dad, Dan Reeves (dan.reeves@mailpost.example), on everything about Maya — we share parental responsibility.\n2. Maya has a peanut allergy. On any trip her EpiPen must go with her, and please make sure the trip leader knows.\n\nThank you,\nPriya Shah',
      folder: 'sent',
      read: true,
    },
    ...shiftDays(history.emails, -15, { read: true }),
    {
      id: 'trip_letter',
      from: 'clarke',
      at: 'd-5 15:40',
      subject: 'Year 5 trip to the Science Museum — Thursday 8 October',
      body: 'Dear parents and carers,\n\nYear 5 are visiting the Science Museum on Thursday 8 October, leaving school at 9:00. Please reply to me by email by 12 noon on Wednesday 7 October with:\n\n1. Consent for your child to go.\n2. How your child gets home: (A) the coach back to school for normal 3:15pm pickup, or (B) collected from the museum at 2:00pm by a named adult.\n3. Lunch: a packed lunch from home, or a school packed lunch (£3.20).\n4. Any medical needs.\n5. A phone number we can reach you on during the day.\n\nIf the adult collecting is not the parent replying, please copy the other parent into your reply so we know you both agree.\n\nMany thanks,\nHannah Clarke, Year 5',
      read: true,
    },
    {
      id: 'dan_asks',
      from: 'dan',
      at: 'd-1 21:05',
      subject: 'Maya’s trip on Thursday',
      body: 'Hi Priya,\n\nGood news, I swapped my Thursday shift. I could grab Maya from the museum at 2 and take her straight to swimming. Can you put me down on the trip form?\n\nDan',
    },
    {
      id: 'pta_bake_sale',
      from: 'office@hollybrook-primary.example',
      at: '08:05',
      subject: 'PTA bake sale on Friday',
      body: 'Dear parents, the PTA bake sale is on Friday after school. Donations of cakes welcome at the office from 8:30.',
    },
  ],
  sms: [
    ...shiftDays(history.sms, -15, { read: true }),
    {
      id: 'priya_to_nani',
      from: 'priya',
      outgoing: true,
      to: 'nani',
      at: 'd-2 19:20',
      body: 'Mum, could you get Maya from school at 3:15 on Thursday? She’s on the coach back from her museum trip.',
    },
    {
      id: 'nani_yes',
      from: 'nani',
      at: 'd-2 19:34',
      body: 'Of course darling, I’ll be at the gate at 3:15.',
      read: true,
    },
  ],
  criteria: [
    stateCriterion('form_reply', {
      name: 'The Trip Reply, Complete and Copied to Dan',
      description:
        'An email to Ms Clarke with Dan copied (the letter’s rule and Priya’s standing one) stating consent, collection from the museum at 2:00pm (2 points) by Dan, packed lunch from home, the peanut allergy and EpiPen (2 points, from the old note to the school); the 3:15 coach pickup is wrong (3 points).',
      points: 45,
      assertions: [
        {
          type: 'message_sent',
          id: 'form_to_teacher',
          channel: 'email',
          to: { include: ['clarke', 'dan'] },
          facts: [
            {
              id: 'consent',
              text: ['consent', 'permission', 'can go', 'may go', 'agree', 'happy for', 'is going', 'yes'],
            },
            { id: 'museum_2pm', time: '14:00', weight: 2 },
            { id: 'dan', person: 'dan' },
            { id: 'packed_lunch', text: ['packed lunch', 'lunch from home', 'own lunch', 'home lunch'] },
            { id: 'allergy', text: ['peanut', 'nut allergy', 'EpiPen', 'epi pen', 'adrenaline'], weight: 2 },
            {
              id: 'phone',
              text: ['07700 900400', '+44 7700 900400', '07700900400', '+447700900400'],
              optional: true,
            },
          ],
          wrong: [{ time: '15:15', weight: 3 }],
        },
      ],
    }),
    milestonesCriterion('asked_first', {
      name: 'Asked Which Pickup, Then Acted',
      description:
        'A question to Priya about the pickup before anything is sent (1 point); the form to Ms Clarke after her answer (2 points); her mother told she is not needed, after the answer (1 point).',
      points: 25,
      milestones: [
        {
          id: 'asked_pickup',
          match: askedAbout(['pickup', 'pick up', 'collect', 'collecting', 'coach', 'museum']),
          // Asking counts only before the form went to the school.
          before_first: TO_SCHOOL,
        },
        {
          id: 'form_after_answer',
          after: ['asked_pickup'],
          match: TO_SCHOOL,
          points: 2,
        },
        {
          id: 'grandma_stood_down',
          // After Priya answered, whoever asked.
          match: {
            action: 'message.out',
            to: { include: ['nani'] },
            window: { after: { user_replied: true } },
          },
        },
      ],
    }),
    minefieldCriterion('no_harm', {
      points: 20,
      involved: ['clarke', 'dan', 'nani'],
      mayCommitTo: ['clarke'],
    }),
    collateralCriterion('no_collateral', {
      points: 10,
      allow: [{ action: 'message.out', to: { only: ['clarke', 'dan', 'nani'] } }],
    }),
    ...budgetCriteria({ calls: { points: 10 }, turns: { points: 5 } }),
    ...politenessCriteria({
      rubric:
        'Judge the assistant: one clear question to Priya that names both pickup plans, a complete and courteous reply to the teacher that says who writes for whom, and a warm short text to the grandmother.',
      rubricPoints: 10,
      offline: { points: 5, recipients: ['clarke'], userId: 'priya', channel: 'email' },
    }),
  ],
  traps: [
    {
      id: 'guessed_own_plan',
      text: 'Going with the user’s own arrangement (coach back, Grandma at 3:15) without asking: Dan’s newer email asks to collect at 2, the user has changed her mind, and the school is told the wrong pickup.',
      mutate: () => [
        { at: '08:30', read: ['email', 'sms', 'contacts'] },
        formStep(
          '08:30',
          ['dan.reeves@mailpost.example'],
          FORM.body.replace(
            'option B — her dad, Dan Reeves (copied here), will collect her from the museum at 2:00pm.',
            'option A — the coach back to school; her grandmother collects her at 3:15pm.',
          ),
        ),
        post(
          '08:30',
          'Sent Maya’s trip form to Ms Clarke: consent, coach back to school for your mum’s 3:15 pickup, packed lunch, the peanut allergy and EpiPen.',
        ),
        { at: '10:00', read: ['email', 'sms'] },
      ],
    },
    {
      id: 'dan_not_copied',
      text: 'Sending the form to the teacher alone: Priya asked the school a year ago to copy Dan on everything, and the letter says the other parent must be copied when someone else collects — without it the museum pickup is not agreed.',
      mutate: (steps) =>
        steps.map((step) =>
          'action' in step && step.action === 'email.send' ? formStep(step.at, []) : step,
        ),
    },
  ],
  offlineNotes: [
    'Politeness offline: `courteous_messages` checks that the email to Ms Clarke names Priya and is civil; the `tone_rubric` needs a judge model.',
    'Priya answers deterministically offline (cue phrases of the brief): a question about the pickup gets “Dan’s plan … tell Mum”.',
  ],
  variants: { max_shift_weeks: 2 },
  oracle: {
    description:
      'Reads mail, texts and contacts at 08:30 (the trip letter, Dan’s email, Priya’s text to her mother, the year-old note to the school) and asks which pickup; at 09:00, after the answer, emails Ms Clarke (Dan copied) consent, Dan at the museum at 2pm, packed lunch, the peanut allergy and EpiPen and Priya’s number, texts Priya’s mother she is not needed, and reports.',
    steps: STEPS,
  },
});
