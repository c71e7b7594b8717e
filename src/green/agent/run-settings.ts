import { randomInt } from 'node:crypto';
import {
  DEFAULT_MAX_TURNS,
  MAX_TURN_TIMEOUT_SECONDS,
  MIN_TURN_TIMEOUT_SECONDS,
  type GreenAgentConfig,
} from '../../protocol/index.js';
import type { AssessmentConfig } from '../assessment/assessment-config.js';
import { defaultTimeStepMs, type ScenarioConfig } from '../scenarios/schema.js';

export { greenModelOptions } from './model-options.js';

/** The settings of one assessment: request config over green defaults, plus the scenario's clock. */
export interface RunSettings {
  maxTurns: number;
  turnTimeoutMs: number;
  maxConsecutiveFailures: number;
  /** Seeds character reply timing and the LLMs; always recorded in the results. */
  seed: number;
  /** The scenario's `end_time`, epoch ms. */
  endMs: number;
  defaultStepMs: number;
  responseModel: string;
  evaluationModel: string;
}

/** The longest a notice (`assessment_complete` on an error path) may hold up the end of a run. */
export const ERROR_NOTICE_TIMEOUT_MS = 5_000;
/** `assessment_complete` after a normal end: its reply is not read, so it gets at most this long. */
export const COMPLETION_NOTICE_TIMEOUT_MS = 30_000;

export function resolveRunSettings(
  green: GreenAgentConfig,
  request: AssessmentConfig,
  scenario: ScenarioConfig,
): RunSettings {
  return {
    maxTurns:
      request.max_turns ?? green.default_max_turns ?? Math.max(DEFAULT_MAX_TURNS, turnsToWatch(scenario)),
    turnTimeoutMs: turnTimeoutMs(request.turn_timeout_seconds ?? green.default_turn_timeout_seconds),
    maxConsecutiveFailures: green.max_consecutive_turn_failures,
    // No seed given: draw one and record it, so the run can be repeated.
    seed: request.seed ?? green.llm_seed ?? randomInt(0, 2 ** 31),
    endMs: Date.parse(scenario.end_time),
    defaultStepMs: defaultTimeStepMs(scenario),
    responseModel: green.response_model,
    evaluationModel: green.evaluation_model,
  };
}

/**
 * Twice the turns an assistant needs to watch the whole scenario at its own default step: when
 * neither the request nor the operator sets a limit, a long scenario (two days at 15-minute steps)
 * is never cut short by the usual 100, and an assistant may still look twice as often as the step.
 */
export function turnsToWatch(scenario: ScenarioConfig): number {
  const span = Date.parse(scenario.end_time) - Date.parse(scenario.start_time);
  return 2 * (Math.ceil(span / defaultTimeStepMs(scenario)) + 1);
}

/**
 * A turn timeout in whole milliseconds (timers and HTTP limits take integers: 12.3456 s is
 * 12 346 ms). Both sources are validated against the same range; this guards the arithmetic.
 */
export function turnTimeoutMs(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds < MIN_TURN_TIMEOUT_SECONDS || seconds > MAX_TURN_TIMEOUT_SECONDS) {
    throw new RangeError(
      `turn timeout must be between ${MIN_TURN_TIMEOUT_SECONDS} and ${MAX_TURN_TIMEOUT_SECONDS} seconds, got ${seconds}`,
    );
  }
  return Math.round(seconds * 1_000);
}
