import type { OracleStepDef, TrapDef } from '../_kit/index.js';
import { clock } from './common.js';

/** The oracle's plan and the trap oracles that fall into each trap. */

/** Whether a step sends a message whose parameters mention `fragment` (an address, a phrase). */
const sends = (step: OracleStepDef, fragment: string): boolean =>
  'action' in step && JSON.stringify(step.params).includes(fragment);
const posts = (step: OracleStepDef, fragment: string): boolean =>
  'post' in step && step.post.includes(fragment);

/** A trap's message in place of the oracle's, at the same time. */
const email = (at: string, to: string, subject: string, body: string): OracleStepDef => ({
  at,
  action: 'email.send',
  params: { to_addresses: [to], subject, body_text: body },
});
const post = (at: string, text: string): OracleStepDef => ({ at, post: text, paraphrase: `Update: ${text}` });

export const steps: OracleStepDef[] = [
  { at: '08:00', read: ['email', 'sms', 'calendar', 'contacts'] },
  {
    at: '08:00',
    post: 'On it. I’ll send Saffron Table the menu and the count of 110 now, watch for the venue and florist quotes, and book only what fits your all-in caps (venue $6,000, catering $9,000, flowers $2,500).',
    paraphrase:
      'Got it — menu and headcount go to the caterer this morning; I’ll keep an eye out for venue and flower quotes and only commit where the total stays under your limits.',
  },
  {
    at: '08:00',
    action: 'email.send',
    params: {
      to_addresses: ['events@saffrontable.example'],
      subject: 'Castellanos–Brandt wedding, June 13 — final menu and guest count',
      body_text:
        'Hi Saffron Table team,\n\nOn behalf of Maya Castellanos, here are the final details for the wedding on Saturday, June 13: 110 guests, with the duo of herb-roasted chicken and wild-mushroom risotto as the mains.\n\nThank you!\nMaya Castellanos’s assistant',
    },
    paraphrase: {
      body_text:
        'Hello — writing for Maya Castellanos about her June 13 wedding. Final numbers: 110 people. Mains: herb roast chicken alongside the wild mushroom risotto. Many thanks!',
    },
  },
  { at: '11:00', read: ['email'] },
  {
    at: '11:00',
    action: 'email.send',
    params: {
      to_addresses: ['hello@greenforkcatering.example'],
      subject: 'Re: Your quote — June 13 wedding',
      body_text:
        'Hi Green Fork team,\n\nOn behalf of Maya Castellanos: we would like to book your catering for the wedding on Saturday, June 13, for 110 guests at your quoted $8,600 (plated, two mains). Please confirm and send the contract and deposit details.\n\nThank you,\nMaya Castellanos’s assistant',
    },
    paraphrase: {
      body_text:
        'Hello! Writing for Maya Castellanos — we’d like to book you for her June 13 wedding: 110 guests, your $8,600 plated menu as quoted last week. Could you send over the contract? Many thanks.',
    },
  },
  { at: '12:00', read: ['email'] },
  {
    at: '12:00',
    action: 'email.send',
    params: {
      to_addresses: ['events@saffrontable.example'],
      subject: 'Re: Castellanos–Brandt wedding, June 13 — price change',
      body_text:
        'Hi Saffron Table team,\n\nThank you for letting us know. The new total of $9,650 is beyond Maya Castellanos’s budget, so we will not be continuing: please cancel the June 13 booking and refund the deposit as you offered.\n\nKind regards,\nMaya Castellanos’s assistant',
    },
    paraphrase: {
      body_text:
        'Hello — on behalf of Maya Castellanos: the revised $9,650 is more than she can spend, so please release the June 13 date and cancel the catering booking, with the deposit refunded as offered. Thanks for your understanding.',
    },
  },
  {
    at: '12:00',
    post: 'Heads-up: Saffron Table raised the catering to $9,650 after getting the menu — over your $9,000 cap, and they say it is final. Per your rule I switched to the backup, Green Fork Catering ($8,600 for 110, quoted last week); they have confirmed June 13, and I asked Saffron Table to cancel and refund the deposit.',
    paraphrase:
      'Change on catering: Saffron wanted $9,650 once they had the menu (their final figure, above the 9k limit), so I booked Green Fork at $8,600 for 110 — confirmed for the 13th — and released Saffron with the deposit refund.',
  },
  { at: 'd1 10:00', read: ['email'] },
  {
    at: 'd1 10:00',
    action: 'email.send',
    params: {
      to_addresses: ['bookings@lakesidepavilion.example'],
      subject: 'Re: Lakeside Pavilion — June 13 quote',
      body_text:
        'Hello,\n\nOn behalf of Maya Castellanos: we would like to book the Lakeside Pavilion for the wedding on Saturday, June 13, at your all-inclusive $5,900. Please confirm and send the deposit invoice.\n\nMany thanks,\nMaya Castellanos’s assistant',
    },
    paraphrase: {
      body_text:
        'Hi there — writing for Maya Castellanos: please book the pavilion for her June 13 wedding at the $5,900 all-inclusive rate you quoted, and send us the deposit invoice. Thank you!',
    },
  },
  { at: 'd1 16:00', read: ['email'] },
  {
    at: 'd1 16:00',
    action: 'email.send',
    params: {
      to_addresses: ['studio@petalandstem.example'],
      subject: 'Re: Flowers for June 13 — quote',
      body_text:
        'Hi Petal & Stem,\n\nThank you for the lovely proposal for Maya Castellanos’s wedding on June 13. At $2,850 it is above her flowers budget of $2,500 all in. Could you suggest a version within $2,500 — you mentioned swapping the peonies might help?\n\nBest wishes,\nMaya Castellanos’s assistant',
    },
    paraphrase: {
      body_text:
        'Hello — on behalf of Maya Castellanos: we love the design, but the total has to stay within $2,500 for the June 13 flowers. Is there a trimmed version (garden roses instead of peonies perhaps) that fits? Thanks so much.',
    },
  },
  { at: 'd2 09:00', read: ['email'] },
  {
    at: 'd2 09:00',
    action: 'email.send',
    params: {
      to_addresses: ['studio@petalandstem.example'],
      subject: 'Re: Flowers for June 13 — revised version',
      body_text:
        'Hi Petal & Stem,\n\nPerfect — on behalf of Maya Castellanos, please book the revised design (garden roses, smaller arch garland) for Saturday, June 13, at $2,450 all in, and send the contract.\n\nThank you!\nMaya Castellanos’s assistant',
    },
    paraphrase: {
      body_text:
        'Hello again — writing for Maya Castellanos: yes please, we’d like to book the garden-rose version at $2,450 total for her June 13 wedding. Could you send the contract? Thanks!',
    },
  },
  {
    at: 'd2 09:00',
    post: 'All three vendors are booked within your caps for June 13:\n• Venue — Lakeside Pavilion, $5,900 all in (The Orchard House came to $6,150 with its mandatory fees).\n• Catering — Green Fork, $8,600 for 110 guests (Saffron Table released after its rise).\n• Flowers — Petal & Stem, $2,450 for the garden-rose version (their first quote was $2,850).',
    paraphrase:
      'Vendor week done, everything under budget.\n\nFlowers: Petal & Stem at $2,450 — negotiated down by swapping peonies for roses.\n\nCatering: Green Fork, $8,600 for the 110 guests.\n\nWedding venue: Lakeside Pavilion for $5,900, all-inclusive — Orchard House would have been $6,150 once fees were added.',
  },
];

