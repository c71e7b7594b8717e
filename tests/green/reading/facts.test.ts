import { describe, expect, it } from 'vitest';
import { buildWorld, FactText, factSchema, matchFacts } from '../../../src/green/checks/index.js';
import { scenario, START } from '../checks/fixtures.js';

const world = buildWorld(scenario());
const text = (raw: string) => new FactText(raw, { world, writtenAtMs: Date.parse(START), timeZone: 'UTC' });

describe('facts', () => {
  it('a person by full name, unique first or last name, alias, role or address', () => {
    for (const raw of [
      'Karen Mitchell wrote',
      'Karen wrote',
      'Mitchell wrote',
      'KM wrote',
      'the client wrote',
      'karen@client.example wrote',
    ]) {
      expect(text(raw).has({ person: 'karen' }), raw).toBe(true);
    }
    expect(text('your manager is waiting').has({ person: 'jordan' })).toBe(true);
    expect(text('Karena is someone else').has({ person: 'karen' })).toBe(false);
  });

  it('terms by any synonym, whole words, plurals allowed', () => {
    expect(text('two invoices are due').has({ text: ['invoice', 'bill'] })).toBe(true);
    expect(text('follow-up meeting').has({ text: 'follow up' })).toBe(true);
    expect(text('invoiced last week').has({ text: 'invoice' })).toBe(false);
  });

  it('amounts, dates and times in any format; `any` takes alternatives', () => {
    const t = text('Renewal of 2.4k dollars due Friday at 3pm');
    expect(t.has({ amount: 2400, currency: 'USD' })).toBe(true);
    expect(t.has({ date: '2026-03-06' })).toBe(true); // START is Monday 2 March
    expect(t.has({ time: '15:00' })).toBe(true);
    expect(t.has({ any: [{ date: '2026-03-09' }, { text: 'renewal' }] })).toBe(true);
    expect(t.has({ amount: 2400, currency: 'EUR' })).toBe(false);
  });

  it('key facts: coverage needs one of them', () => {
    const facts = factSchema
      .array()
      .parse([{ person: 'karen', key: true }, { text: 'export' }, { text: 'csv' }]);
    expect(matchFacts(text('export and csv'), facts).keyMatched).toBe(false);
    expect(matchFacts(text('Karen wants the export'), facts)).toMatchObject({
      keyMatched: true,
      share: 2 / 3,
    });
  });

  it('figures of other subjects, old figures and counts are no hedge; a list of every figure is', () => {
    const venue = [{ amount: 5900 }];
    const prose =
      'All three vendors are booked. Venue: Lakeside, $5,900 all in (The Orchard House came to $6,150). ' +
      'Catering: Green Fork, $8,600 for 110 guests. Flowers: $2,450 (their first quote was $2,850).';
    expect(matchFacts(text(prose), venue).share).toBe(1);
    const flood = Array.from({ length: 9 }, (_, i) => `$${(i + 1) * 1000}`).join(', ');
    expect(matchFacts(text(`Figures seen: ${flood}, $5,900.`), venue).share).toBe(0);
    // "$280K–$340K base" beside "$80M raised" is three figures, not six.
    const pay = [{ any: [{ amount: 280000 }, { amount: 340000 }] }];
    expect(
      matchFacts(text('A Series B startup ($80M raised): $280K–$340K base plus equity.'), pay).share,
    ).toBe(1);
    // Every figure named as the old one claims none of them.
    expect(matchFacts(text('It was $5,900, was $6,150, was $8,600.'), venue).share).toBe(0);
  });

  it('a count or an id is not a sum of money, though it is a number', () => {
    expect(text('a table for 110 guests').has({ amount: 110 })).toBe(false);
    expect(text('a table for 110 guests').has({ number: 110 })).toBe(true);
    expect(text('invoice #1041 is open').has({ amount: 1041 })).toBe(false);
    expect(text('invoice #1041 is open').has({ number: 1041 })).toBe(true);
    expect(text('1041 is still open').has({ amount: 1041 })).toBe(true);
  });

  it('rejects malformed facts with the field named', () => {
    expect(factSchema.safeParse({ date: '30/01/2026' }).error?.issues[0]?.message).toBe('must be YYYY-MM-DD');
    expect(factSchema.safeParse({ time: '3pm' }).success).toBe(false);
    expect(factSchema.safeParse({ colour: 'red' }).success).toBe(false);
  });
});
