import { AIMessage, isAIMessage, type BaseMessage, type ToolCall } from '@langchain/core/messages';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { LlmCallError, LlmOutputError, type LlmFailureKind } from '../errors.js';
import type { CallRequest, PromptMessage, RecordedFailure, RecordedMessage } from './recording-file.js';

/**
 * Turns model calls into recordable JSON and back: the prompt's canonical form and hash, answers
 * as plain data, and failures as data that rebuilds the same error class and message.
 */

/** `value` as JSON data: undefined fields dropped, class instances reduced to their fields. */
export function toJsonData(value: unknown): z.core.util.JSONType {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value)) as z.core.util.JSONType;
}

/** JSON with object keys sorted, so equal data always hashes the same. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, entry: unknown) =>
    entry && typeof entry === 'object' && !Array.isArray(entry)
      ? Object.fromEntries(
          Object.entries(entry as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : entry,
  );
}

const UUID_GROUPS = [8, 4, 4, 4, 12];

function isHex(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 97 && code <= 102) || (code >= 65 && code <= 70);
}

/** Letters and digits: what may not touch a UUID for it to count as one (`thread-<uuid>` does). */
function isAlphanumeric(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
}

/** The UUID starting at `start` (8-4-4-4-12 hex digits, not inside a longer word), or undefined. */
function uuidAt(text: string, start: number): string | undefined {
  let at = start;
  for (let group = 0; group < UUID_GROUPS.length; group++) {
    if (group > 0 && text.charCodeAt(at++) !== 45) return undefined;
    for (let i = 0; i < UUID_GROUPS[group]!; i++) if (!isHex(text.charCodeAt(at++))) return undefined;
  }
  if (at < text.length && isAlphanumeric(text.charCodeAt(at))) return undefined;
  return text.slice(start, at);
}

/**
 * `text` with every UUID replaced by `<id-N>`, N counting distinct UUIDs in order of appearance.
 * The simulator names what the assistant creates (emails, events, messages) with random UUIDs,
 * which reach prompts through the action log; the same run on another day has other ones. They
 * are names, not content: a prompt that differs only in them asks the same question.
 */
