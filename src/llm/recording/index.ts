/** Record and replay of model calls (see model-recording.ts). */
export * from './errors.js';
export {
  ModelRecording,
  onlyRecordedSeed,
  recordingEnabled,
  replaysOnly,
  type ModelRecordingSettings,
  type ModelRecordingSummary,
  type RecordingMode,
  type RoleSpec,
  type RunKey,
} from './model-recording.js';
export { RecordedChatModel } from './recorded-chat-model.js';
export { normaliseIds, promptHash } from './call-codec.js';
export {
  RECORDING_FORMAT,
  readRecordingFile,
  recordingFileSchema,
  recordingPath,
  type RecordedCall,
  type RecordingFile,
} from './recording-file.js';
export type { RoleCallStats } from './role-channel.js';
