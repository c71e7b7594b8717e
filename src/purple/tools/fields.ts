import { z } from 'zod';

/**
 * Input fields the tools share. Every field says what it is: an MCP client may show its model
 * nothing but the JSON Schema, so a field without a description is a field the model guesses at.
 */

const WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;
const WITHOUT_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** What is wrong with a date-time, in the words a model can act on; undefined when it is fine. */
export function dateTimeProblem(value: string): string | undefined {
  const text = value.trim();
  if (WITH_ZONE.test(text) && !Number.isNaN(Date.parse(text))) return undefined;
  if (WITHOUT_ZONE.test(text)) {
    return `${JSON.stringify(value)} has no time zone: add Z for UTC or the offset, e.g. ${text.replace(' ', 'T')}Z or ${text.replace(' ', 'T')}-05:00`;
  }
  if (DATE_ONLY.test(text)) {
    return `${JSON.stringify(value)} is a date without a time: give a date-time with a zone, e.g. ${text}T09:00:00Z`;
  }
  return `${JSON.stringify(value)} is not an ISO 8601 date-time with a zone, e.g. 2026-01-28T15:00:00Z or 2026-01-28T10:00:00-05:00`;
}

/** An ISO 8601 date-time that must carry a zone; the error says which part is missing. */
export function dateTime(description: string) {
  return z
    .string()
    .superRefine((value, context) => {
      const problem = dateTimeProblem(value);
      if (problem !== undefined) context.addIssue({ code: 'custom', message: problem });
    })
    .meta({ format: 'date-time' })
    .describe(`${description} (ISO 8601 with a zone, e.g. 2026-01-28T15:00:00Z)`);
}

export const emailAddresses = (description: string) => z.array(z.string().min(3)).describe(description);

export const phoneNumbers = (description: string) => z.array(z.string().min(3)).describe(description);

/** How many items a page holds. */
export const pageLimit = (fallback: number, max: number, what: string) =>
  z
    .number()
    .int()
    .min(1)
    .max(max)
    .optional()
    .describe(`Most ${what} in this page (default ${fallback}, at most ${max})`);

/** Where a page starts: the `next_offset` of the previous page. */
export const pageOffset = (what: string) =>
  z
    .number()
    .int()
    .min(0)
    .optional()
    .describe(
      `How many matching ${what} to skip, in the answer's order: the next_offset of the previous page`,
    );

/** One page of `items` from `offset`, with where the next one starts (null at the end). */
export function page<T>(items: readonly T[], offset: number, limit: number) {
  const slice = items.slice(offset, offset + limit);
  const next = offset + slice.length;
  return {
    total: items.length,
    offset,
    returned: slice.length,
    next_offset: next < items.length ? next : null,
    items: slice,
  };
}
