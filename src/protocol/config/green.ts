import { z } from 'zod';
import { defaultCardUrl } from '../a2a/agent-card.js';
import { commonFieldSpecs, commonShape, effectiveCardUrl, modelValue } from './common.js';
import {
  booleanValue,
  enumValue,
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

/** Configuration of the green (evaluator) agent. */

export const GREEN_ENV_PREFIX = 'AGENTBEATS_GREEN_';
export const GREEN_DEFAULT_PORT = 9009;
export const UES_RUNNERS = ['child', 'in-process'] as const;
export const MAX_HEARTBEAT_INTERVAL_SECONDS = 60;
/**
 * Turn timeouts, in seconds. Below 0.1 s no purple can answer; above a day the timers overflow
 * (setTimeout holds at most ~24.8 days) and no run lasts that long anyway.
 */
export const MIN_TURN_TIMEOUT_SECONDS = 0.1;
export const MAX_TURN_TIMEOUT_SECONDS = 86_400;
/** Live simulators at once by default; each child UES takes ~85 MB. */
export const DEFAULT_MAX_CONTEXTS = 8;
export const MIN_AUTH_TOKEN_LENGTH = 16;
/** The turn limit when neither the request nor the operator sets one (a long scenario may need more). */
export const DEFAULT_MAX_TURNS = 100;

const shape = {
  ...commonShape(GREEN_DEFAULT_PORT),
  scenarios_dir: stringValue('scenarios'),
  default_max_turns: optionalIntValue(1, 100_000),
  default_turn_timeout_seconds: numberValue(
    { min: MIN_TURN_TIMEOUT_SECONDS, max: MAX_TURN_TIMEOUT_SECONDS },
    300,
  ),
  max_consecutive_turn_failures: intValue(1, 1_000, 3),
  response_model: modelValue(),
  evaluation_model: modelValue(),
  response_base_url: httpUrlValue(),
  evaluation_base_url: httpUrlValue(),
  llm_call_timeout_seconds: numberValue({ min: 0.1, max: MAX_TURN_TIMEOUT_SECONDS }, 60),
  llm_retry_budget_seconds: numberValue({ min: 0, max: MAX_TURN_TIMEOUT_SECONDS }, 60),
  llm_seed: optionalIntValue(0, Number.MAX_SAFE_INTEGER),
  ues_runner: enumValue(UES_RUNNERS, 'child'),
  max_contexts: intValue(1, 1_000, DEFAULT_MAX_CONTEXTS),
  context_idle_timeout_seconds: numberValue({ min: 1, max: MAX_TURN_TIMEOUT_SECONDS }, 600),
  // The AgentBeats gateway gives up after 300 s of silence; stay well under it.
  heartbeat_interval_seconds: numberValue({ exclusiveMin: 0, max: MAX_HEARTBEAT_INTERVAL_SECONDS }, 30),
  public_url: httpUrlValue(),
  ues_proxy_host: z.string({ error: 'expected a host name or address' }).trim().min(1).optional(),
  ues_proxy_port: optionalIntValue(0, 65_535),
  record_dir: optionalPathValue(),
  replay_dir: optionalPathValue(),
  replay_fallthrough: booleanValue(false),
  runs_dir: optionalPathValue(),
  auth_token: z
    .string({ error: 'expected a string' })
    .trim()
    .min(MIN_AUTH_TOKEN_LENGTH, {
      error: `must be at least ${MIN_AUTH_TOKEN_LENGTH} characters (e.g. the output of \`openssl rand -hex 32\`)`,
    })
    .optional(),
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
    defaultText: `${DEFAULT_MAX_TURNS}, or twice the scenario's turns at its own step when more`,
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
    key: 'response_base_url',
    valueName: '<url>',
    schema: shape.response_base_url,
    defaultText: 'OPENAI_BASE_URL / OLLAMA_BASE_URL, else the provider’s API',
    description: 'Base URL of the character model’s server (an OpenAI-compatible server for openai:<name>)',
  },
  {
    key: 'evaluation_base_url',
    valueName: '<url>',
    schema: shape.evaluation_base_url,
    defaultText: 'OPENAI_BASE_URL / OLLAMA_BASE_URL, else the provider’s API',
    description: 'Base URL of the judge model’s server',
  },
  {
    key: 'llm_call_timeout_seconds',
    valueName: '<seconds>',
    schema: shape.llm_call_timeout_seconds,
    defaultText: '60',
    description: 'Longest wait for one model call (characters and judge)',
  },
  {
    key: 'llm_retry_budget_seconds',
    valueName: '<seconds>',
    schema: shape.llm_retry_budget_seconds,
    defaultText: '60',
    description: 'Total time a model call may spend retrying 429/5xx/network failures (0 = no retries)',
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
    key: 'max_contexts',
    valueName: '<n>',
    schema: shape.max_contexts,
    defaultText: String(DEFAULT_MAX_CONTEXTS),
    description:
      'Most simulators alive at once; idle ones are stopped first to make room, and assessments beyond it wait',
  },
  {
    key: 'context_idle_timeout_seconds',
    valueName: '<seconds>',
    schema: shape.context_idle_timeout_seconds,
    defaultText: '600',
    description: 'How long a context’s simulator outlives its last assessment',
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
    description: 'Base URL purples use to reach the UES proxy (UES URLs are built on it)',
  },
  {
    key: 'ues_proxy_port',
    valueName: '<port>',
    schema: shape.ues_proxy_port,
    defaultText: 'none: the proxy shares the A2A port',
    description:
      'Serve the UES proxy on its own port (0 = any free port), so the A2A port can stay private to the platform',
  },
  {
    key: 'ues_proxy_host',
    valueName: '<host>',
    schema: shape.ues_proxy_host,
    defaultText: 'the --host value',
    description: 'Interface the separate UES proxy binds (with --ues-proxy-port)',
  },
  {
    key: 'record_dir',
    valueName: '<dir>',
    schema: shape.record_dir,
    defaultText: 'none',
    description:
      'Record every model call of the characters and the judge into this folder (by scenario content hash, seed and role), for --replay-dir',
  },
  {
    key: 'replay_dir',
    valueName: '<dir>',
    schema: shape.replay_dir,
    defaultText: 'none',
    description:
      'Answer model calls from recordings in this folder instead of the models (same world on any machine, no provider key); a call with no recorded answer fails the assessment',
  },
  {
    key: 'replay_fallthrough',
    valueName: '',
    schema: shape.replay_fallthrough,
    defaultText: 'false',
    description:
      'With --replay-dir: send calls that have no recorded answer to the live model instead of failing',
  },
  {
    key: 'runs_dir',
    valueName: '<dir>',
    schema: shape.runs_dir,
    defaultText: 'none',
    description:
      'Write each assessment’s results.json and evaluation-input.json to <dir>/<assessment id>/ (for `rescore` and `report`)',
  },
  {
    key: 'auth_token',
    valueName: '<token>',
    schema: shape.auth_token,
    defaultText: 'none: anyone who reaches the A2A port may start assessments',
    description:
      'Bearer token required for every A2A call (start, get, cancel, list); prefer the environment variable',
  },
];

/** Builds the green configuration from parsed CLI flags and an environment. Throws ConfigError. */
export function loadGreenConfig(flags: ConfigFlags, env: ConfigEnv): GreenAgentConfig {
  return greenAgentConfigSchema.parse(resolveFields(GREEN_FIELD_SPECS, flags, env, GREEN_ENV_PREFIX));
}

/**
 * The base URL purples are told to use: `public_url`, else (with a separate proxy listener) the
 * proxy's own address, else the card URL.
 */
export function effectivePublicUrl(
  config: GreenAgentConfig,
  boundPort?: number,
  boundProxyPort?: number,
): string {
  if (config.public_url !== undefined) return config.public_url;
  if (config.ues_proxy_port !== undefined) {
    return defaultCardUrl(config.ues_proxy_host ?? config.host, boundProxyPort ?? config.ues_proxy_port);
  }
  return effectiveCardUrl(config, boundPort);
}
