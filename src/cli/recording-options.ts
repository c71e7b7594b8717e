import { Option } from 'commander';
import { join } from 'node:path';
import { writeEvaluationInput } from '../green/run-record/run-directory.js';
import { trialDirectory } from './assessment/run-suite.js';
import type { LocalGreenOptions } from './local-agents.js';

/**
 * The `demo`/`run` flags for the local green's model-call recording (`--record`, `--replay`,
 * `--replay-fallthrough`), and the local green's run-record sink that saves
 * `evaluation-input.json` beside `results.json` (for `rescore` and `report`).
 */

export interface RecordingFlags {
  record?: string;
  replay?: string;
  replayFallthrough?: boolean;
}

export function recordOption(): Option {
  return new Option(
    '--record <dir>',
    'record every model call of the characters and the judge into this folder',
  );
}

export function replayOption(): Option {
  return new Option(
    '--replay <dir>',
    'answer the green’s model calls from a recording (same world, no provider key); a call with no recorded answer fails the run',
  );
}

export function replayFallthroughOption(): Option {
  return new Option(
    '--replay-fallthrough',
    'with --replay: send calls with no recorded answer to the live model',
  );
}

/**
 * The local green's recording settings, and the sink writing each run's `evaluation-input.json`
 * beside its `results.json`: in `outDir`, or for a suite in `<outDir>/<scenario>/trial-<n>/`.
 */
export function localGreenRecording(
  flags: RecordingFlags,
  outDir: string,
  suite = false,
): Pick<LocalGreenOptions, 'recordDir' | 'replayDir' | 'replayFallthrough' | 'runRecordSink'> {
  if (flags.replayFallthrough && flags.replay === undefined) {
    throw new Error('--replay-fallthrough needs --replay <dir>');
  }
  return {
    recordDir: flags.record,
    replayDir: flags.replay,
    replayFallthrough: flags.replayFallthrough === true,
    runRecordSink: async ({ results, evaluationInput }) => {
      if (!evaluationInput) return;
      await writeEvaluationInput(suite ? join(outDir, trialDirectory(results, 1)) : outDir, evaluationInput);
    },
  };
}

/** True when any recording flag was given (they configure a local green only). */
export function hasRecordingFlags(flags: RecordingFlags): boolean {
  return flags.record !== undefined || flags.replay !== undefined || flags.replayFallthrough === true;
}
