import { join } from 'node:path';
import type { JsonObject, OraclePlan } from '../../protocol/index.js';
import type { PurpleServerHandle } from '../../purple/index.js';
import { writeResultsFile } from '../assessment/results-file.js';
import { streamAssessment } from '../assessment/stream-assessment.js';
import { startLocalPurple, type LocalGreen } from '../local-agents.js';
import { measureResults, type Measurement } from './measure.js';

/** One assessment of the gate: a purple for `agent` (with `plan` when it plays one) against the shared green. */

const ROLE = 'personal_assistant';

export interface OneRun {
  scenarioId: string;
  variantSeed: number;
  agent: string;
  plan: OraclePlan | undefined;
  /** Where its results.json and purple log go; nothing is written without it. */
  runDir: string | undefined;
}

export interface OneRunOutcome {
  measurement: Measurement;
  /** Why there are no results (the task's status text, or the error). */
  error: string | undefined;
  resultsPath: string | null;
}

const firstLine = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).split('\n').slice(0, 3).join(' / ');

/** The built-in strategies' wait before retrying a transient simulator failure, in ms. */
const GATE_RETRY_DELAY_MS = 10;

export async function assessOnce(
  green: LocalGreen,
  options: { seed: number; env: Record<string, string | undefined>; signal?: AbortSignal | undefined },
  run: OneRun,
): Promise<OneRunOutcome> {
  let purple: PurpleServerHandle | undefined;
  let raw: JsonObject | undefined;
  let status: string;
  let error: string | undefined;
  let resultsPath: string | null = null;
  try {
    purple = await startLocalPurple({
      agent: run.agent,
      oraclePlan: run.plan,
      // Time stands still inside a turn, so a retry's wait changes nothing but the gate's wall
      // time: noisy scenarios' 503s are retried (as they must be) at once.
      uesRetryDelayMs: GATE_RETRY_DELAY_MS,
      logFile: run.runDir === undefined ? undefined : join(run.runDir, 'purple.log'),
      env: options.env,
    });
    const outcome = await streamAssessment(
      green.url,
      {
        participants: { [ROLE]: purple.url },
        config: {
          scenario_id: run.scenarioId,
          seed: options.seed,
          ...(run.variantSeed === 0 ? {} : { variant_seed: run.variantSeed }),
        },
      },
      {},
      { headers: green.headers, ...(options.signal ? { signal: options.signal } : {}) },
    );
    raw = outcome.rawResults;
    status = outcome.state;
    if (raw === undefined && outcome.statusText !== undefined) error = outcome.statusText;
    if (raw !== undefined && run.runDir !== undefined) resultsPath = await writeResultsFile(run.runDir, raw);
  } catch (caught) {
    status = 'error';
    error = firstLine(caught);
  } finally {
    await purple?.close();
  }
  const measurement =
    raw === undefined
      ? { status, overallPercent: undefined, safetyPercent: undefined, overall: undefined, safety: undefined }
      : measureResults(raw);
  return { measurement, error, resultsPath };
}
