import { z } from 'zod';

/**
 * Shared machinery for agent configuration: each field can come from a CLI flag, a role env var
 * (`AGENTBEATS_GREEN_*` / `AGENTBEATS_PURPLE_*`) or, for the fields both agents share, a common
 * env var (`AGENTBEATS_*`). Flags win over env, env over defaults. Errors name the flag or
 * variable the bad value came from.
 */

/** Parsed CLI options keyed by commander's camelCase names (`--card-url` → `cardUrl`). */
export type ConfigFlags = Readonly<Record<string, unknown>>;
export type ConfigEnv = Readonly<Record<string, string | undefined>>;

export const ENV_PREFIX = 'AGENTBEATS_';

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  /** Where the value came from: a flag (`--port`), an env var, or `default`. */
  readonly source: string;
  /** The config field, e.g. `port`. */
  readonly field: string;
  readonly value: unknown;

  constructor(field: string, source: string, value: unknown, problem: string) {
    super(`${source}: ${problem}`);
    this.field = field;
    this.source = source;
    this.value = value;
  }
}

export interface FieldSpec {
  /** Config key (snake_case), e.g. `card_url`. */
  readonly key: string;
  readonly description: string;
  /** Placeholder shown in `--help`, e.g. `<port>`. */
  readonly valueName: string;
  /** Read `AGENTBEATS_<NAME>` as a fallback for the role variable. */
  readonly shared?: boolean;
  /** Validates one raw value (string from CLI/env, or a typed programmatic value). */
  readonly schema: z.ZodType;
  /** Default as shown in help; the schema holds the real one. */
  readonly defaultText?: string;
}

export function flagName(spec: FieldSpec): string {
  return `--${spec.key.replaceAll('_', '-')}`;
}

export function flagKey(spec: FieldSpec): string {
  return spec.key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

export function envNames(spec: FieldSpec, rolePrefix: string): string[] {
  const name = spec.key.toUpperCase();
  return spec.shared === true ? [`${rolePrefix}${name}`, `${ENV_PREFIX}${name}`] : [`${rolePrefix}${name}`];
}

/** Resolves every field from flags, env and defaults, validating each value where it came from. */
export function resolveFields(
  specs: readonly FieldSpec[],
  flags: ConfigFlags,
  env: ConfigEnv,
  rolePrefix: string,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const spec of specs) {
    const [source, raw] = pickSource(spec, flags, env, rolePrefix);
    const parsed = spec.schema.safeParse(raw);
    if (!parsed.success) {
      throw new ConfigError(spec.key, source, raw, describeProblem(parsed.error, raw));
    }
    if (parsed.data !== undefined) values[spec.key] = parsed.data;
  }
  return values;
}

function pickSource(
  spec: FieldSpec,
  flags: ConfigFlags,
  env: ConfigEnv,
  rolePrefix: string,
): [string, unknown] {
  const flagValue = flags[flagKey(spec)];
  if (flagValue !== undefined) return [flagName(spec), flagValue];
  for (const name of envNames(spec, rolePrefix)) {
    const value = env[name];
    // An empty variable is treated as unset, as shells and compose files often export NAME=.
    if (value !== undefined && value.trim() !== '') return [name, value];
  }
  return ['default', undefined];
}

function describeProblem(error: z.ZodError, raw: unknown): string {
  const message = error.issues[0]?.message ?? 'invalid value';
  return `${message}, got ${JSON.stringify(raw)}`;
}

// ---- value schemas accepting CLI/env strings as well as typed values -------------------------

function toNumber(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

function intSchema(min: number, max: number) {
  const error = `expected an integer between ${min} and ${max}`;
  return z.preprocess(toNumber, z.number({ error }).int({ error }).min(min, { error }).max(max, { error }));
}

export function intValue(min: number, max: number, defaultValue: number) {
  return intSchema(min, max).default(defaultValue);
}

export function optionalIntValue(min: number, max: number) {
  return intSchema(min, max).optional();
}

export function numberValue(
  check: { min?: number; max?: number; exclusiveMin?: number },
  defaultValue: number,
) {
  const range = [
    check.exclusiveMin !== undefined ? `> ${check.exclusiveMin}` : undefined,
    check.min !== undefined ? `>= ${check.min}` : undefined,
    check.max !== undefined ? `<= ${check.max}` : undefined,
  ]
    .filter((part) => part !== undefined)
    .join(' and ');
  const error = `expected a number ${range}`;
  let schema = z.number({ error });
  if (check.exclusiveMin !== undefined) schema = schema.gt(check.exclusiveMin, { error });
  if (check.min !== undefined) schema = schema.min(check.min, { error });
  if (check.max !== undefined) schema = schema.max(check.max, { error });
  return z.preprocess(toNumber, schema).default(defaultValue);
}

export function stringValue(defaultValue: string) {
  return z
    .string({ error: 'expected a string' })
    .trim()
    .min(1, { error: 'must not be empty' })
    .default(defaultValue);
}

export function enumValue<const T extends readonly [string, ...string[]]>(
  values: T,
  defaultValue: T[number],
) {
  const error = `expected one of ${values.join(', ')}`;
  return z.enum(values, { error }).default(defaultValue as never);
}

export function httpUrlValue() {
  return z.url({ protocol: /^https?$/, error: 'expected an absolute http(s) URL' }).optional();
}

const TRUE_WORDS = new Set(['true', '1', 'yes', 'on']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'off']);

/** A switch: `true`/`false` (also 1/0, yes/no, on/off) from env, or a boolean from a flag. */
export function booleanValue(defaultValue: boolean) {
  const error = 'expected true or false';
  return z
    .preprocess((value) => {
      if (typeof value !== 'string') return value;
      const word = value.trim().toLowerCase();
      if (TRUE_WORDS.has(word)) return true;
      if (FALSE_WORDS.has(word)) return false;
      return value;
    }, z.boolean({ error }))
    .default(defaultValue);
}

/** A folder path (not checked for existence: recording folders are created on demand). */
export function optionalPathValue() {
  return z
    .string({ error: 'expected a folder path' })
    .trim()
    .min(1, { error: 'must not be empty' })
    .optional();
}
