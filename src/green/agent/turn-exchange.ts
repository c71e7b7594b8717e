import {
  A2AResponseTooLargeError,
  A2ATimeoutError,
  PURPLE_REPLY_MESSAGE_TYPES,
  ProtocolError,
  isTask,
  parseMessage,
  textsOf,
  type A2AReply,
  type EarlyCompletionMessage,
  type GreenToPurpleMessage,
  type TurnCompleteMessage,
} from '../../protocol/index.js';
import { throwIfCanceled } from './errors.js';
import type { PurpleChannel } from './purple-channel.js';

/**
 * One green → purple call and what came of it. A timeout, a transport error, a task that did not
 * complete, or a missing or invalid reply is a failed exchange the caller records — never an
 * exception that ends the assessment (bug 9 of the original). Only cancellation throws.
 */

export type ExchangeErrorType = 'timeout' | 'communication_error' | 'protocol_error';

export interface ExchangeFailure {
  errorType: ExchangeErrorType;
  message: string;
}

export type TurnOutcome =
  | { kind: 'complete'; reply: TurnCompleteMessage }
  | { kind: 'early'; reply: EarlyCompletionMessage }
  | { kind: 'failed'; failure: ExchangeFailure };

/** Sends a message and returns the reply, or the failure. */
export async function callPurple(
  channel: PurpleChannel,
  message: GreenToPurpleMessage,
  options: { timeoutMs: number; signal: AbortSignal },
): Promise<{ ok: true; reply: A2AReply } | { ok: false; failure: ExchangeFailure }> {
  try {
    return { ok: true, reply: await channel.send(message, options) };
  } catch (error) {
    throwIfCanceled(options.signal);
    return { ok: false, failure: describeCallError(error, message.message_type, options.timeoutMs) };
  }
}

/** Sends `turn_start` and interprets the reply. */
export async function exchangeTurn(
  channel: PurpleChannel,
  message: GreenToPurpleMessage,
  options: { timeoutMs: number; signal: AbortSignal },
): Promise<TurnOutcome> {
  const call = await callPurple(channel, message, options);
  return call.ok ? interpretTurnReply(call.reply) : { kind: 'failed', failure: call.failure };
}

/** A turn reply: a completed task (or a bare message) holding `turn_complete` or `early_completion`. */
export function interpretTurnReply(reply: A2AReply): TurnOutcome {
  if (reply.state !== undefined && reply.state !== 'completed') {
    const reason = purpleStatusText(reply);
    return failed(
      'protocol_error',
      `the purple's task for turn_start ended in state "${reply.state}", not "completed"` +
        (reason === undefined ? '' : `; the purple said: ${reason}`),
    );
  }
  if (reply.payload === undefined) {
    return failed(
      'protocol_error',
      'the purple replied without a JSON object (expected a DataPart or JSON TextPart holding turn_complete or early_completion)',
    );
  }
  try {
    const message = parseMessage(reply.payload, PURPLE_REPLY_MESSAGE_TYPES);
    return message.message_type === 'turn_complete'
      ? { kind: 'complete', reply: message }
      : { kind: 'early', reply: message };
  } catch (error) {
    if (error instanceof ProtocolError) return failed('protocol_error', `invalid reply: ${error.message}`);
    throw error;
  }
}

/** Longest part of a purple's own status text quoted in a failure. */
export const MAX_QUOTED_REASON_CHARS = 500;

/** What the purple said in its task's final status message (why it failed), if anything. */
export function purpleStatusText(reply: A2AReply): string | undefined {
  if (!isTask(reply.result)) return undefined;
  const text = textsOf(reply.result.status?.message?.parts ?? [])
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return undefined;
  return text.length > MAX_QUOTED_REASON_CHARS ? `${text.slice(0, MAX_QUOTED_REASON_CHARS)}…` : text;
}

function describeCallError(error: unknown, messageType: string, timeoutMs: number): ExchangeFailure {
  if (error instanceof A2ATimeoutError) {
    const waitedFor = error.operation === 'resolveCard' ? ' (its agent card did not arrive)' : '';
    return {
      errorType: 'timeout',
      message:
        error.kind === 'deadline'
          ? `the purple did not answer ${messageType} within ${timeoutMs / 1000} s${waitedFor}`
          : `the purple's answer to ${messageType} timed out: ${error.message}`,
    };
  }
  if (error instanceof A2AResponseTooLargeError) {
    return {
      errorType: 'protocol_error',
      message: `the purple's answer to ${messageType} was refused: ${error.message}`,
    };
  }
  return {
    errorType: 'communication_error',
    message: `could not deliver ${messageType} to the purple: ${error instanceof Error ? error.message : String(error)}`,
  };
}

function failed(errorType: ExchangeErrorType, message: string): TurnOutcome {
  return { kind: 'failed', failure: { errorType, message } };
}
