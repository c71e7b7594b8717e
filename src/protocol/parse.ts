import type { z } from 'zod';
import { ProtocolError, type ProtocolIssue } from './errors.js';
import { MESSAGE_SCHEMAS, type AgentBeatsMessage, type MessageByType, type MessageType } from './messages.js';
import { assessmentResultsSchema, type AssessmentResults } from './results.js';
import { suiteResultsSchema, type SuiteResults } from './suite-results.js';
import { UPDATE_SCHEMAS, type TaskUpdate, type UpdateByType, type UpdateType } from './updates.js';

/**
 * Validation entry points. Every function returns a typed value or throws a ProtocolError whose
 * message names the message type, the field and the offending value.
 */

/** Parses any AgentBeats message, dispatching on `message_type`. */
export function parseMessage(data: unknown): AgentBeatsMessage;
/** Parses a message and also requires its `message_type` to be one of `expected`. */
export function parseMessage<T extends MessageType>(data: unknown, expected: readonly T[]): MessageByType[T];
export function parseMessage(data: unknown, expected?: readonly MessageType[]): AgentBeatsMessage {
  return dispatch(MESSAGE_SCHEMAS, data, expected) as AgentBeatsMessage;
}

/** Parses a task update, dispatching on `message_type`. */
export function parseUpdate(data: unknown): TaskUpdate;
export function parseUpdate<T extends UpdateType>(data: unknown, expected: readonly T[]): UpdateByType[T];
export function parseUpdate(data: unknown, expected?: readonly UpdateType[]): TaskUpdate {
  return dispatch(UPDATE_SCHEMAS, data, expected) as TaskUpdate;
}

/** Parses an assessment result object, including its score and count invariants. */
export function parseResults(data: unknown): AssessmentResults {
  return parseWithSchema(assessmentResultsSchema, data, 'assessment_results');
}

/** Parses a suite aggregate (`suite_results`). */
export function parseSuiteResults(data: unknown): SuiteResults {
  return parseWithSchema(suiteResultsSchema, data, 'suite_results');
}

/** Validates `data` against one schema, turning zod issues into a ProtocolError. */
export function parseWithSchema<S extends z.ZodType>(
  schema: S,
  data: unknown,
  messageType: string,
): z.output<S> {
  const result = schema.safeParse(data, { error: describeIssue });
  if (result.success) return result.data;
  throw new ProtocolError(messageType, result.error.issues.map(toProtocolIssue));
}

function dispatch(
  schemas: Readonly<Record<string, z.ZodType>>,
  data: unknown,
  expected: readonly string[] | undefined,
): unknown {
  if (!isPlainObject(data)) {
    throw new ProtocolError(undefined, [
      { path: '', message: `expected a JSON object, got ${describeValue(data)}` },
    ]);
  }
  const type = data['message_type'];
  if (typeof type !== 'string') {
    const message = type === undefined ? 'is required' : `expected a string, got ${describeValue(type)}`;
    throw new ProtocolError(undefined, [{ path: 'message_type', message }]);
  }
  const allowed = expected ?? Object.keys(schemas);
  const schema = Object.hasOwn(schemas, type) ? schemas[type] : undefined;
  if (schema === undefined || !allowed.includes(type)) {
    throw new ProtocolError(undefined, [
      { path: 'message_type', message: `expected ${quoteList(allowed)}, got ${JSON.stringify(type)}` },
    ]);
  }
  return parseWithSchema(schema, data, type);
}

function toProtocolIssue(issue: z.core.$ZodIssue): ProtocolIssue {
  return { path: formatPath(issue.path), message: issue.message };
}

/** `['criteria_results', 2, 'dimension']` → `criteria_results[2].dimension`. */
function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => {
    if (typeof key === 'number') return `${text}[${key}]`;
    const name = String(key);
    return text === '' ? name : `${text}.${name}`;
  }, '');
}

/** A zod error map producing short messages that include the offending value. */
function describeIssue(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return `expected ${issue.expected}, got ${describeValue(issue.input)}`;
    case 'invalid_value':
      if (issue.input === undefined) return 'is required';
      return `expected ${quoteList(issue.values)}, got ${describeValue(issue.input)}`;
    case 'too_small':
    case 'too_big': {
      const relation =
        issue.code === 'too_small'
          ? issue.inclusive === false
            ? '>'
            : '>='
          : issue.inclusive === false
            ? '<'
            : '<=';
      const what = issue.origin === 'string' || issue.origin === 'array' ? 'length ' : '';
      return `expected ${what}${relation} ${String(issue.code === 'too_small' ? issue.minimum : issue.maximum)}, got ${describeValue(issue.input)}`;
    }
    default:
      return undefined;
  }
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string')
    return JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}...` : value);
  return String(value);
}

function quoteList(values: readonly unknown[]): string {
  const quoted = values.map((value) => JSON.stringify(value));
  return quoted.length === 1 ? (quoted[0] ?? '') : `one of ${quoted.join(', ')}`;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
