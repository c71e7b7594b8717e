import { describe, expect, it } from 'vitest';
import { mergeSuiteResults, SuiteMergeError, type SuiteShardInput } from '../../../src/green/suite/merge.js';
import { shardSlice } from '../../../src/green/suite/selection.js';
import type { ScenarioTrials, SuiteComparability, SuiteResults } from '../../../src/protocol/index.js';
import { fakeComparability, fakeScenarioTrials as scenario, fakeShardSuite } from './fake-scenarios.js';

const ALL = [
  scenario('a', 'triage', [1, 0.6, 1]),
  scenario('b', 'triage', [0.3, 0.2, 0.1]),
  scenario('c', 'scheduling', [0.8, 0.8, 0.5]),
];

const IDS = ALL.map((s) => s.scenario_id);
const comparability = fakeComparability(IDS);
const suiteOf = (scenarios: readonly ScenarioTrials[], index: number, count: number): SuiteResults =>
  fakeShardSuite(IDS, scenarios, { index, count });

/** Shard `index` of `count` as the green runs it: its slice of the sorted selection. */
function shard(index: number, count: number, source = `shard-${index}/`): SuiteShardInput {
  return { suite: suiteOf(shardSlice(ALL, { index, count }), index, count), source };
}

/** The shard with some of its fields replaced. */
function changed(input: SuiteShardInput, change: (suite: SuiteResults) => SuiteResults): SuiteShardInput {
  return { ...input, suite: change(structuredClone(input.suite)) };
}

const withComparability = (patch: Partial<SuiteComparability>) => (suite: SuiteResults) => ({
  ...suite,
  comparability: { ...suite.comparability!, ...patch },
});

describe('mergeSuiteResults', () => {
  it('gives back the unsharded suite from its shards, in any order', () => {
    const whole = suiteOf(ALL, 0, 1);
    const merged = mergeSuiteResults([shard(1, 2), shard(0, 2)]);
    expect(merged).toEqual({ ...whole, suite_id: 'task-0+task-1', duration_seconds: 6 });
    expect(mergeSuiteResults([shard(2, 3), shard(0, 3), shard(1, 3)]).overall).toEqual(whole.overall);
    // A shard beyond the scenarios ran nothing, and merges all the same.
    expect(mergeSuiteResults([0, 1, 2, 3].map((i) => shard(i, 4))).scenarios).toEqual(whole.scenarios);
  });

  it('names missing and duplicated shards, and shards of different splits', () => {
    expect(() => mergeSuiteResults([shard(0, 3)])).toThrow(
      'missing shards 1/3 (b), 2/3 (c): run them (--shard 1/3, --shard 2/3) and merge their folders too',
    );
    expect(() => mergeSuiteResults([shard(0, 2), shard(0, 2, 'again/')])).toThrow(
      'shard 0/2 is given twice: shard-0/ and again/',
    );
    expect(() => mergeSuiteResults([shard(0, 2), shard(1, 3)])).toThrow(
      'the shards come from different splits: shard-0/ is shard 0/2, shard-1/ is shard 1/3',
    );
    expect(() => mergeSuiteResults([])).toThrow('no shards to merge');
  });

  it('refuses shards of different seeds, selections, versions, models or config, naming both', () => {
    const cases: Array<[(suite: SuiteResults) => SuiteResults, string]> = [
      [
        (s) => ({ ...s, seed: 11 }),
        'the shards ran with different base seeds: shard-0/ 10, shard-1/ 11; give every shard the same --seed',
      ],
      [(s) => ({ ...s, selection: 'family:triage' }), 'the shards ran different selections: shard-0/ "all"'],
      [(s) => ({ ...s, trials: 2 }), 'the shards ran different trial counts: shard-0/ 3, shard-1/ 2'],
      [
        withComparability({ check_library_version: '3' }),
        'the shards ran with different check library versions: shard-0/ "2", shard-1/ "3"',
      ],
      [
        withComparability({ models: { response: 'offline', evaluation: 'gpt-4o' } }),
        'the shards ran with different models',
      ],
      [
        withComparability({ trial_config: { max_turns: 4 } }),
        'the shards ran with different max_turns: shard-0/ 3, shard-1/ 4',
      ],
      [
        withComparability({
          scenario_versions: {
            ...comparability.scenario_versions,
            c: { version: '2', content_hash: 'hash-new' },
          },
        }),
        'scenario c differs between the shards: shard-0/ ran version 1 (hash-c), shard-1/ version 2 (hash-new)',
      ],
      [
        withComparability({
          scenario_versions: { ...comparability.scenario_versions, d: { version: '1', content_hash: 'x' } },
        }),
        'the shards selected different scenarios: d is in shard-1/ only',
      ],
      [(s) => ({ ...s, software_version: '0.2.0' }), 'the shards ran different ues-agentbeats versions'],
      [(s) => ({ ...s, comparability: undefined }), 'shard-1/ does not record what its trials were run with'],
    ];
    for (const [change, message] of cases) {
      const merge = () => mergeSuiteResults([shard(0, 2), changed(shard(1, 2), change)]);
      expect(merge).toThrow(SuiteMergeError);
      expect(merge).toThrow(message);
    }
  });

  it('refuses a shard that does not hold its slice of the selection', () => {
    const wrong = changed(shard(1, 2), (s) => ({ ...s, scenarios: [ALL[2]!] }));
    expect(() => mergeSuiteResults([shard(0, 2), wrong])).toThrow(
      'shard-1/ (shard 1/2) holds c, but shard 1/2 of this selection is b',
    );
  });
});
