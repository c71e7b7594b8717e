import type { z } from 'zod';

/**
 * Documentation metadata for route schemas, read by the generated request reference
 * (route-docs.ts). Kept apart so schemas can use it without importing the renderer.
 */

/** JSON Schema keyword carrying a default that zod applies in a transform (invisible otherwise). */
export const DOCUMENTED_DEFAULT = 'x-default';

/** `schema` with `notes` added to what the reference says of it (zod's `meta` would replace). */
export function documented<T extends z.ZodType>(
  schema: T,
  notes: { description?: string; default?: unknown },
): T {
  const { default: fallback, ...rest } = notes;
  return schema.meta({
    ...schema.meta(),
    ...rest,
    ...(fallback === undefined ? {} : { [DOCUMENTED_DEFAULT]: fallback }),
  });
}

/** Marks `schema` as defaulting to `value` in the generated reference. */
export function documentedDefault<T extends z.ZodType>(schema: T, value: unknown): T {
  return documented(schema, { default: value });
}

/** JSON Schema keyword marking a payload whose unknown fields are kept, not refused (unknown-fields.ts). */
export const FREE_FORM = 'x-free-form';

/**
 * Marks `schema` as a payload in someone else's format (an OpenWeather report): fields it does not
 * name are accepted, since that format grows without us.
 */
export function freeForm<T extends z.ZodType>(schema: T): T {
  return schema.meta({ ...schema.meta(), [FREE_FORM]: true });
}
