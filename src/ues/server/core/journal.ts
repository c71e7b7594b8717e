/**
 * Records the inverse of every mutation an event makes to a modality state, so the event can be
 * undone (reset, backward time set, undo/redo) without snapshotting the whole state. States must
 * route every mutation through a journal; undo replays the inverses newest first.
 *
 * Entries are kept as flat records in one array rather than a closure per mutation: advancing
 * through thousands of events would otherwise spend most of its time collecting garbage.
 */
const Op = {
  SetField: 0,
  DeleteField: 1,
  MapSet: 2,
  MapDelete: 3,
  MapRestoreOrder: 4,
  SetDelete: 5,
  SetRestoreOrder: 6,
  Truncate: 7,
  Splice: 8,
  Custom: 9,
  RemoveAt: 10,
  InsertAt: 11,
} as const;
type Op = (typeof Op)[keyof typeof Op];

const FIELDS_PER_ENTRY = 4;

export class Journal {
  /** Groups of four: op, target, key, value. */
  private readonly entries: unknown[] = [];

  get size(): number {
    return this.entries.length / FIELDS_PER_ENTRY;
  }

  private add(op: Op, target: unknown, key: unknown, value: unknown): void {
    this.entries.push(op, target, key, value);
  }

  /** Sets `obj[key]`, remembering the previous value (or its absence). */
  set<T extends object, K extends keyof T>(obj: T, key: K, value: T[K]): void {
    if (Object.prototype.hasOwnProperty.call(obj, key)) this.add(Op.SetField, obj, key, obj[key]);
    else this.add(Op.DeleteField, obj, key, undefined);
    obj[key] = value;
  }

  mapSet<K, V>(map: Map<K, V>, key: K, value: V): void {
    if (map.has(key)) this.add(Op.MapSet, map, key, map.get(key));
    else this.add(Op.MapDelete, map, key, undefined);
    map.set(key, value);
  }

  /**
   * Deletes a map entry. Re-inserting on undo would move the key to the end of the map's
   * iteration order, so the whole order is restored unless the key was the last one.
   */
  mapDelete<K, V>(map: Map<K, V>, key: K): void {
    if (!map.has(key)) return;
    let last: K | undefined;
    for (const k of map.keys()) last = k;
    if (last === key) this.add(Op.MapSet, map, key, map.get(key));
    else this.add(Op.MapRestoreOrder, map, undefined, [...map.entries()]);
    map.delete(key);
  }

  setAdd<T>(set: Set<T>, value: T): void {
    if (set.has(value)) return;
    set.add(value);
    this.add(Op.SetDelete, set, value, undefined);
  }

  setDelete<T>(set: Set<T>, value: T): void {
    if (!set.has(value)) return;
    this.add(Op.SetRestoreOrder, set, undefined, [...set]);
    set.delete(value);
  }

  push<T>(array: T[], ...items: T[]): void {
    this.add(Op.Truncate, array, array.length, undefined);
    array.push(...items);
  }

  /** Inserts `item` at `index` (keeping a sorted array sorted without re-sorting it). */
  insert<T>(array: T[], index: number, item: T): void {
    this.add(Op.RemoveAt, array, index, undefined);
    array.splice(index, 0, item);
  }

  /** Removes the item at `index`. */
  removeAt<T>(array: T[], index: number): void {
    this.add(Op.InsertAt, array, index, array[index]);
    array.splice(index, 1);
  }

  /** Replaces the array's contents (filtering, sorting, trimming), restoring them on undo. */
  replaceAll<T>(array: T[], items: readonly T[]): void {
    this.add(Op.Splice, array, undefined, array.slice());
    array.splice(0, array.length, ...items);
  }

  /** Registers a custom inverse for a mutation the helpers above cannot express. */
  record(inverse: () => void): void {
    this.add(Op.Custom, inverse, undefined, undefined);
  }

  /**
   * The keys this journal's mutations set in `map` (added or replaced), each once, in the order
   * first set — a copy of the state learns from it which entities changed without a scan. Keys
   * removed with `mapDelete` may be listed too; look them up.
   */
  keysSetIn(map: ReadonlyMap<unknown, unknown>): unknown[] {
    const keys = new Set<unknown>();
    const entries = this.entries;
    for (let at = 0; at < entries.length; at += FIELDS_PER_ENTRY) {
      const op = entries[at] as Op;
      if ((op === Op.MapSet || op === Op.MapDelete) && entries[at + 1] === map) keys.add(entries[at + 2]);
    }
    return [...keys];
  }

  /** Applies every inverse, newest first. The journal is empty afterwards. */
  undo(): void {
    const entries = this.entries;
    for (let at = entries.length - FIELDS_PER_ENTRY; at >= 0; at -= FIELDS_PER_ENTRY) {
      const target = entries[at + 1] as never;
      const key = entries[at + 2];
      const value = entries[at + 3];
      switch (entries[at] as Op) {
        case Op.SetField:
          (target as Record<PropertyKey, unknown>)[key as PropertyKey] = value;
          break;
        case Op.DeleteField:
          delete (target as Record<PropertyKey, unknown>)[key as PropertyKey];
          break;
        case Op.MapSet:
          (target as Map<unknown, unknown>).set(key, value);
          break;
        case Op.MapDelete:
          (target as Map<unknown, unknown>).delete(key);
          break;
        case Op.MapRestoreOrder: {
          const map = target as Map<unknown, unknown>;
          map.clear();
          for (const [k, v] of value as [unknown, unknown][]) map.set(k, v);
          break;
        }
        case Op.SetDelete:
          (target as Set<unknown>).delete(key);
          break;
        case Op.SetRestoreOrder: {
          const set = target as Set<unknown>;
          set.clear();
          for (const v of value as unknown[]) set.add(v);
          break;
        }
        case Op.Truncate:
          (target as unknown[]).length = key as number;
          break;
        case Op.Splice: {
          const array = target as unknown[];
          array.splice(0, array.length, ...(value as unknown[]));
          break;
        }
        case Op.Custom:
          (target as () => void)();
          break;
        case Op.RemoveAt:
          (target as unknown[]).splice(key as number, 1);
          break;
        case Op.InsertAt:
          (target as unknown[]).splice(key as number, 0, value);
          break;
      }
    }
    entries.length = 0;
  }
}
