import type { AgentExecutionEvent } from '@a2a-js/sdk/server';
import { DefaultExecutionEventBus } from '@a2a-js/sdk/server';
import express from 'express';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { GreenAgent, type GreenAgentOptions } from '../../src/green/agent/index.js';
import {
  InProcessUesRunner,
  UesProxyRegistry,
  forwardUesWebSockets,
  mountUesProxy,
} from '../../src/green/runtime/index.js';
import { ScenarioManager } from '../../src/green/scenarios/index.js';
import {
  TaskUpdateEmitter,
  TaskUpdater,
  loadGreenConfig,
  payloadOfMessage,
  type GreenAgentConfig,
  type TaskUpdate,
} from '../../src/protocol/index.js';
import { testLogger } from './logger.js';

/** The test scenarios (`tests/support/scenarios/<id>`). */
export const TEST_SCENARIOS_DIR = fileURLToPath(new URL('./scenarios/', import.meta.url));

export function testGreenConfig(overrides: Record<string, unknown> = {}): GreenAgentConfig {
  return { ...loadGreenConfig({}, {}), ues_runner: 'in-process', ...overrides } as GreenAgentConfig;
}

/** A stand-in for the green's public server: only the UES proxy, on loopback. */
export async function startProxyServer(): Promise<{
  registry: UesProxyRegistry;
  url: string;
  close(): Promise<void>;
}> {
  const registry = new UesProxyRegistry();
  const app = express();
  const proxy = mountUesProxy(app, registry);
  const server: Server = createServer(app);
  const websockets = forwardUesWebSockets(server, registry);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    registry,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    async close() {
      websockets.close();
      await proxy.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The task updates (DataParts of status messages) among recorded bus events, in order. */
export function updatesIn(events: readonly AgentExecutionEvent[]): TaskUpdate[] {
  return events.flatMap((event) => {
    if (event.kind !== 'statusUpdate') return [];
    const payload = payloadOfMessage(event.data.status?.message);
    return payload !== undefined && String(payload['message_type']).startsWith('update_')
      ? [payload as unknown as TaskUpdate]
      : [];
  });
}

export interface AgentHarness {
  agent: GreenAgent;
  scenarios: ScenarioManager;
  /** A fresh emitter recording into `events`. */
  recorder(taskId?: string): {
    emitter: TaskUpdateEmitter;
    events: AgentExecutionEvent[];
    updates(): TaskUpdate[];
  };
  proxyUrl: string;
  /** The proxy's registry (e.g. to reopen a closed context and reach the UES with a revoked key). */
  proxyRegistry: UesProxyRegistry;
  close(): Promise<void>;
}

/** A started GreenAgent (in-process UES) behind a proxy server, with the test scenarios. */
export async function startAgentHarness(
  options: { config?: Record<string, unknown>; agent?: Partial<GreenAgentOptions> } = {},
): Promise<AgentHarness> {
  const proxy = await startProxyServer();
  const agent = new GreenAgent({
    contextId: 'ctx-test',
    config: testGreenConfig(options.config),
    proxy: { registry: proxy.registry, publicBaseUrl: proxy.url },
    logger: testLogger(),
    runner: new InProcessUesRunner(),
    ...options.agent,
  });
  await agent.startup();
  return {
    agent,
    scenarios: new ScenarioManager(TEST_SCENARIOS_DIR),
    proxyUrl: proxy.url,
    proxyRegistry: proxy.registry,
    recorder(taskId = 'task-1') {
      const bus = new DefaultExecutionEventBus();
      const events: AgentExecutionEvent[] = [];
      bus.on('event', (event) => events.push(event));
      const emitter = new TaskUpdateEmitter(new TaskUpdater(bus, taskId, 'ctx-test'));
      return { emitter, events, updates: () => updatesIn(events) };
    },
    async close() {
      await agent.shutdown();
      await proxy.close();
    },
  };
}
