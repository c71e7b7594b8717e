import { FakeListChatModel } from '@langchain/core/utils/testing';
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  LlmCallError,
  LlmOutputError,
  ModelRecording,
  OfflineChatModel,
  RecordingFileError,
  RecordingModelMismatchError,
  RecordingNotFoundError,
  ReplayMismatchError,
  invokeStructured,
  normaliseIds,
  readRecordingFile,
  recordingPath,
  type ModelRecordingSettings,
} from '../../../src/llm/index.js';
import { ScriptedModel, UnreachableModel } from '../../support/fake-models.js';

const RUN = { scenarioId: 'mini_inbox', contentHash: `sha256:${'ab'.repeat(32)}`, seed: 7 };
const ROLE = { role: 'characters', model: 'openai:fake' };
const verdict = z.object({ score: z.number(), rationale: z.string() });

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ues-recording-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function session(settings: ModelRecordingSettings, roles = [ROLE]): Promise<ModelRecording> {
  return ModelRecording.open(settings, RUN, roles);
}

/** One recorded run: two plain calls and a structured one, through the wrapper. */
async function recordRun(): Promise<{ live: ScriptedModel; answers: unknown[] }> {
  const live = new ScriptedModel((prompt, call) =>
    prompt.includes('rate') ? '{"score": 4, "rationale": "fine"}' : `answer ${call} to ${prompt}`,
  );
  const recording = await session({ recordDir: dir });
  const model = recording.wrap(ROLE, () => live);
  const answers = [
    (await model.invoke([['human', 'hello']])).text,
    (await model.invoke([['human', 'again']])).text,
    await invokeStructured(model, [['human', 'rate it']], verdict, { name: 'criterion_evaluation' }),
  ];
  expect(await recording.close()).toEqual([recordingPath(dir, { ...RUN, role: 'characters' })]);
  return { live, answers };
}