export function normaliseIds(text: string): string {
  // Found from their dashes (indexOf is fast): prompts are long, and most have no UUID at all.
  const names = new Map<string, string>();
  let out = '';
  let copied = 0;
  for (let dash = text.indexOf('-', 8); dash !== -1; dash = text.indexOf('-', dash + 1)) {
    const start = dash - 8;
    if (start < copied || (start > 0 && isAlphanumeric(text.charCodeAt(start - 1)))) continue;
    const id = uuidAt(text, start);
    if (id === undefined) continue;
    const key = id.toLowerCase();
    let name = names.get(key);
    if (name === undefined) {
      name = `<id-${names.size + 1}>`;
      names.set(key, name);
    }
    out += text.slice(copied, start) + name;
    copied = start + id.length;
    dash = copied - 1;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** The lookup key of a call: sha256 of its canonical JSON with simulator ids normalised. */
export function promptHash(request: CallRequest): string {
  return `sha256:${createHash('sha256')
    .update(normaliseIds(canonicalJson(request)))
    .digest('hex')}`;
}

export function promptMessages(messages: readonly BaseMessage[]): PromptMessage[] {
  return messages.map((message) => {
    const entry: PromptMessage = { role: message.getType(), content: toJsonData(message.content) };
    if (typeof message.name === 'string') entry.name = message.name;
    const toolCallId = (message as { tool_call_id?: unknown }).tool_call_id;
    if (typeof toolCallId === 'string') entry.tool_call_id = toolCallId;
    if (isAIMessage(message) && message.tool_calls && message.tool_calls.length > 0) {
      entry.tool_calls = message.tool_calls.map((call) =>
        toJsonData({ name: call.name, args: call.args, id: call.id }),
      );
    }
    return entry;
  });
}

const fingerprints = new WeakMap<object, z.core.util.JSONType>();

/** A stable fingerprint of a structured-output schema (zod or JSON schema), computed once per schema. */
export function schemaFingerprint(schema: unknown): z.core.util.JSONType {
  if (schema === null || typeof schema !== 'object') return toJsonData(schema);
  const known = fingerprints.get(schema);
  if (known !== undefined) return known;
  let fingerprint: z.core.util.JSONType;
  try {
    fingerprint =
      schema instanceof z.ZodType
        ? toJsonData(z.toJSONSchema(schema, { unrepresentable: 'any' }))
        : toJsonData(schema);
  } catch {
    fingerprint = null;
  }
  fingerprints.set(schema, fingerprint);
  return fingerprint;
}

export function encodeMessage(message: BaseMessage): RecordedMessage {
  const recorded: RecordedMessage = { content: toJsonData(message.content) };
  if (isAIMessage(message) && message.tool_calls && message.tool_calls.length > 0)
    recorded.tool_calls = message.tool_calls.map((call) => toJsonData(call));
  const objectData = (value: unknown) =>
    value && typeof value === 'object' && Object.keys(value).length > 0
      ? (toJsonData(value) as Record<string, z.core.util.JSONType>)
      : undefined;
  const additional = objectData(message.additional_kwargs);
  if (additional) recorded.additional_kwargs = additional;
  const metadata = objectData(message.response_metadata);
  if (metadata) recorded.response_metadata = metadata;
  const usage = isAIMessage(message) ? objectData(message.usage_metadata) : undefined;
  if (usage) recorded.usage_metadata = usage;
  return recorded;
}

export function decodeMessage(recorded: RecordedMessage): AIMessage {
  return new AIMessage({
    content: recorded.content as AIMessage['content'],
    ...(recorded.tool_calls ? { tool_calls: recorded.tool_calls as unknown as ToolCall[] } : {}),
    ...(recorded.additional_kwargs ? { additional_kwargs: recorded.additional_kwargs } : {}),
    ...(recorded.response_metadata ? { response_metadata: recorded.response_metadata } : {}),
    ...(recorded.usage_metadata
      ? { usage_metadata: recorded.usage_metadata as unknown as AIMessage['usage_metadata'] }
      : {}),
  });
}

export function encodeFailure(error: unknown): RecordedFailure {
  if (error instanceof LlmCallError) {
    return {
      name: error.name,
      message: error.message,
      fields: toJsonData({
        endpoint: error.endpoint,
        kind: error.kind,
        status: error.status ?? null,
        providerMessage: error.providerMessage,
        attempts: error.attempts,
        elapsedMs: error.elapsedMs,
      }) as Record<string, z.core.util.JSONType>,
    };
  }
  if (error instanceof LlmOutputError) {
    return {
      name: error.name,
      message: error.message,
      fields: toJsonData({ task: error.task, rawOutput: error.rawOutput ?? null }) as Record<
        string,
        z.core.util.JSONType
      >,
    };
  }
  const named = error instanceof Error ? error : new Error(String(error));
  const status = (named as { status?: unknown }).status;
  return {
    name: named.name,
    message: named.message,
    ...(typeof status === 'number' ? { fields: { status } } : {}),
  };
}

/** A recorded failure that is none of the LLM layer's own errors, raised again as it was seen. */
export class ReplayedFailureError extends Error {
  override name: string;
  readonly status: number | undefined;
  constructor(failure: RecordedFailure) {
    super(failure.message);
    this.name = failure.name;
    const status = failure.fields?.['status'];
    this.status = typeof status === 'number' ? status : undefined;
  }
}

/** The error a recorded failure stands for: same class (for the LLM layer's errors) and message. */
export function decodeFailure(failure: RecordedFailure): Error {
  const fields = failure.fields ?? {};
  if (failure.name === 'LlmCallError' && fields['endpoint'] && typeof fields['kind'] === 'string') {
    const endpoint = fields['endpoint'] as { provider: string; model: string; baseUrl: string };
    return new LlmCallError(
      endpoint,
      fields['kind'] as LlmFailureKind,
      typeof fields['status'] === 'number' ? fields['status'] : undefined,
      String(fields['providerMessage'] ?? ''),
      Number(fields['attempts'] ?? 1),
      Number(fields['elapsedMs'] ?? 0),
    );
  }
  if (failure.name === 'LlmOutputError' && typeof fields['task'] === 'string') {
    const task = fields['task'];
    const prefix = `${task}: `;
    const message = failure.message.startsWith(prefix)
      ? failure.message.slice(prefix.length)
      : failure.message;
    const raw = fields['rawOutput'];
    return new LlmOutputError(task, message, typeof raw === 'string' ? raw : undefined);
  }
  return new ReplayedFailureError(failure);
}

/** Where two prompts first differ, for a mismatch message (one short line). */
export function describeDifference(actual: CallRequest, recorded: CallRequest | undefined): string {
  if (recorded === undefined) return 'the recorded run made fewer calls of this role';
  if (actual.kind !== recorded.kind)
    return `the recorded call at the same position was a ${recorded.kind} call, this one is a ${actual.kind} call`;
  const actualLines = normaliseIds(renderRequest(actual).join('\n')).split('\n');
  const recordedLines = normaliseIds(renderRequest(recorded).join('\n')).split('\n');
  const length = Math.max(actualLines.length, recordedLines.length);
  for (let line = 0; line < length; line++) {
    if (actualLines[line] !== recordedLines[line]) {
      return (
        `the prompt differs from the recorded call at the same position from line ${line + 1}: ` +
        `recorded ${quote(recordedLines[line])}, now ${quote(actualLines[line])}`
      );
    }
  }
  return 'the prompt equals the recorded call at the same position, but its answer was already used';
}

function renderRequest(request: CallRequest): string[] {
  const lines: string[] = [];
  for (const message of request.messages) {
    lines.push(`[${message.role}]`);
    const content = typeof message.content === 'string' ? message.content : canonicalJson(message.content);
    lines.push(...content.split('\n'));
  }
  if (request.tools) lines.push(`[tools] ${canonicalJson(request.tools)}`);
  if (request.structured) lines.push(`[structured] ${canonicalJson(request.structured)}`);
  if (request.stop) lines.push(`[stop] ${canonicalJson(request.stop)}`);
  return lines;
}

function quote(line: string | undefined): string {
  if (line === undefined) return '(end of prompt)';
  const short = line.length > 120 ? `${line.slice(0, 120)}…` : line;
  return JSON.stringify(short);
}
