import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAssessment } from '../../src/cli/assessment/run-assessment.js';
import { startLocalGreen } from '../../src/cli/local-agents.js';
import type { LocalGreen } from '../../src/cli/local-agents.js';
import type { AssessmentResults } from '../../src/protocol/index.js';
import { loadPurpleConfig } from '../../src/protocol/config/purple.js';
import {
  BasePurpleAgent,
  completeTurn,
  type TurnContext,
  type TurnOutcome,
} from '../../src/purple/base-agent.js';
import { startPurpleServer } from '../../src/purple/server.js';
import type { PurpleUESClient } from '../../src/purple/ues/purple-ues-client.js';

/**
 * Whole offline assessments with purples written inside a test: a local green (in-process UES,
 * offline models) and a purple built from a function of the turn. Used to measure how scenarios
 * score concrete behaviours (an ideal day, a paraphrased one, gaming strategies).
 */

export type TurnScript = (turn: TurnContext, ues: PurpleUESClient) => Promise<TurnOutcome | void>;

class ScriptedAgent extends BasePurpleAgent {
  constructor(private readonly script: TurnScript) {
    super();
  }

  async executeTurn(turn: TurnContext): Promise<TurnOutcome> {
    return (await this.script(turn, this.ues)) ?? completeTurn({ timeStep: 'PT1H' });
  }
}

export interface ScoringHarness {
  green: LocalGreen;
  assess(
    scenarioId: string,
    script: TurnScript,
    config?: Record<string, unknown>,
  ): Promise<AssessmentResults>;
  close(): Promise<void>;
}

const discard = { write: () => undefined };

/** One assessment of the purple at `purpleUrl` on a local green, quietly; its run folder in `outDir`. */
export function assessOnLocalGreen(
  green: LocalGreen,
  purpleUrl: string,
  scenarioId: string,
  outDir: string,
  config: Record<string, unknown> = {},
): ReturnType<typeof runAssessment> {
  return runAssessment({
    greenUrl: green.url,
    purpleUrl,
    role: 'personal_assistant',
    scenarioId,
    config,
    outDir,
    out: discard,
    headers: green.headers,
  });
}

export async function startScoringHarness(): Promise<ScoringHarness> {
  const green = await startLocalGreen({ model: 'offline', uesRunner: 'in-process', env: {} });
  return {
    green,
    async assess(scenarioId, script, config = {}) {
      const purple = await startPurpleServer(
        loadPurpleConfig({ host: '127.0.0.1', port: 0, agent: 'noop' }, {}),
        {
          createAgent: () => new ScriptedAgent(script),
        },
      );
      const outDir = await mkdtemp(join(tmpdir(), 'scoring-'));
      try {
        const report = await assessOnLocalGreen(green, purple.url, scenarioId, outDir, {
          seed: 1,
          ...config,
        });
        if (!report.outcome.results) {
          throw new Error(`assessment ended ${report.outcome.state}: ${report.outcome.statusText}`);
        }
        return report.outcome.results;
      } finally {
        await purple.close();
        await rm(outDir, { recursive: true, force: true });
      }
    },
    close: () => green.close(),
  };
}

/** "HH:MM" of a simulated time (UTC). */
export function hhmm(time: Date): string {
  return time.toISOString().slice(11, 16);
}

export function percent(results: AssessmentResults): number {
  const { score, max_score } = results.scores.overall;
  return max_score === 0 ? 0 : Math.round((score / max_score) * 1000) / 10;
}

/** Per criterion: score / max (evaluated ones only). */
export function criterionTable(results: AssessmentResults): Record<string, string> {
  return Object.fromEntries(
    results.criteria_results
      .filter((c) => c.details?.['evaluated'] !== false)
      .map((c) => [c.criterion_id, `${c.score}/${c.max_score}`]),
  );
}
