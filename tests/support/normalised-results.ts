import { createHash } from 'node:crypto';

/**
 * Results of a run reduced to what the same seed must reproduce: generated ids (UUIDs, random
 * suffixes) become ordinals in order of appearance, and fields of the machine (wall clock, ports) are dropped, so two runs
 * of one scenario with one seed compare equal exactly when they did the same things and scored
 * the same.
 */

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** Fields that describe the machine (its clock, the ports it gave out), not the run. */
const MACHINE_FIELDS = new Set([
  'duration_seconds',
  'started_at',
  'completed_at',
  'timestamp_wall',
  'participant_url',
]);

export function normaliseResults(results: unknown): unknown {
  const ids = new Map<string, string>();
  const rename = (text: string): string =>
    text.replace(UUID, (id) => {
      const key = id.toLowerCase();
      if (!ids.has(key)) ids.set(key, `<id ${ids.size + 1}>`);
      return ids.get(key)!;
    });
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return rename(value);
    if (Array.isArray(value)) return value.map(walk);
    if (value !== null && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, entry] of Object.entries(value)) {
        if (!MACHINE_FIELDS.has(key)) out[rename(key)] = walk(entry);
      }
      return out;
    }
    return value;
  };
  return walk(results);
}

/** SHA-256 of the normalised results' JSON. */
export function resultsFingerprint(results: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(normaliseResults(results)))
    .digest('hex');
}
