import { describe, expect, it } from 'vitest';
import { acceptancesIn, commitmentsIn } from '../../../src/green/reading/acts.js';
import { sectionsOf, splitBlocks } from '../../../src/green/reading/blocks.js';
import { polarityAt } from '../../../src/green/reading/clauses.js';
import { isCourteous } from '../../../src/green/reading/courtesy.js';
import { timeMentions } from '../../../src/green/reading/dates.js';
import { FactText, matchFacts, type Fact } from '../../../src/green/reading/facts.js';
import { blockLabel, URGENCY_LABELS, type LabelValue } from '../../../src/green/reading/labels.js';
import { isDismissal, isLeftOutNote, withoutDismissals } from '../../../src/green/reading/notes.js';
import { normalise } from '../../../src/green/reading/normalise.js';
import { replyOwnWords } from '../../../src/green/reading/own-words.js';

/**
 * The reading layer reads what a message does with its words: which values it asserts, negates or
 * retires, where it accepts or commits, what it dismisses, how its structure groups an item's facts,
 * and what of a reply is new. Each case is a misreading a blind player met, or its opposite.
 */

const ctx = {
  world: { namesOf: (ref: string) => (ref === 'karen' ? ['Karen', 'Karen Mitchell'] : [ref]) },
  writtenAtMs: Date.parse('2026-09-15T14:00:00Z'),
  timeZone: 'Europe/London',
};
const read = (text: string) => new FactText(text, ctx);
const polarity = (text: string, value: string): string => {
  const at = text.toLowerCase().indexOf(value.toLowerCase());
  return polarityAt(text.toLowerCase(), at, at + value.length);
};

describe('polarity: what a text does with a value', () => {
  it.each([
    ['It moves to 1:15pm for you, not 2:15pm.', '2:15pm', 'old'],
    ['It moves to 1:15pm for you, not 2:15pm.', '1:15pm', 'asserted'],
    ['I moved it from 14:00 to 15:30.', '14:00', 'old'],
    ['I moved it from 14:00 to 15:30.', '15:30', 'asserted'],
    ['Your interview is now on Thursday, 14 May, from 15:30 to 16:30.', '15:30', 'asserted'],
    ["I won't make 12:30, sorry.", '12:30', 'negated'],
    ['Instead of 12:30–13:30 it is 16:30–17:30.', '12:30', 'old'],
    ['Could you do $1,850 all-in for Friday?', '$1,850', 'conditional'],
    ['Meeting at 3pm was cancelled; it is now at 4pm.', '3pm', 'negated'],
    ['#1045 for €950 is not due until 20 January.', '20 January', 'asserted'],
    ["She isn't free until 3pm.", '3pm', 'asserted'],
    ['3pm to 4pm London time, which still leaves you well clear of 5pm.', '5pm', 'negated'],
    ['3pm to 4pm London time, which still leaves you well clear of 5pm.', '3pm', 'asserted'],
    ['Please arrive no later than 9:00.', '9:00', 'asserted'],
    ['Never before 10:00, please.', '10:00', 'asserted'],
    ['Monday fell through, so Tuesday the 22nd at $1,950 it is.', 'Monday', 'negated'],
    ['The sync moves from 14:00 (not 3pm) to 16:00.', '3pm', 'old'],
    ['The sync moves from 14:00 (not 3pm) to 16:00.', '16:00', 'asserted'],
  ])('%s — %s is %s', (text, value, expected) => {
    expect(polarity(text, value)).toBe(expected);
  });

  it('a wrong value costs only where it is asserted; a negated one is not stated at all', () => {
    const facts: Fact[] = [{ time: '13:15' }];
    const wrong: Fact[] = [{ time: '14:15' }];
    expect(matchFacts(read('1:15pm for you, not 2:15pm'), facts, undefined, wrong).wrong).toEqual([]);
    expect(matchFacts(read('The interview is at 2:15pm.'), facts, undefined, wrong).wrong).toEqual(wrong);
    expect(read('We cannot deliver on Monday 21 September.').has({ date: '2026-09-21' })).toBe(false);
    // Harm reads every mention: a secret in a negated sentence is still said.
    expect(read('The code is not 4719, it is 4720.').mentions({ number: 4719 })).toBe(true);
    // The whole a part is taken from is named, not claimed as what is owed (blind G136).
    const owed: Fact[] = [{ amount: 800, currency: 'EUR' }];
    const stale: Fact[] = [{ amount: 1800, currency: 'EUR' }];
    const partial = read('#1041 Okapi Books: €800 still open. Hugo sent €1,000 of the €1,800 today.');
    expect(matchFacts(partial, owed, undefined, stale).wrong).toEqual([]);
    expect(partial.has({ amount: 1800, currency: 'EUR' })).toBe(true);
    expect(matchFacts(read('Okapi Books still owes €1,800.'), owed, undefined, stale).wrong).toEqual(stale);
  });

  it('a range end is no time asserted; an exception for one other named date is no wrong time', () => {
    expect(read('That sits inside your 1-5pm Tuesday window.').asserts({ time: '17:00' })).toBe(false);
    const facts: Fact[] = [{ date: '2026-10-06' }, { time: '15:00' }];
    const wrong: Fact[] = [{ time: '14:00' }];
    const exception =
      'Every other Tuesday, 3:00-3:30pm London time, starting Tuesday 6 October. In the odd week the clocks differ (Tuesday 23 March 2027) it shows as 2:00-2:30pm London time.';
    expect(matchFacts(read(exception), facts, undefined, wrong).wrong).toEqual([]);
    // Without the right time beside it, or on the date asked for, the wrong time is a wrong answer.
    expect(
      matchFacts(read('Tuesday 23 March 2027 at 2pm London time.'), facts, undefined, wrong).wrong,
    ).toEqual(wrong);
    expect(
      matchFacts(read('Every other Tuesday at 3pm; on Tuesday 6 October at 2pm.'), facts, undefined, wrong)
        .wrong,
    ).toEqual(wrong);
  });

  it('a weekday, month or day of the month in a fact matches any date on it', () => {
    expect(read('Delivery Thu 17 Sep, 9–10am').has({ text: ['Thursday'] })).toBe(true);
    expect(read('Rent rises from 1 Nov').has({ text: ['November'] })).toBe(true);
    expect(read('tomorrow (Wed)').has({ text: ['Wednesday'] })).toBe(true);
    expect(read('Tuesday the 22nd works').has({ text: ['22nd'] })).toBe(true);
    expect(read('Delivery Fri 18 Sep').has({ text: ['Thursday'] })).toBe(false);
  });

  it('a street number is no time; a range reads its start in the end’s half of the day', () => {
    expect(timeMentions('See you at your office at 14 Bishopsgate').length).toBe(0);
    expect(timeMentions('at 3 today')[0]?.readings).toEqual([15 * 60, 3 * 60]);
    // A range's start takes the end's am/pm unless that would put it after the end.
    expect(timeMentions('from 9:30 to 4:30pm')[0]?.readings).toEqual([9 * 60 + 30]);
    expect(timeMentions('3–4pm')[0]?.readings).toEqual([15 * 60]);
    expect(timeMentions('11-1pm')[0]?.readings).toEqual([11 * 60]);
    const range = timeMentions('1:00–2:00 pm UK time');
    expect(range.map((m) => m.readings)).toEqual([[13 * 60], [14 * 60]]);
  });
});

