import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { GreenAgent } from '../../../src/green/agent/index.js';
import { AgentPool, type PoolWaitInfo } from '../../../src/green/executor/index.js';
import { InProcessUesRunner, type UesRunner } from '../../../src/green/runtime/index.js';
import { A2AAgentClient } from '../../../src/protocol/index.js';
import { startTestGreen, streamAssessment, terminalStates } from '../../support/green-server.js';
import { earlyCompletion, startScriptedPurple } from '../../support/scripted-purple.js';

/**
 * At most `maxAgents` simulators alive: idle ones are stopped first (least recently used), and
 * when every one is busy new contexts wait, in arrival order, until one is released.
 */

interface FakeAgent {
  contextId: string;
  started: boolean;
  stopped: boolean;
}

const live = new Set<FakeAgent>();
let pool: AgentPool | undefined;

afterEach(async () => {
  await pool?.shutdown();
  pool = undefined;
  live.clear();
});

function makePool(
  maxAgents: number,
  extra: { idleTimeoutMs?: number; onEvicted?: (id: string) => void } = {},
) {
  const agents: FakeAgent[] = [];
  pool = new AgentPool({
    maxAgents,
    logger: pino({ level: 'silent' }),
    ...extra,
    create: (contextId) => {
      const agent: FakeAgent = { contextId, started: false, stopped: false };
      agents.push(agent);
      return {
        contextId,
        get isHealthy() {
          return agent.started && !agent.stopped;
        },
        get isRunning() {
          return false;
        },
        async startup() {
          agent.started = true;
          live.add(agent);
        },
        async shutdown() {
          agent.stopped = true;
          live.delete(agent);
        },
      } as unknown as GreenAgent;
    },
  });
  return { pool, agents };
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('AgentPool capacity', () => {
  it('stops the least recently used idle agent to make room, without waiting', async () => {
    const { pool } = makePool(2);
    await pool.get('a');
    await pool.get('b');
    pool.release('a');
    pool.release('b');
    await pool.get('c');
    expect([...live].map((agent) => agent.contextId).sort()).toEqual(['b', 'c']);
    expect(pool.size).toBe(2);
  });

  it('makes a new context wait while every agent is busy, and starts it when one is released', async () => {
    const { pool } = makePool(2);
    await pool.get('a');
    await pool.get('b');
    const waits: PoolWaitInfo[] = [];
    let startedC = false;
    const c = pool.get('c', undefined, (info) => waits.push(info)).then(() => (startedC = true));
    await tick();
    expect(startedC).toBe(false);
    expect(waits).toEqual([{ busy: 2, maxAgents: 2, ahead: 0 }]);
    expect(live.size).toBe(2);
    pool.release('b');
    await c;
    expect([...live].map((agent) => agent.contextId).sort()).toEqual(['a', 'c']);
  });

  it('serves waiters in arrival order', async () => {
    const { pool } = makePool(1);
    await pool.get('a');
    const order: string[] = [];
    const b = pool.get('b').then(() => order.push('b'));
    const c = pool.get('c').then(() => order.push('c'));
    await tick();
    expect(pool.waiting).toBe(2);
    pool.release('a');
    await b;
    pool.release('b');
    await c;
    expect(order).toEqual(['b', 'c']);
    expect(live.size).toBe(1);
  });

  it('a waiter that gives up (canceled) leaves the queue without blocking the next one', async () => {
    const { pool } = makePool(1);
    await pool.get('a');
    const controller = new AbortController();
    const b = pool.get('b', controller.signal);
    const c = pool.get('c');
    await tick();
    controller.abort(new Error('canceled while queued'));
    await expect(b).rejects.toThrow('canceled while queued');
    pool.release('a');
    await c;
    expect([...live].map((agent) => agent.contextId)).toEqual(['c']);
  });

  it('a context already alive is served at once even when the pool is full', async () => {
    const { pool } = makePool(1);
    const first = await pool.get('a');
    pool.release('a');
    expect(await pool.get('a')).toBe(first);
  });

  it('never has more than maxAgents alive, whatever the load', async () => {
    const { pool } = makePool(3);
    let most = 0;
    const contexts = Array.from({ length: 40 }, (_, index) => `ctx-${index}`);
    await Promise.all(
      contexts.map(async (contextId) => {
        await pool.get(contextId);
        most = Math.max(most, live.size);
        await tick();
        pool.release(contextId);
      }),
    );
    expect(most).toBeLessThanOrEqual(3);
    expect(live.size).toBeLessThanOrEqual(3);
  });

  it('stops an idle agent after the idle timeout', async () => {
    let evicted!: (id: string) => void;
    const gone = new Promise<string>((resolve) => (evicted = resolve));
    const { pool } = makePool(2, { idleTimeoutMs: 20, onEvicted: (id) => evicted(id) });
    await pool.get('a');
    pool.release('a');
    expect(await gone).toBe('a');
    expect(live.size).toBe(0);
  });
});

describe('--max-contexts over A2A', () => {
  it('queues a second context while the only simulator is busy, saying why, and runs it after', async () => {
    const inner = new InProcessUesRunner();
    let alive = 0;
    let most = 0;
    const runner: UesRunner = {
      kind: 'in-process',
      async start(options) {
        const instance = await inner.start(options);
        alive += 1;
        most = Math.max(most, alive);
        return {
          ...instance,
          url: instance.url,
          adminKey: instance.adminKey,
          runner: instance.runner,
          failure: undefined,
          stop: async () => {
            alive -= 1;
            await instance.stop();
          },
        };
      },
    };
    let releaseFirst!: () => void;
    const firstMayFinish = new Promise<void>((resolve) => (releaseFirst = resolve));
    const first = await startScriptedPurple({
      async onTurn() {
        await firstMayFinish;
        return earlyCompletion();
      },
    });
    const second = await startScriptedPurple({ onTurn: () => earlyCompletion() });
    const green = await startTestGreen({ max_contexts: 1 }, { agent: { runner } });
    const clients = await Promise.all([A2AAgentClient.connect(green.url), A2AAgentClient.connect(green.url)]);
    try {
      const firstRun = streamAssessment(clients[0]!, {
        participants: { assistant: first.url },
        config: { scenario_id: 'mini_inbox' },
      });
      await first.next('turn_start');
      let queued!: () => void;
      const sawQueued = new Promise<void>((resolve) => (queued = resolve));
      const secondRun = streamAssessment(
        clients[1]!,
        { participants: { assistant: second.url }, config: { scenario_id: 'mini_inbox' } },
        {
          onEvent: (record) => {
            if (record.texts.some((text) => text.startsWith('Queued: waiting for a free simulator')))
              queued();
          },
        },
      );
      await sawQueued;
      expect(second.received).toEqual([]);
      releaseFirst();
      expect(terminalStates(await firstRun.done)).toEqual(['completed']);
      const secondRecord = await secondRun.done;
      expect(terminalStates(secondRecord)).toEqual(['completed']);
      expect(secondRecord.texts.find((text) => text.startsWith('Queued'))).toContain(
        '1 of 1 are busy (--max-contexts)',
      );
      expect(most).toBe(1);
    } finally {
      await Promise.all(clients.map((client) => client.close()));
      await first.close();
      await second.close();
      await green.close();
    }
  });
});
