/**
 * Records the inverse of every mutation an event makes to a modality state, so the event can be
 * undone (reset, backward time set, undo/redo) without snapshotting the whole state. States must
 * route every mutation through a journal; undo replays the inverses newest first.
 */
export class Journal {
  private readonly inverses: Array<() => void> = [];

  get size(): number {
    return this.inverses.length;
  }

  /** Sets `obj[key]`, remembering the previous value (or its absence). */
  set<T extends object, K extends keyof T>(obj: T, key: K, value: T[K]): void {
    const had = Object.prototype.hasOwnProperty.call(obj, key);
    const previous = obj[key];
    obj[key] = value;
    this.inverses.push(() => {
      if (had) obj[key] = previous;
      else delete obj[key];
    });
  }

  mapSet<K, V>(map: Map<K, V>, key: K, value: V): void {
    const had = map.has(key);
    const previous = map.get(key);
    map.set(key, value);
    this.inverses.push(() => {
      if (had) map.set(key, previous as V);
      else map.delete(key);
    });
  }

  /**
   * Deletes a map entry. Re-inserting on undo would move the key to the end of the map's
   * iteration order, so the whole order is restored when the key was not the last one.
   */
  mapDelete<K, V>(map: Map<K, V>, key: K): void {
    if (!map.has(key)) return;
    const entries = [...map.entries()];
    map.delete(key);
    this.inverses.push(() => {
      map.clear();
      for (const [k, v] of entries) map.set(k, v);
    });
  }

  setAdd<T>(set: Set<T>, value: T): void {
    if (set.has(value)) return;
    set.add(value);
    this.inverses.push(() => set.delete(value));
  }

  setDelete<T>(set: Set<T>, value: T): void {
    if (!set.has(value)) return;
    const order = [...set];
    set.delete(value);
    this.inverses.push(() => {
      set.clear();
      for (const v of order) set.add(v);
    });
  }

  push<T>(array: T[], ...items: T[]): void {
    array.push(...items);
    this.inverses.push(() => {
      array.length -= items.length;
    });
  }

  /** Replaces the array's contents (filtering, sorting, trimming), restoring them on undo. */
  replaceAll<T>(array: T[], items: readonly T[]): void {
    const previous = array.slice();
    array.splice(0, array.length, ...items);
    this.inverses.push(() => {
      array.splice(0, array.length, ...previous);
    });
  }

  /** Registers a custom inverse for a mutation the helpers above cannot express. */
  record(inverse: () => void): void {
    this.inverses.push(inverse);
  }

  /** Applies every inverse, newest first. The journal is empty afterwards. */
  undo(): void {
    while (this.inverses.length > 0) this.inverses.pop()!();
  }
}
