import { Role, type Message, type Part, type Task } from '@a2a-js/sdk';
import { randomUUID } from 'node:crypto';
import { isPlainObject } from '../parse.js';

/**
 * Building and reading A2A 1.x parts and messages. AgentBeats payloads are JSON objects carried
 * in a DataPart; peers that only handle text get the same object as JSON in a TextPart.
 */

export type JsonObject = Record<string, unknown>;

/** A value handed to `dataPart` is not a plain JSON object. */
export class DataPartError extends TypeError {
  override readonly name = 'DataPartError';
}

export function textPart(text: string): Part {
  return { content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: '' };
}

/**
 * A DataPart holding a plain JSON object. Arrays and primitives are refused because the v0.3
 * wire would wrap them in `{value: …}` and AgentBeats would store that wrapper.
 * The object is round-tripped through JSON so what we publish is exactly what peers receive.
 */
export function dataPart(data: unknown): Part {
  if (!isPlainObject(data)) {
    throw new DataPartError(
      `a DataPart must hold a plain JSON object, got ${Array.isArray(data) ? 'an array' : data === null ? 'null' : typeof data}`,
    );
  }
  const json = JSON.parse(JSON.stringify(data)) as JsonObject;
  return { content: { $case: 'data', value: json }, metadata: undefined, filename: '', mediaType: '' };
}

export function fileUrlPart(url: string, options: { mediaType?: string; filename?: string } = {}): Part {
  return {
    content: { $case: 'url', value: url },
    metadata: undefined,
    filename: options.filename ?? '',
    mediaType: options.mediaType ?? '',
  };
}

export function fileBytesPart(
  bytes: Uint8Array,
  options: { mediaType?: string; filename?: string } = {},
): Part {
  return {
    content: { $case: 'raw', value: Buffer.from(bytes) },
    metadata: undefined,
    filename: options.filename ?? '',
    mediaType: options.mediaType ?? '',
  };
}

/** The parts for one AgentBeats payload: the DataPart first, then the same object as JSON text. */
export function payloadParts(payload: JsonObject, options: { includeText?: boolean } = {}): Part[] {
  const parts = [dataPart(payload)];
  if (options.includeText ?? true) parts.push(textPart(JSON.stringify(payload)));
  return parts;
}

export interface MessageOptions {
  role?: 'user' | 'agent';
  contextId?: string;
  taskId?: string;
  messageId?: string;
  metadata?: JsonObject;
}

export function buildMessage(parts: Part[], options: MessageOptions = {}): Message {
  return {
    messageId: options.messageId ?? randomUUID(),
    contextId: options.contextId ?? '',
    taskId: options.taskId ?? '',
    role: options.role === 'agent' ? Role.ROLE_AGENT : Role.ROLE_USER,
    parts,
    metadata: options.metadata,
    extensions: [],
    referenceTaskIds: [],
  };
}

/** The texts of all TextParts, in order. */
export function textsOf(parts: readonly Part[]): string[] {
  return parts.flatMap((part) => (part.content?.$case === 'text' ? [part.content.value] : []));
}

/**
 * The AgentBeats payload in a list of parts: the first DataPart holding an object, else the
 * first TextPart whose text parses as a JSON object.
 */
export function payloadOfParts(parts: readonly Part[]): JsonObject | undefined {
  for (const part of parts) {
    if (part.content?.$case === 'data' && isPlainObject(part.content.value)) return part.content.value;
  }
  for (const text of textsOf(parts)) {
    const parsed = parseJsonObject(text);
    if (parsed !== undefined) return parsed;
  }
  return undefined;
}

/** The payload of a Message (see `payloadOfParts`). */
export function payloadOfMessage(message: Message | undefined): JsonObject | undefined {
  return message === undefined ? undefined : payloadOfParts(message.parts);
}

/**
 * The reply payload of a send result. For a Task: its artifacts in order, then its status
 * message, then agent messages in its history, newest first.
 */
export function payloadOfResult(result: Message | Task): JsonObject | undefined {
  if (!isTask(result)) return payloadOfMessage(result);
  for (const artifact of result.artifacts) {
    const payload = payloadOfParts(artifact.parts);
    if (payload !== undefined) return payload;
  }
  const fromStatus = payloadOfMessage(result.status?.message);
  if (fromStatus !== undefined) return fromStatus;
  for (const message of [...result.history].reverse()) {
    if (message.role !== Role.ROLE_AGENT) continue;
    const payload = payloadOfMessage(message);
    if (payload !== undefined) return payload;
  }
  return undefined;
}

/** SDK send results carry no discriminator; a Task is the one with a status. */
export function isTask(result: Message | Task): result is Task {
  return 'status' in result;
}

function parseJsonObject(text: string): JsonObject | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(trimmed);
    return isPlainObject(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}
