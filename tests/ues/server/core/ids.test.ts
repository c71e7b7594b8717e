import { describe, expect, it } from 'vitest';
import { IdSource, MAX_ID_SEED_LENGTH, mintId, withIds } from '../../../../src/ues/server/core/ids.js';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('IdSource', () => {
  it('derives the n-th id of each kind from the seed alone, shaped like a random UUID', () => {
    const take = (source: IdSource) => [
      source.next('email'),
      source.next('chat-message'),
      source.next('email'),
      source.next('event'),
    ];
    const first = take(IdSource.seeded('run-7'));
    expect(take(IdSource.seeded('run-7'))).toEqual(first);
    for (const id of first) expect(id).toMatch(UUID_V4);
    expect(new Set(first).size).toBe(first.length);
    expect(take(IdSource.seeded('run-8'))).not.toContain(first[0]);
  });

  it('counts each kind on its own: ids of one kind do not depend on how many of another were made', () => {
    const busy = IdSource.seeded('s');
    for (let i = 0; i < 5; i++) busy.next('event');
    const quiet = IdSource.seeded('s');
    expect(busy.next('email')).toBe(quiet.next('email'));
  });

  it('is random without a seed', () => {
    const source = IdSource.random();
    expect(source.seed).toBeNull();
    const id = source.next('email');
    expect(id).toMatch(UUID_V4);
    expect(IdSource.random().next('email')).not.toBe(id);
  });

  it('refuses an empty or overlong seed, naming the limit', () => {
    expect(() => IdSource.seeded('')).toThrow(`1 to ${MAX_ID_SEED_LENGTH} characters, got 0`);
    expect(() => IdSource.seeded('x'.repeat(MAX_ID_SEED_LENGTH + 1))).toThrow(RangeError);
  });

  it('lends its source to mintId only inside withIds, and restores the outer one after a throw', () => {
    const outer = IdSource.seeded('outer');
    const expected = IdSource.seeded('outer');
    const inner = IdSource.seeded('inner');
    withIds(outer, () => {
      expect(mintId('contact')).toBe(expected.next('contact'));
      expect(() =>
        withIds(inner, () => {
          mintId('contact');
          throw new Error('boom');
        }),
      ).toThrow('boom');
      expect(mintId('contact')).toBe(expected.next('contact'));
    });
    expect(mintId('contact')).toMatch(UUID_V4);
    expect(mintId('contact')).not.toBe(expected.next('contact'));
  });
});
