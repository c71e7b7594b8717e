import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { DIMENSIONS } from '../../src/protocol/index.js';
import { runCli, type CliProcess } from '../cli/run-cli.js';
import { startTestGreen } from '../support/green-server.js';
import { startScriptedPurple, turnComplete, type ScriptedPurple } from '../support/scripted-purple.js';
import { parseTomlSubset, type TomlTable } from './toml-subset.js';

/**
 * The platform's reading rules (notes §5.2–5.4), checked on the wire exactly as the AgentBeats
 * gateway and the tutorial's client_cli see it: a raw v0.3 JSON-RPC `message/stream` at the
 * agent root, no A2A-Version header, one TextPart holding {"participants", "config"}. The last
 * event must be `completed` with `final: true`; results are every artifact DataPart's `data` plus
 * every TextPart that parses as JSON, and ours must be one flat JSON object.
 */

type JsonObject = Record<string, any>;

const processes: CliProcess[] = [];
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cli of processes.splice(0)) {
    cli.child.kill('SIGTERM');
    await cli.exited;
  }
  for (const close of closers.splice(0)) await close();
});

/** The request the gateway sends, as raw JSON-RPC. */
function gatewayRequest(participants: Record<string, string>, config: unknown): RequestInit {
  const message = {
    kind: 'message',
    messageId: randomUUID(),
    role: 'user',
    parts: [{ kind: 'text', text: JSON.stringify({ participants, config }) }],
  };
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: randomUUID(), method: 'message/stream', params: { message } }),
  };
}

/** Reads a JSON-RPC SSE stream frame by frame, handing each `result` to `onEvent` as it arrives. */
async function readStream(response: Response, onEvent: (event: JsonObject) => void = () => {}) {
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const events: JsonObject[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of response.body!) {
    buffer += decoder.decode(chunk as Uint8Array, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = frame
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trim())
        .join('\n');
      if (data === '') continue;
      const envelope = JSON.parse(data) as JsonObject;
      expect(envelope['error'], JSON.stringify(envelope['error'])).toBeUndefined();
      events.push(envelope['result']);
      onEvent(envelope['result']);
    }
  }
  return events;
}

/** The gateway's `parse_parts` over the artifacts: DataPart data, and TextParts that parse as JSON. */
function gatewayResults(events: JsonObject[]): unknown[] {
  return events
    .filter((event) => event['kind'] === 'artifact-update')
    .flatMap((event) => event['artifact'].parts as JsonObject[])
    .flatMap((part) => {
      if (part['kind'] === 'data') return [part['data']];
      try {
        return [JSON.parse(part['text'])];
      } catch {
        return [];
      }
    });
}

const cliUrl = async (cli: CliProcess) => (await cli.waitFor(/listening on (http:\/\/\S+\/)/, 60_000))[1]!;

describe('the platform reading rules, on the wire', () => {
  it('scenario.toml’s green assesses its rule-based purple: completed, final, one flat results object', async () => {
    const toml = parseTomlSubset(await readFile(new URL('../../scenario.toml', import.meta.url), 'utf8'));
    const participant = (toml['participants'] as TomlTable[])[0]!;
    // scenario.toml's commands, from source (dist/ may be stale here) and on free ports.
    const start = (cmd: unknown) => {
      const words = String(cmd).split(/\s+/);
      expect(words.slice(0, 2)).toEqual(['node', 'dist/cli.js']);
      const args = words.slice(2).map((word, i, all) => (all[i - 1] === '--port' ? '0' : word));
      const cli = runCli(args, { AGENTBEATS_GREEN_LOG_LEVEL: 'warn', AGENTBEATS_PURPLE_LOG_LEVEL: 'warn' });
      processes.push(cli);
      return cli;
    };
    const purpleUrl = await cliUrl(start(participant['cmd']));
    const greenUrl = await cliUrl(start((toml['green_agent'] as TomlTable)['cmd']));

    // The card as a v0.3 client resolves it: JSON-RPC at the root, streaming on.
    const card = (await (await fetch(new URL('.well-known/agent-card.json', greenUrl))).json()) as JsonObject;
    expect(card).toMatchObject({ url: greenUrl, capabilities: { streaming: true } });

    const role = String(participant['role']);
    const events = await readStream(
      await fetch(greenUrl, gatewayRequest({ [role]: purpleUrl }, toml['config'])),
    );

    const statuses = events.filter((event) => event['kind'] === 'status-update');
    const last = events.at(-1)!;
    expect(last).toMatchObject({ kind: 'status-update', status: { state: 'completed' }, final: true });
    expect(events.filter((event) => event['final'] === true)).toHaveLength(1);
    // Nothing before the end looks terminal to the client (it exits 1 on any other state).
    for (const status of statuses.slice(0, -1))
      expect(['submitted', 'working']).toContain(status['status'].state);

    const results = gatewayResults(events);
    expect(results, 'one results object; the text summary is not JSON').toHaveLength(1);
    const result = results[0] as JsonObject;
    expect(result).toBeTypeOf('object');
    expect(Array.isArray(result)).toBe(false);
    expect(result).toMatchObject({
      message_type: 'assessment_results',
      scenario_id: 'email_triage_basic',
      participant: role,
      status: 'completed',
      turns_taken: 13,
    });
    // The fields docs/DEPLOYMENT.md's leaderboard queries read.
    const { overall, dimensions } = result['scores'];
    expect(overall.score).toBeTypeOf('number');
    expect(overall.max_score).toBeGreaterThan(0);
    expect(overall.score).toBeLessThanOrEqual(overall.max_score);
    expect(Object.keys(dimensions).length).toBeGreaterThan(0);
    for (const [dimension, score] of Object.entries(dimensions as Record<string, JsonObject>)) {
      expect(DIMENSIONS).toContain(dimension);
      expect(score['score']).toBeTypeOf('number');
    }
    // The gateway's own record of the run.
    expect({ status: last['status'].state, results }).toEqual({ status: 'completed', results: [result] });
  }, 120_000);

  it('keeps the stream alive with working updates while the purple thinks', async () => {
    const green = await startTestGreen({ heartbeat_interval_seconds: 0.05 });
    closers.push(() => green.close());
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const purple: ScriptedPurple = await startScriptedPurple({
      async onTurn() {
        // Answers only once the client has seen keep-alives on the wire.
        await released;
        return turnComplete('PT12H');
      },
    });
    closers.push(() => purple.close());

    const heartbeats: JsonObject[] = [];
    let turnStarted = false;
    const events = await readStream(
      await fetch(
        green.url,
        gatewayRequest({ assistant: purple.url }, { scenario_id: 'mini_inbox', max_turns: 1 }),
      ),
      (event) => {
        const parts = (event['status']?.message?.parts ?? []) as JsonObject[];
        if (parts.some((part) => part['data']?.message_type === 'update_turn_started')) turnStarted = true;
        const isUpdate = parts.some((part) => part['kind'] === 'data');
        if (turnStarted && event['kind'] === 'status-update' && !isUpdate && heartbeats.length < 2) {
          heartbeats.push(event);
          if (heartbeats.length === 2) release();
        }
      },
    );

    for (const heartbeat of heartbeats) {
      expect(heartbeat).toMatchObject({ status: { state: 'working' }, final: false });
      expect(heartbeat['status'].message.parts[0].text).toMatch(
        /^Still working: turn 1: waiting for the purple/,
      );
    }
    expect(events.at(-1)).toMatchObject({ status: { state: 'completed' }, final: true });
  });
});
