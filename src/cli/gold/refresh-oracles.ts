import type { EvaluationInput } from '../../green/run-record/evaluation-input.js';
import { ScenarioManager } from '../../green/scenarios/loader.js';
import { readOracleRun, writeOracleRun } from '../../green/gold/store.js';
import { OFFLINE_MODEL } from '../../llm/index.js';
import { assessOnce } from '../check/run-one.js';
import { startLocalGreen } from '../local-agents.js';

/**
 * Plays each scenario's oracle (offline, seed 1) and saves its evaluation input as the run the
 * styles rewrite — only where the saved one is missing or belongs to another scenario version.
 */

export interface RefreshOutcome {
  scenario_id: string;
  status: 'kept' | 'saved' | 'failed';
  detail: string;
}

export async function refreshOracleRuns(options: {
  goldDir: string;
  scenariosDir: string;
  ids: readonly string[];
  force: boolean;
  env: Record<string, string | undefined>;
  onRow?: (row: RefreshOutcome) => void;
}): Promise<RefreshOutcome[]> {
  const manager = new ScenarioManager(options.scenariosDir);
  const ids = options.ids.length > 0 ? [...options.ids] : await manager.listIds();
  let captured: EvaluationInput | undefined;
  const green = await startLocalGreen({
    model: OFFLINE_MODEL,
    scenariosDir: options.scenariosDir,
    agentIdleTimeoutMs: 0,
    runRecordSink: async ({ evaluationInput }) => {
      captured = evaluationInput;
    },
    env: options.env,
  });
  const rows: RefreshOutcome[] = [];
  try {
    for (const id of ids) {
      const scenario = await manager.load(id);
      const saved = await readOracleRun(options.goldDir, id);
      let row: RefreshOutcome;
      if (!options.force && saved?.content_hash === scenario.contentHash) {
        row = { scenario_id: id, status: 'kept', detail: 'the saved oracle run is of this scenario version' };
      } else if (scenario.oracle === null) {
        row = { scenario_id: id, status: 'failed', detail: 'the scenario has no oracle' };
      } else {
        captured = undefined;
        const run = await assessOnce(
          green,
          { seed: 1, env: options.env },
          { scenarioId: id, variantSeed: 0, agent: 'oracle', plan: scenario.oracle, runDir: undefined },
        );
        const input = captured as EvaluationInput | undefined;
        if (input === undefined || run.measurement.status !== 'completed') {
          row = {
            scenario_id: id,
            status: 'failed',
            detail: run.error ?? `status ${run.measurement.status}`,
          };
        } else {
          const file = await writeOracleRun(options.goldDir, id, input);
          row = {
            scenario_id: id,
            status: 'saved',
            detail: `${run.measurement.overallPercent ?? '?'} % → ${file}`,
          };
        }
      }
      rows.push(row);
      options.onRow?.(row);
    }
  } finally {
    await green.close();
  }
  return rows;
}
