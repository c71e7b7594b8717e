import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { Command } from 'commander';
import { join, resolve } from 'node:path';
import { pino } from 'pino';
import { rescoreRun, type RescoreOutcome } from '../green/run-record/rescore.js';
import {
  readRunDirectory,
  writeJsonFile,
  type LoadedRunDirectory,
} from '../green/run-record/run-directory.js';
import { DEFAULT_SCENARIOS_DIR, ScenarioManager, type LoadedScenario } from '../green/scenarios/loader.js';
import { ModelRecording, OFFLINE_MODEL, createChatModel, isOfflineModel } from '../llm/index.js';
import { DIMENSIONS } from '../protocol/index.js';
import { renderScoreTable } from './assessment/score-table.js';
import { verdictOf } from './assessment/verdict.js';
import { httpUrlOption } from './options.js';

/**
 * `ues-agentbeats rescore <run dir>`: recomputes a finished run's scores from its saved
 * evaluation input and the scenario version at hand (no purple, no simulator), says when the
 * scenario changed since the run, prints before → after and writes the new results. The judge is
 * the run's, unless --judge-model says otherwise; --replay serves its recorded answers.
 */

const SCENARIOS_DIR_ENV = 'AGENTBEATS_GREEN_SCENARIOS_DIR';
export const RESCORED_RESULTS_FILE = 'rescored-results.json';

interface RescoreFlags {
  scenariosDir?: string;
  judgeModel?: string;
  judgeBaseUrl?: string;
  replay?: string;
  replayFallthrough?: boolean;
  out?: string;
}

export function registerRescoreCommand(program: Command, env: Record<string, string | undefined>): void {
  program
    .command('rescore')
    .description('Recompute the scores of a finished run from its saved files (no purple, no simulator)')
    .argument('<run-dir>', 'folder holding results.json and evaluation-input.json')
    .option(
      '--scenarios-dir <dir>',
      `folder holding the scenarios (env ${SCENARIOS_DIR_ENV}; default: the package's scenarios/)`,
    )
    .option('--judge-model <model>', 'judge for LLM criteria (default: the run’s judge model)')
    .option('--judge-base-url <url>', 'base URL of the judge’s server', httpUrlOption('--judge-base-url'))
    .option('--replay <dir>', 'answer the judge from a recording made with --record (no provider key)')
    .option('--replay-fallthrough', 'with --replay: ask the live judge when a call has no recorded answer')
    .option('-o, --out <file>', `where the new results go (default <run-dir>/${RESCORED_RESULTS_FILE})`)
    .action(async (runDir: string, flags: RescoreFlags) => {
      const started = performance.now();
      const run = await readRunDirectory(runDir, { requireEvaluationInput: true });
      const manager = new ScenarioManager(
        flags.scenariosDir ?? env[SCENARIOS_DIR_ENV] ?? DEFAULT_SCENARIOS_DIR,
      );
      // A variant's run is scored against the same variant (its people and times).
      const variantSeed = Number(run.results.metadata?.['variant_seed'] ?? 0);
      const scenario = await manager.load(run.results.scenario_id, { variantSeed });
      const judgeName = flags.judgeModel ?? run.results.metadata?.models?.evaluation ?? OFFLINE_MODEL;
      const { model, recording } = await rescoreJudge(run, scenario, judgeName, flags, env);
      const outcome = await rescoreRun(
        run,
        scenario,
        { model, modelName: judgeName },
        { logger: pino({ level: 'silent' }) },
      );
      await recording?.close();
      const out = resolve(flags.out ?? join(run.dir, RESCORED_RESULTS_FILE));
      await writeJsonFile(out, outcome.results);
      console.log(renderRescore(outcome, performance.now() - started));
      console.log(`\nRescored results written to ${out}`);
      const verdict = verdictOf(outcome.results);
      if (!verdict.ok) {
        console.log(`\nNot a valid score — ${verdict.reason}`);
        process.exitCode = 1;
      }
    });
}

async function rescoreJudge(
  run: LoadedRunDirectory,
  scenario: LoadedScenario,
  judgeName: string,
  flags: RescoreFlags,
  env: Record<string, string | undefined>,
): Promise<{ model: BaseChatModel | null; recording: ModelRecording | undefined }> {
  if (isOfflineModel(judgeName)) return { model: null, recording: undefined };
  const live = (): BaseChatModel =>
    createChatModel(
      {
        model: judgeName,
        temperature: 0,
        ...(flags.judgeBaseUrl ? { baseUrl: flags.judgeBaseUrl } : {}),
      },
      env,
    );
  if (flags.replay === undefined) return { model: live(), recording: undefined };
  const seed = run.evaluationInput?.seed ?? run.results.metadata?.seed ?? undefined;
  if (seed === undefined || seed === null) {
    throw new Error(`--replay needs the run's seed, and ${run.dir} records none`);
  }
  const recording = await ModelRecording.open(
    { replayDir: flags.replay, replayFallthrough: flags.replayFallthrough === true },
    { scenarioId: scenario.config.scenario_id, contentHash: scenario.contentHash, seed },
    [{ role: 'judge', model: judgeName }],
  );
  return { model: recording.wrap({ role: 'judge', model: judgeName }, live), recording };
}

/** Before → after per dimension, the criteria that changed, and the content-hash note. */
export function renderRescore(outcome: RescoreOutcome, elapsedMs: number): string {
  const { results, previous, contentHash } = outcome;
  const lines: string[] = [];
  if (contentHash.changed) {
    lines.push(
      `Note: scenario ${results.scenario_id} changed since this run (content hash of the run ` +
        `${contentHash.run.slice(0, 19)}…, now ${contentHash.scenario.slice(0, 19)}…): the new scores ` +
        'apply the current criteria and checks to what the run did.',
      '',
    );
  } else {
    lines.push(
      `Scenario ${results.scenario_id} is the version the run used (${contentHash.run.slice(0, 19)}…).`,
      '',
    );
  }
  lines.push(renderScoreTable(results), '');
  lines.push(
    `  ${'before → after'.padEnd(34)}${'before'.padStart(8)}${'after'.padStart(8)}${'max'.padStart(8)}`,
  );
  const row = (name: string, before: number | undefined, after: number | undefined, max: number): string =>
    `  ${name.padEnd(34)}${fmt(before).padStart(8)}${fmt(after).padStart(8)}${fmt(max).padStart(8)}`;
  for (const dimension of DIMENSIONS) {
    const now = results.scores.dimensions[dimension];
    const then = previous.scores.dimensions[dimension];
    if (!now && !then) continue;
    lines.push(row(dimension, then?.score, now?.score, now?.max_score ?? then?.max_score ?? 0));
  }
  lines.push(
    row(
      'overall',
      previous.scores.overall.score,
      results.scores.overall.score,
      results.scores.overall.max_score,
    ),
  );
  lines.push('');
  if (outcome.changes.length === 0) lines.push('  No criterion changed.');
  for (const change of outcome.changes) {
    lines.push(
      `  changed: ${change.criterion_id} ${change.before === null ? '(new)' : fmt(change.before)} → ${fmt(change.after)} of ${fmt(change.max_score)}`,
    );
  }
  lines.push(`  (rescored in ${Math.round(elapsedMs)} ms)`);
  return lines.join('\n');
}

function fmt(value: number | undefined): string {
  if (value === undefined) return '—';
  return String(Math.round(value * 100) / 100);
}
