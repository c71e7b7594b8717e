import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { z } from 'zod';

/**
 * Structured questions to the judge model. `withStructuredOutput` where the model supports it,
 * else JSON in the reply text; the answer is always re-validated with the zod schema. Any failure
 * is returned as an error — callers award nothing for it (no favourable defaults).
 */

export type LlmOutcome<T> = { ok: true; value: T } | { ok: false; error: string };

export type ChatTurn = ['system' | 'human', string];

const FENCE = /^\s*```[a-zA-Z0-9_-]*\s*\n?([\s\S]*?)\n?\s*```\s*$/;

/** JSON from a reply: the whole text, a fenced block, or the outermost `{…}`. */
export function parseJsonReply(text: string): unknown {
  const trimmed = text.trim();
  const candidates = [FENCE.exec(trimmed)?.[1]?.trim() ?? trimmed];
  const start = trimmed.indexOf('{');
  const end = trimmed.lastIndexOf('}');
  if (start >= 0 && end > start) candidates.push(trimmed.slice(start, end + 1));
  for (const candidate of candidates) {
    try {
      return JSON.parse(candidate) as unknown;
    } catch {
      // Try the next candidate.
    }
  }
  throw new Error(`the reply is not JSON: ${JSON.stringify(trimmed.slice(0, 120))}`);
}

function replyText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((block) =>
        typeof block === 'object' && block !== null && 'text' in block ? String(block.text) : '',
      )
      .join('');
  }
  return '';
}

export async function askStructured<S extends z.ZodType>(
  llm: BaseChatModel,
  messages: ChatTurn[],
  schema: S,
  name: string,
  signal: AbortSignal,
): Promise<LlmOutcome<z.output<S>>> {
  let value: unknown;
  try {
    let runnable: { invoke(input: ChatTurn[], options: { signal: AbortSignal }): Promise<unknown> } | null =
      null;
    try {
      runnable = llm.withStructuredOutput(schema as never, { name });
    } catch {
      // The model has no structured-output support: ask for JSON text instead.
    }
    if (runnable !== null) {
      value = await runnable.invoke(messages, { signal });
    } else {
      const reply = await llm.invoke(
        [...messages, ['human', 'Reply with the JSON object only, no other text.']],
        { signal },
      );
      value = parseJsonReply(replyText(reply.content));
    }
  } catch (error) {
    if (signal.aborted) throw error;
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    return { ok: false, error: `the answer does not fit the expected shape: ${issues.join('; ')}` };
  }
  return { ok: true, value: parsed.data };
}

/** Runs `task` over `items` with at most `limit` in flight, keeping the order of results. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Concurrent judge calls per evaluator (one per summary). */
export const LLM_CONCURRENCY = 4;
