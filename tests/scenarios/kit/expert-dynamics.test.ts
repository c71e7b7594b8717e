import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDefinition } from '../../../scenarios/_kit/build-cli.js';
import { buildScenarioFiles, writeScenarioFiles } from '../../../scenarios/_kit/build.js';
import type { OracleStepDef, ScenarioDefinition } from '../../../scenarios/_kit/definition.js';
import { runCheck } from '../../../src/cli/check/run-check.js';
import { startLocalGreen, startLocalPurple, type LocalGreen } from '../../../src/cli/local-agents.js';
import { streamAssessment } from '../../../src/cli/assessment/stream-assessment.js';
import { ScenarioManager } from '../../../src/green/scenarios/loader.js';

/**
 * The expert tier's machinery on a real assessment: a trigger schedules its arrival when the
 * assistant's action matches (and not otherwise), noise injects seeded 503s and slow answers that
 * the results record, and a trap oracle runs in `scenarios check` under its bound.
 */

const ID = 'scheduling_decline_reschedule';
let root: string;
let green: LocalGreen;

/** The pilot with a trigger (Kofi thanks the user once told the new time), noise and a trap oracle. */
async function expertPilot(): Promise<ScenarioDefinition> {
  const pilot = await loadDefinition(ID);
  // The trap: it reads and reports but never moves the meeting nor tells anyone.
  const withoutTexts = (steps: OracleStepDef[]): OracleStepDef[] =>
    steps.filter((step) => !('action' in step));
  return {
    ...pilot,
    difficulty: 'expert',
    capabilities: ['adaptability', 'noise'],
    noise: { transient_failure_rate: 0.2, slow_rate: 0.1, slow_ms: 50 },
    triggers: [
      {
        id: 'kofi_thanks',
        description: 'Kofi answers the assistant’s message about the new time.',
        when: { action: 'message.out', to: { include: ['kofi'] } },
        after: 'PT5M',
        sms: [{ id: 'kofi_thanks_sms', from: 'kofi', body: 'Perfect, Thursday 3pm it is. Thanks!' }],
      },
    ],
    traps: [
      ...pilot.traps
        .filter((trap): trap is string => typeof trap === 'string')
        .map((text, index) => ({
          id: `never_tells_${index}`,
          text,
          mutate: withoutTexts,
        })),
    ].slice(0, 1),
  };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'expert-dynamics-'));
  const def = await expertPilot();
  await writeScenarioFiles(join(root, ID), buildScenarioFiles(def));
  green = await startLocalGreen({
    model: 'offline',
    uesRunner: 'in-process',
    scenariosDir: root,
    env: {},
    agentIdleTimeoutMs: 0,
  });
}, 60_000);

afterAll(async () => {
  await green?.close();
  await rm(root, { recursive: true, force: true });
});

async function assess(steps?: OracleStepDef[]) {
  const loaded = await new ScenarioManager(root).load(ID);
  const plan = steps ? { ...loaded.oracle!, steps: loaded.oracle!.steps.filter(() => true) } : loaded.oracle!;
  if (steps) plan.steps = plan.steps.filter((step) => !('action' in step) || step.action !== 'email.send');
  const purple = await startLocalPurple({ agent: 'oracle', oraclePlan: plan, env: {} });
  try {
    const outcome = await streamAssessment(
      green.url,
      { participants: { personal_assistant: purple.url }, config: { scenario_id: ID, seed: 3 } },
      {},
      { headers: green.headers },
    );
    return outcome.rawResults as {
      status: string;
      scores: { overall: { score: number; max_score: number } };
      metadata: {
        triggers_fired?: Array<{ trigger_id: string; events: Array<{ scheduled_time: string }> }>;
        injected_faults?: {
          counts: { requests: number; transient_failure: number; slow: number };
          faults: unknown[];
        };
      };
    };
  } finally {
    await purple.close();
  }
}

describe('expert dynamics on a real assessment', () => {
  it('a trigger fires on the matching action, and noise is injected, survived and recorded', async () => {
    const results = await assess();
    expect(results.status).toBe('completed');
    const fired = results.metadata.triggers_fired ?? [];
    expect(fired.map((entry) => entry.trigger_id)).toEqual(['kofi_thanks']);
    expect(fired[0]!.events).toHaveLength(1);
    const noise = results.metadata.injected_faults!;
    expect(noise.counts.requests).toBeGreaterThan(5);
    expect(noise.counts.transient_failure + noise.counts.slow).toBeGreaterThan(0);
    expect(noise.faults.length).toBe(noise.counts.transient_failure + noise.counts.slow);
    // The oracle's client retries the 503s: the run still scores as the oracle.
    expect(results.scores.overall.score / results.scores.overall.max_score).toBeGreaterThan(0.9);
  }, 120_000);

  it('no matching action, no trigger', async () => {
    const results = await assess([]);
    expect(results.metadata.triggers_fired).toEqual([]);
  }, 120_000);

  it('scenarios check plays the trap oracle under its bound', async () => {
    const report = await runCheck({
      scenarioIds: [ID],
      scenariosDir: root,
      strategies: ['traps'],
      concurrency: 1,
      seed: 3,
      uesRunner: 'in-process',
      env: {},
    });
    const cell = report.scenarios[0]!.cells[0]!;
    expect(cell.mutants).toHaveLength(1);
    expect(cell.mutants![0]!.overall_percent).toBeLessThan(60);
    expect(cell.ok).toBe(true);
  }, 120_000);
});
