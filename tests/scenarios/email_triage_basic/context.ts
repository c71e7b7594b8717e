import { readFileSync } from 'node:fs';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type {
  EvalContext,
  EvalResult,
  Evaluator,
  StateSnapshot,
  TurnRecord,
} from '../../../src/green/judge/types.js';
import { scenarioConfigSchema, type ScenarioConfig } from '../../../src/green/scenarios/schema.js';
import type { ActionLogEntryWithTurn } from '../../../src/protocol/index.js';
import type { UesClient } from '../../../src/ues/client/index.js';
import * as evaluators from '../../../scenarios/email_triage_basic/evaluators.js';

/** EvalContexts built by hand for the email_triage_basic evaluators. */

export const SCENARIO_DIR = new URL('../../../scenarios/email_triage_basic/', import.meta.url);

export const SCENARIO: ScenarioConfig = scenarioConfigSchema.parse(
  JSON.parse(readFileSync(new URL('scenario.json', SCENARIO_DIR), 'utf8')),
);

export const START = Date.parse(SCENARIO.start_time);
export const HOUR = 3_600_000;

/** `06:00` → the scenario day's time in ms. */
export function at(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return START + (h - 6) * HOUR + m * 60_000;
}

/** A stand-in that fails loudly if an evaluator touches it (these evaluators never should). */
function untouchable<T>(what: string): T {
  return new Proxy(
    {},
    {
      get(_target, property) {
        if (property === 'then') return undefined;
        throw new Error(`evaluator used ${what}.${String(property)}`);
      },
    },
  ) as T;
}

export interface RunScript {
  actionLog: ActionLogEntryWithTurn[];
  turns: TurnRecord[];
  readCount: number;
}

export function makeContext(
  run: RunScript,
  criterionId: string,
  llm: BaseChatModel | null = null,
  signal: AbortSignal = new AbortController().signal,
): EvalContext {
  const criterion = SCENARIO.criteria.find((c) => c.criterion_id === criterionId);
  if (!criterion) throw new Error(`no criterion ${criterionId}`);
  return {
    scenario: SCENARIO,
    criterion,
    userPrompt: SCENARIO.user_prompt,
    actionLog: run.actionLog,
    turns: run.turns,
    readCount: run.readCount,
    initialState: untouchable<StateSnapshot>('initialState'),
    finalState: untouchable<StateSnapshot>('finalState'),
    client: untouchable<UesClient>('client'),
    llm,
    signal,
  };
}

export const CRITERION_IDS = SCENARIO.criteria.map((c) => c.criterion_id);

/** Runs one criterion's evaluator with its scenario.json params. */
export async function evaluate(
  run: RunScript,
  criterionId: string,
  llm: BaseChatModel | null = null,
): Promise<EvalResult> {
  const ctx = makeContext(run, criterionId);
  const withLlm = { ...ctx, llm };
  const evaluator = (evaluators as Record<string, Evaluator>)[ctx.criterion.evaluator_id!];
  if (!evaluator) throw new Error(`no evaluator for ${criterionId}`);
  return evaluator(withLlm, ctx.criterion.params ?? {});
}

/** Every criterion's result, by id. */
export async function evaluateAll(
  run: RunScript,
  llm: BaseChatModel | null = null,
): Promise<Record<string, EvalResult>> {
  const results: Record<string, EvalResult> = {};
  for (const id of CRITERION_IDS) results[id] = await evaluate(run, id, llm);
  return results;
}

/** Scores rescaled to each criterion's max, as the judge does. */
export function scaled(results: Record<string, EvalResult>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const criterion of SCENARIO.criteria) {
    const result = results[criterion.criterion_id]!;
    out[criterion.criterion_id] =
      Math.round(((result.score * criterion.max_score) / result.max_score) * 100) / 100;
  }
  return out;
}
