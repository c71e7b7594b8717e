import { z } from 'zod';
import { UesValidationError, type ValidationIssue } from '../core/errors.js';

/** Converts zod issues into FastAPI-style 422 entries located in `body`, `query` or `path`. */
export function toValidationIssues(
  error: z.ZodError,
  location: 'body' | 'query' | 'path',
): ValidationIssue[] {
  return error.issues.map((issue) => ({
    loc: [location, ...issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part))],
    msg: issue.message,
    type: issue.code,
  }));
}

/** Parses `value` with `schema` or throws a 422 naming the offending fields. */
export function parseOrThrow<T>(
  schema: z.ZodType<T>,
  value: unknown,
  location: 'body' | 'query' | 'path',
): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new UesValidationError(toValidationIssues(result.error, location));
  return result.data;
}

/** Query-string boolean (`true`/`false`/`1`/`0`), as FastAPI accepts. */
export const zQueryBool = z
  .enum(['true', 'false', '1', '0', 'True', 'False', 'yes', 'no'])
  .transform((value) => ['true', '1', 'True', 'yes'].includes(value));

/** Query-string integer. */
export const zQueryInt = z.coerce.number().int();

/** A body that may be omitted entirely: `undefined`/`null` become `{}` before validation. */
export function optionalBody<T extends z.ZodType>(schema: T): z.ZodType<z.output<T>> {
  return z.preprocess((value) => value ?? {}, schema) as unknown as z.ZodType<z.output<T>>;
}