describe('recording model calls', () => {
  it('records plain and structured calls with their prompts, hashes and answers', async () => {
    const { live, answers } = await recordRun();
    expect(live.calls).toBe(3);
    expect(answers).toEqual(['answer 0 to hello', 'answer 1 to again', { score: 4, rationale: 'fine' }]);
    const file = await readRecordingFile(recordingPath(dir, { ...RUN, role: 'characters' }));
    expect(file).toMatchObject({
      scenario_id: 'mini_inbox',
      content_hash: RUN.contentHash,
      seed: 7,
      role: 'characters',
      model: 'openai:fake',
    });
    expect(file!.calls.map((call) => [call.index, call.request.kind, call.answer.type])).toEqual([
      [0, 'generate', 'message'],
      [1, 'generate', 'message'],
      [2, 'structured', 'structured'],
    ]);
    expect(file!.calls[0]!.request.messages).toEqual([{ role: 'human', content: 'hello' }]);
    expect(file!.calls[2]!.answer).toEqual({ type: 'structured', parsed: { score: 4, rationale: 'fine' } });
  });

  it('replays the same answers without calling the live model, any number of times', async () => {
    const { answers } = await recordRun();
    for (let round = 0; round < 2; round++) {
      const unreachable = new UnreachableModel({});
      const recording = await session({ replayDir: dir });
      const model = recording.wrap(ROLE, () => unreachable);
      const replayed = [
        (await model.invoke([['human', 'hello']])).text,
        (await model.invoke([['human', 'again']])).text,
        await invokeStructured(model, [['human', 'rate it']], verdict, { name: 'criterion_evaluation' }),
      ];
      expect(replayed).toEqual(answers);
      expect(unreachable.calls).toBe(0);
      expect(recording.summary().roles['characters']).toEqual({
        calls: 3,
        replayed: 3,
        live: 0,
        mismatches: 0,
        unused: 0,
      });
    }
  });

  it('serves calls that start in another order (concurrent callers) by prompt, not by position', async () => {
    await recordRun();
    const recording = await session({ replayDir: dir });
    const model = recording.wrap(ROLE, () => new UnreachableModel({}));
    const [second, first] = await Promise.all([
      model.invoke([['human', 'again']]),
      model.invoke([['human', 'hello']]),
    ]);
    expect([first.text, second.text]).toEqual(['answer 0 to hello', 'answer 1 to again']);
  });

  it('serves repeated identical prompts their answers in the recorded order', async () => {
    const live = new ScriptedModel((_prompt, call) => `take ${call}`);
    const recorder = await session({ recordDir: dir });
    const model = recorder.wrap(ROLE, () => live);
    for (let i = 0; i < 3; i++) await model.invoke('same');
    await recorder.close();
    const replay = (await session({ replayDir: dir })).wrap(ROLE, () => new UnreachableModel({}));
    const texts = [];
    for (let i = 0; i < 3; i++) texts.push((await replay.invoke('same')).text);
    expect(texts).toEqual(['take 0', 'take 1', 'take 2']);
  });

  it('finds ids inside names but not inside longer words', () => {
    expect(
      normaliseIds(
        'thread-05c3ae38-236f-46cb-8951-d8c076e73e06, 05C3AE38-236F-46CB-8951-D8C076E73E06; ' +
          'x39d0c85c-5d6e-44d7-b308-5db416b7bf49 39d0c85c-5d6e-44d7-b308-5db416b7bf49a',
      ),
    ).toBe(
      'thread-<id-1>, <id-1>; x39d0c85c-5d6e-44d7-b308-5db416b7bf49 39d0c85c-5d6e-44d7-b308-5db416b7bf49a',
    );
    expect(normaliseIds('no ids - here-and-there')).toBe('no ids - here-and-there');
  });

  it('treats prompts that differ only in simulator ids (UUIDs) as the same call', async () => {
    const live = new ScriptedModel(() => 'noted');
    const recorder = await session({ recordDir: dir });
    await recorder
      .wrap(ROLE, () => live)
      .invoke('reply to 05c3ae38-236f-46cb-8951-d8c076e73e06 then 05c3ae38-236f-46cb-8951-d8c076e73e06');
    await recorder.close();
    const replay = (await session({ replayDir: dir })).wrap(ROLE, () => new UnreachableModel({}));
    const same = 'reply to 39d0c85c-5d6e-44d7-b308-5db416b7bf49 then 39d0c85c-5d6e-44d7-b308-5db416b7bf49';
    expect((await replay.invoke(same)).text).toBe('noted');
    // Two different ids where the recording had one id twice: another prompt.
    const other = 'reply to 39d0c85c-5d6e-44d7-b308-5db416b7bf49 then 11111111-5d6e-44d7-b308-5db416b7bf49';
    await expect(replay.invoke(other)).rejects.toBeInstanceOf(ReplayMismatchError);
  });

  it('records a failed call and raises the same error class and message on replay', async () => {
    const endpoint = { provider: 'openai', model: 'fake', baseUrl: 'http://127.0.0.1:9/v1' };
    const failing = new ScriptedModel(() => {
      throw new LlmCallError(endpoint, 'server', 500, 'model overloaded', 3, 1500);
    });
    const recorder = await session({ recordDir: dir });
    const live = await recorder
      .wrap(ROLE, () => failing)
      .invoke('hi')
      .catch((error: unknown) => error);
    await recorder.close();
    const replayed = await (
      await session({ replayDir: dir })
    )
      .wrap(ROLE, () => new UnreachableModel({}))
      .invoke('hi')
      .catch((error: unknown) => error);
    expect(live).toBeInstanceOf(LlmCallError);
    expect(replayed).toBeInstanceOf(LlmCallError);
    expect((replayed as Error).message).toBe((live as Error).message);
    expect(replayed).toMatchObject({ status: 500, kind: 'server', attempts: 3 });
  });

  it('replays an unusable structured answer as the same LlmOutputError', async () => {
    const live = new FakeListChatModel({ responses: ['I would say 7.'] });
    const recorder = await session({ recordDir: dir });
    const first = await invokeStructured(
      recorder.wrap(ROLE, () => live),
      ['rate'],
      verdict,
      {
        name: 'criterion_evaluation',
      },
    ).catch((error: unknown) => error);
    await recorder.close();
    const again = await invokeStructured(
      (await session({ replayDir: dir })).wrap(ROLE, () => new UnreachableModel({})),
      ['rate'],
      verdict,
      { name: 'criterion_evaluation' },
    ).catch((error: unknown) => error);
    expect(first).toBeInstanceOf(LlmOutputError);
    expect(again).toBeInstanceOf(LlmOutputError);
    expect((again as Error).message).toBe((first as Error).message);
  });

  it('records through the offline model’s own structured output', async () => {
    const recorder = await session({ recordDir: dir });
    const model = recorder.wrap(ROLE, () => new OfflineChatModel());
    const schema = z.object({ should_respond: z.boolean(), reasoning: z.string() });
    const prompt = 'Task: should_respond\nLatest message:\n<<<\nthanks!\n>>>';
    const live = await invokeStructured(model, [['human', prompt]], schema, { name: 'should_respond' });
    await recorder.close();
    const replay = (await session({ replayDir: dir })).wrap(ROLE, () => new UnreachableModel({}));
    expect(await invokeStructured(replay, [['human', prompt]], schema, { name: 'should_respond' })).toEqual(
      live,
    );
  });

  it('records calls of a model with bound tools, tool calls included', async () => {
    const live = new FakeListChatModel({ responses: ['calling'] });
    const tool = { type: 'function', function: { name: 'lookup', description: 'd', parameters: {} } };
    const recorder = await session({ recordDir: dir });
    const bound = recorder.wrap(ROLE, () => live).bindTools!([tool]);
    expect((await bound.invoke('use the tool')).text).toBe('calling');
    await recorder.close();
    const file = await readRecordingFile(recordingPath(dir, { ...RUN, role: 'characters' }));
    expect(file!.calls[0]!.request.tools).toEqual([tool]);
    const replay = (await session({ replayDir: dir })).wrap(ROLE, () => new UnreachableModel({}));
    expect((await replay.bindTools!([tool]).invoke('use the tool')).text).toBe('calling');
    // The same prompt without the tools is another call.
    await expect(replay.invoke('use the tool')).rejects.toBeInstanceOf(ReplayMismatchError);
  });
});

