import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import {
  parseSuiteResults,
  type AssessmentResults,
  type JsonObject,
  type SuiteResults,
} from '../../protocol/index.js';
import { writeResultsFile } from './results-file.js';
import { SuiteProgressPrinter, type SuiteProgressSink } from './suite-progress.js';
import { renderSuiteTables } from './suite-table.js';
import { streamAssessment, type AssessmentOutcome } from './stream-assessment.js';

/**
 * `run`/`demo` with `--trials` or `--scenarios`: one suite request to the green (which runs the
 * trials, each on a fresh simulator), a live view of the trials, each trial's results written as
 * it arrives to `<out>/<scenario>/trial-<n>/results.json`, and the suite summary to
 * `<out>/suite_results.json` with each trial's `results_file`.
 */

export const SUITE_RESULTS_FILE = 'suite_results.json';

export interface RunSuiteOptions {
  greenUrl: string;
  purpleUrl: string;
  role: string;
  /** The request config: `scenarios` or `scenario_id`, `trials`, `concurrency`, `seed`, … */
  config: Record<string, unknown>;
  outDir: string;
  out: SuiteProgressSink;
  signal?: AbortSignal;
  headers?: Readonly<Record<string, string>>;
}

export interface RunSuiteReport {
  outcome: AssessmentOutcome;
  suite: SuiteResults | undefined;
  suitePath: string | undefined;
  /** Every trial's results.json, in arrival order. */
  resultsPaths: string[];
  /** True only when the suite ran and every trial completed. */
  ok: boolean;
  reason: string;
}

/** `<scenario>/trial-<n>`: where a trial's results go, relative to the suite's directory. */
export function trialDirectory(results: AssessmentResults, fallbackIndex: number): string {
  return join(results.scenario_id, `trial-${results.metadata?.trial?.index ?? fallbackIndex}`);
}

export async function runSuiteAssessment(options: RunSuiteOptions): Promise<RunSuiteReport> {
  const printer = new SuiteProgressPrinter(options.out);
  const written = new Map<string, string>();
  const writes: Promise<void>[] = [];
  const save = (raw: JsonObject, results: AssessmentResults): void => {
    const directory = join(options.outDir, trialDirectory(results, written.size + 1));
    writes.push(
      writeResultsFile(directory, raw).then((path) => {
        written.set(results.assessment_id, path);
      }),
    );
  };
  let outcome: AssessmentOutcome;
  try {
    outcome = await streamAssessment(
      options.greenUrl,
      { participants: { [options.role]: options.purpleUrl }, config: options.config },
      {
        onUpdate: (update) => printer.update(update),
        onStatusText: (state, text) => printer.statusText(state, text),
        onResults: save,
      },
      {
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.headers ? { headers: options.headers } : {}),
      },
    );
  } finally {
    // What arrived before an interruption is kept.
    await Promise.allSettled(writes);
    printer.finish();
  }
  await Promise.all(writes);
  const resultsPaths = [...written.values()];
  let suite = outcome.suite?.results;
  let suitePath: string | undefined;
  if (suite !== undefined) {
    suite = withResultsFiles(suite, written, options.outDir);
    await mkdir(options.outDir, { recursive: true });
    suitePath = join(options.outDir, SUITE_RESULTS_FILE);
    await writeFile(suitePath, `${JSON.stringify(suite, null, 2)}\n`, 'utf8');
  }
  printer.line('');
  if (suite !== undefined) printer.line(renderSuiteTables(suite));
  else {
    printer.line(
      `No suite results: the assessment ended ${outcome.state}${outcome.statusText ? ` — ${outcome.statusText}` : ''}.`,
    );
  }
  if (resultsPaths.length > 0) {
    printer.line(`\nTrial results written under ${options.outDir} (<scenario>/trial-<n>/results.json)`);
  }
  if (suitePath !== undefined) printer.line(`Suite summary written to ${suitePath}`);
  const reason = suiteVerdict(outcome, suite);
  if (reason !== '' && suite !== undefined) printer.line(`\nNot every trial completed — ${reason}`);
  return { outcome, suite, suitePath, resultsPaths, ok: reason === '', reason };
}

/** The summary with each trial's `results_file`, relative to the suite's directory. */
function withResultsFiles(
  suite: SuiteResults,
  written: ReadonlyMap<string, string>,
  outDir: string,
): SuiteResults {
  return parseSuiteResults({
    ...suite,
    scenarios: suite.scenarios.map((scenario) => ({
      ...scenario,
      trials: scenario.trials.map((trial) => {
        const path = trial.assessment_id === null ? undefined : written.get(trial.assessment_id);
        return path === undefined ? trial : { ...trial, results_file: relative(outDir, path) };
      }),
    })),
  });
}

/** Why the suite does not count as a clean run (empty when it does). */
export function suiteVerdict(outcome: AssessmentOutcome, suite: SuiteResults | undefined): string {
  if (suite === undefined) {
    return `the assessment ended ${outcome.state} without suite results${outcome.statusText ? `: ${outcome.statusText}` : ''}`;
  }
  if (outcome.state !== 'completed') return `the assessment task ended ${outcome.state}`;
  if (suite.status === 'completed') return '';
  const problems = suite.scenarios.flatMap((scenario) => {
    if (scenario.error !== undefined)
      return [`${scenario.scenario_id} did not load: ${firstLine(scenario.error)}`];
    return scenario.trials
      .filter((trial) => trial.status !== 'completed')
      .map(
        (trial) =>
          `${scenario.scenario_id} #${trial.trial} ${trial.status}${trial.error ? `: ${firstLine(trial.error)}` : ''}`,
      );
  });
  const shown = problems.slice(0, 5).join('; ');
  return `status ${suite.status}: ${shown}${problems.length > 5 ? `; and ${problems.length - 5} more` : ''}`;
}

function firstLine(text: string): string {
  const line = text.split('\n')[0] ?? text;
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}
