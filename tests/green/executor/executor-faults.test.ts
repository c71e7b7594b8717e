import { afterEach, describe, expect, it } from 'vitest';
import {
  InProcessUesRunner,
  UesStartError,
  type UesInstance,
  type UesRunner,
} from '../../../src/green/runtime/index.js';
import type { GreenServerHandle, GreenServerOptions } from '../../../src/green/server.js';
import { ScenarioManager, ScenarioValidationError } from '../../../src/green/scenarios/index.js';
import { A2AAgentClient, parseResults, payloadOfParts, taskStateName } from '../../../src/protocol/index.js';
import { TEST_SCENARIOS_DIR } from '../../support/green-harness.js';
import {
  startTestGreen,
  streamAssessment,
  terminalStates,
  type StreamRecord,
} from '../../support/green-server.js';
import {
  earlyCompletion,
  startScriptedPurple,
  turnComplete,
  type PurpleScript,
  type ScriptedPurple,
} from '../../support/scripted-purple.js';

let green: GreenServerHandle | undefined;
let purple: ScriptedPurple | undefined;
const clients: A2AAgentClient[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await purple?.close();
  await green?.close();
  purple = undefined;
  green = undefined;
});

async function setup(
  script: PurpleScript,
  config: Record<string, unknown> = {},
  runner?: UesRunner,
  options: Omit<GreenServerOptions, 'agent'> = {},
) {
  green = await startTestGreen(config, { ...options, ...(runner ? { agent: { runner } } : {}) });
  purple = await startScriptedPurple(script);
  return connect();
}

async function connect(): Promise<A2AAgentClient> {
  const client = await A2AAgentClient.connect(green!.url);
  clients.push(client);
  return client;
}

const request = (extra: Record<string, unknown> = {}) => ({
  participants: { assistant: purple!.url },
  config: { scenario_id: 'mini_inbox', ...extra },
});

/** A runner that remembers what it started, and can be told to fail. */
function trackingRunner(options: { failFirst?: boolean } = {}) {
  const inner = new InProcessUesRunner();
  const started: UesInstance[] = [];
  let failNext = options.failFirst ?? false;
  const runner: UesRunner = {
    kind: 'in-process',
    async start(startOptions) {
      if (failNext) {
        failNext = false;
        throw new UesStartError('in-process', 'could not start UES: port exhausted (scripted)');
      }
      const instance = await inner.start(startOptions);
      started.push(instance);
      return instance;
    },
  };
  return { runner, started };
}

function expectRejected(record: StreamRecord, text: RegExp | string): void {
  expect(terminalStates(record)).toEqual(['rejected']);
  expect(record.states.at(-1)).toBe('rejected');
  expect(record.artifacts).toEqual([]);
  expect(record.texts.at(-1)).toMatch(text);
}

describe('the green executor over A2A: requests', () => {
  it('accepts the request as a DataPart too', async () => {
    const client = await setup({ onTurn: () => earlyCompletion() });
    const record = await streamAssessment(client, request(), { as: 'data' }).done;
    expect(terminalStates(record)).toEqual(['completed']);
    expect(parseResults(payloadOfParts(record.artifacts[0]!.parts)).turns_taken).toBe(1);
  });

  it('rejects malformed requests with a message naming the problem (bug 10)', async () => {
    const client = await setup({ onTurn: () => earlyCompletion() });
    expectRejected(
      await streamAssessment(client, 'run mini_inbox please', { as: 'raw-text' }).done,
      /not a JSON object.*participants/,
    );
    client.startNewConversation();
    expectRejected(
      await streamAssessment(client, { participants: { assistant: purple!.url }, config: {} }).done,
      'invalid assessment request: config.scenario_id: is required',
    );
    client.startNewConversation();
    expectRejected(
      await streamAssessment(client, {
        participants: { assistant: 'not a url' },
        config: { scenario_id: 'mini_inbox' },
      }).done,
      /participants\.assistant: must be an absolute http\(s\) URL/,
    );
    client.startNewConversation();
    expectRejected(
      await streamAssessment(client, {
        participants: { alice: purple!.url, bob: purple!.url },
        config: { scenario_id: 'mini_inbox' },
      }).done,
      /none is the assistant/,
    );
    expect(purple!.received).toEqual([]);
  });

  it('rejects an unknown scenario and lists the available ones', async () => {
    const client = await setup({ onTurn: () => earlyCompletion() });
    const record = await streamAssessment(client, request({ scenario_id: 'no_such_scenario' })).done;
    expectRejected(record, 'unknown scenario "no_such_scenario"; available scenarios: mini_inbox');
  });

  it('picks the assistant among several participants by role name', async () => {
    const client = await setup({ onTurn: () => earlyCompletion() });
    const record = await streamAssessment(client, {
      participants: { observer: 'http://127.0.0.1:9/', personal_assistant: purple!.url },
      config: { scenario_id: 'mini_inbox' },
    }).done;
    expect(parseResults(payloadOfParts(record.artifacts[0]!.parts)).participant).toBe('personal_assistant');
  });
});

