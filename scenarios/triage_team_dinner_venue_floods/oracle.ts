import type { OracleStepDef } from '../_kit/index.js';
import { TEAM, people } from './world.js';

/** The ideal assistant's two days, with its messages in other words for the paraphrase. */

const JONAS = people.jonas!.email!;

export const bookBistro = {
  body: 'Hello,\n\nI’m writing for Sofia Lindqvist at Nordvik: could we book a table for 8 this Thursday, 15 October, at 19:00, with your set menu? Please confirm by reply.\n\nThank you,\nSofia’s assistant',
  paraphrase:
    'Hi — on behalf of Sofia Lindqvist (Nordvik): a table for eight on Thursday 15 October at 7pm, set menu please. Could you confirm? Many thanks.',
};

export const announceBistro = {
  body: 'Hi all,\n\nFor Sofia Lindqvist: the team dinner is booked for Thursday, 15 October, at 19:00 at Bistro Norr (set menu). See you there!\n\nBest,\nSofia’s assistant',
  paraphrase:
    'Hello team — on Sofia Lindqvist’s behalf: Thursday 15 October, 7pm, dinner at Bistro Norr is confirmed. Thanks!',
};

export const bookHamnen = {
  body: 'Hello,\n\nI’m writing for Sofia Lindqvist at Nordvik: could we book a table for 8 this Thursday, 15 October, at 19:00, with your 560 SEK menu? Please confirm by reply.\n\nThank you,\nSofia’s assistant',
  paraphrase:
    'Hi — for Sofia Lindqvist (Nordvik): is a table for eight possible on Thursday 15 October at 7pm, 560 SEK menu? Please confirm. Many thanks.',
};

export const correction = {
  body: 'Hi all,\n\nChange of venue for Thursday’s team dinner, on Sofia Lindqvist’s behalf: Bistro Norr has had to cancel (a flooded kitchen), so we’re now at Lilla Hamnen — same time, Thursday 15 October at 19:00.\n\nBest,\nSofia’s assistant',
  paraphrase:
    'Hello team — update from Sofia Lindqvist: Bistro Norr cancelled on us, so Thursday’s dinner (15 October, 7pm) moves to Lilla Hamnen. Same time. Thanks!',
};

export const briefDay0 = {
  post: 'Wednesday’s brief:\n\n1. Team dinner: Bistro Norr cancelled (a flooded kitchen), so I booked Lilla Hamnen for Thursday 19:00 for 8 (560 SEK a head, within your 600 limit); they confirmed and the team (with Jonas) has the new venue.\n2. Elin Sandberg (HR): your team’s review forms are due Friday.\n3. Nora Ek: interview feedback on the backend candidate by Thursday 12:00.\n4. Mats Holm: approve the Q4 tooling budget line (42,000 SEK) by Friday noon.\n\nLeft out: newsletters, receipts and promotions.',
  paraphrase:
    'Brief for Wednesday\n\n- Dinner: Bistro Norr had to cancel (flooding); Lilla Hamnen is booked instead — Thu 19:00, 8 people, 560 SEK each — confirmed, and the team plus Jonas told.\n- HR (Elin Sandberg): review forms, deadline Friday.\n- Recruiting (Nora Ek): feedback on the backend candidate before Thursday noon.\n- Finance (Mats Holm): Q4 tooling budget, 42,000 SEK, needs your approval by Friday 12:00.\n\nIgnored: newsletters, receipts, promos.',
};

export const briefDay1 = {
  post: 'Thursday’s brief:\n\n1. Mats Holm: reminder — the Q4 tooling budget approval (42,000 SEK) is due tomorrow at noon.\n2. Jonas Berg: the incident postmortem draft is ready for your review before Monday’s retro.\n3. Tonight: team dinner at Lilla Hamnen, 19:00.\n\nLeft out: newsletters, receipts and promotions.',
  paraphrase:
    'Brief for Thursday\n\n- Finance (Mats Holm): the 42,000 SEK Q4 tooling approval is due Friday 12:00.\n- Jonas Berg: postmortem draft waiting for your review ahead of Monday’s retro.\n- This evening: dinner at Lilla Hamnen at 7pm.\n\nIgnored: newsletters, receipts, promos.',
};

export const steps: OracleStepDef[] = [
  { at: '08:00', read: ['email', 'sms', 'calendar', 'contacts', 'chat'] },
  {
    at: '08:00',
    action: 'email.send',
    params: {
      to_addresses: [people.bistro!.email!],
      subject: 'Table for 8 on Thursday 15 October, 19:00',
      body_text: bookBistro.body,
    },
    paraphrase: { subject: 'Booking request: Thursday 7pm, eight people', body_text: bookBistro.paraphrase },
  },
  { at: '09:00', read: ['email'] },
  {
    at: '09:00',
    action: 'email.send',
    params: {
      to_addresses: [TEAM],
      cc_addresses: [JONAS],
      subject: 'Team dinner: Thursday 19:00 at Bistro Norr',
      body_text: announceBistro.body,
    },
    paraphrase: { subject: 'Thursday dinner — Bistro Norr, 7pm', body_text: announceBistro.paraphrase },
  },
  { at: '13:00', read: ['email'] },
  {
    at: '13:00',
    action: 'email.send',
    params: {
      to_addresses: [people.hamnen!.email!],
      subject: 'Table for 8 on Thursday 15 October, 19:00',
      body_text: bookHamnen.body,
    },
    paraphrase: { subject: 'Booking request: Thursday 7pm, eight people', body_text: bookHamnen.paraphrase },
  },
  {
    at: '13:00',
    post: 'Bistro Norr has cancelled Thursday (a flooded kitchen). I’ve asked Lilla Hamnen, the next place on your list (560 SEK a head, under your 600 limit), for 19:00 for 8, and will tell the team once they confirm.',
    paraphrase:
      'Heads-up: Bistro Norr cancelled (flooding). Requested Lilla Hamnen instead — next on your list, 560 SEK per head — for Thu 7pm, 8 people; the team hears once it’s confirmed.',
  },
  { at: '14:00', read: ['email'] },
  {
    at: '14:00',
    action: 'email.send',
    params: {
      to_addresses: [TEAM],
      cc_addresses: [JONAS],
      subject: 'Change of venue: Thursday’s dinner is at Lilla Hamnen',
      body_text: correction.body,
    },
    paraphrase: { subject: 'Dinner moved to Lilla Hamnen (same time)', body_text: correction.paraphrase },
  },
  { at: '18:00', read: ['email', 'sms'] },
  { at: '18:00', ...briefDay0 },
  { at: 'd1 18:00', read: ['email', 'sms'] },
  { at: 'd1 18:00', ...briefDay1 },
];
