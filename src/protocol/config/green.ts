import { z } from 'zod';
import { commonFieldSpecs, commonShape, effectiveCardUrl, modelValue } from './common.js';
import {
  enumValue,
  httpUrlValue,
  intValue,
  numberValue,
  optionalIntValue,
  resolveFields,
  stringValue,
  type ConfigEnv,
  type ConfigFlags,
  type FieldSpec,
} from './fields.js';
import { MODEL_NAME_HELP } from './models.js';

/** Configuration of the green (evaluator) agent. */

export const GREEN_ENV_PREFIX = 'AGENTBEATS_GREEN_';
export const GREEN_DEFAULT_PORT = 9009;
export const UES_RUNNERS = ['child', 'in-process'] as const;
export const MAX_HEARTBEAT_INTERVAL_SECONDS = 60;

const shape = {
  ...commonShape(GREEN_DEFAULT_PORT),
  scenarios_dir: stringValue('scenarios'),
  default_max_turns: intValue(1, 100_000, 100),
  default_turn_timeout_seconds: numberValue({ exclusiveMin: 0 }, 300),
  max_consecutive_turn_failures: intValue(1, 1_000, 3),
  response_model: modelValue(),
  evaluation_model: modelValue(),
  llm_seed: optionalIntValue(0, Number.MAX_SAFE_INTEGER),
  ues_runner: enumValue(UES_RUNNERS, 'child'),
  // The AgentBeats gateway gives up after 300 s of silence; stay well under it.
  heartbeat_interval_seconds: numberValue({ exclusiveMin: 0, max: MAX_HEARTBEAT_INTERVAL_SECONDS }, 30),
  public_url: httpUrlValue(),
};

export const greenAgentConfigSchema = z.object(shape);
export type GreenAgentConfig = z.infer<typeof greenAgentConfigSchema>;

export const GREEN_FIELD_SPECS: readonly FieldSpec[] = [
  ...commonFieldSpecs(shape, GREEN_DEFAULT_PORT),
  {
    key: 'scenarios_dir',
    valueName: '<dir>',
    schema: shape.scenarios_dir,
    defaultText: 'scenarios',
    description: 'Directory holding the scenarios',
  },
  {
    key: 'default_max_turns',
    valueName: '<n>',
    schema: shape.default_max_turns,
    defaultText: '100',
    description: 'Turn limit when the request sets none',
  },
  {
    key: 'default_turn_timeout_seconds',
    valueName: '<seconds>',
    schema: shape.default_turn_timeout_seconds,
    defaultText: '300',
    description: 'Time a purple gets per turn when the request sets none',
  },
  {
    key: 'max_consecutive_turn_failures',
    valueName: '<n>',
    schema: shape.max_consecutive_turn_failures,
    defaultText: '3',
    description: 'Failed turns in a row (timeout, bad reply) that end the assessment',
  },
  {
    key: 'response_model',
    valueName: '<model>',
    schema: shape.response_model,
    defaultText: 'offline',
    description: `Model for character replies: ${MODEL_NAME_HELP}`,
  },
  {
    key: 'evaluation_model',
    valueName: '<model>',
    schema: shape.evaluation_model,
    defaultText: 'offline',
    description: `Model for LLM criteria: ${MODEL_NAME_HELP}`,
  },
  {
    key: 'llm_seed',
    valueName: '<seed>',
    schema: shape.llm_seed,
    description: 'Seed for LLM calls and any randomness',
  },
  {
    key: 'ues_runner',
    valueName: '<runner>',
    schema: shape.ues_runner,
    defaultText: 'child',
    description: 'How UES runs: child (a child process) or in-process',
  },
  {
    key: 'heartbeat_interval_seconds',
    valueName: '<seconds>',
    schema: shape.heartbeat_interval_seconds,
    defaultText: '30',
    description: `Interval of keep-alive updates during long waits (at most ${MAX_HEARTBEAT_INTERVAL_SECONDS})`,
  },
  {
    key: 'public_url',
    valueName: '<url>',
    schema: shape.public_url,
    defaultText: 'the card URL',
    description: 'Base URL purples use to reach this green (UES proxy URLs are built on it)',
  },
];

/** Builds the green configuration from parsed CLI flags and an environment. Throws ConfigError. */
export function loadGreenConfig(flags: ConfigFlags, env: ConfigEnv): GreenAgentConfig {
  return greenAgentConfigSchema.parse(resolveFields(GREEN_FIELD_SPECS, flags, env, GREEN_ENV_PREFIX));
}

/** The base URL purples are told to use: `public_url`, else the card URL. */
export function effectivePublicUrl(config: GreenAgentConfig, boundPort?: number): string {
  return config.public_url ?? effectiveCardUrl(config, boundPort);
}
