import { describe, expect, it } from 'vitest';
import {
  InvalidAssessmentRequestError,
  readAssessmentRequest,
  sharedSuiteSeed,
  trialConfig,
  type AssessmentPlan,
} from '../../../src/green/executor/index.js';
import { buildMessage, textPart } from '../../../src/protocol/index.js';

const planOf = (config: Record<string, unknown>): AssessmentPlan =>
  readAssessmentRequest(
    buildMessage([textPart(JSON.stringify({ participants: { agent: 'http://purple:9009/' }, config }))]),
  ).plan;

function rejection(config: Record<string, unknown>): string {
  try {
    planOf(config);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidAssessmentRequestError);
    return (error as Error).message;
  }
  throw new Error('expected a rejection');
}

describe('suite keys of the assessment request', () => {
  it('keeps one scenario, one trial and no sharding a single assessment, as before', () => {
    expect(planOf({ scenario_id: 'mini_inbox', max_turns: 3 })).toEqual({
      kind: 'single',
      config: { scenario_id: 'mini_inbox', max_turns: 3 },
    });
    expect(planOf({ scenario_id: 'mini_inbox', trials: 1, shard_index: 0, num_shards: 1 }).kind).toBe(
      'single',
    );
  });

  it('makes trials > 1 of one scenario a suite of that scenario', () => {
    const plan = planOf({ scenario_id: 'mini_inbox', trials: 3, seed: 5, max_turns: 2, note: 'x' });
    expect(plan).toEqual({
      kind: 'suite',
      suite: {
        selection: { kind: 'ids', ids: ['mini_inbox'] },
        trials: 3,
        concurrency: 1,
        shard: { index: 0, count: 1 },
        seed: 5,
        trialBase: { max_turns: 2, note: 'x' },
      },
    });
    if (plan.kind !== 'suite') throw new Error('expected a suite');
    expect(trialConfig(plan.suite, 'mini_inbox', 6)).toEqual({
      scenario_id: 'mini_inbox',
      seed: 6,
      max_turns: 2,
      note: 'x',
    });
  });

  it('reads scenarios as all, a family, a list or a comma-joined list, with the platform’s shard keys', () => {
    expect(planOf({ scenarios: 'all', num_shards: 4, shard_index: 3, concurrency: 2 })).toMatchObject({
      kind: 'suite',
      suite: { selection: { kind: 'all' }, trials: 1, concurrency: 2, shard: { index: 3, count: 4 } },
    });
    expect(planOf({ scenarios: 'family:triage' })).toMatchObject({
      suite: { selection: { kind: 'family', family: 'triage' } },
    });
    expect(planOf({ scenarios: ['b', 'a'] })).toMatchObject({
      suite: { selection: { kind: 'ids', ids: ['b', 'a'] } },
    });
    expect(planOf({ scenarios: 'b,a', shard_index: '1', num_shards: '2' })).toMatchObject({
      suite: { selection: { kind: 'ids', ids: ['b', 'a'] }, shard: { index: 1, count: 2 } },
    });
    // Sharding one scenario: shard 0 runs it, the others nothing.
    expect(planOf({ scenario_id: 'mini_inbox', shard_index: 1, num_shards: 2 })).toMatchObject({
      kind: 'suite',
      suite: { shard: { index: 1, count: 2 } },
    });
  });

  it('names every problem', () => {
    expect(rejection({})).toBe(
      'invalid assessment request: config.scenario_id: is required (or config.scenarios for a suite: "all", "family:<name>" or a list of scenario ids)',
    );
    expect(rejection({ scenario_id: 'a', scenarios: 'all' })).toBe(
      'invalid assessment request: config.scenarios: give either scenario_id (one scenario) or scenarios (a suite), not both',
    );
    expect(rejection({ scenarios: 'family:games' })).toContain(
      'config.scenarios: unknown scenario family "games"',
    );
    expect(rejection({ scenarios: [] })).toBe(
      'invalid assessment request: config.scenarios: must name at least one scenario',
    );
    expect(rejection({ scenarios: 7 })).toBe(
      'invalid assessment request: config.scenarios: must be "all", "family:<name>", a list of scenario ids, or ids joined by commas',
    );
    expect(rejection({ scenarios: 'all', trials: 0, concurrency: 1.5 })).toBe(
      'invalid assessment request: config.trials: must be at least 1; config.concurrency: must be an integer',
    );
    expect(rejection({ scenarios: 'all', trials: 101 })).toContain('config.trials: must be at most 100');
    expect(rejection({ scenarios: 'all', shard_index: 0 })).toContain(
      'config.num_shards: shard_index and num_shards come together',
    );
    expect(rejection({ scenarios: 'all', shard_index: 2, num_shards: 2 })).toContain(
      'config.shard_index: must be less than num_shards (2)',
    );
    expect(rejection({ scenarios: 'all', shard_index: 'first', num_shards: 2 })).toContain(
      'config.shard_index: must be an integer',
    );
  });

  it('gives shards without a seed one base seed, from the config without the shard keys', () => {
    const seedOf = (config: Record<string, unknown>): number => {
      const plan = planOf(config);
      if (plan.kind !== 'suite') throw new Error('expected a suite');
      return sharedSuiteSeed(plan.suite);
    };
    const first = seedOf({ scenarios: 'all', trials: 3, max_turns: 5, shard_index: 0, num_shards: 4 });
    expect(seedOf({ max_turns: 5, trials: 3, scenarios: 'all', num_shards: 4, shard_index: 3 })).toBe(first);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(first).toBeLessThan(2 ** 31);
    expect(seedOf({ scenarios: 'all', trials: 3, max_turns: 6, shard_index: 0, num_shards: 4 })).not.toBe(
      first,
    );
    expect(
      seedOf({ scenarios: 'family:triage', trials: 3, max_turns: 5, shard_index: 0, num_shards: 4 }),
    ).not.toBe(first);
  });
});
