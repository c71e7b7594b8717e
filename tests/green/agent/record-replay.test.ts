import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunRecord } from '../../../src/green/run-record/run-directory.js';
import { MissingApiKeyError, normaliseIds } from '../../../src/llm/index.js';
import { textsOf, type AssessmentResults, type TaskUpdate } from '../../../src/protocol/index.js';
import { ScriptedModel, UnreachableModel, taggedGreenModel } from '../../support/fake-models.js';
import { startAgentHarness, type AgentHarness } from '../../support/green-harness.js';
import {
  earlyCompletion,
  startScriptedPurple,
  turnComplete,
  type ScriptedPurple,
} from '../../support/scripted-purple.js';

/**
 * Record and replay of the green's model calls, end to end: a run whose characters and judge use a
 * deterministic fake "live" model is recorded; replaying it — with live models that fail if ever
 * called — gives the same action log, the same character replies and the same scores, twice.
 */

let dir: string;
const opened: Array<{ close(): Promise<void> }> = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ues-replay-'));
});

afterEach(async () => {
  for (const handle of opened.splice(0).reverse()) await handle.close();
  await rm(dir, { recursive: true, force: true });
});

/** Replies to Ann's lunch invitation, writes to Bob when his report has arrived, posts a summary. */
async function purple(): Promise<ScriptedPurple> {
  const handle = await startScriptedPurple({
    async onTurn({ turn, ues }) {
      if (turn.turn_number > 3) return earlyCompletion();
      if (turn.turn_number === 1) {
        await ues.email.send({
          from_address: 'alex@example.com',
          to_addresses: ['ann@example.com'],
          subject: 'Re: Lunch on Thursday?',
          body_text: 'Yes, lunch on Thursday works for me!',
        });
      }
      if (turn.turn_number === 2) {
        await ues.email.send({
          from_address: 'alex@example.com',
          to_addresses: ['bob@example.com'],
          subject: 'Your report',
          body_text: 'Thanks Bob, I will read it today.',
        });
      }
      await ues.chat.send({
        role: 'assistant',
        content: `Summary for turn ${turn.turn_number}: inbox checked.`,
        conversation_id: 'user-assistant',
      });
      return turnComplete('PT1H');
    },
  });
  opened.push(handle);
  return handle;
}

interface RunOutcome {
  results: AssessmentResults;
  record: RunRecord | undefined;
  updates: TaskUpdate[];
  /** The run's status texts that carry no update. */
  texts?: string[];
  error: unknown;
}

async function run(
  config: Record<string, unknown>,
  model: () => BaseChatModel,
  request: { seed?: number } = { seed: 11 },
): Promise<RunOutcome> {
  let record: RunRecord | undefined;
  const harness: AgentHarness = await startAgentHarness({
    config: { response_model: 'openai:characters', evaluation_model: 'openai:judge', ...config },
    agent: {
      models: () => model(),
      runRecordSink: async (saved) => {
        record = saved;
      },
    },
  });
  opened.push(harness);
  const assistant = await purple();
  const { emitter, updates, events } = harness.recorder();
  const texts = () =>
    events.flatMap((event) =>
      event.kind === 'statusUpdate' ? textsOf(event.data.status?.message?.parts ?? []) : [],
    );
  try {
    const results = await harness.agent.run({
      taskId: 'task-1',
      participantRole: 'assistant',
      purpleUrl: assistant.url,
      scenario: await harness.scenarios.load('mini_inbox'),
      config: { scenario_id: 'mini_inbox', ...request },
      emitter,
      signal: new AbortController().signal,
    });
    return { results, record, updates: updates(), texts: texts(), error: undefined };
  } catch (error) {
    return { results: undefined as never, record, updates: updates(), texts: texts(), error };
  }
}

/** Replies the characters wrote: inbound emails of the final state that were not there at the start. */
function characterReplies(record: RunRecord | undefined): string[] {
  const input = record!.evaluationInput!;
  const before = new Set(Object.keys(input.initial_state.email.emails));
  return Object.values(input.final_state.email.emails)
    .filter((email) => !before.has(email.message_id) && email.from_address !== 'alex@example.com')
    .filter((email) => email.in_reply_to !== undefined && email.in_reply_to !== null)
    .map((email) => `${email.received_at} ${email.from_address}: ${email.subject}\n${email.body_text}`)
    .sort();
}

