import { Option } from 'commander';
import { mkdir, readFile, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { EVALUATION_INPUT_FILE } from '../green/run-record/evaluation-input.js';
import {
  RESULTS_FILE,
  runFolderName,
  writeEvaluationInput,
  writeJsonFile,
} from '../green/run-record/run-directory.js';
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

/** Where a suite's evaluation inputs wait for their trial folders (see `placeEvaluationInputs`). */
const STAGING = '.evaluation-inputs';

/**
 * The local green's recording settings, and the sink writing each run's `evaluation-input.json`
 * beside its `results.json`: in `outDir`; for a suite first into a staging folder by assessment id,
 * since a trial's folder (`<scenario>/trial-<n>/`) is known only from its published results.
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
      if (!suite) await writeEvaluationInput(outDir, evaluationInput);
      else {
        await mkdir(join(outDir, STAGING), { recursive: true });
        await writeJsonFile(
          join(outDir, STAGING, `${runFolderName(results.assessment_id)}.json`),
          evaluationInput,
        );
      }
    },
  };
}

/** Moves a suite's staged evaluation inputs beside the results of their trials. */
export async function placeEvaluationInputs(outDir: string): Promise<void> {
  const staging = join(outDir, STAGING);
  const staged = new Set(await readdir(staging).catch(() => [] as string[]));
  if (staged.size === 0) return;
  for (const scenario of await readdir(outDir, { withFileTypes: true })) {
    if (!scenario.isDirectory() || scenario.name === STAGING) continue;
    for (const trial of await readdir(join(outDir, scenario.name)).catch(() => [] as string[])) {
      const dir = join(outDir, scenario.name, trial);
      const id = await readFile(join(dir, RESULTS_FILE), 'utf8')
        .then((text) => (JSON.parse(text) as { assessment_id?: unknown }).assessment_id)
        .catch(() => undefined);
      const file = typeof id === 'string' ? `${runFolderName(id)}.json` : undefined;
      if (file === undefined || !staged.has(file)) continue;
      await rename(join(staging, file), join(dir, EVALUATION_INPUT_FILE));
      staged.delete(file);
    }
  }
  if (staged.size === 0) await rm(staging, { recursive: true, force: true });
}

/** True when any recording flag was given (they configure a local green only). */
export function hasRecordingFlags(flags: RecordingFlags): boolean {
  return flags.record !== undefined || flags.replay !== undefined || flags.replayFallthrough === true;
}
