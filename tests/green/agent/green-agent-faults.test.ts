import { afterEach, describe, expect, it } from 'vitest';
import {
  AssessmentCanceledError,
  AssessmentError,
  AssessmentFailedError,
  SimulatorFailedError,
  partialResultsOf,
} from '../../../src/green/agent/index.js';
import {
  ChildProcessUesRunner,
  InProcessUesRunner,
  type UesInstance,
} from '../../../src/green/runtime/index.js';
import type { AssessmentResults, TaskUpdate } from '../../../src/protocol/index.js';
import { UesAuthError, UesClient, UesPermissionError } from '../../../src/ues/client/index.js';
import { startAgentHarness, type AgentHarness } from '../../support/green-harness.js';
import {
  earlyCompletion,
  startScriptedPurple,
  turnComplete,
  type PurpleScript,
  type ScriptedPurple,
} from '../../support/scripted-purple.js';

let harness: AgentHarness | undefined;
let purple: ScriptedPurple | undefined;

afterEach(async () => {
  await purple?.close();
  await harness?.close();
  purple = undefined;
  harness = undefined;
});

async function assess(
  script: PurpleScript | { url: string },
  options: { config?: Record<string, unknown>; request?: Record<string, unknown>; signal?: AbortSignal } = {},
): Promise<{ results: AssessmentResults; updates: TaskUpdate[]; purple: ScriptedPurple | undefined }> {
  harness = await startAgentHarness({ config: options.config });
  let url: string;
  if ('onTurn' in script) {
    purple = await startScriptedPurple(script);
    url = purple.url;
  } else {
    url = script.url;
  }
  const { emitter, updates } = harness.recorder();
  const results = await harness.agent.run({
    taskId: 'task-1',
    participantRole: 'assistant',
    purpleUrl: url,
    scenario: await harness.scenarios.load('mini_inbox'),
    config: { scenario_id: 'mini_inbox', ...options.request },
    emitter,
    signal: options.signal ?? new AbortController().signal,
  });
  return { results, updates: updates(), purple };
}

const ofType = <T extends TaskUpdate['message_type']>(updates: TaskUpdate[], type: T) =>
  updates.filter(
    (update): update is Extract<TaskUpdate, { message_type: T }> => update.message_type === type,
  );

const hours = (updates: TaskUpdate[]) =>
  ofType(updates, 'update_turn_started').map((u) => new Date(u.current_time).toISOString().slice(11, 16));

