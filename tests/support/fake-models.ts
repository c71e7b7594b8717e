import { createHash } from 'node:crypto';
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

/** A number from the prompt's sha256, so any change in a prompt changes the answer. */
function promptDigest(prompt: string): { hex: string; value: number } {
  const hex = createHash('sha256').update(prompt).digest('hex');
  return { hex: hex.slice(0, 12), value: parseInt(hex.slice(0, 8), 16) };
}

/**
 * A stand-in for a real character and judge model on the repository's scenarios: the characters
 * answer as the offline model does, and the judge gives the verdict shape its prompt asks for —
 * a rubric check's `{score, rationale}` on the scale the prompt states, or a judged criterion's
 * `{score, explanation, …}` — with a score and wording drawn from the whole prompt.
 */
export function standInAnswer(prompt: string): string {
  const task = readLabel(prompt, PROMPT_LABELS.task);
  if (task !== PROMPT_TASKS.criterionEvaluation) {
    const structured = task === PROMPT_TASKS.shouldRespond || task === PROMPT_TASKS.calendarRsvp;
    return offlineAnswer(prompt, { structured, task });
  }
  const digest = promptDigest(prompt);
  const rubric = /JSON only: \{"score": (?:one of ([\d, ]+)|an integer from (\d+) to (\d+)),/.exec(prompt);
  if (rubric) {
    const levels = rubric[1]?.split(',').map(Number);
    const score = levels
      ? levels[digest.value % levels.length]!
      : Number(rubric[2]) + (digest.value % (Number(rubric[3]) - Number(rubric[2]) + 1));
    return JSON.stringify({ score, rationale: `Stand-in verdict ${digest.hex}.` });
  }
  const max = Number(/max score: (\d+(?:\.\d+)?)/.exec(prompt)?.[1] ?? 10);
  return JSON.stringify({
    score: digest.value % (Math.floor(max) + 1),
    explanation: `Stand-in verdict ${digest.hex}.`,
    strengths: [],
    weaknesses: [],
  });
}
