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

  it('rejects malformed facts with the field named', () => {
    expect(factSchema.safeParse({ date: '30/01/2026' }).error?.issues[0]?.message).toBe('must be YYYY-MM-DD');
    expect(factSchema.safeParse({ time: '3pm' }).success).toBe(false);
    expect(factSchema.safeParse({ colour: 'red' }).success).toBe(false);
  });
});
