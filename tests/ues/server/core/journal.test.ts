import { describe, expect, it } from 'vitest';
import { Journal } from '../../../../src/ues/server/core/journal.js';

describe('Journal', () => {
  it('restores fields, maps, sets and arrays in reverse order', () => {
    const obj: { a?: number; b: string } = { b: 'x' };
    const map = new Map([
      ['k1', 1],
      ['k2', 2],
    ]);
    const set = new Set(['s1', 's2']);
    const array = [1, 2];
    const journal = new Journal();
    journal.set(obj, 'a', 1);
    journal.set(obj, 'b', 'y');
    journal.mapSet(map, 'k3', 3);
    journal.mapDelete(map, 'k1');
    journal.mapSet(map, 'k2', 20);
    journal.setAdd(set, 's3');
    journal.setDelete(set, 's1');
    journal.push(array, 3, 4);
    journal.insert(array, 1, 7);
    expect(array).toEqual([1, 7, 2, 3, 4]);
    journal.replaceAll(array, [9]);
    expect(obj).toEqual({ a: 1, b: 'y' });
    expect([...map]).toEqual([
      ['k2', 20],
      ['k3', 3],
    ]);
    journal.undo();
    expect(obj).toEqual({ b: 'x' });
    expect([...map]).toEqual([
      ['k1', 1],
      ['k2', 2],
    ]);
    expect([...set]).toEqual(['s1', 's2']);
    expect(array).toEqual([1, 2]);
    expect(journal.size).toBe(0);
  });

  it('tells which keys it set in a map, each once, in the order first set', () => {
    const map = new Map([['old', 0]]);
    const other = new Map<string, number>();
    const journal = new Journal();
    journal.mapSet(map, 'new', 1);
    journal.mapSet(other, 'elsewhere', 1);
    journal.mapSet(map, 'old', 2);
    journal.mapSet(map, 'new', 3);
    journal.set({ x: 1 }, 'x', 2);
    expect(journal.keysSetIn(map)).toEqual(['new', 'old']);
    expect(journal.keysSetIn(other)).toEqual(['elsewhere']);
    expect(journal.keysSetIn(new Map())).toEqual([]);
  });
});
