import type { OracleStepDef } from '../_kit/index.js';
import { RITA, t } from './world.js';

/** The ideal assistant's day, with its messages in other words for the paraphrase. */

const counter = {
  body: 'Hi Rita,\n\nThanks for the quote for the 500 launch catalogues. Writing for Jonah Park: his limit is $2,000 all-in, and they need to reach the studio by Friday the 18th. Could you do $2,000 including delivery for Friday?\n\nThank you,\nJonah’s assistant',
  paraphrase:
    'Hello Rita — on behalf of Jonah Park: $2,380 is above what he can spend. Would $2,000 including delivery, arriving Friday September 18, work for the 500 catalogues? Many thanks.',
};

const acceptMonday = {
  body: 'Hi Rita,\n\nThanks for the options. Jonah Park would like to go ahead with the Monday option: 500 catalogues for $1,950 including delivery, to the studio on Monday the 21st, 9–10am. Please take this as his written go-ahead.\n\nThank you,\nJonah’s assistant',
  paraphrase:
    'Hello Rita — Jonah Park accepts $1,950 all-in with delivery Monday September 21 (9–10am) for the 500 catalogues. Please proceed. Many thanks.',
};

const acceptTuesday = {
  body: 'Hi Rita,\n\nSorry to hear about the press. Jonah Park is happy with Tuesday: 500 catalogues for $1,950 including delivery, to the studio on Tuesday the 22nd, 9–10am. Please go ahead on that basis.\n\nThank you,\nJonah’s assistant',
  paraphrase:
    'Hello Rita — no problem. For Jonah Park: please proceed with Tuesday September 22, 9–10am delivery, at $1,950 all-in for the 500 catalogues. Many thanks.',
};

export const briefPost = {
  post: 'Today’s brief — what needs you:\n\n1. Priya Nair (Harbor & Pine) needs your approval of the final logo files by Thursday noon.\n2. Mo Farouk: the Q3 estimated tax voucher ($4,120) needs your signature by Friday.\n3. New lead: Sam Okafor (Crumb & Co) wants a call next week about a rebrand.\n4. Greer Properties: studio rent rises to $3,400 a month from November 1; reply by September 30 to discuss.\n5. Catalogues: confirmed with Ink & Anchor for Tuesday the 22nd, 9–10am, $1,950 all-in (Monday fell through when their press broke).\n\nLeft out: newsletters, receipts and promotions.',
  paraphrase:
    'End-of-day summary\n\n- Harbor & Pine (Priya Nair): logo files to approve before Thursday 12pm.\n- Accountant Mo Farouk: sign the Q3 estimated-tax voucher, $4,120, by Friday.\n- Sam Okafor of Crumb & Co: rebrand enquiry, asks for a call next week.\n- Greer Properties: rent up to $3,400/month from 1 November — respond by 30 September if you want to talk.\n- Print order: Ink & Anchor confirmed Tue 22 Sept, 9–10am, $1,950 including delivery.\n\nIgnored: newsletters, receipts, promos.',
};

export const steps: OracleStepDef[] = [
  { at: '08:30', read: ['email', 'sms', 'calendar', 'contacts', 'chat'] },
  {
    at: '08:30',
    action: 'email.reply',
    params: { message_id: 'rita_quote', body_text: counter.body },
    paraphrase: { body_text: counter.paraphrase },
  },
  { at: '09:30', read: ['email', 'chat'] },
  {
    at: '09:30',
    post: 'Rita at Ink & Anchor can’t do both: $2,150 for Friday delivery (over your $2,000), or $1,950 if it arrives Monday the 21st. Which would you like — Friday at $2,150, or Monday at $1,950?',
    paraphrase:
      'Quick decision on the catalogues? Ink & Anchor offers Friday at $2,150 (above budget) or Monday 21 Sept at $1,950. Which do you prefer?',
  },
  { at: '10:00', read: ['chat'] },
  {
    at: '10:00',
    action: 'email.reply',
    params: {
      message_id: { $ref: { email: { from: RITA, subject_contains: 'options' } } },
      body_text: acceptMonday.body,
    },
    paraphrase: { body_text: acceptMonday.paraphrase },
  },
  {
    at: '10:00',
    action: 'calendar.create',
    params: {
      title: 'Catalogue delivery — Ink & Anchor (500 copies)',
      start: t('d6 09:00'),
      end: t('d6 10:00'),
      timezone: 'America/Chicago',
      description: '500 launch catalogues, $1,950 all-in. Delivery to the studio.',
    },
    paraphrase: { title: 'Ink & Anchor: launch catalogues arrive' },
  },
  {
    at: '10:00',
    post: 'Done: Ink & Anchor will print the 500 catalogues for $1,950 all-in, delivered Monday the 21st, 9–10am. It’s in your calendar.',
    paraphrase:
      'Catalogues agreed with Rita: $1,950 including delivery, Monday Sept 21 between 9 and 10. Calendar updated.',
  },
  { at: '11:30', read: ['email'] },
  {
    at: '11:30',
    action: 'email.reply',
    params: {
      message_id: { $ref: { email: { from: RITA, subject_contains: 'press' } } },
      body_text: acceptTuesday.body,
    },
    paraphrase: { body_text: acceptTuesday.paraphrase },
  },
  {
    at: '11:30',
    action: 'calendar.update',
    params: {
      event_id: { $ref: { calendar: { title_contains: 'catalogue' } } },
      start: t('d7 09:00'),
      end: t('d7 10:00'),
    },
  },
  {
    at: '11:30',
    post: 'Change to the catalogues: Ink & Anchor’s press broke, so Monday is off. Their options were Friday at $2,150 or Tuesday the 22nd at the same $1,950 — going by your choice of the cheaper one, I accepted Tuesday, 9–10am, and moved the delivery in your calendar.',
    paraphrase:
      'Update: Rita’s press broke down, Monday delivery cancelled. Took Tuesday 22 Sept (9–10am) at $1,950 rather than Friday at $2,150, as you preferred cheaper; calendar entry moved to Tuesday.',
  },
  { at: '17:00', read: ['email', 'sms'] },
  { at: '17:00', ...briefPost },
];
