import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openFindingsSchema, type OpenFindings } from './schema.js';

/**
 * Open findings: rows of the gold gate known not to hold yet, each with what the checks would need.
 * They are reported apart and kept out of the gate's verdict; one that holds again is a problem
 * until it leaves the file, so the list can only shrink.
 */

export const OPEN_FINDINGS_FILE = 'open-findings.json';

const EMPTY: OpenFindings = {
  message_type: 'gold_open_findings',
  format_version: 1,
  runs: {},
  mutants: {},
  styles: {},
};

export async function readOpenFindings(goldDir: string): Promise<OpenFindings> {
  let text: string;
  try {
    text = await readFile(join(goldDir, OPEN_FINDINGS_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return EMPTY;
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${OPEN_FINDINGS_FILE} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  const parsed = openFindingsSchema.safeParse(json);
  if (!parsed.success) {
    throw new Error(
      `${OPEN_FINDINGS_FILE}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  return parsed.data;
}

interface Row {
  ok: boolean;
  open: string | null;
  problems: string[];
}

/**
 * Marks each row with its open finding (by key) and returns the problems: an open row that holds
 * now, and an open key that names no measured row (in a full measurement).
 */
export function applyOpenFindings<T extends Row>(
  rows: T[],
  keyOf: (row: T) => string,
  open: Record<string, string>,
  kind: string,
  complete: boolean,
): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const key = keyOf(row);
    seen.add(key);
    row.open = open[key] ?? null;
    if (row.open !== null && row.ok)
      problems.push(`${kind} ${key} holds now: take it out of ${OPEN_FINDINGS_FILE}`);
  }
  if (complete) {
    for (const key of Object.keys(open))
      if (!seen.has(key))
        problems.push(`${OPEN_FINDINGS_FILE} names ${kind} ${key}, which the gold set does not have`);
  }
  return problems;
}

/** Whether every row holds or is an open finding. */
export function holdsOrOpen(rows: readonly Row[]): boolean {
  return rows.every((row) => row.ok || row.open !== null);
}