/** The parts of a run that must not differ between its recording and its replays. */
function world(outcome: RunOutcome) {
  const { results } = outcome;
  return {
    // The simulator names new items with random UUIDs; everything else is byte-identical.
    actions: normaliseIds(JSON.stringify(results.action_log)),
    replies: characterReplies(outcome.record),
    scores: results.scores,
    criteria: results.criteria_results,
    status: results.status,
  };
}

describe('record and replay of the green’s model calls', () => {
  it('replays a recorded run twice with identical action logs, character replies and scores', async () => {
    const recordedModel = taggedGreenModel('recorded');
    const recorded = await run({ record_dir: dir }, () => recordedModel);
    expect(recorded.error).toBeUndefined();
    expect(recorded.results.status).toBe('completed');
    const replies = characterReplies(recorded.record);
    expect(replies.length).toBeGreaterThanOrEqual(1);
    expect(replies.join('\n')).toContain('(recorded)');
    const tone = recorded.results.criteria_results.find((c) => c.criterion_id === 'friendly_tone');
    expect(tone?.explanation).toContain('Judged recorded');
    expect(recorded.results.metadata?.['model_calls']).toMatchObject({ mode: 'record' });

    const replays: RunOutcome[] = [];
    for (let round = 0; round < 2; round++) {
      const unreachable = new UnreachableModel({});
      const replay = await run({ replay_dir: dir }, () => unreachable);
      expect(replay.error).toBeUndefined();
      expect(unreachable.calls).toBe(0);
      replays.push(replay);
    }
    for (const replay of replays) {
      expect(world(replay)).toEqual(world(recorded));
      const calls = replay.results.metadata?.['model_calls'] as {
        mode: string;
        roles: Record<string, { live: number; mismatches: number; replayed: number; unused: number }>;
      };
      expect(calls.mode).toBe('replay');
      for (const role of ['characters', 'judge']) {
        expect(calls.roles[role]).toMatchObject({ live: 0, mismatches: 0, unused: 0 });
        expect(calls.roles[role]!.replayed).toBeGreaterThan(0);
      }
    }
    // A live run of the same model with another tag really differs: the replays did not ask it.
    const fresh = await run({}, () => taggedGreenModel('fresh'));
    expect(characterReplies(fresh.record).join('\n')).toContain('(fresh)');
  }, 120_000);

  it('replays a run recorded with a drawn seed without being given it, while the recording holds that seed alone', async () => {
    const recordedModel = taggedGreenModel('recorded');
    const recorded = await run({ record_dir: dir }, () => recordedModel, {});
    const seed = recorded.results.metadata?.seed;
    expect(seed).toEqual(expect.any(Number));

    const unreachable = new UnreachableModel({});
    const replay = await run({ replay_dir: dir }, () => unreachable, {});
    expect(replay.error).toBeUndefined();
    expect(unreachable.calls).toBe(0);
    expect(replay.results.metadata?.seed).toBe(seed);
    expect(world(replay)).toEqual(world(recorded));
    expect(replay.results.metadata?.['model_calls']).toMatchObject({
      mode: 'replay',
      seed_from_recording: true,
    });
    expect(replay.texts).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^Replaying seed ${seed}: no seed was given, and it is the only one .* holds for scenario mini_inbox`,
        ),
      ),
    );

    // A second seed recorded: which run is meant is no longer clear, and the replay says what there is.
    await run({ record_dir: dir }, () => recordedModel, { seed: 11 });
    const ambiguous = await run({ replay_dir: dir }, () => unreachable, {});
    expect((ambiguous.error as Error).name).toBe('RecordingNotFoundError');
    const both = [seed as number, 11].sort((a, b) => a - b).join(', ');
    expect((ambiguous.error as Error).message).toContain(
      `It holds this scenario version with seed(s) ${both}.`,
    );
    expect(ambiguous.texts!.some((text) => text.startsWith('Replaying seed'))).toBe(false);
  }, 120_000);

  it('replays a run of provider models with no provider key: the real models are never built', async () => {
    const providerNames = { response_model: 'gpt-4o-mini', evaluation_model: 'claude-sonnet-4-5' };
    const recordedModel = taggedGreenModel('recorded');
    const recorded = await run({ ...providerNames, record_dir: dir }, () => recordedModel);
    expect(recorded.results.status).toBe('completed');
    // No injected models: the green's own factory, with an environment that has no key at all.
    const harness = await startAgentHarness({
      config: { ...providerNames, replay_dir: dir },
      agent: { env: {} },
    });
    opened.push(harness);
    const assistant = await purple();
    const { emitter } = harness.recorder();
    const replayed = await harness.agent.run({
      taskId: 'task-1',
      participantRole: 'assistant',
      purpleUrl: assistant.url,
      scenario: await harness.scenarios.load('mini_inbox'),
      config: { scenario_id: 'mini_inbox', seed: 11 },
      emitter,
      signal: new AbortController().signal,
    });
    expect(replayed.status).toBe('completed');
    expect(replayed.scores).toEqual(recorded.results.scores);
    expect(replayed.criteria_results).toEqual(recorded.results.criteria_results);
    // Without the recording, the same green cannot even build its models.
    const live = await startAgentHarness({ config: providerNames, agent: { env: {} } });
    opened.push(live);
    const error = await live.agent
      .run({
        taskId: 'task-2',
        participantRole: 'assistant',
        purpleUrl: assistant.url,
        scenario: await live.scenarios.load('mini_inbox'),
        config: { scenario_id: 'mini_inbox', seed: 11 },
        emitter: live.recorder().emitter,
        signal: new AbortController().signal,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingApiKeyError);
  }, 120_000);

  it('fails the assessment with the mismatch when the world no longer matches the recording', async () => {
    await run({ record_dir: dir }, () => taggedGreenModel('recorded'));
    // Another judge prompt: the scenario's criteria are the same, but the characters now say more.
    const changed = new ScriptedModel(() => 'unused');
    const harnessConfig = { replay_dir: dir };
    const outcome = await runWithOtherPurple(harnessConfig, () => changed);
    expect(outcome.error).toBeInstanceOf(Error);
    expect((outcome.error as Error).name).toBe('ReplayMismatchError');
    expect((outcome.error as Error).message).toMatch(/call #\d+ of characters has no recorded answer/);
    expect(changed.calls).toBe(0);

    const fallthrough = await runWithOtherPurple(
      { replay_dir: dir, replay_fallthrough: true },
      () => changed,
    );
    expect(fallthrough.error).toBeUndefined();
    expect(changed.calls).toBeGreaterThan(0);
  }, 120_000);
});

/** The same scenario and seed, but the assistant writes Ann another email. */
async function runWithOtherPurple(
  config: Record<string, unknown>,
  model: () => BaseChatModel,
): Promise<RunOutcome> {
  const harness = await startAgentHarness({
    config: { response_model: 'openai:characters', evaluation_model: 'openai:judge', ...config },
    agent: { models: () => model() },
  });
  opened.push(harness);
  const assistant = await startScriptedPurple({
    async onTurn({ turn, ues }) {
      if (turn.turn_number > 1) return earlyCompletion();
      await ues.email.send({
        from_address: 'alex@example.com',
        to_addresses: ['ann@example.com'],
        subject: 'Lunch',
        body_text: 'Sorry, I cannot make it this week.',
      });
      return turnComplete('PT1H');
    },
  });
  opened.push(assistant);
  const { emitter, updates } = harness.recorder();
  try {
    const results = await harness.agent.run({
      taskId: 'task-2',
      participantRole: 'assistant',
      purpleUrl: assistant.url,
      scenario: await harness.scenarios.load('mini_inbox'),
      config: { scenario_id: 'mini_inbox', seed: 11 },
      emitter,
      signal: new AbortController().signal,
    });
    return { results, record: undefined, updates: updates(), error: undefined };
  } catch (error) {
    return { results: undefined as never, record: undefined, updates: updates(), error };
  }
}
