import type { CallbackManagerForLLMRun } from '@langchain/core/callbacks/manager';
import type { BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { OfflineChatModel } from '../../../src/llm/index.js';

/** The offline model, recording every prompt it is given; optionally failing on some prompts. */
export class RecordingOfflineModel extends OfflineChatModel {
  readonly prompts: string[] = [];

  constructor(private readonly failWhen?: (prompt: string) => boolean) {
    super({ maxRetries: 0 });
  }

  override async _generate(
    messages: BaseMessage[],
    options: this['ParsedCallOptions'],
    runManager?: CallbackManagerForLLMRun,
  ): Promise<ChatResult> {
    const prompt = messages.map((message) => message.text).join('\n\n');
    this.prompts.push(prompt);
    if (this.failWhen?.(prompt)) throw new Error('model unavailable (test)');
    return super._generate(messages, options, runManager);
  }

  promptsFor(task: string, character: string): string[] {
    return this.prompts.filter(
      (prompt) => prompt.includes(`Task: ${task}`) && prompt.includes(`Character: ${character}`),
    );
  }
}