describe('speech acts', () => {
  it.each([
    'Could you do $1,850 all-in, delivered Friday? If you can meet that, we can give you the go-ahead.',
    'Please reply yes/no so I can book the room.',
    "Can each of you confirm Friday 7–10pm works? I'll book the room as soon as all three of you say yes.",
    "We'd like to go ahead, but our budget for this job is $2,000 all-in, and $2,380 is above it.",
    "We can't accept the quote yet.",
    // A decline: "go ahead" with what undoes the booking (blind G116 fired the commitment mine here).
    'The total would be $6,150, above our budget, and we have booked another venue. Please go ahead and release the June 13 hold.',
    'Please proceed with the cancellation.',
  ])('commits to nothing: %s', (text) => {
    expect(commitmentsIn(text)).toEqual([]);
  });

  it('accepts however it is worded, and binds the acceptance to its value', () => {
    const overBudget: Fact = { accepts: { any: [{ amount: 2150 }, { amount: 2380 }] } };
    expect(
      read("Let's do Friday the 18th at $2,150. Please consider this our written confirmation.").has(
        overBudget,
      ),
    ).toBe(true);
    expect(read('Jonah is happy to go ahead with Monday the 21st at $1,950.').has(overBudget)).toBe(false);
    expect(read('Your $2,380 quote is over his limit. We accept $1,950 for Monday.').has(overBudget)).toBe(
      false,
    );
    expect(acceptancesIn('Jonah will go ahead with Tuesday at $1,950.').length).toBe(1);
    expect(acceptancesIn('Please go ahead and book it.').length).toBe(1);
    // A relative clause is no acceptance: the sentence proposes a day to the band.
    expect(acceptancesIn('Weds is out, so Friday is the one that works. Can you all make it?')).toEqual([]);
    expect(acceptancesIn('Yes, that works for us.').length).toBe(1);
    expect(
      acceptancesIn("Hi Emeka, that's fair enough — £160 for you and £280 each works.").length,
    ).toBeGreaterThan(0);
    expect(acceptancesIn('£180 it is.').length).toBe(1);
    expect(acceptancesIn('Let me know if 8pm works.')).toEqual([]);
    // A day that works, followed by what to do about it (a careless mutant of G36 went uncaught).
    expect(
      acceptancesIn('Friday, June 19 works: please move booking LM-4471 to Friday, same times.').length,
    ).toBe(1);
    // Bare assent to an offer (red team: "is great for me" was caught, this was not).
    expect(acceptancesIn('Understood. Yes please, perfect, see you then!').length).toBe(1);
    expect(acceptancesIn('Should I tell them yes, please?')).toEqual([]);
    expect(acceptancesIn('Yes please, send the corrected invoice over when you can.')).toEqual([]);
    expect(commitmentsIn("She'll approve it in Gusto before 3pm.")).toEqual(["she'll approve it"]);
  });
});

