import { z } from 'zod';
import { MESSAGE_SCHEMAS } from './messages.js';
import { assessmentResultsSchema } from './results.js';
import { suiteResultsSchema } from './suite-results.js';
import { UPDATE_SCHEMAS } from './updates.js';

/**
 * JSON Schemas for every wire object, generated from the zod schemas so the two cannot drift.
 * They describe what our parser accepts (zod "input" view: defaulted fields are optional, extra
 * keys are allowed). Cross-field invariants that JSON Schema cannot express are stated in each
 * schema's description and enforced by `parseMessage` / `parseResults`.
 */

export const WIRE_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  ...MESSAGE_SCHEMAS,
  assessment_results: assessmentResultsSchema,
  suite_results: suiteResultsSchema,
  ...UPDATE_SCHEMAS,
};

export const SCHEMA_COMMENT =
  'Generated from src/protocol by scripts/generate-schemas.ts (npm run schemas). Do not edit.';

/** File name (without directory) → JSON Schema document. */
export function buildJsonSchemas(): Record<string, Record<string, unknown>> {
  const documents: Record<string, Record<string, unknown>> = {};
  for (const [name, schema] of Object.entries(WIRE_SCHEMAS)) {
    const generated = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' });
    documents[`${name}.json`] = { $comment: SCHEMA_COMMENT, ...generated };
  }
  return documents;
}
