import type { Logger } from 'pino';
import type { AssessmentEndReason, AssessmentStartMessage, TaskUpdateEmitter } from '../../protocol/index.js';
import type { PurpleChannel } from './purple-channel.js';
import type { RunSettings } from './run-settings.js';
import { callPurple } from './turn-exchange.js';

/**
 * The two messages around an assessment's turns: `assessment_start` and `assessment_complete`.
 * Neither is a turn: their replies are not read, and a purple that does not acknowledge them is
 * reported (start) or logged (end), never failed for it.
 */

interface NoticeEnvironment {
  purple: PurpleChannel;
  logger: Logger;
}

/** `assessment_start`; a failure is reported as a recoverable error update. */
export async function sendAssessmentStart(
  message: AssessmentStartMessage,
  env: NoticeEnvironment & { settings: RunSettings; emitter: TaskUpdateEmitter; signal: AbortSignal },
): Promise<void> {
  const call = await callPurple(env.purple, message, {
    timeoutMs: env.settings.turnTimeoutMs,
    signal: env.signal,
  });
  if (!call.ok) {
    env.logger.warn({ failure: call.failure }, 'assessment_start was not acknowledged');
    await env.emitter.errorOccurred({
      error_type: call.failure.errorType,
      error_message: `assessment_start: ${call.failure.message}`,
      recoverable: true,
    });
  }
}

/** Tells the purple the assessment is over; best effort, never holds the run up for long. */
export async function notifyPurpleOfEnd(
  reason: AssessmentEndReason,
  timeoutMs: number,
  env: NoticeEnvironment,
): Promise<void> {
  const call = await callPurple(
    env.purple,
    { message_type: 'assessment_complete', reason },
    { timeoutMs, signal: AbortSignal.timeout(timeoutMs + 1_000) },
  ).catch((error: unknown) => ({ ok: false as const, failure: { message: String(error) } }));
  if (!call.ok) env.logger.info({ failure: call.failure }, 'assessment_complete was not acknowledged');
}
