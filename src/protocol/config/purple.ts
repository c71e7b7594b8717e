import { z } from 'zod';
import { commonFieldSpecs, commonShape, modelValue } from './common.js';
import {
  httpUrlValue,
  intValue,
  numberValue,
  optionalIntValue,
  optionalPathValue,
  resolveFields,
  stringValue,
  type ConfigEnv,
  type ConfigFlags,
  type FieldSpec,
} from './fields.js';
import { MODEL_NAME_HELP } from './models.js';

/** Configuration of a purple (assistant) agent from the purple kit. */

export const PURPLE_ENV_PREFIX = 'AGENTBEATS_PURPLE_';
export const PURPLE_DEFAULT_PORT = 9019;
export const PURPLE_DEFAULT_AGENT = 'baseline';

const shape = {
  ...commonShape(PURPLE_DEFAULT_PORT),
  agent: stringValue(PURPLE_DEFAULT_AGENT),
  model: modelValue(),
  base_url: httpUrlValue(),
  temperature: numberValue({ min: 0, max: 2 }, 0.7),
  seed: optionalIntValue(0, Number.MAX_SAFE_INTEGER),
  max_actions_per_turn: intValue(1, 10_000, 50),
  ues_retry_delay_ms: intValue(0, 60_000, 500),
  llm_call_timeout_seconds: numberValue({ min: 0.1, max: 86_400 }, 60),
  llm_retry_budget_seconds: numberValue({ min: 0, max: 86_400 }, 60),
  manual_dir: optionalPathValue(),
};

export const purpleAgentConfigSchema = z.object(shape);
export type PurpleAgentConfig = z.infer<typeof purpleAgentConfigSchema>;

export const PURPLE_FIELD_SPECS: readonly FieldSpec[] = [
  ...commonFieldSpecs(shape, PURPLE_DEFAULT_PORT),
  {
    key: 'agent',
    valueName: '<name>',
    schema: shape.agent,
    defaultText: PURPLE_DEFAULT_AGENT,
    description: 'Name of a registered purple agent implementation',
  },
  {
    key: 'model',
    valueName: '<model>',
    schema: shape.model,
    defaultText: 'offline',
    description: `Model the agent uses: ${MODEL_NAME_HELP}`,
  },
  {
    key: 'base_url',
    valueName: '<url>',
    schema: shape.base_url,
    defaultText: 'OPENAI_BASE_URL / OLLAMA_BASE_URL, else the provider’s API',
    description: 'Base URL of the model’s server (an OpenAI-compatible server for openai:<name>)',
  },
  {
    key: 'temperature',
    valueName: '<t>',
    schema: shape.temperature,
    defaultText: '0.7',
    description: 'Sampling temperature (0 to 2)',
  },
  {
    key: 'seed',
    valueName: '<seed>',
    schema: shape.seed,
    description: 'Seed for the model’s sampling (providers that take one: OpenAI, Ollama)',
  },
  {
    key: 'max_actions_per_turn',
    valueName: '<n>',
    schema: shape.max_actions_per_turn,
    defaultText: '50',
    description: 'Most UES actions the agent may take in one turn',
  },
  {
    key: 'ues_retry_delay_ms',
    valueName: '<ms>',
    schema: shape.ues_retry_delay_ms,
    defaultText: '500',
    description:
      'Wait before retrying a simulator request that failed transiently (502/503/504, a dropped connection), doubled on each of 3 retries',
  },
  {
    key: 'llm_call_timeout_seconds',
    valueName: '<seconds>',
    schema: shape.llm_call_timeout_seconds,
    defaultText: '60',
    description: 'Longest wait for one model call',
  },
  {
    key: 'llm_retry_budget_seconds',
    valueName: '<seconds>',
    schema: shape.llm_retry_budget_seconds,
    defaultText: '60',
    description: 'Total time a model call may spend retrying 429/5xx/network failures (0 = no retries)',
  },
  {
    key: 'manual_dir',
    valueName: '<dir>',
    schema: shape.manual_dir,
    description:
      'The manual agent: the folder each turn is handed through to a person or script (`ues-agentbeats manual --help`)',
  },
];

/** Builds the purple configuration from parsed CLI flags and an environment. Throws ConfigError. */
export function loadPurpleConfig(flags: ConfigFlags, env: ConfigEnv): PurpleAgentConfig {
  return purpleAgentConfigSchema.parse(resolveFields(PURPLE_FIELD_SPECS, flags, env, PURPLE_ENV_PREFIX));
}