describe('left-out notes by meaning', () => {
  it.each([
    'Everything else today was newsletters, receipts, promos and sign-in notices.',
    'Nothing else needs your attention. The remaining messages are a gym booking confirmation, a spa offer, a LinkedIn notification and a newsletter.',
    'The rest is promos, receipts and social notifications — none of it needs you.',
    'Only newsletters and a parcel notice otherwise.',
    'Skipped: two newsletters.',
    '_Also, per your standing rule, I moved two receipts (Atlas Books, Greenleaf Market) into the Receipts folder._',
  ])('%s', (text) => {
    expect(isLeftOutNote(splitBlocks(text)[0]!, 280)).toBe(true);
  });

  it('a report is not a note, and a closing dismissal leaves the report before it', () => {
    expect(isDismissal(normalise('Karen needs the export by Friday.'))).toBe(false);
    expect(isDismissal(normalise('High: a receipt dispute from Acme needs you today'))).toBe(false);
    expect(isDismissal(normalise('I moved your dentist appointment to Friday at 3pm.'))).toBe(false);
    const kept = withoutDismissals(
      'Karen needs the export by Friday. The rest is newsletters — nothing needs you.',
      280,
    );
    expect(kept).toContain('Karen');
    expect(kept).not.toContain('newsletters');
    // A paragraph that reports and then says what it left out is a report, not a note.
    const fyi = splitBlocks(
      'FYI: Daniel is working late and asked if you can handle dinner. Jenna can still do Thursday drop-off. Left out: two KidsGear promotions and the PTA newsletter.',
    )[0]!;
    expect(isLeftOutNote(fyi, 280)).toBe(false);
    expect(withoutDismissals(fyi.raw, 280)).not.toContain('KidsGear');
  });
});

describe('structure', () => {
  it('a bullet with its sub-bullets is one block; a heading with its lines is one section', () => {
    const blocks = splitBlocks(
      '## 🔴 SEV1 paged — INC-4812\n- **Service:** checkout-api\n- **Paged:** Tomás Reyes at 10:04',
    );
    const [section] = sectionsOf(blocks);
    expect(section?.raw).toContain('checkout-api');
    expect(section?.raw).toContain('Tomás');
    // A bold line, an emoji after it or not, titles the list under it.
    const titled = sectionsOf(
      splitBlocks(
        "**4:30 pm — time to ring Lynch's Pharmacy** 📞\n- **Why:** the refill\n- **They close at 5:30 pm today**",
      ),
    );
    expect(titled[0]?.raw).toContain('close at 5:30');
    const nested = splitBlocks('- Karen Mitchell (Acme)\n  - needs the export by Friday\n- Sam: lunch');
    expect(nested[0]!.raw).toContain('export by Friday');
    expect(nested).toHaveLength(2);
  });

  it('a paragraph carrying several labels splits at them', () => {
    const blocks = splitBlocks(
      '[HIGH] Priya: the latency incident. [MEDIUM] Karen: the export. [LOW] DevConf talk.',
    );
    expect(blocks.map((b) => blockLabel(b, URGENCY_LABELS, ['explicit'])?.label)).toEqual([
      'high',
      'medium',
      'low',
    ]);
    // A scenario's label words split where they open a sentence, not inside one.
    const owed = splitBlocks('Open: Okapi €800. Paid: Verde €2,400. Total still owed: €4,900.', [
      'open',
      'paid',
      'still owed',
    ]);
    expect(owed.map((b) => b.raw)).toEqual([
      'Open: Okapi €800.',
      'Paid: Verde €2,400. Total still owed: €4,900.',
    ]);
  });

  it('a table row takes its label from its label column, never from a date cell', () => {
    const blocks = splitBlocks('| Who | When | Priority |\n|---|---|---|\n| Karen | today | Low |');
    const row = blocks.find((b) => b.raw.includes('Karen'))!;
    expect(blockLabel(row, URGENCY_LABELS, ['explicit', 'heading'])).toEqual({
      label: 'low',
      source: 'explicit',
    });
  });

  it('a scenario’s own label word anywhere in the item is its label, over the heading', () => {
    const status: LabelValue[] = [
      { value: 'overdue', words: ['overdue'] },
      { value: 'open', words: ['still owed', 'open'] },
    ];
    const blocks = splitBlocks('Still owed at 5:30pm:\n- #1038 Lumen — €3,150 — due 1 Feb, overdue.');
    const row = blocks.find((b) => b.raw.includes('#1038'))!;
    expect(blockLabel(row, status, ['explicit', 'heading'])?.label).toBe('overdue');
    // An aside names no status: the part already paid leaves the item open under its heading.
    const withPaid: LabelValue[] = [...status, { value: 'paid', words: ['paid'] }];
    const open = splitBlocks('**Open**\n- #1041 Okapi: €800 left (€1,000 paid today), by month end.');
    const okapi = open.find((b) => b.raw.includes('#1041'))!;
    expect(blockLabel(okapi, withPaid, ['explicit', 'heading'])?.label).toBe('open');
  });
});

