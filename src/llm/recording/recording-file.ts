import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { RecordingFileError, type RecordingKey } from './errors.js';

/**
 * The on-disk form of recorded model calls: one JSON file per scenario version, seed and role,
 * at `<dir>/<scenario_id>/<first 16 hex digits of the content hash>/seed-<seed>/<role>.json`.
 * Each call keeps its prompt (for telling what changed when a replay does not match), the prompt's
 * hash (the lookup key) and the answer — a message, a structured value, or the failure the caller
 * saw, so a replay reproduces lost replies and judge errors too.
 */

export const RECORDING_FORMAT = 'ues-agentbeats/model-calls';
export const RECORDING_VERSION = 1;

const ROLE = /^[a-z][a-z0-9_-]{0,39}$/;
const SCENARIO_ID = /^[A-Za-z0-9_-]{1,200}$/;
const CONTENT_HASH = /^sha256:[0-9a-f]{64}$/;

/** A message of a prompt, reduced to what the model sees. */
export const promptMessageSchema = z.object({
  role: z.string(),
  content: z.json(),
  name: z.string().optional(),
  tool_call_id: z.string().optional(),
  tool_calls: z.array(z.json()).optional(),
});
export type PromptMessage = z.infer<typeof promptMessageSchema>;

/** Everything that decides a model's answer; its canonical JSON is hashed into `prompt_hash`. */
export const callRequestSchema = z.object({
  kind: z.enum(['generate', 'structured']),
  messages: z.array(promptMessageSchema),
  /** Tools bound with `bindTools`, as OpenAI tool definitions. */
  tools: z.array(z.json()).optional(),
  stop: z.array(z.string()).optional(),
  /** Structured output: the task name and the JSON schema of the answer. */
  structured: z.object({ name: z.string(), schema: z.json() }).optional(),
});
export type CallRequest = z.infer<typeof callRequestSchema>;

/** An AI message as recorded (content, tool calls, provider metadata). */
export const recordedMessageSchema = z.object({
  content: z.json(),
  tool_calls: z.array(z.json()).optional(),
  additional_kwargs: z.record(z.string(), z.json()).optional(),
  response_metadata: z.record(z.string(), z.json()).optional(),
  usage_metadata: z.record(z.string(), z.json()).optional(),
});
export type RecordedMessage = z.infer<typeof recordedMessageSchema>;

/** A failed call: enough to raise the same error (class, message, status) again. */
export const recordedFailureSchema = z.object({
  name: z.string(),
  message: z.string(),
  /** Fields of the LLM layer's own errors, to rebuild them exactly. */
  fields: z.record(z.string(), z.json()).optional(),
});
export type RecordedFailure = z.infer<typeof recordedFailureSchema>;

export const recordedAnswerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), message: recordedMessageSchema }),
  z.object({ type: z.literal('structured'), parsed: z.json() }),
  z.object({ type: z.literal('failure'), failure: recordedFailureSchema }),
]);
export type RecordedAnswer = z.infer<typeof recordedAnswerSchema>;

export const recordedCallSchema = z.object({
  /** Position among the role's calls in the recorded run, in the order they started. */
  index: z.number().int().min(0),
  prompt_hash: z.string().regex(/^sha256:[0-9a-f]{64}$/),
  request: callRequestSchema,
  answer: recordedAnswerSchema,
});
export type RecordedCall = z.infer<typeof recordedCallSchema>;

export const recordingFileSchema = z.object({
  format: z.literal(RECORDING_FORMAT),
  version: z.literal(RECORDING_VERSION),
  scenario_id: z.string().regex(SCENARIO_ID),
  content_hash: z.string().regex(CONTENT_HASH),
  seed: z.number().int(),
  role: z.string().regex(ROLE),
  /** The configured model name, e.g. `gpt-4o-mini` or `openai:llama3`. */
  model: z.string(),
  calls: z.array(recordedCallSchema),
});
export type RecordingFile = z.infer<typeof recordingFileSchema>;

/** Throws a RangeError naming the part of the key a file path cannot be built from. */
export function checkRecordingKey(key: RecordingKey): void {
  if (!SCENARIO_ID.test(key.scenarioId))
    throw new RangeError(`recording: scenario id ${JSON.stringify(key.scenarioId)} cannot name a folder`);
  if (!CONTENT_HASH.test(key.contentHash))
    throw new RangeError(
      `recording: content hash ${JSON.stringify(key.contentHash)} is not sha256:<64 hex digits>`,
    );
  if (!Number.isSafeInteger(key.seed)) throw new RangeError(`recording: seed ${key.seed} is not an integer`);
  if (!ROLE.test(key.role))
    throw new RangeError(`recording: role ${JSON.stringify(key.role)} must match ${ROLE.source}`);
}

/** The folder of one scenario version's recordings. */
export function scenarioVersionDir(
  dir: string,
  key: Pick<RecordingKey, 'scenarioId' | 'contentHash'>,
): string {
  return join(dir, key.scenarioId, key.contentHash.slice('sha256:'.length, 'sha256:'.length + 16));
}

/** The seeds `dir` holds recordings of for a scenario version, in ascending order. */
export async function recordedSeeds(
  dir: string,
  key: Pick<RecordingKey, 'scenarioId' | 'contentHash'>,
): Promise<number[]> {
  return (await listNames(scenarioVersionDir(dir, key)))
    .flatMap((name) => {
      const seed = /^seed-(\d+)$/.exec(name)?.[1];
      return seed === undefined ? [] : [Number(seed)];
    })
    .sort((a, b) => a - b);
}

export function seedDir(dir: string, key: Omit<RecordingKey, 'role'>): string {
  return join(scenarioVersionDir(dir, key), `seed-${key.seed}`);
}

export function recordingPath(dir: string, key: RecordingKey): string {
  checkRecordingKey(key);
  return join(seedDir(dir, key), `${key.role}.json`);
}

/** The recording at `file`, validated; undefined when the file does not exist. */
export async function readRecordingFile(file: string): Promise<RecordingFile | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new RecordingFileError(file, `cannot be read: ${(error as Error).message}`, { cause: error });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new RecordingFileError(file, `is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  const parsed = recordingFileSchema.safeParse(json);
  if (!parsed.success) {
    throw new RecordingFileError(file, `is not a model-call recording: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/**
 * Writes the recording atomically (a reader never sees half a file; the last writer wins). Done
 * synchronously: it happens once at the end of a run, the file is small, and the handful of
 * thread-pool round trips of the asynchronous calls cost a short run more than the write itself.
 */
export function writeRecordingFile(file: string, recording: RecordingFile): void {
  const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(temporary, `${JSON.stringify(recording)}\n`, 'utf8');
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new RecordingFileError(file, `cannot be written: ${(error as Error).message}`, { cause: error });
  }
}

/** Names in `dir`, or none when it does not exist. */
export async function listNames(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).sort();
  } catch {
    return [];
  }
}