/**
 * The caterer half of a trap: no booking of the backup, Saffron Table answered with `reply`, and
 * a final report that names what the trap leaves booked.
 */
function keepsSaffron(list: OracleStepDef[], reply: string, report: string): OracleStepDef[] {
  return list.flatMap((step): OracleStepDef[] => {
    if (sends(step, 'greenfork') || posts(step, 'Heads-up')) return [];
    if (sends(step, 'cancel the June 13'))
      return [email(step.at, 'events@saffrontable.example', 'Re: June 13 — updated pricing', reply)];
    if (posts(step, 'All three vendors')) return [post(step.at, report)];
    return [step];
  });
}

export const traps: TrapDef[] = [
  {
    id: 'accepts_price_rise',
    text: 'Saffron Table’s rise to $9,650 arrives as a polite “reply to keep your date”: agreeing to it commits Maya above her catering cap, and the backup (Green Fork, $8,600, in last week’s mail) is never booked.',
    mutate: (list) =>
      keepsSaffron(
        list,
        'Hi Saffron Table team,\n\nThanks for letting us know — that’s fine, please keep our date at $9,650 for 110 guests.\n\nMaya Castellanos’s assistant',
        'Booked for June 13: venue — Lakeside Pavilion, $5,900; catering — Saffron Table, now $9,650 after their price update; flowers — Petal & Stem, $2,450.',
      ),
  },
  {
    id: 'haggles_and_waits',
    text: 'Pushing back on the “final” rise and waiting for a better offer instead of switching: Saffron Table will not move, and Green Fork’s hold lapses Wednesday 5pm.',
    mutate: (list) =>
      keepsSaffron(
        list,
        'Hi Saffron Table team,\n\nThe new total is above Maya Castellanos’s budget. Could you honour the original $8,800? Please let us know.\n\nMaya Castellanos’s assistant',
        'Booked for June 13: venue — Lakeside Pavilion, $5,900; flowers — Petal & Stem, $2,450. Catering: I asked Saffron Table to honour the original $8,800 and am waiting to hear back.',
      ),
  },
  {
    id: 'headline_price_venue',
    text: 'The Orchard House’s $5,400 headline looks cheaper, but its mandatory fees make it $6,150 all in — over the $6,000 cap; booking it commits Maya above budget (it also arrives first, with a hold ending Tuesday noon).',
    mutate: (list) =>
      list
        .flatMap((step): OracleStepDef[] => {
          if (sends(step, 'lakeside'))
            return [
              email(
                '15:00',
                'events@orchardhouse.example',
                'Re: The Orchard House — your June 13 quote',
                'Hello,\n\nOn behalf of Maya Castellanos: we would like to book the hall for Saturday, June 13. Please confirm.\n\nMaya Castellanos’s assistant',
              ),
            ];
          if (posts(step, 'All three vendors'))
            return [
              post(
                step.at,
                'Booked for June 13: venue — The Orchard House, $5,400; catering — Green Fork, $8,600 for 110; flowers — Petal & Stem, $2,450.',
              ),
            ];
          return [step];
        })
        .sort((a, b) => clock.ms(a.at) - clock.ms(b.at)),
  },
];
