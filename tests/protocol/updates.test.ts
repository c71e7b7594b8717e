import { describe, expect, it } from 'vitest';
import {
  ProtocolError,
  UPDATE_SCHEMAS,
  describeUpdate,
  parseUpdate,
  type UpdateType,
} from '../../src/protocol/index.js';
import { validUpdates } from './fixtures.js';

const types = Object.keys(UPDATE_SCHEMAS) as UpdateType[];

describe('task updates', () => {
  it('defines all 14 update types', () => {
    expect(types).toHaveLength(14);
    expect(Object.keys(validUpdates).sort()).toEqual([...types].sort());
  });

  it.each(types)('%s round-trips through JSON', (type) => {
    const parsed = parseUpdate(JSON.parse(JSON.stringify(validUpdates[type])));
    expect(parsed).toEqual(validUpdates[type]);
    expect(parseUpdate(JSON.parse(JSON.stringify(parsed)))).toEqual(parsed);
  });

  it.each(types)('%s schema rejects another message_type', (type) => {
    const other = types.find((candidate) => candidate !== type)!;
    expect(UPDATE_SCHEMAS[type].safeParse({ ...validUpdates[type], message_type: other }).success).toBe(
      false,
    );
  });

  it.each(types)('%s rejects a missing required field', (type) => {
    const shape = UPDATE_SCHEMAS[type].shape as Record<
      string,
      { safeParse(value: unknown): { success: boolean } }
    >;
    const required = Object.keys(validUpdates[type]).find(
      (key) => key !== 'message_type' && !shape[key]!.safeParse(undefined).success,
    )!;
    const data: Record<string, unknown> = { ...validUpdates[type] };
    delete data[required];
    expect(() => parseUpdate(data)).toThrow(`${type}.${required}: is required`);
  });

  it.each(types)('%s has a one-line description', (type) => {
    const text = describeUpdate(parseUpdate(validUpdates[type]));
    expect(text.length).toBeGreaterThan(10);
    expect(text).not.toContain('\n');
    expect(text).not.toContain('undefined');
  });

  it('validates durations in updates', () => {
    expect(() => parseUpdate({ ...validUpdates.update_turn_completed, time_advanced: '1 hour' })).toThrow(
      'update_turn_completed.time_advanced: "1 hour" is not an ISO 8601 duration',
    );
    expect(() => parseUpdate({ ...validUpdates.update_simulation_advanced, duration: 'PT' })).toThrow(
      ProtocolError,
    );
  });

  it('rejects unknown enum values', () => {
    expect(() => parseUpdate({ ...validUpdates.update_error_occurred, error_type: 'oops' })).toThrow(
      'update_error_occurred.error_type',
    );
    expect(() =>
      parseUpdate({ ...validUpdates.update_criterion_evaluated, evaluation_method: 'vibes' }),
    ).toThrow('update_criterion_evaluated.evaluation_method');
    expect(() => parseUpdate({ ...validUpdates.update_evaluation_started, dimensions: ['speed'] })).toThrow(
      'update_evaluation_started.dimensions[0]',
    );
  });

  it('defaults early_completion_requested to false', () => {
    const { early_completion_requested: _omitted, ...rest } = validUpdates.update_turn_completed;
    expect(parseUpdate(rest)).toMatchObject({ early_completion_requested: false });
  });
});
