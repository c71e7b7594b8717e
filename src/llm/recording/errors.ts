/**
 * Errors of model-call recording and replay. Each says which recording, which role and which call,
 * and what to do about it (record again, pass the recorded seed or model, allow fall-through).
 */

/** Where one role's calls of one run are recorded. */
export interface RecordingKey {
  scenarioId: string;
  /** The scenario's content hash (`sha256:<hex>`), as in results `metadata.content_hash`. */
  contentHash: string;
  seed: number;
  /** `characters`, `judge`, `user`, … */
  role: string;
}

export function describeKey(key: RecordingKey): string {
  return `scenario ${key.scenarioId} (${key.contentHash.slice(0, 19)}…), seed ${key.seed}, role ${key.role}`;
}

/**
 * During replay, a model call whose prompt has no recorded answer: the scenario, the purple's
 * behaviour or the prompts changed since the recording was made.
 */
export class ReplayMismatchError extends Error {
  override readonly name = 'ReplayMismatchError';
  constructor(
    readonly key: RecordingKey,
    /** Position of the call among the role's calls in this run (0-based). */
    readonly callIndex: number,
    readonly promptHash: string,
    /** What differs from the recorded call at the same position, when there is one. */
    readonly difference: string,
    readonly file: string,
  ) {
    super(
      `replay: call #${callIndex} of ${key.role} has no recorded answer in ${file} ` +
        `(prompt ${promptHash.slice(0, 19)}…): ${difference}. ` +
        'The scenario, the prompts or the assistant’s behaviour differ from the recorded run; ' +
        'record it again (--record), or let unmatched calls reach the live model (--replay-fallthrough).',
    );
  }
}

/** Replay was asked for, but nothing was recorded for this scenario version and seed. */
export class RecordingNotFoundError extends Error {
  override readonly name = 'RecordingNotFoundError';
  constructor(
    readonly key: Omit<RecordingKey, 'role'>,
    readonly dir: string,
    /** What the folder holds for this scenario instead (seeds, content hashes). */
    available: string,
  ) {
    super(
      `replay: ${dir} holds no recording of scenario ${key.scenarioId} with content hash ` +
        `${key.contentHash.slice(0, 19)}… and seed ${key.seed}. ${available} ` +
        'Replay with the recorded seed (--seed) and scenario version, record this run (--record), ' +
        'or let calls reach the live model (--replay-fallthrough).',
    );
  }
}

/** A recording was made with another model than the one this run is configured with. */
export class RecordingModelMismatchError extends Error {
  override readonly name = 'RecordingModelMismatchError';
  constructor(
    readonly key: RecordingKey,
    readonly recordedModel: string,
    readonly configuredModel: string,
    file: string,
  ) {
    super(
      `replay: the ${key.role} calls in ${file} were recorded with model ${JSON.stringify(recordedModel)}, ` +
        `but this run's ${key.role} model is ${JSON.stringify(configuredModel)}. Configure ` +
        `${JSON.stringify(recordedModel)} for this role (no provider key is needed to replay it).`,
    );
  }
}

/** A recording file that cannot be read or does not have the recording format. */
export class RecordingFileError extends Error {
  override readonly name = 'RecordingFileError';
  constructor(
    readonly file: string,
    problem: string,
    options?: { cause?: unknown },
  ) {
    super(`recording ${file}: ${problem}`, options);
  }
}

/** Record and replay settings that cannot work together. */
export class RecordingConfigError extends Error {
  override readonly name = 'RecordingConfigError';
}