describe('the green executor over A2A: outcomes', () => {
  it('ends completed with a failed-status artifact after repeated purple failures', async () => {
    const client = await setup(
      { onTurn: () => ({ text: 'I will not speak JSON' }) },
      { max_consecutive_turn_failures: 2 },
    );
    const record = await streamAssessment(client, request()).done;
    expect(terminalStates(record)).toEqual(['completed']);
    const results = parseResults(payloadOfParts(record.artifacts[0]!.parts));
    expect(results).toMatchObject({ status: 'failed', turns_taken: 2 });
    expect(results.criteria_results).toHaveLength(4);
    expect(record.updates.filter((u) => u.message_type === 'update_error_occurred')).toHaveLength(2);
  });

  it('cancels promptly, aborting the call in flight to the purple', async () => {
    const client = await setup({ onTurn: () => ({ hang: true }) });
    const run = streamAssessment(client, request({ turn_timeout_seconds: 600 }));
    const taskId = await run.taskId;
    await purple!.next('turn_start');
    const canceler = await connect();
    const canceled = await canceler.cancelTask(taskId);
    expect(taskStateName(canceled.status?.state)).toBe('canceled');
    const record = await run.done;
    expect(terminalStates(record)).toEqual(['canceled']);
    expect(record.artifacts).toEqual([]);
    // The purple is told, and the context is free again for the next assessment.
    await purple!.next('assessment_complete');
    expect(purple!.received.at(-1)?.message).toEqual({
      message_type: 'assessment_complete',
      reason: 'error',
    });
  });

  it('fails, naming the file, when the scenario on the green’s side is broken', async () => {
    const manager = new ScenarioManager(TEST_SCENARIOS_DIR);
    green = await startTestGreen(
      {},
      {
        scenarios: {
          listIds: () => manager.listIds(),
          load: async (id) => {
            throw new ScenarioValidationError(id, '/scenarios/mini_inbox/scenario.json', [
              { path: 'criteria[0].max_score', message: 'must be at most 100' },
            ]);
          },
        },
      },
    );
    purple = await startScriptedPurple({ onTurn: () => earlyCompletion() });
    const record = await streamAssessment(await connect(), request()).done;
    expect(terminalStates(record)).toEqual(['failed']);
    expect(record.texts.at(-1)).toBe(
      'Assessment failed: /scenarios/mini_inbox/scenario.json: criteria[0].max_score: must be at most 100',
    );
  });

  it('fails with the error text, exactly once, when the green’s simulator dies — publishing what was recorded', async () => {
    const { runner, started } = trackingRunner();
    const client = await setup(
      {
        async onTurn() {
          await started[0]!.stop();
          return turnComplete();
        },
      },
      {},
      runner,
    );
    const record = await streamAssessment(client, request()).done;
    expect(terminalStates(record)).toEqual(['failed']);
    expect(record.texts.at(-1)).toMatch(/^Assessment failed: .*could not reach the UES server/);
    expect(record.updates.at(-1)).toMatchObject({
      message_type: 'update_error_occurred',
      recoverable: false,
    });
    // The partial results: status failed, the turn that was under way, the criteria scored on the
    // last state the green read — here the initial one, as the simulator went in the first turn.
    expect(record.artifacts).toHaveLength(1);
    const results = parseResults(payloadOfParts(record.artifacts[0]!.parts)!);
    expect(results.status).toBe('failed');
    expect(results.metadata?.['end_reason']).toBe('green_error');
    expect(String(results.metadata?.['failure'])).toContain('could not reach the UES server');
    expect(results.metadata?.['partial_evaluation']).toMatchObject({ read_after_turn: 0 });
    expect(results.turns_taken).toBe(1);
    const evaluated = results.criteria_results.filter(
      (criterion) => criterion.details?.['evaluated'] !== false,
    );
    expect(evaluated.map((criterion) => criterion.criterion_id)).toEqual([
      'replied_to_ann',
      'posted_summaries',
      'no_stray_sends',
    ]);
    expect(evaluated[0]!.explanation).toMatch(/^Scored on the initial state .*the run having failed/);
    expect(results.scores.overall).toMatchObject({ max_score: 20 });
  });
});

