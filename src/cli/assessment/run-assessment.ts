import type { AssessmentResults } from '../../protocol/index.js';
import { ProgressPrinter, type TextSink } from './progress.js';
import { defaultRunDirectory, writeResultsFile } from './results-file.js';
import { renderScoreTable } from './score-table.js';
import { streamAssessment, type AssessmentOutcome } from './stream-assessment.js';
import { verdictOf } from './verdict.js';

export interface RunAssessmentOptions {
  greenUrl: string;
  purpleUrl: string;
  /** Role name the purple plays in the request's `participants`. */
  role: string;
  scenarioId: string;
  /** Extra assessment config (max_turns, seed, …); `scenario_id` is added. */
  config?: Record<string, unknown>;
  /** Where results.json goes; defaults to `runs/<timestamp>-<scenario>/`. */
  outDir?: string | undefined;
  out: TextSink;
  signal?: AbortSignal;
  /** Sent with every request to the green, e.g. its operator's bearer token. */
  headers?: Readonly<Record<string, string>>;
}

export interface RunAssessmentReport {
  outcome: AssessmentOutcome;
  resultsPath: string | undefined;
  /** True only when the task completed with results whose status is `completed`. */
  ok: boolean;
  /** Why the run is not ok (printed), or empty. */
  reason: string;
}

/** Runs one assessment against a green agent, showing live progress, then the scores. */
export async function runAssessment(options: RunAssessmentOptions): Promise<RunAssessmentReport> {
  const printer = new ProgressPrinter(options.out);
  const outcome = await streamAssessment(
    options.greenUrl,
    {
      participants: { [options.role]: options.purpleUrl },
      config: { ...options.config, scenario_id: options.scenarioId },
    },
    {
      onUpdate: (update) => printer.update(update),
      onStatusText: (state, text) => printer.statusText(state, text),
    },
    {
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.headers ? { headers: options.headers } : {}),
    },
  );
  let resultsPath: string | undefined;
  if (outcome.rawResults) {
    resultsPath = await writeResultsFile(
      options.outDir ?? defaultRunDirectory(options.scenarioId),
      outcome.rawResults,
    );
  }
  printer.line('');
  const replayedSeed = seedFromRecording(outcome.results);
  if (replayedSeed !== undefined) {
    printer.line(
      `Replayed seed ${replayedSeed}: no --seed was given, and it is the only seed the recording holds for this scenario version.\n`,
    );
  }
  if (outcome.results) printer.line(renderScoreTable(outcome.results));
  else
    printer.line(
      `No results: the assessment ended ${outcome.state}${outcome.statusText ? ` — ${outcome.statusText}` : ''}.`,
    );
  if (resultsPath) printer.line(`\nResults written to ${resultsPath}`);
  let reason =
    outcome.results !== undefined
      ? verdictOf(outcome.results).reason
      : `the assessment ended ${outcome.state} without results${outcome.statusText ? `: ${outcome.statusText}` : ''}`;
  if (reason === '' && outcome.state !== 'completed') reason = `the assessment task ended ${outcome.state}`;
  // Without results the "No results" line above already said why.
  if (reason !== '' && outcome.results !== undefined) printer.line(`\nNot a valid score — ${reason}`);
  return { outcome, resultsPath, ok: reason === '', reason };
}

/** The seed a replay given none took from its recording (the green says so in the results). */
function seedFromRecording(results: AssessmentResults | undefined): number | undefined {
  const calls = results?.metadata?.['model_calls'] as { seed_from_recording?: unknown } | undefined;
  const seed = results?.metadata?.seed;
  return calls?.seed_from_recording === true && typeof seed === 'number' ? seed : undefined;
}
