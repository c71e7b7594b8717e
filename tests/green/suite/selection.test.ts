import { describe, expect, it } from 'vitest';
import {
  describeSelection,
  parseSelection,
  resolveSuite,
  shardSlice,
  SuiteSelectionError,
  trialSeed,
} from '../../../src/green/suite/selection.js';
import { fakeScenario, fakeSource } from './fake-scenarios.js';

const scenarios = [
  fakeScenario('zeta_triage', 'triage'),
  fakeScenario('alpha_triage', 'triage'),
  fakeScenario('book_table', 'ask_back'),
  fakeScenario('loose_end'),
  fakeScenario('meet_up', 'scheduling'),
];

describe('parseSelection', () => {
  it('reads all, a family, a list and a comma-joined list', () => {
    expect(parseSelection('all')).toEqual({ kind: 'all' });
    expect(parseSelection(' family:triage ')).toEqual({ kind: 'family', family: 'triage' });
    expect(parseSelection('family:unassigned')).toEqual({ kind: 'family', family: 'unassigned' });
    expect(parseSelection(['b', 'a', 'b'])).toEqual({ kind: 'ids', ids: ['b', 'a'] });
    expect(parseSelection('b, a,,')).toEqual({ kind: 'ids', ids: ['b', 'a'] });
    expect(describeSelection(parseSelection('b, a'))).toBe('b,a');
    expect(describeSelection(parseSelection('family:safety'))).toBe('family:safety');
  });

  it('names the problem with an unknown family, an empty list or a mixed one', () => {
    expect(() => parseSelection('family:games')).toThrow(
      'unknown scenario family "games"; families are triage, scheduling, coordination, follow_up, ask_back, safety, unassigned',
    );
    expect(() => parseSelection(' , ')).toThrow(SuiteSelectionError);
    expect(() => parseSelection(['a', 'all'])).toThrow('"all" cannot be combined with scenario ids');
  });
});

describe('shards', () => {
  it('deal the stable order round-robin: disjoint, and together the whole', () => {
    const items = ['a', 'b', 'c', 'd', 'e'];
    expect(shardSlice(items, { index: 0, count: 2 })).toEqual(['a', 'c', 'e']);
    expect(shardSlice(items, { index: 1, count: 2 })).toEqual(['b', 'd']);
    expect(shardSlice(items, { index: 6, count: 20 })).toEqual([]);
    for (let count = 1; count <= 7; count += 1) {
      const union = Array.from({ length: count }, (_, index) => shardSlice(items, { index, count })).flat();
      expect(union.sort()).toEqual(items);
    }
  });
});

describe('resolveSuite', () => {
  it('runs the shard’s scenarios sorted by id, recording every selected scenario’s version', async () => {
    const source = fakeSource(scenarios, ['broken_one']);
    const suite = await resolveSuite(source, { kind: 'all' }, { index: 1, count: 2 });
    expect(suite.totalScenarios).toBe(6);
    expect(suite.entries.map((e) => e.id)).toEqual(['book_table', 'loose_end', 'zeta_triage']);
    expect(suite.versions).toEqual({
      alpha_triage: { version: '1', content_hash: 'hash-alpha_triage' },
      book_table: { version: '1', content_hash: 'hash-book_table' },
      broken_one: { version: null, content_hash: null },
      loose_end: { version: '1', content_hash: 'hash-loose_end' },
      meet_up: { version: '1', content_hash: 'hash-meet_up' },
      zeta_triage: { version: '1', content_hash: 'hash-zeta_triage' },
    });
    const family = await resolveSuite(source, { kind: 'family', family: 'triage' }, { index: 0, count: 1 });
    expect(Object.keys(family.versions)).toEqual(['alpha_triage', 'broken_one', 'zeta_triage']);
  });

  it('sorts a list of ids, so the order does not depend on how it was written', async () => {
    const suite = await resolveSuite(fakeSource(scenarios), parseSelection('meet_up,alpha_triage'), {
      index: 0,
      count: 1,
    });
    expect(suite.entries.map((e) => e.id)).toEqual(['alpha_triage', 'meet_up']);
  });

  it('selects a family, with "unassigned" for scenarios that name none', async () => {
    const source = fakeSource(scenarios);
    const triage = await resolveSuite(source, { kind: 'family', family: 'triage' }, { index: 0, count: 1 });
    expect(triage.entries.map((e) => e.id)).toEqual(['alpha_triage', 'zeta_triage']);
    const none = await resolveSuite(source, { kind: 'family', family: 'unassigned' }, { index: 0, count: 1 });
    expect(none.entries.map((e) => e.id)).toEqual(['loose_end']);
  });

  it('keeps a scenario that does not load, with its error, in its place', async () => {
    const source = fakeSource(scenarios, ['broken_one']);
    const suite = await resolveSuite(source, { kind: 'all' }, { index: 0, count: 1 });
    expect(suite.entries.map((e) => e.id)).toEqual([
      'alpha_triage',
      'book_table',
      'broken_one',
      'loose_end',
      'meet_up',
      'zeta_triage',
    ]);
    expect(suite.entries[2]).toEqual({
      id: 'broken_one',
      error: 'broken_one/scenario.json: criteria: is required',
    });
    const family = await resolveSuite(source, { kind: 'family', family: 'ask_back' }, { index: 0, count: 1 });
    expect(family.entries.map((e) => e.id)).toEqual(['book_table', 'broken_one']);
  });

  it('refuses unknown ids and empty families, saying what exists', async () => {
    const source = fakeSource(scenarios);
    await expect(
      resolveSuite(source, parseSelection('meet_up,nope,nada'), { index: 0, count: 1 }),
    ).rejects.toThrow(
      'unknown scenarios "nope", "nada"; available scenarios: alpha_triage, book_table, loose_end, meet_up, zeta_triage',
    );
    await expect(
      resolveSuite(source, { kind: 'family', family: 'safety' }, { index: 0, count: 1 }),
    ).rejects.toThrow(
      'no scenario of family "safety"; families present: ask_back, scheduling, triage, unassigned',
    );
    await expect(resolveSuite(fakeSource([]), { kind: 'all' }, { index: 0, count: 1 })).rejects.toThrow(
      'there are no scenarios to run',
    );
  });
});

describe('trialSeed', () => {
  it('is the base seed for trial 1, then counts up', () => {
    expect([1, 2, 3].map((trial) => trialSeed(42, trial))).toEqual([42, 43, 44]);
    expect(trialSeed(Number.MAX_SAFE_INTEGER, 2)).toBe(0);
  });
});