describe('the green executor over A2A: contexts, heartbeats, shutdown', () => {
  it('sends working heartbeats while the purple thinks', async () => {
    let enough!: () => void;
    const heartbeats = new Promise<void>((resolve) => (enough = resolve));
    const client = await setup(
      {
        async onTurn() {
          await heartbeats;
          return earlyCompletion();
        },
      },
      { heartbeat_interval_seconds: 0.05 },
    );
    const record = await streamAssessment(client, request(), {
      onEvent: (live) => {
        if (
          live.texts.filter((text) => text.startsWith('Still working: turn 1: waiting for the purple'))
            .length >= 2
        )
          enough();
      },
    }).done;
    expect(terminalStates(record)).toEqual(['completed']);
    expect(record.states.slice(1, -1).every((state) => state === 'working')).toBe(true);
  });

  it('runs a second request in a busy context after the first, reusing the context’s UES', async () => {
    let releaseFirst!: () => void;
    const firstMayFinish = new Promise<void>((resolve) => (releaseFirst = resolve));
    const { runner, started } = trackingRunner();
    const client = await setup(
      {
        async onTurn({ contextId }) {
          if (contextId === purple!.received[0]!.contextId) await firstMayFinish;
          return earlyCompletion();
        },
      },
      { heartbeat_interval_seconds: 0.05 },
      runner,
    );
    const first = streamAssessment(client, request());
    await purple!.next('turn_start');
    let waiting!: () => void;
    const secondWaits = new Promise<void>((resolve) => (waiting = resolve));
    const second = streamAssessment(client, request(), {
      onEvent: (live) => {
        if (live.texts.some((text) => text.includes('waiting for this context to be free'))) waiting();
      },
    });
    await secondWaits;
    releaseFirst();
    const [a, b] = await Promise.all([first.done, second.done]);
    expect(a.contextId).toBe(b.contextId);
    expect([terminalStates(a), terminalStates(b)]).toEqual([['completed'], ['completed']]);
    const order = purple!.received.map((m) => m.message.message_type);
    expect(order).toEqual([
      'assessment_start',
      'turn_start',
      'assessment_complete',
      'assessment_start',
      'turn_start',
      'assessment_complete',
    ]);
    expect(started).toHaveLength(1);
    expect(green!.executor.activeContexts).toBe(1);

    // A new context gets its own UES.
    client.startNewConversation();
    await streamAssessment(client, request()).done;
    expect(started).toHaveLength(2);
  });

  it('does not keep an agent whose startup failed, and stops every UES on close', async () => {
    const { runner, started } = trackingRunner({ failFirst: true });
    const client = await setup({ onTurn: () => earlyCompletion() }, {}, runner);
    const failed = await streamAssessment(client, request()).done;
    expect(terminalStates(failed)).toEqual(['failed']);
    expect(failed.texts.at(-1)).toContain('port exhausted (scripted)');
    const retried = await streamAssessment(client, request()).done;
    expect(failed.contextId).toBe(retried.contextId);
    expect(terminalStates(retried)).toEqual(['completed']);
    expect(started).toHaveLength(1);

    await green!.close();
    green = undefined;
    await expect(fetch(`${started[0]!.url}/health`)).rejects.toThrow();
  });

  it('stops the UES of a context left idle, and starts a fresh one if the context comes back', async () => {
    const { runner, started } = trackingRunner();
    let evicted!: (contextId: string) => void;
    const eviction = new Promise<string>((resolve) => (evicted = resolve));
    const client = await setup({ onTurn: () => earlyCompletion() }, {}, runner, {
      agentIdleTimeoutMs: 50,
      onAgentEvicted: (contextId) => evicted(contextId),
    });
    const first = await streamAssessment(client, request()).done;
    expect(await eviction).toBe(first.contextId);
    expect(green!.executor.activeContexts).toBe(0);
    await expect(fetch(`${started[0]!.url}/health`)).rejects.toThrow();
    const again = await streamAssessment(client, request()).done;
    expect(again.contextId).toBe(first.contextId);
    expect(terminalStates(again)).toEqual(['completed']);
    expect(started).toHaveLength(2);
  });
});
