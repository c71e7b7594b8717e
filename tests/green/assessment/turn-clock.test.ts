import { describe, expect, it } from 'vitest';
import { NO_ADVANCE, isFinalTurnStart, planAdvance } from '../../../src/green/assessment/index.js';
import { assessmentConfigSchema } from '../../../src/green/assessment/index.js';

const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);

describe('turn clock', () => {
  it('gives an hourly assistant 13 turns on a 06:00–18:00 scenario, the last starting at 18:00 (bug 2)', () => {
    const end = at('2026-01-28T18:00:00Z');
    let now = at('2026-01-28T06:00:00Z');
    const starts: string[] = [];
    for (;;) {
      starts.push(new Date(now).toISOString().slice(11, 16));
      if (isFinalTurnStart(now, end)) break;
      now += planAdvance(now, HOUR, end).stepMs;
    }
    expect(starts).toHaveLength(13);
    expect(starts[0]).toBe('06:00');
    expect(starts.at(-1)).toBe('18:00');
  });

  it('splits a step into the 1 s apply phase and the remainder', () => {
    expect(planAdvance(0, HOUR, 10 * HOUR)).toEqual({
      stepMs: HOUR,
      applyMs: 1_000,
      remainderMs: HOUR - 1_000,
      clamped: false,
    });
  });

  it('clamps a step that would pass end_time, so a final turn starts exactly at it', () => {
    const plan = planAdvance(0, 5 * HOUR, 90 * 60_000);
    expect(plan).toEqual({
      stepMs: 90 * 60_000,
      applyMs: 1_000,
      remainderMs: 90 * 60_000 - 1_000,
      clamped: true,
    });
    expect(planAdvance(0, HOUR, 500)).toEqual({ stepMs: 500, applyMs: 500, remainderMs: 0, clamped: true });
  });

  it('moves at least one second per turn', () => {
    expect(planAdvance(0, 0, HOUR).stepMs).toBe(1_000);
    expect(planAdvance(0, 1, HOUR)).toMatchObject({ stepMs: 1_000, applyMs: 1_000, remainderMs: 0 });
  });

  it('never advances past the end', () => {
    expect(planAdvance(HOUR, HOUR, HOUR).stepMs).toBe(0);
    expect(isFinalTurnStart(HOUR + 1, HOUR)).toBe(true);
    expect(NO_ADVANCE.stepMs).toBe(0);
  });
});

describe('assessment config', () => {
  it('requires scenario_id, validates known keys and keeps unknown ones', () => {
    const parsed = assessmentConfigSchema.parse({
      scenario_id: 'x',
      max_turns: 3,
      shard_index: 1,
      num_shards: 2,
    });
    expect(parsed).toEqual({ scenario_id: 'x', max_turns: 3, shard_index: 1, num_shards: 2 });
    const missing = assessmentConfigSchema.safeParse({});
    expect(missing.error?.issues[0]).toMatchObject({ path: ['scenario_id'], message: 'is required' });
    const bad = assessmentConfigSchema.safeParse({
      scenario_id: 'x',
      max_turns: 0,
      turn_timeout_seconds: -1,
    });
    expect(bad.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([
      'max_turns: must be at least 1',
      'turn_timeout_seconds: must be > 0',
    ]);
  });
});
