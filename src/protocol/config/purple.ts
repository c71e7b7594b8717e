import { z } from 'zod';
import { commonFieldSpecs, commonShape, modelValue } from './common.js';
import {
  intValue,
  numberValue,
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
  temperature: numberValue({ min: 0, max: 2 }, 0.7),
  max_actions_per_turn: intValue(1, 10_000, 50),
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
    key: 'temperature',
    valueName: '<t>',
    schema: shape.temperature,
    defaultText: '0.7',
    description: 'Sampling temperature (0 to 2)',
  },
  {
    key: 'max_actions_per_turn',
    valueName: '<n>',
    schema: shape.max_actions_per_turn,
    defaultText: '50',
    description: 'Most UES actions the agent may take in one turn',
  },
];

/** Builds the purple configuration from parsed CLI flags and an environment. Throws ConfigError. */
export function loadPurpleConfig(flags: ConfigFlags, env: ConfigEnv): PurpleAgentConfig {
  return purpleAgentConfigSchema.parse(resolveFields(PURPLE_FIELD_SPECS, flags, env, PURPLE_ENV_PREFIX));
}
