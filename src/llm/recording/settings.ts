/** Whether a run records or replays its model calls: decided from configuration alone. */

export interface ModelRecordingSettings {
  recordDir?: string | undefined;
  replayDir?: string | undefined;
  /** With `replayDir`: calls without a recorded answer reach the live model instead of failing. */
  replayFallthrough?: boolean | undefined;
}

export function recordingEnabled(settings: ModelRecordingSettings | undefined): boolean {
  return Boolean(settings?.recordDir || settings?.replayDir);
}

/** True when a run replays without any live fall-through: its models are never called. */
export function replaysOnly(settings: ModelRecordingSettings | undefined): boolean {
  return Boolean(settings?.replayDir) && !settings?.replayFallthrough;
}
