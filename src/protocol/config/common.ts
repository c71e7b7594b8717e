import { z } from 'zod';
import { defaultCardUrl } from '../a2a/agent-card.js';
import { httpUrlValue, intValue, stringValue, type FieldSpec } from './fields.js';
import { MODEL_NAME_HELP, OFFLINE_MODEL, isSupportedModelName } from './models.js';

/** Fields every AgentBeats agent has, with the platform's `--host`, `--port`, `--card-url` flags. */

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Python-style names from the original configuration are accepted too. */
const LOG_LEVEL_ALIASES: Readonly<Record<string, LogLevel>> = { warning: 'warn', critical: 'fatal' };

export function logLevelValue() {
  return z
    .preprocess(
      (value) =>
        typeof value === 'string'
          ? (LOG_LEVEL_ALIASES[value.trim().toLowerCase()] ?? value.trim().toLowerCase())
          : value,
      z.enum(LOG_LEVELS, { error: `expected one of ${LOG_LEVELS.join(', ')}` }),
    )
    .default('info');
}

export function modelValue() {
  return z
    .string({ error: `expected ${MODEL_NAME_HELP}` })
    .trim()
    .refine(isSupportedModelName, { error: `expected ${MODEL_NAME_HELP}` })
    .default(OFFLINE_MODEL);
}

export function commonShape(defaultPort: number) {
  return {
    host: stringValue('127.0.0.1'),
    port: intValue(0, 65_535, defaultPort),
    card_url: httpUrlValue(),
    log_level: logLevelValue(),
  };
}

type CommonShape = ReturnType<typeof commonShape>;

/** Help text for the shared fields; `shape` supplies each field's schema. */
export function commonFieldSpecs(shape: CommonShape, defaultPort: number): FieldSpec[] {
  return [
    {
      key: 'host',
      shared: true,
      valueName: '<host>',
      schema: shape.host,
      defaultText: '127.0.0.1',
      description: 'Interface to bind',
    },
    {
      key: 'port',
      shared: true,
      valueName: '<port>',
      schema: shape.port,
      defaultText: String(defaultPort),
      description: 'Port to bind (0 = any free port)',
    },
    {
      key: 'card_url',
      shared: true,
      valueName: '<url>',
      schema: shape.card_url,
      defaultText: 'http://<host>:<port>/',
      description: 'URL advertised in the agent card',
    },
    {
      key: 'log_level',
      shared: true,
      valueName: '<level>',
      schema: shape.log_level,
      defaultText: 'info',
      description: `Log level (${LOG_LEVELS.join(', ')})`,
    },
  ];
}

/**
 * The card URL to advertise: the configured one, else the AgentBeats default
 * `http://<host>:<port>/` (pass the bound port when the config asked for port 0).
 */
export function effectiveCardUrl(
  config: { host: string; port: number; card_url?: string | undefined },
  boundPort?: number,
): string {
  return config.card_url ?? defaultCardUrl(config.host, boundPort ?? config.port);
}
