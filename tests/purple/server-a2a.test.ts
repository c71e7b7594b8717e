import { afterEach, describe, expect, it } from 'vitest';
import { A2AAgentClient, loadPurpleConfig, textPart } from '../../src/protocol/index.js';
import {
  PurpleAgentConfigError,
  UnknownPurpleAgentError,
  startPurpleServer,
  type PurpleServerHandle,
} from '../../src/purple/index.js';
import { assessmentComplete, assessmentStart, turnStart } from './support/green-messages.js';
import { RecordingAgent } from './support/test-agents.js';

/** The executor over real A2A (loopback HTTP), driven by the protocol's client as a fake green. */

const UES_URL = 'http://127.0.0.1:9';
const config = (agent: string) => loadPurpleConfig({ agent, port: 0 }, {});

describe('purple server over A2A', () => {
  const open: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((handle) => handle.close()));
  });

  async function serve(agents: RecordingAgent[]): Promise<PurpleServerHandle> {
    const server = await startPurpleServer(config('recording'), {
      createAgent: () => {
        const agent = new RecordingAgent();
        agents.push(agent);
        return agent;
      },
      shutdownGraceMs: 100,
    });
    open.push(server);
    return server;
  }

  async function green(url: string): Promise<A2AAgentClient> {
    const client = await A2AAgentClient.connect(url, { callTimeoutMs: 20_000 });
    open.push(client);
    return client;
  }

  it('runs an assessment: one context, blocking sends, DataPart replies', async () => {
    const agents: RecordingAgent[] = [];
    const server = await serve(agents);
    const client = await green(server.url);

    const started = await client.sendPayload(assessmentStart(UES_URL, 'key-1'));
    expect(started.state).toBe('completed');
    const turn = await client.sendPayload(turnStart(1, '2026-01-28T06:00:00Z'));
    expect(turn.state).toBe('completed');
    expect(turn.payload).toEqual({ message_type: 'turn_complete', time_step: 'PT1H', notes: 'turn 1' });
    expect(turn.contextId).toBe(started.contextId);
    const done = await client.sendPayload(assessmentComplete());
    expect(done.state).toBe('completed');

    // startPurpleServer builds one agent up front to check the configuration; it never starts.
    const used = agents.filter((agent) => agent.isInitialized);
    expect(agents).toHaveLength(2);
    expect(used).toHaveLength(1);
    expect(used[0]!.events).toEqual(['start', 'turn 1', 'complete scenario_complete']);
  });

  it('isolates two greens running assessments at the same time', async () => {
    const agents: RecordingAgent[] = [];
    const server = await serve(agents);
    const [one, two] = await Promise.all([green(server.url), green(server.url)]);
    await Promise.all([
      one.sendPayload(assessmentStart(UES_URL, 'key-1')),
      two.sendPayload(assessmentStart(UES_URL, 'key-2')),
    ]);
    expect(one.contextId).not.toBe(two.contextId);
    const [r1, r2] = await Promise.all([
      one.sendPayload(turnStart(1, '2026-01-28T06:00:00Z')),
      two.sendPayload(turnStart(1, '2026-01-28T09:00:00Z')),
    ]);
    expect(r1.payload).toMatchObject({ message_type: 'turn_complete' });
    expect(r2.payload).toMatchObject({ message_type: 'turn_complete' });
    const byKey = (key: string) => agents.find((agent) => agent.started?.apiKey === key)!;
    expect(byKey('key-1').turns.map((turn) => turn.currentTime.toISOString())).toEqual([
      '2026-01-28T06:00:00.000Z',
    ]);
    expect(byKey('key-2').turns.map((turn) => turn.currentTime.toISOString())).toEqual([
      '2026-01-28T09:00:00.000Z',
    ]);
  });

  it('answers bad messages with a rejected task whose message names the problem', async () => {
    const server = await serve([]);
    const client = await green(server.url);
    const early = await client.sendPayload(turnStart(1, '2026-01-28T06:00:00Z'));
    expect(early.state).toBe('rejected');
    const status = 'status' in early.result ? early.result.status?.message : undefined;
    const text = status?.parts
      .map((part) => (part.content?.$case === 'text' ? part.content.value : ''))
      .join(' ');
    expect(text).toContain('turn 1 arrived before assessment_start');

    const noPayload = await client.send([textPart('what should I do?')]);
    expect(noPayload.state).toBe('rejected');
  });

  it('serves a registered agent with a card that names it', async () => {
    const server = await startPurpleServer(config('noop'), { shutdownGraceMs: 100 });
    open.push(server);
    const card = (await (await fetch(`${server.url}.well-known/agent-card.json`)).json()) as Record<
      string,
      unknown
    >;
    expect(card).toMatchObject({
      name: 'UES purple agent: noop',
      url: server.cardUrl,
      protocolVersion: '0.3',
    });
    const client = await green(server.url);
    await client.sendPayload(assessmentStart(UES_URL, 'k'));
    const turn = await client.sendPayload(turnStart(1, '2026-01-28T06:00:00Z'));
    expect(turn.payload).toEqual({
      message_type: 'turn_complete',
      time_step: 'PT1H',
      notes: 'noop: turn 1, no action taken',
    });
  });

  it('fails at startup for an unknown agent or a configuration the agent cannot run', async () => {
    await expect(startPurpleServer(config('nope'))).rejects.toBeInstanceOf(UnknownPurpleAgentError);
    await expect(startPurpleServer(config('nope'))).rejects.toThrow(
      'unknown purple agent "nope"; registered agents: ask-relay, baseline, blob, canned, catch-all, contact-carpet, date-flood, digest, dump, harmful, invite-carpet, llm, manual, mcp, noop, oracle, oracle-paraphrased, paste, relay-all, relay-echo, rule-based, spam, watcher',
    );
    await expect(startPurpleServer(config('llm'))).rejects.toBeInstanceOf(PurpleAgentConfigError);
  });
});
