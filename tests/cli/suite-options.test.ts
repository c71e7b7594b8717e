import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import {
  isSuite,
  parseShardOption,
  runLabel,
  scenarioRequestConfig,
  suiteDescription,
} from '../../src/cli/suite-options.js';

describe('--shard', () => {
  it('reads <index>/<count> from 0, as the A2A shard_index/num_shards', () => {
    expect(parseShardOption('0/4')).toEqual({ index: 0, count: 4 });
    expect(parseShardOption(' 3 / 4 ')).toEqual({ index: 3, count: 4 });
    expect(parseShardOption('0/1')).toEqual({ index: 0, count: 1 });
  });

  it('refuses an index past the count, no shards, too many and garbage, saying what to give', () => {
    const cases: Array<[string, string]> = [
      ['3/2', '--shard 3/2: the index must be below the count; the shards of 2 are 0/2 to 1/2'],
      ['2/2', '--shard 2/2: the index must be below the count'],
      ['0/0', '--shard 0/0: the shard count must be at least 1'],
      ['0/1001', '--shard 0/1001: at most 1000 shards, got 1001'],
      [
        'first',
        '--shard must be <index>/<count>, the index counted from 0 (e.g. 0/4, 1/4, 2/4, 3/4), got "first"',
      ],
      ['-1/2', 'got "-1/2"'],
      ['1/2/3', 'got "1/2/3"'],
      ['1.5/2', 'got "1.5/2"'],
      ['', 'got ""'],
    ];
    for (const [value, message] of cases) {
      expect(() => parseShardOption(value)).toThrow(InvalidArgumentError);
      expect(() => parseShardOption(value)).toThrow(message);
    }
  });

  it('makes any run a suite sending shard_index and num_shards, even of one scenario', () => {
    const flags = { scenario: 'email_triage_basic', shard: { index: 1, count: 3 } };
    expect(isSuite(flags)).toBe(true);
    expect(scenarioRequestConfig(flags)).toEqual({
      scenarios: 'email_triage_basic',
      shard_index: 1,
      num_shards: 3,
    });
    expect(runLabel({ scenarios: 'family:triage', shard: { index: 0, count: 2 } })).toBe(
      'suite-family-triage-shard-0-of-2',
    );
    expect(suiteDescription({ scenarios: 'all', trials: 3, shard: { index: 0, count: 2 } })).toBe(
      'suite all × 3 trials, shard 0/2',
    );
    expect(scenarioRequestConfig({ scenario: 'x' })).toEqual({ scenario_id: 'x' });
  });
});