/** Resolves once `condition` holds, checking after each turn of the event loop. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise<void>((resolve) => setImmediate(resolve));
}

const postChat = (content: string) => ({
  role: 'assistant' as const,
  content,
  conversation_id: 'user-assistant',
});

describe('GreenAgent.run: how assessments end', () => {
  it('keeps and processes the actions of the turn that asks for early completion (bug 8)', async () => {
    const {
      results,
      updates,
      purple: p,
    } = await assess({
      async onTurn({ turn, ues }) {
        await ues.chat.send(postChat(`summary ${turn.turn_number}`));
        if (turn.turn_number === 1) return turnComplete('PT1H');
        await ues.email.send({
          from_address: 'alex@example.com',
          to_addresses: ['ann@example.com'],
          subject: 'Re: Lunch',
          body_text: 'Yes!',
        });
        return earlyCompletion('everything is done');
      },
    });
    expect(results.turns_taken).toBe(2);
    expect(results.action_log.map((entry) => `${entry.turn}:${entry.action}`)).toEqual([
      '1:chat.send_message',
      '2:chat.send_message',
      '2:email.send',
    ]);
    expect(results.metadata?.['end_reason']).toBe('early_completion');
    expect(results.criteria_results.find((c) => c.criterion_id === 'replied_to_ann')?.score).toBe(10);
    expect(ofType(updates, 'update_action_observed').map((u) => u.turn_number)).toEqual([1, 2, 2]);
    expect(ofType(updates, 'update_turn_completed').at(-1)).toMatchObject({
      turn_number: 2,
      actions_taken: 2,
      time_advanced: 'PT0S',
      early_completion_requested: true,
    });
    expect(ofType(updates, 'update_assessment_completed')[0]?.reason).toBe('early_completion');
    expect(p!.received.at(-1)?.message).toEqual({
      message_type: 'assessment_complete',
      reason: 'early_completion',
    });
  });

  it('clamps a step past end_time, so the final turn starts exactly at end_time (bug 2)', async () => {
    const { results, updates } = await assess({ onTurn: () => turnComplete('P1D') });
    expect(hours(updates)).toEqual(['06:00', '09:00']);
    expect(ofType(updates, 'update_simulation_advanced')).toEqual([
      expect.objectContaining({ duration: 'PT3H' }),
    ]);
    expect(results.metadata?.['end_reason']).toBe('scenario_complete');
  });

  it('stops at max_turns from the request', async () => {
    const {
      results,
      updates,
      purple: p,
    } = await assess({ onTurn: () => turnComplete('PT30M') }, { request: { max_turns: 2 } });
    expect(results.turns_taken).toBe(2);
    expect(results.status).toBe('completed');
    expect(results.metadata?.['end_reason']).toBe('max_turns');
    // The update stream says why the green stopped, beside what the purple was told.
    expect(ofType(updates, 'update_assessment_completed')[0]).toMatchObject({
      reason: 'scenario_complete',
      end_reason: 'max_turns',
    });
    expect(p!.received.at(-1)?.message).toEqual({
      message_type: 'assessment_complete',
      reason: 'scenario_complete',
    });
  });

  it('stops at the green’s default_max_turns when the request sets none', async () => {
    const { results } = await assess(
      { onTurn: () => turnComplete('PT10M') },
      { config: { default_max_turns: 3 } },
    );
    expect(results.turns_taken).toBe(3);
    expect(results.metadata?.['end_reason']).toBe('max_turns');
  });
});

describe('GreenAgent.run: purple faults are failed turns, not crashes (bug 9)', () => {
  it('records invalid, failed and unparseable replies as turn errors, keeps their actions and moves time on', async () => {
    const { results, updates } = await assess(
      {
        async onTurn({ turn, ues }) {
          await ues.chat.send(postChat(`turn ${turn.turn_number}`));
          switch (turn.turn_number) {
            case 1:
              return { text: 'sure, done!' };
            case 2:
              return { payload: { message_type: 'turn_complete', time_step: 'P1X' } };
            case 3:
              return { state: 'failed', text: 'I crashed' };
            default:
              return turnComplete();
          }
        },
      },
      { config: { max_consecutive_turn_failures: 5 } },
    );
    expect(results.status).toBe('completed');
    expect(results.turns_taken).toBe(4);
    // A failed turn still advances by the scenario's default_time_step.
    expect(hours(updates)).toEqual(['06:00', '07:00', '08:00', '09:00']);
    expect(results.action_log.map((entry) => entry.turn)).toEqual([1, 2, 3, 4]);
    const errors = ofType(updates, 'update_error_occurred');
    expect(errors.map((e) => [e.error_type, e.recoverable])).toEqual([
      ['protocol_error', true],
      ['protocol_error', true],
      ['protocol_error', true],
    ]);
    expect(errors[0]!.error_message).toContain('turn 1: the purple replied without a JSON object');
    expect(errors[1]!.error_message).toContain('turn_complete.time_step');
    expect(errors[2]!.error_message).toContain('ended in state "failed"');
    expect(errors[2]!.context).toMatchObject({
      turn_number: 3,
      consecutive_failures: 3,
      max_consecutive_failures: 5,
    });
  });

  it('times out a silent turn, records it and goes on with the next turn', async () => {
    const { results, updates } = await assess(
      { onTurn: ({ turn }) => (turn.turn_number === 1 ? { hang: true } : earlyCompletion()) },
      { request: { turn_timeout_seconds: 0.2 } },
    );
    expect(results.status).toBe('completed');
    expect(hours(updates)).toEqual(['06:00', '07:00']);
    expect(ofType(updates, 'update_error_occurred')).toEqual([
      expect.objectContaining({
        error_type: 'timeout',
        error_message: 'turn 1: the purple did not answer turn_start within 0.2 s',
        recoverable: true,
      }),
    ]);
  });

  it('ends with status failed after max_consecutive_turn_failures, still evaluating everything recorded', async () => {
    const {
      results,
      updates,
      purple: p,
    } = await assess(
      {
        async onTurn({ turn, ues }) {
          if (turn.turn_number === 1) {
            await ues.chat.send(postChat('first summary'));
            return turnComplete();
          }
          return { state: 'rejected' };
        },
      },
      { config: { max_consecutive_turn_failures: 2 } },
    );
    expect(results.status).toBe('failed');
    expect(results.turns_taken).toBe(3);
    expect(results.metadata?.['end_reason']).toBe('consecutive_failures');
    expect(results.action_log).toHaveLength(1);
    expect(results.criteria_results).toHaveLength(4);
    expect(results.criteria_results.find((c) => c.criterion_id === 'posted_summaries')?.score).toBe(2);
    expect(ofType(updates, 'update_assessment_completed')[0]?.reason).toBe('error');
    expect(p!.received.at(-1)?.message).toEqual({ message_type: 'assessment_complete', reason: 'error' });
  });

  it('treats an unreachable purple as failed turns and still returns results', async () => {
    const { results, updates } = await assess(
      { url: 'http://127.0.0.1:9/' },
      { config: { max_consecutive_turn_failures: 2 } },
    );
    expect(results.status).toBe('failed');
    expect(results.turns_taken).toBe(2);
    const errors = ofType(updates, 'update_error_occurred');
    expect(errors.map((e) => e.error_type)).toEqual([
      'communication_error',
      'communication_error',
      'communication_error',
    ]);
    expect(errors[0]!.error_message).toMatch(/^assessment_start: could not deliver assessment_start/);
  });
});

describe('GreenAgent.run: cancellation and green-side failures', () => {
  it('stops promptly when canceled mid-turn, revokes the key and tells the purple', async () => {
    harness = await startAgentHarness();
    purple = await startScriptedPurple({ onTurn: () => ({ hang: true }) });
    const controller = new AbortController();
    const { emitter } = harness.recorder();
    const running = harness.agent.run({
      taskId: 'task-1',
      participantRole: 'assistant',
      purpleUrl: purple.url,
      scenario: await harness.scenarios.load('mini_inbox'),
      config: { scenario_id: 'mini_inbox' },
      emitter,
      signal: controller.signal,
    });
    const turn = await purple.next('turn_start');
    controller.abort(new Error('canceled by the test'));
    await expect(running).rejects.toBeInstanceOf(AssessmentCanceledError);
    expect(harness.agent.isRunning).toBe(false);
    const start = purple.received[0]!.message;
    if (start.message_type !== 'assessment_start') throw new Error('expected assessment_start');
    expect(turn.contextId).toBe(purple.received[0]!.contextId);
    const asPurple = new UesClient({ baseUrl: start.ues_url, apiKey: start.api_key, retry: false });
    // Locked out twice over: the proxy refuses the purple, and behind it the key is revoked.
    await expect(asPurple.time.get()).rejects.toBeInstanceOf(UesPermissionError);
    harness!.proxyRegistry.openAccess('ctx-test');
    await expect(asPurple.time.get()).rejects.toBeInstanceOf(UesAuthError);
    expect(purple.received.at(-1)?.message).toEqual({ message_type: 'assessment_complete', reason: 'error' });
  });

  it('fails with the cause when its simulator goes away, after reporting a non-recoverable error', async () => {
    let ues: UesInstance | undefined;
    const runner = new InProcessUesRunner();
    harness = await startAgentHarness({
      agent: {
        runner: {
          kind: 'in-process',
          start: async (options) => (ues = await runner.start(options)),
        },
      },
    });
    purple = await startScriptedPurple({
      async onTurn() {
        await ues!.stop();
        return turnComplete();
      },
    });
    const { emitter, updates } = harness.recorder();
    const error = await harness.agent
      .run({
        taskId: 'task-1',
        participantRole: 'assistant',
        purpleUrl: purple.url,
        scenario: await harness.scenarios.load('mini_inbox'),
        config: { scenario_id: 'mini_inbox' },
        emitter,
        signal: new AbortController().signal,
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/could not reach the UES server at http:\/\/127\.0\.0\.1/);
    expect(ofType(updates(), 'update_error_occurred')).toEqual([
      expect.objectContaining({ error_type: 'ues_error', recoverable: false }),
    ]);
  });

  it('explains a failure by the child-process UES dying, quoting its last output', async () => {
    let ues: (UesInstance & { pid?: number }) | undefined;
    const runner = new ChildProcessUesRunner();
    harness = await startAgentHarness({
      agent: { runner: { kind: 'child', start: async (options) => (ues = await runner.start(options)) } },
    });
    purple = await startScriptedPurple({
      async onTurn() {
        process.kill(ues!.pid!, 'SIGKILL');
        await until(() => ues!.failure !== undefined);
        return turnComplete();
      },
    });
    const { emitter } = harness.recorder();
    const error = await harness.agent
      .run({
        taskId: 'task-1',
        participantRole: 'assistant',
        purpleUrl: purple.url,
        scenario: await harness.scenarios.load('mini_inbox'),
        config: { scenario_id: 'mini_inbox' },
        emitter,
        signal: new AbortController().signal,
      })
      .catch((caught: unknown) => caught);
    // The simulator's death is the error, and what was recorded comes with it.
    expect(error).toBeInstanceOf(AssessmentFailedError);
    expect((error as Error).cause).toBeInstanceOf(SimulatorFailedError);
    expect((error as Error).message).toMatch(
      /the UES child process was killed by SIGKILL unexpectedly[\s\S]*UES listening on/,
    );
    expect((error as Error).message).toContain('while running the assessment');
    const partial = partialResultsOf(error)!;
    expect(partial.metadata?.['failure']).toBe((error as Error).message);
    expect(partial.turns_taken).toBe(1);
    expect(harness.agent.isHealthy).toBe(false);
  });

  it('names the failing step when the scenario cannot be imported', async () => {
    harness = await startAgentHarness();
    const scenario = await harness.scenarios.load('mini_inbox');
    const broken = { ...scenario, initialState: { scenario: { environment: {} }, strict_modalities: true } };
    const { emitter } = harness.recorder();
    const error = await harness.agent
      .run({
        taskId: 'task-1',
        participantRole: 'assistant',
        purpleUrl: 'http://127.0.0.1:9/',
        scenario: broken,
        config: { scenario_id: 'mini_inbox' },
        emitter,
        signal: new AbortController().signal,
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AssessmentError);
    expect((error as AssessmentError).step).toBe('importing the scenario into UES');
  });
});
