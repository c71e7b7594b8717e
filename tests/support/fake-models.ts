import type { CallbackManagerForLLMRun } from '@langchain/core/callbacks/manager';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { PROMPT_LABELS, PROMPT_TASKS, offlineAnswer, readLabel } from '../../src/llm/index.js';

/**
 * Fake "live" models for record/replay tests: deterministic, but able to tell runs apart (a
 * generation tag in every answer), so a test can prove an answer came from a recording.
 */

/** Answers `answer(prompt, call)`; counts its calls. */
export class ScriptedModel extends BaseChatModel {
  calls = 0;
  readonly prompts: string[] = [];

  constructor(private readonly answer: (prompt: string, call: number) => string) {
    super({});
  }

  _llmType(): string {
    return 'scripted';
  }

  async _generate(
    messages: BaseMessage[],
    options: this['ParsedCallOptions'],
    _runManager?: CallbackManagerForLLMRun,
  ): Promise<ChatResult> {
    options.signal?.throwIfAborted();
    const prompt = messages.map((message) => message.text).join('\n\n');
    this.prompts.push(prompt);
    const text = this.answer(prompt, this.calls++);
    return { generations: [{ text, message: new AIMessage(text) }] };
  }
}

/** Fails every call: proof that a replay never reached the live model. */
export class UnreachableModel extends BaseChatModel {
  calls = 0;

  _llmType(): string {
    return 'unreachable';
  }

  async _generate(): Promise<ChatResult> {
    this.calls++;
    throw new Error('the live model was called during a replay');
  }
}

/**
 * A deterministic stand-in for a real character and judge model: the offline model's answers
 * (which read our prompt labels) with `tag` appended to replies, and a judge that scores by a
 * rule of the prompt. Structured answers come as JSON text (no tool calling), as from many
 * OpenAI-compatible servers.
 */
export function taggedGreenModel(tag: string): ScriptedModel {
  return new ScriptedModel(taggedAnswer(tag));
}

/** The answers of `taggedGreenModel`, as a function of the prompt. */
export function taggedAnswer(tag: string): (prompt: string) => string {
  return (prompt) => {
    const task = readLabel(prompt, PROMPT_LABELS.task);
    if (task === PROMPT_TASKS.criterionEvaluation) {
      const score = prompt.includes('lunch') ? 4 : 2;
      return JSON.stringify({
        score,
        explanation: `Judged ${tag}: the reply is ${score > 3 ? 'warm' : 'flat'}.`,
        strengths: ['answered'],
        weaknesses: [],
      });
    }
    const structured = task === PROMPT_TASKS.shouldRespond || task === PROMPT_TASKS.calendarRsvp;
    // The offline model's policies are pure functions of the prompt (see offline-policies.ts).
    const base = offlineAnswer(prompt, { structured, task });
    return structured ? base : `${base}\n(${tag})`;
  };
}
