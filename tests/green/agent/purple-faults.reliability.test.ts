import { afterEach, describe, expect, it } from 'vitest';
import type { AssessmentResults, TaskUpdate } from '../../../src/protocol/index.js';
import { startAgentHarness, type AgentHarness } from '../../support/green-harness.js';
import { startOversizedPurple, startSilentPurple, type HostilePurple } from '../../support/hostile-purple.js';
import {
  earlyCompletion,
  startScriptedPurple,
  turnComplete,
  type PurpleScript,
  type ScriptedPurple,
} from '../../support/scripted-purple.js';

/**
 * Purples that fail below the protocol: silence after the TCP handshake, a reply far too large,
 * a task that fails with its own reason, and fractional or extreme turn timeouts. Each costs the
 * purple failed turns — bounded by the turn timeout — never the green's memory or its run.
 */

let harness: AgentHarness | undefined;
let scripted: ScriptedPurple | undefined;
let hostile: HostilePurple | undefined;

afterEach(async () => {
  await scripted?.close();
  await hostile?.close();
  await harness?.close();
  scripted = undefined;
  hostile = undefined;
  harness = undefined;
});

async function assess(
  purpleUrl: string,
  options: { config?: Record<string, unknown>; request?: Record<string, unknown> } = {},
): Promise<{ results: AssessmentResults; updates: TaskUpdate[] }> {
  harness = await startAgentHarness({ config: options.config });
  const { emitter, updates } = harness.recorder();
  const results = await harness.agent.run({
    taskId: 'task-1',
    participantRole: 'assistant',
    purpleUrl,
    scenario: await harness.scenarios.load('mini_inbox'),
    config: { scenario_id: 'mini_inbox', ...options.request },
    emitter,
    signal: new AbortController().signal,
  });
  return { results, updates: updates() };
}

async function scriptedPurple(script: PurpleScript): Promise<string> {
  scripted = await startScriptedPurple(script);
  return scripted.url;
}

const errorsIn = (updates: TaskUpdate[]) =>
  updates.filter(
    (update): update is Extract<TaskUpdate, { message_type: 'update_error_occurred' }> =>
      update.message_type === 'update_error_occurred',
  );

describe('a purple that accepts connections and never answers', () => {
  it('costs one turn timeout per message — the agent-card fetch included — not 30 s', async () => {
    hostile = await startSilentPurple();
    const { results, updates } = await assess(hostile.url, {
      request: { turn_timeout_seconds: 0.3 },
      config: { max_consecutive_turn_failures: 2 },
    });
    expect(results.status).toBe('failed');
    const turnErrors = errorsIn(updates).filter((error) => error.error_message.startsWith('turn '));
    expect(turnErrors.map((error) => [error.error_type, error.error_message])).toEqual([
      [
        'timeout',
        'turn 1: the purple did not answer turn_start within 0.3 s (its agent card did not arrive)',
      ],
      [
        'timeout',
        'turn 2: the purple did not answer turn_start within 0.3 s (its agent card did not arrive)',
      ],
    ]);
    expect(hostile.hits).toBeGreaterThanOrEqual(3);
  });
});

describe('a purple whose reply is far too large', () => {
  it('fails the turn without reading the reply to the end', async () => {
    const oversized = await startOversizedPurple(200 * 1024 * 1024);
    hostile = oversized;
    const { results, updates } = await assess(oversized.url, {
      config: { max_consecutive_turn_failures: 1 },
    });
    expect(results.status).toBe('failed');
    const [turnError] = errorsIn(updates).filter((error) => error.error_message.startsWith('turn 1'));
    expect(turnError).toMatchObject({ error_type: 'protocol_error', recoverable: true });
    expect(turnError!.error_message).toContain('larger than the 5 MB limit');
    // It stopped reading long before the 200 MB were sent.
    expect(oversized.bytesSent()).toBeLessThan(100 * 1024 * 1024);
  });
});

describe('a purple whose turn fails with a reason', () => {
  it('passes the purple’s own reason on in the update stream', async () => {
    const url = await scriptedPurple({
      onTurn: ({ turn }) =>
        turn.turn_number === 1
          ? { state: 'failed', text: 'turn 1 failed: OpenAI said 401 Incorrect API key provided' }
          : earlyCompletion(),
    });
    const { updates } = await assess(url);
    const [error] = errorsIn(updates);
    expect(error!.error_message).toBe(
      'turn 1: the purple\'s task for turn_start ended in state "failed", not "completed"; ' +
        'the purple said: turn 1 failed: OpenAI said 401 Incorrect API key provided',
    );
  });
});

describe('turn timeouts', () => {
  it('a fractional timeout (12.3456 s) works: it becomes whole milliseconds for the HTTP client', async () => {
    const url = await scriptedPurple({
      onTurn: ({ turn }) => (turn.turn_number < 2 ? turnComplete() : earlyCompletion()),
    });
    const { results, updates } = await assess(url, { request: { turn_timeout_seconds: 12.3456 } });
    expect(errorsIn(updates)).toEqual([]);
    expect(results.status).toBe('completed');
    expect(results.turns_taken).toBe(2);
  });
});
