import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * The files through which the `manual` purple hands each turn to a person or a script and takes
 * their reply. One assessment at a time per folder:
 *
 * - `session.json` — written at `assessment_start`: the UES URL, the key, the MCP URL, the user's
 *   zone, the start time and the state summary (everything `assessment_start` carries);
 * - `turn.json` — while a turn waits: the `turn_start` fields and where to put the reply;
 * - `reply.json` — the player's answer, a `turn_complete` or `early_completion` object (the
 *   `manual reply` command writes it); an invalid one is refused in `reply-error.txt` and the turn
 *   keeps waiting;
 * - `turns.jsonl` — each finished turn and its reply, one JSON line each;
 * - `complete.json` — written at `assessment_complete` with the reason.
 *
 * Every write is atomic (a temporary file renamed into place), so a reader never sees half a file.
 */

export const MANUAL_FILES = {
  session: 'session.json',
  turn: 'turn.json',
  reply: 'reply.json',
  replyError: 'reply-error.txt',
  turns: 'turns.jsonl',
  complete: 'complete.json',
} as const;

export const manualSessionSchema = z.object({
  message_type: z.literal('manual_session'),
  context_id: z.string(),
  ues_url: z.string(),
  api_key: z.string(),
  mcp_url: z.string().nullable(),
  user_timezone: z.string().nullable(),
  /** The scenario's natural check-in step; a reply without `time_step` advances by it. */
  suggested_time_step: z.string().nullish(),
  current_time: z.string(),
  assessment_instructions: z.string(),
  initial_state_summary: z.record(z.string(), z.unknown()),
  started_at: z.string(),
});
export type ManualSession = z.infer<typeof manualSessionSchema>;

export const manualTurnSchema = z.object({
  message_type: z.literal('turn_start'),
  turn_number: z.number().int(),
  current_time: z.string(),
  events_processed: z.number().int(),
  user_timezone: z.string().nullable(),
  end_time: z.string().nullable(),
  is_final_turn: z.boolean().nullable(),
  suggested_time_step: z.string().nullish(),
  reply_file: z.string(),
  waiting_since: z.string(),
});
export type ManualTurn = z.infer<typeof manualTurnSchema>;

export const manualCompleteSchema = z.object({
  message_type: z.literal('assessment_complete'),
  reason: z.string(),
  context_id: z.string(),
  turns: z.number().int(),
  at: z.string(),
});
export type ManualComplete = z.infer<typeof manualCompleteSchema>;

export async function writeTextAtomic(file: string, text: string): Promise<void> {
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temp, text, 'utf8');
  await rename(temp, file);
}

export async function writeJsonAtomic(file: string, value: unknown): Promise<void> {
  await writeTextAtomic(file, `${JSON.stringify(value, null, 2)}\n`);
}

export async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

/** The file's text, or undefined when it does not exist (yet). */
export async function readIfExists(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** A manual folder's file is missing or does not hold what it should. */
export class ManualFileError extends Error {
  override readonly name = 'ManualFileError';
}

export async function readJsonFile<T>(file: string, schema: z.ZodType<T>): Promise<T | undefined> {
  const text = await readIfExists(file);
  if (text === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ManualFileError(`${file} is not JSON: ${(error as Error).message}`);
  }
  const result = schema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ManualFileError(
      `${file}: ${issue?.path.join('.') || '(top level)'} ${issue?.message ?? 'invalid'}`,
    );
  }
  return result.data;
}

/**
 * Moves a finished (or abandoned) assessment's files into `archive/<stamp>/`, so a new assessment
 * starts in an empty folder and nothing of the old one is lost.
 */
export async function archivePrevious(dir: string, stamp: string): Promise<void> {
  const present = [];
  for (const name of Object.values(MANUAL_FILES)) {
    if (await exists(join(dir, name))) present.push(name);
  }
  if (present.length === 0) return;
  const target = join(dir, 'archive', stamp.replace(/[:.]/g, '-'));
  await mkdir(target, { recursive: true });
  for (const name of present) await rename(join(dir, name), join(target, name));
}

export async function removeIfExists(file: string): Promise<void> {
  await rm(file, { force: true });
}

/** Waits `ms`, or less when `signal` aborts (then throws its reason). */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
