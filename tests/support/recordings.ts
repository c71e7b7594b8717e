import { readFile, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { RecordingFile } from '../../src/llm/index.js';
import { canonicalJson } from '../../src/llm/recording/call-codec.js';
import { completion, type RecordedRequest, type StandInBehaviour } from './openai-stand-in.js';
import { standInAnswer } from './fake-models.js';

/**
 * What a folder of model-call recordings asked and was answered, comparable byte for byte between
 * a recorded run and its replay: per file (`<scenario>/<version>/seed-<n>/<role>.json`), each call's
 * prompt and answer as canonical JSON, sorted — the order calls start in varies with concurrency,
 * what they ask must not.
 */
export async function recordedCalls(dir: string): Promise<Record<string, string[]>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
  const calls: Record<string, string[]> = {};
  for (const file of files) {
    const recording = JSON.parse(await readFile(join(dir, file), 'utf8')) as RecordingFile;
    calls[file] = recording.calls
      .map((call) => canonicalJson({ request: call.request, answer: call.answer }))
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }
  return calls;
}

/** The OpenAI stand-in's answer to a chat completion: `standInAnswer` of its messages' text. */
export function standInCompletion(request: RecordedRequest): StandInBehaviour {
  const { messages } = request.body as { messages: Array<{ content: unknown }> };
  const prompt = messages
    .map((message) =>
      typeof message.content === 'string' ? message.content : JSON.stringify(message.content),
    )
    .join('\n\n');
  return completion(standInAnswer(prompt));
}
