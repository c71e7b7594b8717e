import { randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import {
  dataPart,
  textPart,
  type ArtifactSpec,
  type GreenAgentConfig,
  type SuiteResults,
  type TaskUpdater,
} from '../../protocol/index.js';
import { PACKAGE_VERSION } from '../../version.js';
import { CHECK_LIBRARY_VERSION } from '../scenarios/scenario-extras.js';
import { AssessmentCanceledError, partialResultsOf } from '../agent/errors.js';
import type { GreenAgent } from '../agent/green-agent.js';
import { describeSelection, type ResolvedSuite } from '../suite/selection.js';
import { runSuite, type SuiteTrial, type TrialRun } from '../suite/suite-runner.js';
import { buildSuiteResults } from '../suite/summary.js';
import type { AgentPool, PoolWaitInfo } from './agent-pool.js';
import { resultsArtifact } from './results-artifact.js';
import { sharedSuiteSeed, trialConfig, type SuitePlan } from './suite-config.js';
import { TrialUpdateEmitter } from './trial-emitter.js';

/**
 * A suite assessment inside one A2A task: every trial of the shard's scenarios as a full
 * assessment on a simulator of its own (a per-trial context of the agent pool, retired when the
 * trial ends), its `assessment_results` published as an artifact as soon as it ends, then the
 * `suite_results` artifact and `completed`. A trial that fails is recorded and the suite goes on.
 */

export const SUITE_ARTIFACT_NAME = 'suite_results';

export interface SuiteTaskInput {
  taskId: string;
  contextId: string;
  participantRole: string;
  purpleUrl: string;
  plan: SuitePlan;
  suite: ResolvedSuite;
  updater: TaskUpdater;
  signal: AbortSignal;
  logger: Logger;
  /** What the suite is doing, for heartbeats. */
  setPhase(text: string): void;
}

export interface SuiteTaskDeps {
  config: GreenAgentConfig;
  pool: AgentPool;
}

const percent = (value: number | null): string => (value === null ? '—' : `${(value * 100).toFixed(1)} %`);

/** One line for people (never JSON, so result collectors ignore it). */
export function summarizeSuite(results: SuiteResults): string {
  const { overall } = results;
  const shard =
    results.shard.count > 1 ? ` (shard ${results.shard.index + 1} of ${results.shard.count})` : '';
  return (
    `Suite ${results.status} — ${results.selection}${shard}, participant ${results.participant}: ` +
    `${overall.scenarios} scenario(s) × ${results.trials} trial(s); mean ${percent(overall.mean)}, ` +
    `pass^${results.trials} ${percent(overall.pass_hat_k)}, pass@${results.trials} ${percent(overall.pass_at_k)}; ` +
    `${overall.trials_completed} of ${overall.trials_run} trials completed, ${overall.trials_passed} passed.`
  );
}

export function suiteArtifact(results: SuiteResults): ArtifactSpec {
  return {
    name: SUITE_ARTIFACT_NAME,
    description: `Suite results: ${results.selection}, ${results.trials} trial(s) per scenario`,
    parts: [textPart(summarizeSuite(results)), dataPart(results)],
  };
}

/** The pool context of one trial: the task's context, then the trial's position. */
export function trialContextId(contextId: string, trial: SuiteTrial): string {
  return `${contextId}~${trial.position + 1}`;
}

export async function runSuiteTask(input: SuiteTaskInput, deps: SuiteTaskDeps): Promise<SuiteResults> {
  const { plan, suite, updater, signal, logger } = input;
  const began = performance.now();
  // One base seed for the whole suite, so every trial's seed is recorded and derivable; shards of
  // one run must agree on it, so without a given seed they derive it from the config.
  const baseSeed =
    plan.seed ??
    deps.config.llm_seed ??
    (plan.shard.count > 1 ? sharedSuiteSeed(plan) : randomInt(0, 2 ** 31));
  let running = 0;
  let done = 0;
  const total = suite.entries.filter((entry) => entry.scenario !== undefined).length * plan.trials;
  const phase = (): void =>
    input.setPhase(`running the suite: ${done} of ${total} trials done, ${running} running`);

  const runTrial = async (trial: SuiteTrial, trialSignal: AbortSignal): Promise<TrialRun> => {
    const contextId = trialContextId(input.contextId, trial);
    try {
      const agent: GreenAgent = await deps.pool.get(contextId, trialSignal, (wait: PoolWaitInfo) =>
        input.setPhase(
          `waiting for a free simulator for ${trial.assessmentId}: ${wait.busy} of ${wait.maxAgents} are busy (--max-contexts)`,
        ),
      );
      const results = await agent.run({
        taskId: trial.assessmentId,
        contextId,
        participantRole: input.participantRole,
        purpleUrl: input.purpleUrl,
        scenario: trial.scenario,
        config: trialConfig(plan, trial.scenario.config.scenario_id, trial.seed),
        emitter: new TrialUpdateEmitter(updater, trial, { logger }),
        signal: trialSignal,
      });
      return { results };
    } catch (error) {
      if (trialSignal.aborted || error instanceof AssessmentCanceledError) throw error;
      logger.error({ err: error, trial: trial.assessmentId }, 'a trial of the suite failed');
      return {
        results: partialResultsOf(error),
        error: error instanceof Error ? error.message : String(error),
      };
    } finally {
      await deps.pool.retire(contextId);
    }
  };

  const scenarios = await runSuite({
    suiteId: input.taskId,
    entries: suite.entries,
    trials: plan.trials,
    baseSeed,
    concurrency: plan.concurrency,
    signal,
    runTrial,
    onTrialStarted: async (trial, started) => {
      running += 1;
      phase();
      await new TrialUpdateEmitter(updater, trial, { logger }).trialStarted({
        assessment_id: trial.assessmentId,
        scenario_id: trial.scenario.config.scenario_id,
        trial: trial.trial,
        trials: trial.trials,
        seed: trial.seed,
        started,
        total,
      });
    },
    onTrialResults: (_trial, results) => {
      updater.addArtifact(resultsArtifact(results));
    },
    onTrialCompleted: async (trial, outcome, completed) => {
      running -= 1;
      done = completed;
      phase();
      await new TrialUpdateEmitter(updater, trial, { logger }).trialCompleted({
        assessment_id: trial.assessmentId,
        scenario_id: trial.scenario.config.scenario_id,
        trial: trial.trial,
        trials: trial.trials,
        status: outcome.status,
        score: outcome.overall?.score ?? null,
        max_score: outcome.overall?.max_score ?? null,
        passed: outcome.passed,
        duration_seconds: outcome.duration_seconds,
        completed,
        total,
        error: outcome.error ?? null,
      });
    },
  });
  return buildSuiteResults({
    suiteId: input.taskId,
    participant: input.participantRole,
    selection: describeSelection(plan.selection),
    trials: plan.trials,
    seed: baseSeed,
    shard: plan.shard,
    totalScenarios: suite.totalScenarios,
    durationSeconds: (performance.now() - began) / 1_000,
    softwareVersion: PACKAGE_VERSION,
    comparability: {
      check_library_version: CHECK_LIBRARY_VERSION,
      scenario_versions: suite.versions,
      trial_config: plan.trialBase,
      models: { response: deps.config.response_model, evaluation: deps.config.evaluation_model },
    },
    scenarios,
  });
}
