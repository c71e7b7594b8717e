import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { McpConnection } from '../../purple/baselines/mcp/mcp-connection.js';
import {
  MANUAL_FILES,
  ManualFileError,
  exists,
  manualCompleteSchema,
  manualSessionSchema,
  manualTurnSchema,
  pause,
  readIfExists,
  readJsonFile,
  removeIfExists,
  writeJsonAtomic,
  type ManualComplete,
  type ManualSession,
  type ManualTurn,
} from '../../purple/manual/turn-files.js';

/**
 * The player's side of the `manual` purple: wait for a turn, act on the simulator with the turn's
 * key (REST or MCP), answer the turn. What the `manual` commands and the interactive `play` use.
 */

const MCP_SESSION_FILE = 'mcp-session.json';

export class ManualPlayerError extends Error {
  override readonly name = 'ManualPlayerError';
}

export async function readSession(dir: string): Promise<ManualSession> {
  const session = await readJsonFile(join(dir, MANUAL_FILES.session), manualSessionSchema);
  if (session === undefined) {
    throw new ManualPlayerError(
      `no assessment has started in ${resolve(dir)} yet (no ${MANUAL_FILES.session}): start one with --agent manual --manual-dir ${dir}`,
    );
  }
  return session;
}

export type Waited =
  { kind: 'turn'; turn: ManualTurn } | { kind: 'complete'; complete: ManualComplete } | { kind: 'timeout' };

/** Waits for a turn to answer, or the assessment's end, or `timeoutMs`. */
export async function waitForTurn(
  dir: string,
  options: { timeoutMs?: number; pollMs?: number; signal?: AbortSignal } = {},
): Promise<Waited> {
  const deadline = options.timeoutMs === undefined ? Infinity : Date.now() + options.timeoutMs;
  for (;;) {
    const turn = await readJsonFile(join(dir, MANUAL_FILES.turn), manualTurnSchema);
    if (turn !== undefined && !(await exists(join(dir, MANUAL_FILES.reply)))) return { kind: 'turn', turn };
    const complete = await readJsonFile(join(dir, MANUAL_FILES.complete), manualCompleteSchema);
    if (complete !== undefined) return { kind: 'complete', complete };
    if (Date.now() >= deadline) return { kind: 'timeout' };
    await pause(options.pollMs ?? 200, options.signal);
  }
}

export type TurnAnswer =
  | { kind: 'next'; timeStep?: string | undefined; notes?: string | undefined }
  | { kind: 'done'; reason?: string | undefined };

/**
 * Answers the waiting turn and waits until the purple took the answer; a refused answer (its
 * reason from reply-error.txt) is thrown, so the player can correct it.
 */
export async function answerTurn(
  dir: string,
  answer: TurnAnswer,
  options: { pollMs?: number; timeoutMs?: number } = {},
): Promise<ManualTurn> {
  const turn = await readJsonFile(join(dir, MANUAL_FILES.turn), manualTurnSchema);
  if (turn === undefined) {
    throw new ManualPlayerError(`no turn is waiting in ${resolve(dir)} (run \`manual wait\` first)`);
  }
  const reply =
    answer.kind === 'next'
      ? {
          message_type: 'turn_complete',
          ...(answer.timeStep === undefined ? {} : { time_step: answer.timeStep }),
          ...(answer.notes === undefined ? {} : { notes: answer.notes }),
        }
      : {
          message_type: 'early_completion',
          ...(answer.reason === undefined ? {} : { reason: answer.reason }),
        };
  await removeIfExists(join(dir, MANUAL_FILES.replyError));
  await writeJsonAtomic(join(dir, MANUAL_FILES.reply), reply);
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    const refused = await readIfExists(join(dir, MANUAL_FILES.replyError));
    if (refused !== undefined) throw new ManualPlayerError(refused.trim());
    const current = await readJsonFile(join(dir, MANUAL_FILES.turn), manualTurnSchema);
    if (current === undefined || current.turn_number !== turn.turn_number) return turn;
    if (Date.now() >= deadline) {
      throw new ManualPlayerError(
        `the answer to turn ${turn.turn_number} is written (${MANUAL_FILES.reply}) but no purple has taken it: is the assessment still running?`,
      );
    }
    await pause(options.pollMs ?? 100);
  }
}

export interface RestAnswer {
  status: number;
  body: unknown;
}

/** One REST call to the session's simulator with its key; `body` is JSON text (or undefined). */
export async function callRest(
  session: ManualSession,
  method: string,
  path: string,
  body: string | undefined,
): Promise<RestAnswer> {
  const verb = method.toUpperCase();
  if (!/^(GET|POST|PUT|PATCH|DELETE)$/.test(verb)) {
    throw new ManualPlayerError(`unknown HTTP method "${method}" (GET, POST, PUT, PATCH or DELETE)`);
  }
  if (!path.startsWith('/')) throw new ManualPlayerError(`the path must start with "/", got "${path}"`);
  if (body !== undefined) {
    try {
      JSON.parse(body);
    } catch (error) {
      throw new ManualPlayerError(`the request body is not JSON: ${(error as Error).message}`);
    }
  }
  const response = await fetch(`${session.ues_url.replace(/\/+$/, '')}${path}`, {
    method: verb,
    headers: {
      'x-api-key': session.api_key,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text === '' ? null : JSON.parse(text);
  } catch {
    // Not JSON: shown as text.
  }
  return { status: response.status, body: parsed };
}

/** A body argument: JSON text, `@file`, or `-` (standard input). */
export async function bodyArgument(value: string | undefined): Promise<string | undefined> {
  if (value === undefined) return undefined;
  if (value === '-') {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }
  if (value.startsWith('@')) return readFile(value.slice(1), 'utf8');
  return value;
}

/**
 * An MCP connection that keeps one session across calls made by separate processes (its id is
 * kept in the folder), as one long-lived MCP client would.
 */
export async function withMcp<T>(
  dir: string,
  session: ManualSession,
  work: (connection: McpConnection) => Promise<T>,
): Promise<T> {
  if (session.mcp_url === null) {
    throw new ManualPlayerError(
      'this assessment has no MCP server (its assessment_start carried no mcp_url)',
    );
  }
  const file = join(dir, MCP_SESSION_FILE);
  const saved = await readIfExists(file);
  const savedId =
    saved === undefined ? undefined : (JSON.parse(saved) as { context_id?: string; id?: string });
  const resumable = savedId?.context_id === session.context_id ? savedId.id : undefined;
  // The MCP client is loaded only by the commands that use it: a REST call starts faster.
  const { McpConnection } = await import('../../purple/baselines/mcp/mcp-connection.js');
  let connection: McpConnection;
  try {
    connection = await McpConnection.open(session.mcp_url, session.api_key, undefined, resumable);
  } catch (error) {
    if (resumable === undefined) throw error;
    connection = await McpConnection.open(session.mcp_url, session.api_key);
  }
  try {
    const result = await work(connection);
    return result;
  } finally {
    const id = connection.sessionId;
    if (id !== undefined) await writeJsonAtomic(file, { context_id: session.context_id, id });
    await connection.detach();
  }
}

export { ManualFileError };
