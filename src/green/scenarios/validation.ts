import { DIMENSIONS } from '../../protocol/index.js';
import { countInitialState, type ScenarioInitialState } from './initial-state.js';
import {
  criterionRequiresLlm,
  defaultTimeStepMs,
  scenarioDurationMs,
  type EvaluationCriterion,
  type ScenarioConfig,
} from './schema.js';

/**
 * Soft checks on a scenario that parsed: things that are legal but probably mistakes, plus what an
 * offline run (no LLM) will not score. Hard problems are errors raised by the loader instead.
 */

const HOUR_MS = 3_600_000;
const WEEK_MS = 7 * 24 * HOUR_MS;
const MIN_TOTAL_SCORE = 5;
const MAX_TOTAL_SCORE = 1000;
const MIN_PROMPT_LENGTH = 20;

export function totalMaxScore(scenario: ScenarioConfig): number {
  return scenario.criteria.reduce((total, criterion) => total + criterion.max_score, 0);
}

/**
 * Criteria that only an LLM can score: those flagged `requires_llm`, plus rubric fallbacks (an
 * `evaluator_id` the scenario's module does not export, with an `evaluation_prompt`).
 */
export function llmOnlyCriteria(
  scenario: ScenarioConfig,
  registered: ReadonlySet<string>,
): EvaluationCriterion[] {
  return scenario.criteria.filter((criterion) => {
    if (criterionRequiresLlm(criterion)) return true;
    return Boolean(criterion.evaluator_id && !registered.has(criterion.evaluator_id));
  });
}

function formatHours(ms: number): string {
  const hours = ms / HOUR_MS;
  return `${Number.isInteger(hours) ? hours : hours.toFixed(2)} h`;
}

/** Every warning for a parsed scenario; `registered` are the evaluator ids its module exports. */
export function validateScenario(
  scenario: ScenarioConfig,
  initialState: ScenarioInitialState,
  registered: ReadonlySet<string>,
): string[] {
  const warnings: string[] = [];
  const duration = scenarioDurationMs(scenario);
  if (duration < HOUR_MS) {
    warnings.push(`the scenario lasts ${formatHours(duration)} (start_time to end_time), less than 1 h`);
  } else if (duration > WEEK_MS) {
    warnings.push(`the scenario lasts ${formatHours(duration)} (start_time to end_time), more than 7 days`);
  }
  const step = defaultTimeStepMs(scenario);
  if (step >= duration) {
    warnings.push(
      `default_time_step ${scenario.default_time_step} is not shorter than the scenario (${formatHours(duration)}): the assistant gets a single turn`,
    );
  }
  // The schema already rejects characters without an email or phone, so only the scenario-wide
  // checks remain here.
  const used = new Set(scenario.criteria.map((criterion) => criterion.dimension));
  const unused = DIMENSIONS.filter((dimension) => !used.has(dimension));
  if (unused.length > 0) {
    warnings.push(`no criteria in dimension(s) ${unused.join(', ')}: they will not appear in the scores`);
  }
  const total = totalMaxScore(scenario);
  if (total < MIN_TOTAL_SCORE) {
    warnings.push(`the criteria total ${total} points, fewer than ${MIN_TOTAL_SCORE}`);
  } else if (total > MAX_TOTAL_SCORE) {
    warnings.push(`the criteria total ${total} points, more than ${MAX_TOTAL_SCORE}`);
  }
  const counts = countInitialState(initialState);
  if (Object.values(counts).every((count) => count === 0)) {
    warnings.push(
      'the initial state is empty: no emails, SMS, calendar events, chat messages or scheduled events',
    );
  }
  if (scenario.user_prompt.trim().length < MIN_PROMPT_LENGTH) {
    warnings.push(`user_prompt is only ${scenario.user_prompt.trim().length} characters long`);
  }
  scenario.criteria.forEach((criterion, index) => {
    if (criterion.evaluator_id && !registered.has(criterion.evaluator_id) && criterion.evaluation_prompt) {
      warnings.push(
        `criteria[${index}] (${criterion.criterion_id}): evaluator "${criterion.evaluator_id}" is not exported by the scenario's evaluators; its evaluation_prompt is used with the LLM judge instead`,
      );
    }
  });
  const needLlm = llmOnlyCriteria(scenario, registered);
  if (needLlm.length > 0) {
    const points = needLlm.reduce((sum, criterion) => sum + criterion.max_score, 0);
    warnings.push(
      `${needLlm.length} of ${scenario.criteria.length} criteria need an LLM judge and are reported as not evaluated offline (${points} of ${total} points): ${needLlm.map((criterion) => criterion.criterion_id).join(', ')}`,
    );
  }
  return warnings;
}