describe('a replay that does not match', () => {
  it('fails the call with the role, position and the first differing line, and aborts the run signal', async () => {
    await recordRun();
    const recording = await session({ replayDir: dir });
    const model = recording.wrap(ROLE, () => new UnreachableModel({}));
    const error = await model.invoke([['human', 'hellO']]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReplayMismatchError);
    const message = (error as Error).message;
    expect(message).toContain('call #0 of characters has no recorded answer');
    expect(message).toContain('recorded "hello", now "hellO"');
    expect(message).toContain('--replay-fallthrough');
    expect(recording.mismatchSignal.aborted).toBe(true);
    expect(recording.mismatchSignal.reason).toBe(error);
    expect(recording.summary().roles['characters']).toMatchObject({ mismatches: 1, unused: 3 });
  });

  it('with fall-through, asks the live model and records the completed run', async () => {
    await recordRun();
    const live = new ScriptedModel(() => 'fresh');
    const newDir = join(dir, 'refreshed');
    const recording = await session({ replayDir: dir, replayFallthrough: true, recordDir: newDir });
    const model = recording.wrap(ROLE, () => live);
    expect((await model.invoke([['human', 'hello']])).text).toBe('answer 0 to hello');
    expect((await model.invoke([['human', 'something new']])).text).toBe('fresh');
    expect(live.calls).toBe(1);
    expect(recording.mode).toBe('replay+record');
    expect(recording.summary().roles['characters']).toMatchObject({ replayed: 1, live: 1, mismatches: 0 });
    expect(recording.mismatchSignal.aborted).toBe(false);
    await recording.close();
    const file = await readRecordingFile(recordingPath(newDir, { ...RUN, role: 'characters' }));
    expect(file!.calls.map((call) => call.answer)).toEqual([
      { type: 'message', message: { content: 'answer 0 to hello' } },
      { type: 'message', message: { content: 'fresh' } },
    ]);
  });

  it('says which seeds and versions exist when nothing was recorded for this run', async () => {
    await recordRun();
    const otherSeed = await ModelRecording.open({ replayDir: dir }, { ...RUN, seed: 8 }, [ROLE]).catch(
      (e: unknown) => e,
    );
    expect(otherSeed).toBeInstanceOf(RecordingNotFoundError);
    expect((otherSeed as Error).message).toContain('seed(s) 7');
    const otherVersion = await ModelRecording.open(
      { replayDir: dir },
      { ...RUN, contentHash: `sha256:${'cd'.repeat(32)}` },
      [ROLE],
    ).catch((e: unknown) => e);
    expect((otherVersion as Error).message).toContain('other versions of this scenario');
    // Fall-through accepts a missing recording: every call goes live.
    await expect(
      ModelRecording.open({ replayDir: dir, replayFallthrough: true }, { ...RUN, seed: 8 }, [ROLE]),
    ).resolves.toBeInstanceOf(ModelRecording);
  });

  it('refuses a recording made with another model', async () => {
    await recordRun();
    const error = await session({ replayDir: dir }, [{ role: 'characters', model: 'offline' }]).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RecordingModelMismatchError);
    expect((error as Error).message).toContain('recorded with model "openai:fake"');
  });

  it('names a damaged recording file', async () => {
    const file = recordingPath(dir, { ...RUN, role: 'characters' });
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, '{"format": "something else"}');
    const error = await session({ replayDir: dir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RecordingFileError);
    expect((error as Error).message).toContain(file);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ format: 'something else' });
  });

  it('rejects keys that cannot name a folder', async () => {
    await expect(
      ModelRecording.open({ recordDir: dir }, { ...RUN, scenarioId: '../escape' }, [ROLE]),
    ).rejects.toThrow(/cannot name a folder/);
  });
});
