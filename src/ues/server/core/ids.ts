import { createHash, randomUUID } from 'node:crypto';

/**
 * Where the simulator's generated ids come from. Unseeded, every id is a random UUID, as in the
 * original UES. Seeded (`POST /simulation/clear` with `id_seed`), the n-th id of each kind is a
 * pure function of the seed, the kind and n — shaped like a version-4 UUID — so the same seed and
 * the same calls give the same ids: two runs of one assessment seed name the same emails, messages
 * and events, and their action logs compare byte for byte.
 *
 * Each kind counts on its own, so an id of one kind never depends on how many of another were
 * made (a purple that reads more does not rename the messages it sends).
 */

/** What an id names; each kind has its own counter. */
export type IdKind =
  | 'event'
  | 'input'
  | 'email'
  | 'email-attachment'
  | 'chat-message'
  | 'sms-message'
  | 'sms-reaction'
  | 'sms-attachment'
  | 'sms-thread'
  | 'contact'
  | 'calendar-event'
  | 'calendar-attachment';

/** The most characters an id seed may have (it is hashed with every id). */
export const MAX_ID_SEED_LENGTH = 200;

export class IdSource {
  private readonly counters = new Map<IdKind, number>();

  private constructor(readonly seed: string | null) {}

  /** Random UUIDs (the default). */
  static random(): IdSource {
    return new IdSource(null);
  }

  /** Ids derived from `seed`. */
  static seeded(seed: string): IdSource {
    if (seed.length === 0 || seed.length > MAX_ID_SEED_LENGTH) {
      throw new RangeError(`an id seed must have 1 to ${MAX_ID_SEED_LENGTH} characters, got ${seed.length}`);
    }
    return new IdSource(seed);
  }

  next(kind: IdKind): string {
    if (this.seed === null) return randomUUID();
    const n = this.counters.get(kind) ?? 0;
    this.counters.set(kind, n + 1);
    return seededUuid(this.seed, kind, n);
  }
}

/** Hex of sha256(seed, kind, n) with the version (4) and variant (10xx) bits of a random UUID. */
function seededUuid(seed: string, kind: string, n: number): string {
  // NUL cannot occur in a kind and separates the parts unambiguously.
  const hex = createHash('sha256').update(`${kind}\0${n}\0${seed}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return (
    `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-` +
    `${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
  );
}

/**
 * The source the simulator draws from while `withIds` runs. The engine sets it around everything
 * that may name something new — building an event's input (a zod transform fills in a missing
 * attachment id, and has no context of its own), loading a state, applying an input (each
 * modality pins the id it generates on the input, so a redo and the event log keep it) — rather
 * than threading it through every modality function. That work is synchronous, so the scope can
 * never leak into another request or another simulator in the same process.
 */
let scoped: IdSource | undefined;

export function withIds<T>(ids: IdSource, work: () => T): T {
  const outer = scoped;
  scoped = ids;
  try {
    return work();
  } finally {
    scoped = outer;
  }
}

/** A new id of `kind` from the source in scope (a random UUID outside any). */
export function mintId(kind: IdKind): string {
  return scoped === undefined ? randomUUID() : scoped.next(kind);
}
