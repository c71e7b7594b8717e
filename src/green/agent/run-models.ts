import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import {
  ModelRecording,
  onlyRecordedSeed,
  type ModelRecordingSettings,
  type ModelRecordingSummary,
} from '../../llm/index.js';
import type { GreenAgentConfig } from '../../protocol/index.js';
import type { AssessmentConfig } from '../assessment/assessment-config.js';
import type { LoadedScenario } from '../scenarios/loader.js';
import { GreenAgentStateError } from './errors.js';

export { recordingSettingsOf } from './model-options.js';

/**
 * The character and judge models of one run, wrapped for recording or replay when the green is
 * configured so (`record_dir`, `replay_dir`). Recording roles: `characters` (replies, decisions,
 * thread summaries) and `judge`. In a replay the real models are built only if a call falls
 * through to them, so replaying needs no provider key.
 */

export type ModelRole = 'response' | 'evaluation';

/** The recording role of each model the green builds. */
export const RECORDING_ROLES: Readonly<Record<ModelRole, string>> = {
  response: 'characters',
  evaluation: 'judge',
};

export interface RunModelsOptions {
  /** Builds a live model; null for the judge means "no LLM". */
  build: (role: ModelRole, name: string) => BaseChatModel | null;
  /**
   * Whether a role has a model without building it (a built-in factory knows from the name); by
   * default the model is built at once to find out.
   */
  hasModel?: ((role: ModelRole, name: string) => boolean) | undefined;
  names: Readonly<Record<ModelRole, string>>;
  seed: number;
  scenario: Pick<LoadedScenario, 'contentHash'> & { config: { scenario_id: string } };
  recording: ModelRecordingSettings | undefined;
}

export interface RunModels {
  response: BaseChatModel;
  evaluation: BaseChatModel | null;
  /** Set when recording or replaying. */
  recording: ModelRecording | undefined;
}

/**
 * The seed of a replay given none (neither by the request nor by the green's `llm_seed`): the one
 * seed the replay folder holds for this scenario version, so recording a run with a drawn seed and
 * replaying it brings the same run back. Undefined otherwise — with several seeds, the drawn one
 * stands and the replay is refused, naming them.
 */
export async function replaySeedOf(
  config: GreenAgentConfig,
  request: Pick<AssessmentConfig, 'seed'>,
  scenario: Pick<LoadedScenario, 'contentHash'> & { config: { scenario_id: string } },
): Promise<number | undefined> {
  if (config.replay_dir === undefined || request.seed !== undefined || config.llm_seed !== undefined) {
    return undefined;
  }
  return onlyRecordedSeed(config.replay_dir, {
    scenarioId: scenario.config.scenario_id,
    contentHash: scenario.contentHash,
  });
}

export async function openRunModels(options: RunModelsOptions): Promise<RunModels> {
  const live = (role: ModelRole): { present: boolean; get: () => BaseChatModel } => {
    const name = options.names[role];
    if (options.hasModel === undefined) {
      const model = options.build(role, name);
      return { present: model !== null, get: () => model ?? missing(role) };
    }
    return {
      present: options.hasModel(role, name),
      get: () => options.build(role, name) ?? missing(role),
    };
  };
  const response = live('response');
  if (!response.present) throw new GreenAgentStateError('the response model factory returned no model');
  const evaluation = live('evaluation');
  if (options.recording === undefined) {
    return {
      response: response.get(),
      evaluation: evaluation.present ? evaluation.get() : null,
      recording: undefined,
    };
  }
  const specs = (['response', 'evaluation'] as const)
    .filter((role) => role === 'response' || evaluation.present)
    .map((role) => ({ role: RECORDING_ROLES[role], model: options.names[role] }));
  const recording = await ModelRecording.open(
    options.recording,
    {
      scenarioId: options.scenario.config.scenario_id,
      contentHash: options.scenario.contentHash,
      seed: options.seed,
    },
    specs,
  );
  return {
    response: recording.wrap(specs[0]!, response.get),
    evaluation: evaluation.present ? recording.wrap(specs[1]!, evaluation.get) : null,
    recording,
  };
}

function missing(role: ModelRole): never {
  throw new GreenAgentStateError(`the ${role} model factory returned no model`);
}

/**
 * The `metadata.model_calls` entry of a recorded or replayed run; `seed_from_recording` when the
 * run's seed was the one its replay folder held (none was given).
 */
export function modelCallsMetadata(
  summary: ModelRecordingSummary,
  seedFromRecording = false,
): Record<string, unknown> {
  return {
    mode: summary.mode,
    fallthrough: summary.fallthrough,
    ...(seedFromRecording ? { seed_from_recording: true } : {}),
    roles: summary.roles,
  };
}
