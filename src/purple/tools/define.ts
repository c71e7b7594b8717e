import type { z } from 'zod';
import { PurpleKitError } from '../errors.js';
import type { PurpleUESClient } from '../ues/purple-ues-client.js';

/**
 * One tool the LLM assistant may call: a zod schema the model sees (as JSON Schema) and that
 * validates the model's arguments before anything touches UES.
 */
export interface AssistantTool {
  name: string;
  description: string;
  schema: z.ZodObject;
  /** The UES permission the tool exercises (documentation and tests). */
  permission: string;
  /** Whether the tool changes UES state (and so shows up in the green's action log). */
  writes: boolean;
  execute(rawArgs: unknown, ues: PurpleUESClient): Promise<unknown>;
}

/** The model called a tool with arguments its schema rejects. */
export class ToolArgumentsError extends PurpleKitError {
  constructor(
    readonly tool: string,
    readonly issues: readonly string[],
  ) {
    super(`invalid arguments for ${tool}: ${issues.join('; ')}`);
  }
}

export function defineTool<S extends z.ZodObject>(spec: {
  name: string;
  description: string;
  schema: S;
  permission: string;
  writes: boolean;
  run: (args: z.output<S>, ues: PurpleUESClient) => Promise<unknown>;
}): AssistantTool {
  // An argument the tool does not take is refused, naming it: dropped silently, a misspelt filter
  // ("phone" for from_number) would return every text as if it had matched.
  const strict = spec.schema.strict();
  const takes = Object.keys(spec.schema.shape);
  return {
    name: spec.name,
    description: spec.description,
    schema: spec.schema,
    permission: spec.permission,
    writes: spec.writes,
    async execute(rawArgs, ues) {
      const parsed = strict.safeParse(rawArgs ?? {});
      if (!parsed.success) {
        throw new ToolArgumentsError(
          spec.name,
          parsed.error.issues.map((issue) =>
            issue.code === 'unrecognized_keys'
              ? `${issue.message} (${spec.name} takes ${takes.length > 0 ? takes.join(', ') : 'no arguments'})`
              : `${issue.path.join('.') || '(arguments)'}: ${issue.message}`,
          ),
        );
      }
      return spec.run(parsed.data as z.output<S>, ues);
    },
  };
}

/** The summary an action tool returns: enough for the model to know it worked. */
export function actionResult(response: { status: string; message: string }): {
  ok: true;
  status: string;
  message: string;
} {
  return { ok: true, status: response.status, message: response.message };
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… [${text.length - max} more characters]`;
}
