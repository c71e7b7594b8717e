import { z } from 'zod';
import type { ValidationIssue } from '../core/errors.js';
import { FREE_FORM } from './doc-meta.js';

/**
 * Unknown request fields are refused (422 naming them), not silently dropped: a client that sends
 * `since` where the route calls it `sent_after` otherwise gets every message back and never learns
 * why. The known fields are read from the JSON Schema of the zod schema the route enforces, so a
 * field documented in the generated reference is exactly a field accepted. Free-form parts (a
 * `z.record`, `z.looseObject`, `z.unknown()` — event `data`, `metadata`, exported states — and
 * payloads marked `freeForm`, such as an OpenWeather report) accept anything, as before.
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: unknown;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  [FREE_FORM]?: boolean;
}

const cache = new WeakMap<z.ZodType, JsonSchema>();

function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  let json = cache.get(schema);
  if (json === undefined) {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    cache.set(schema, json);
  }
  return json;
}

type Path = (string | number)[];

/** A field found where the schema has none. */
interface Unknown {
  path: Path;
  known: string[];
}

function resolve(schema: JsonSchema, root: JsonSchema): JsonSchema {
  let current = schema;
  for (let hops = 0; current.$ref !== undefined && hops < 16; hops += 1) {
    const ref = current.$ref;
    if (ref === '#') current = root;
    else if (ref.startsWith('#/$defs/')) current = root.$defs?.[ref.slice('#/$defs/'.length)] ?? {};
    else return {};
  }
  return current;
}

/** The alternatives a value may match (anyOf/oneOf flattened), each resolved. */
function alternatives(schema: JsonSchema, root: JsonSchema): JsonSchema[] {
  const resolved = resolve(schema, root);
  const options = resolved.anyOf ?? resolved.oneOf;
  if (options !== undefined) return options.flatMap((option) => alternatives(option, root));
  if (resolved.allOf !== undefined) return [mergeAll(resolved.allOf.map((part) => resolve(part, root)))];
  return [resolved];
}

/** An intersection: a field is known when any part knows it. */
function mergeAll(parts: JsonSchema[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  let open = false;
  for (const part of parts) {
    Object.assign(properties, part.properties ?? {});
    if (part.additionalProperties !== undefined && part.additionalProperties !== false) open = true;
  }
  return { type: 'object', properties, ...(open ? { additionalProperties: {} } : {}) };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function hasType(schema: JsonSchema, type: string): boolean {
  return Array.isArray(schema.type) ? schema.type.includes(type) : schema.type === type;
}

function unknownsIn(schema: JsonSchema, value: unknown, path: Path, root: JsonSchema): Unknown[] {
  if (resolve(schema, root)[FREE_FORM] === true) return [];
  if (Array.isArray(value)) {
    const arrays = alternatives(schema, root).filter((option) => option.items !== undefined);
    if (arrays.length === 0) return [];
    return fewest(
      arrays.map((option) =>
        value.flatMap((item, index) => unknownsIn(option.items!, item, [...path, index], root)),
      ),
    );
  }
  if (!isPlainObject(value)) return [];
  const objects = alternatives(schema, root).filter(
    (option) => option.properties !== undefined || hasType(option, 'object'),
  );
  // No object alternative (e.g. `z.unknown()`): anything goes here.
  if (objects.length === 0) return [];
  return fewest(objects.map((option) => unknownsInObject(option, value, path, root)));
}

function unknownsInObject(
  schema: JsonSchema,
  value: Record<string, unknown>,
  path: Path,
  root: JsonSchema,
): Unknown[] {
  const properties = schema.properties ?? {};
  const open = schema.additionalProperties !== undefined && schema.additionalProperties !== false;
  const found: Unknown[] = [];
  for (const [key, entry] of Object.entries(value)) {
    const field = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (field !== undefined) found.push(...unknownsIn(field, entry, [...path, key], root));
    else if (!open) found.push({ path: [...path, key], known: Object.keys(properties) });
    else if (isPlainObject(schema.additionalProperties))
      found.push(...unknownsIn(schema.additionalProperties as JsonSchema, entry, [...path, key], root));
  }
  return found;
}

/** The reading of a value against alternatives that leaves the fewest fields unknown. */
function fewest(readings: Unknown[][]): Unknown[] {
  let best = readings[0] ?? [];
  for (const reading of readings) if (reading.length < best.length) best = reading;
  return best;
}

/** Edit distance, for "did you mean" (names are short). */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

function suggestion(name: string, known: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  const close = known
    .map((candidate) => ({ candidate, cost: distance(lower, candidate.toLowerCase()) }))
    .filter(({ candidate, cost }) => cost <= Math.max(1, Math.floor(candidate.length / 4)))
    .sort((a, b) => a.cost - b.cost)[0];
  return close?.candidate;
}

function message(name: string, known: readonly string[], location: string): string {
  if (known.length === 0) {
    return `Extra inputs are not permitted: "${name}" — this ${location === 'query' ? 'route takes no query parameters' : 'takes no fields'}`;
  }
  const hint = suggestion(name, known);
  return (
    `Extra inputs are not permitted: "${name}" is not a field here` +
    (hint === undefined ? '' : ` (did you mean "${hint}"?)`) +
    `; the fields are ${known.join(', ')}`
  );
}

/**
 * The 422 entries for fields of `value` that `schema` does not have, located in `location`.
 * Without a schema the route takes no fields there: every key is unknown.
 */
export function unknownFieldIssues(
  schema: z.ZodType | undefined,
  value: unknown,
  location: 'body' | 'query',
): ValidationIssue[] {
  let unknowns: Unknown[];
  if (schema === undefined) {
    unknowns = isPlainObject(value) ? Object.keys(value).map((key) => ({ path: [key], known: [] })) : [];
  } else {
    const root = jsonSchemaOf(schema);
    unknowns = unknownsIn(root, value, [], root);
  }
  return unknowns.map(({ path, known }) => ({
    loc: [location, ...path],
    msg: message(String(path.at(-1)), known, location),
    type: 'extra_forbidden',
  }));
}