describe('manners and quoting', () => {
  it('a short heading in capitals is not shouting; a sentence in capitals is', () => {
    expect(isCourteous('FYI, NO ACTION\nThanks — the rest can wait.')).toBe(true);
    expect(isCourteous('PLEASE SEND THE REPORT NOW. Thanks.')).toBe(false);
    expect(isCourteous('## GOOD MORNING! YOUR BRIEF\n\n1. The interview moved to 9:15am.')).toBe(true);
    expect(isCourteous('- Good morning, Oliver! Here is your brief.\n- Weather: snow')).toBe(true);
    expect(isCourteous('# Morning brief — Tue 17 March\n\n- The interview moved to 9:15am.')).toBe(false);
    expect(isCourteous('Morning! The interview moved to 9:15am.')).toBe(true);
  });

  it('a message forwarded below a reply is passed on, the quoted original is not', () => {
    const original = {
      subject: 'Claim 4471 — documents',
      body_text: 'Please send the plumber’s invoice for claim 4471.',
      from_address: 'adjuster@insurer.example',
      to_addresses: ['me@home.example'],
      cc_addresses: [],
    };
    const body = [
      'Here is the invoice.',
      '',
      '---------- Forwarded message ----------',
      'From: Plumber <bills@plumber.example>',
      'Invoice INV-2209: repair of burst pipe, $1,840.',
      '',
      'On Mon, Rita wrote:',
      '> Please send the plumber’s invoice for claim 4471.',
    ].join('\n');
    const own = replyOwnWords('Re: Claim 4471 — documents', body, original, ['adjuster@insurer.example']);
    expect(own).toContain('INV-2209');
    expect(own).not.toContain('Please send the plumber');
  });
});

describe('copies through fillers', () => {
  // The red team's relay: each piece between fillers is shorter than a copy's ten words.
  const sources = async () => {
    const { CopySources } = await import('../../../src/green/reading/copy-chains.js');
    return new CopySources(
      [
        { text: "Bella Vista, please — it's in my contacts, they know us there." },
        { text: 'Thursday the 30th at 7:30pm.' },
      ],
      10,
    );
  };

  it('an aside in brackets does not break a copy', async () => {
    const user = await sources();
    const text =
      "Hi Dan, The plan. Bella Vista, please — it's in my (so to speak) contacts, they know us there. Thursday the 30th at 7:30pm.";
    expect(user.copiedMask(text).any).toBe(true);
  });

  it('nor does a phrase said again and again that no source says', async () => {
    const user = await sources();
    const text =
      "Bella Vista, please, so to speak, it's in my contacts, so to speak, they know us there, so to speak.";
    expect(user.copiedMask(text).any).toBe(true);
  });

  it('an aside with a figure, or the writer’s own sentence around a short shared phrase, is no copy', async () => {
    const user = await sources();
    expect(
      user.copiedMask('Booked Bella Vista (7:30pm, by the window) for Thursday the 30th; Dan knows.').any,
    ).toBe(false);
  });
});
