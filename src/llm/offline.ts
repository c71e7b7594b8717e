import type { CallbackManagerForLLMRun } from '@langchain/core/callbacks/manager';
import type {
  BaseLanguageModelInput,
  StructuredOutputMethodOptions,
} from '@langchain/core/language_models/base';
import {
  BaseChatModel,
  type BaseChatModelCallOptions,
  type BaseChatModelParams,
} from '@langchain/core/language_models/chat_models';
import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { RunnableLambda, type Runnable } from '@langchain/core/runnables';
import { LlmOutputError } from './errors.js';
import { offlineAnswer } from './offline-policies.js';
import { parseJsonText } from './structured.js';

/**
 * A deterministic chat model for runs without API keys: no network, no randomness, no clock.
 *
 * Its answers are templates filled from the labelled fields of our prompts (the labels are listed
 * in prompt-labels.ts; which task reads which label is documented in offline-policies.ts). The
 * `Task` label (or the structured-output name) selects the answer:
 * - `reply` — an in-character acknowledgement, e.g. Jordan answering "Hi Alex, Thanks for your
 *   email about "Q3 plan" …" with a greeting and sign-off picked from the personality;
 * - `should_respond` — `{should_respond: false}` only for bare acknowledgements ("thanks!");
 * - `calendar_rsvp` — `{status: "accepted", comment}` naming the event;
 * - `summarize_thread` — one sentence naming the medium, count, participants and subject;
 * - `criterion_evaluation` — refused with OfflineModelError: offline runs must not invent scores;
 * - anything else — a generic acknowledgement quoting the last message.
 */

export interface OfflineChatModelCallOptions extends BaseChatModelCallOptions {
  /** Set by `withStructuredOutput`: answer as JSON for this task. */
  offlineStructured?: { task?: string };
}

export class OfflineChatModel extends BaseChatModel<OfflineChatModelCallOptions> {
  static override lc_name(): string {
    return 'OfflineChatModel';
  }

  constructor(fields: BaseChatModelParams = {}) {
    super(fields);
  }

  _llmType(): string {
    return 'offline';
  }

  override get callKeys(): string[] {
    return [...super.callKeys, 'offlineStructured'];
  }

  async _generate(
    messages: BaseMessage[],
    options: this['ParsedCallOptions'],
    _runManager?: CallbackManagerForLLMRun,
  ): Promise<ChatResult> {
    options.signal?.throwIfAborted();
    const prompt = messages.map((message) => message.text).join('\n\n');
    const structured = options.offlineStructured;
    const text = offlineAnswer(prompt, { structured: structured !== undefined, task: structured?.task });
    return { generations: [{ text, message: new AIMessage(text) }] };
  }

  /**
   * Structured output without tool calling: the model answers JSON text for the requested task,
   * which is parsed and, for a zod schema, validated.
   */
  // One loose signature stands for the base class's overloads (zod v3/v4 or JSON schema, raw or not).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override withStructuredOutput(outputSchema: any, config?: StructuredOutputMethodOptions<boolean>): any {
    const task = config?.name;
    const bound = this.withConfig({ offlineStructured: { task } });
    const schema = outputSchema as {
      safeParse?: (value: unknown) => { success: boolean; data?: unknown; error?: unknown };
    };
    const runnable: Runnable<BaseLanguageModelInput, unknown> = RunnableLambda.from(
      async (input: BaseLanguageModelInput, runConfig) => {
        const raw = await bound.invoke(input, runConfig);
        const label = task ?? 'structured_output';
        let parsed = parseJsonText(raw.text, label);
        if (typeof schema.safeParse === 'function') {
          const checked = schema.safeParse(parsed);
          if (!checked.success) {
            throw new LlmOutputError(
              label,
              `offline answer does not fit the requested schema: ${String(checked.error)}`,
              raw.text,
            );
          }
          parsed = checked.data;
        }
        return config?.includeRaw ? { raw, parsed } : parsed;
      },
    );
    return runnable;
  }
}

/** True for an `OfflineChatModel` (e.g. so a judge can treat it as "no LLM"). */
export function isOfflineChatModel(model: unknown): model is OfflineChatModel {
  return model instanceof OfflineChatModel;
}
