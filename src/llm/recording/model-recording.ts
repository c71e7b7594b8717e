import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { resolve } from 'node:path';
import {
  RecordingModelMismatchError,
  RecordingNotFoundError,
  type ReplayMismatchError,
  type RecordingKey,
} from './errors.js';
import { RecordedChatModel } from './recorded-chat-model.js';
import {
  checkRecordingKey,
  listNames,
  readRecordingFile,
  recordedSeeds,
  recordingPath,
  writeRecordingFile,
} from './recording-file.js';
import { RoleChannel, type RoleCallStats } from './role-channel.js';
import type { ModelRecordingSettings } from './settings.js';

// Kept apart (settings.ts) so a green can tell whether it replays without loading LangChain.
export { recordingEnabled, replaysOnly, type ModelRecordingSettings } from './settings.js';

/**
 * Record and replay of a run's model calls. One `ModelRecording` per run: it opens the recordings
 * of the run's key (scenario content hash + seed), hands out a recording wrapper per role, and
 * writes what was recorded on `close()`.
 *
 * - record: every call (live or replayed) is written to `<recordDir>/…/<role>.json` on close;
 * - replay: answers come from `<replayDir>/…/<role>.json`; a call with no recorded answer is a
 *   ReplayMismatchError, or goes to the live model with `fallthrough`;
 * - both: replay from one folder and record the (possibly completed) run into another — or into
 *   the same one, which refreshes it.
 */

export type RecordingMode = 'record' | 'replay' | 'replay+record';

export interface RunKey {
  scenarioId: string;
  contentHash: string;
  seed: number;
}

export interface RoleSpec {
  role: string;
  /** The configured model name (checked against the recording's). */
  model: string;
}

export interface ModelRecordingSummary {
  mode: RecordingMode;
  replay_dir?: string;
  record_dir?: string;
  fallthrough: boolean;
  roles: Record<string, RoleCallStats>;
}

export class ModelRecording {
  private readonly channels = new Map<string, RoleChannel>();
  private readonly mismatchController = new AbortController();
  private closed = false;

  private constructor(
    private readonly settings: ModelRecordingSettings,
    private readonly run: RunKey,
    private readonly replays: ReadonlyMap<string, Awaited<ReturnType<typeof readRecordingFile>>>,
  ) {}

  /**
   * Opens the recordings of `run` for `roles`.
   * @throws RecordingNotFoundError when replaying without fall-through and nothing was recorded for
   *   this scenario version and seed; RecordingModelMismatchError when a role's recording was made
   *   with another model; RecordingFileError for an unreadable file.
   */
  static async open(
    settings: ModelRecordingSettings,
    run: RunKey,
    roles: readonly RoleSpec[],
  ): Promise<ModelRecording> {
    const replays = new Map<string, Awaited<ReturnType<typeof readRecordingFile>>>();
    const replayDir = settings.replayDir ? resolve(settings.replayDir) : undefined;
    for (const { role } of roles) checkRecordingKey({ ...run, role });
    if (replayDir !== undefined) {
      const found = await Promise.all(
        roles.map(async ({ role, model }) => {
          const key = { ...run, role };
          const file = recordingPath(replayDir, key);
          const recording = await readRecordingFile(file);
          if (recording && recording.model !== model)
            throw new RecordingModelMismatchError(key, recording.model, model, file);
          replays.set(role, recording);
          return recording !== undefined;
        }),
      );
      if (!settings.replayFallthrough && !found.some(Boolean)) {
        throw new RecordingNotFoundError(run, replayDir, await describeAvailable(replayDir, run));
      }
    }
    return new ModelRecording(settings, run, replays);
  }

  get mode(): RecordingMode {
    if (this.settings.replayDir && this.settings.recordDir) return 'replay+record';
    return this.settings.replayDir ? 'replay' : 'record';
  }

  /** Aborted (with the ReplayMismatchError) at the first call that has no recorded answer. */
  get mismatchSignal(): AbortSignal {
    return this.mismatchController.signal;
  }

  /**
   * The model to hand the role's callers. `live` builds the real model on first use; a pure replay
   * never calls it.
   */
  wrap(spec: RoleSpec, live: () => BaseChatModel): BaseChatModel {
    const key: RecordingKey = { ...this.run, role: spec.role };
    const replayDir = this.settings.replayDir;
    const channel = new RoleChannel({
      key,
      model: spec.model,
      live,
      record: Boolean(this.settings.recordDir),
      ...(replayDir
        ? {
            replay: {
              file: recordingPath(resolve(replayDir), key),
              recording: this.replays.get(spec.role),
              fallthrough: this.settings.replayFallthrough === true,
            },
          }
        : {}),
      onMismatch: (error: ReplayMismatchError) => {
        if (!this.mismatchController.signal.aborted) this.mismatchController.abort(error);
      },
    });
    this.channels.set(spec.role, channel);
    return new RecordedChatModel(channel) as unknown as BaseChatModel;
  }

  /** Counts per role, for the run's metadata. */
  summary(): ModelRecordingSummary {
    return {
      mode: this.mode,
      ...(this.settings.replayDir ? { replay_dir: resolve(this.settings.replayDir) } : {}),
      ...(this.settings.recordDir ? { record_dir: resolve(this.settings.recordDir) } : {}),
      fallthrough: this.settings.replayFallthrough === true,
      roles: Object.fromEntries([...this.channels].map(([role, channel]) => [role, channel.stats()])),
    };
  }

  /** Writes the recorded calls (when recording); safe to call twice. Returns the files written. */
  async close(): Promise<string[]> {
    if (this.closed) return [];
    this.closed = true;
    const recordDir = this.settings.recordDir;
    if (!recordDir) return [];
    const written: string[] = [];
    for (const channel of this.channels.values()) {
      const recording = channel.recording();
      if (recording === undefined) continue;
      const file = recordingPath(resolve(recordDir), channel.key);
      writeRecordingFile(file, recording);
      written.push(file);
    }
    return written;
  }
}

/**
 * The seed to replay a run given none: the one seed `replayDir` holds for the scenario version,
 * or undefined when it holds none or several (the caller cannot tell which run is meant).
 */
export async function onlyRecordedSeed(
  replayDir: string,
  key: Omit<RunKey, 'seed'>,
): Promise<number | undefined> {
  const seeds = await recordedSeeds(resolve(replayDir), key);
  return seeds.length === 1 ? seeds[0] : undefined;
}

/** What a replay folder holds for the scenario, for an error message. */
async function describeAvailable(dir: string, run: RunKey): Promise<string> {
  const seeds = await recordedSeeds(dir, run);
  if (seeds.length > 0) return `It holds this scenario version with seed(s) ${seeds.join(', ')}.`;
  const versions = await listNames(resolve(dir, run.scenarioId));
  if (versions.length > 0)
    return `It holds other versions of this scenario (content hashes ${versions.map((v) => `${v}…`).join(', ')}): the scenario changed since.`;
  return 'It holds no recording of this scenario.';
}
