import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { GreenServerHandle } from '../../../src/green/server.js';
import {
  A2AAgentClient,
  parseResults,
  payloadOfParts,
  type AssessmentResults,
  type AssessmentStartMessage,
} from '../../../src/protocol/index.js';
import { startTestGreen, streamAssessment, terminalStates } from '../../support/green-server.js';
import { connectMcp } from '../../support/mcp.js';
import {
  earlyCompletion,
  startScriptedPurple,
  turnComplete,
  type ScriptedPurple,
} from '../../support/scripted-purple.js';

/**
 * The MCP server through a whole assessment on a real green: `assessment_start` carries its URL,
 * what the purple does through it is in the results' action log like REST actions, it closes with
 * the final turn, another assessment's key is refused, and it sits on the proxy's own listener
 * when there is one.
 */

let green: GreenServerHandle | undefined;
const purples: ScriptedPurple[] = [];
const clients: Array<A2AAgentClient | Client> = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await Promise.all(purples.splice(0).map((purple) => purple.close()));
  await green?.close();
  green = undefined;
});

async function a2a(): Promise<A2AAgentClient> {
  const client = await A2AAgentClient.connect(green!.url, {});
  clients.push(client);
  return client;
}

async function mcpOf(start: AssessmentStartMessage): Promise<Client> {
  const client = await connectMcp(start.mcp_url!, start.api_key);
  clients.push(client);
  return client;
}

async function assess(purple: ScriptedPurple): Promise<AssessmentResults> {
  const record = await streamAssessment(await a2a(), {
    participants: { assistant: purple.url },
    config: { scenario_id: 'mini_inbox' },
  }).done;
  expect(terminalStates(record)).toEqual(['completed']);
  return parseResults(payloadOfParts(record.artifacts[0]!.parts)!);
}

function chatPosts(results: AssessmentResults): Array<[number, unknown]> {
  return results.action_log
    .filter((entry) => entry.action === 'chat.send_message')
    .map((entry) => [entry.turn, entry.parameters['content']]);
}

describe('an assessment’s MCP server', () => {
  it('is in assessment_start; MCP actions are logged like REST ones; it closes with the final turn', async () => {
    let session: Client | undefined;
    let start: AssessmentStartMessage | undefined;
    const purple = await startScriptedPurple({
      async onTurn(context) {
        start = context.start;
        session ??= await mcpOf(context.start);
        const turn = context.turn.turn_number;
        await session.callTool({ name: 'read_chat', arguments: {} });
        const posted = (await session.callTool({
          name: 'send_chat_message',
          arguments: { content: `MCP post, turn ${turn}` },
        })) as CallToolResult;
        expect(posted.isError).toBeFalsy();
        await context.ues.chat.send({
          role: 'assistant',
          content: `REST post, turn ${turn}`,
          conversation_id: 'user-assistant',
        });
        return turn === 2 ? earlyCompletion() : turnComplete();
      },
    });
    purples.push(purple);
    green = await startTestGreen();
    const results = await assess(purple);

    // Beside the context's UES URL: `<public url>/mcp/<context>` for `<public url>/ues/<context>`.
    expect(start!.mcp_url).toBe(start!.ues_url.replace('/ues/', '/mcp/'));
    expect(start!.mcp_url!.startsWith(green.publicUrl)).toBe(true);
    expect(chatPosts(results)).toEqual([
      [1, 'MCP post, turn 1'],
      [1, 'REST post, turn 1'],
      [2, 'MCP post, turn 2'],
      [2, 'REST post, turn 2'],
    ]);
    // Its MCP reads are counted like REST reads: one read_chat a turn.
    expect(results.metadata?.['reads_taken']).toBe(2);

    // After the final turn: the session, a new session and REST are all refused.
    await expect(session!.callTool({ name: 'get_current_time', arguments: {} })).rejects.toThrow(
      /no longer accepts the assistant's requests/,
    );
    await expect(mcpOf(start!)).rejects.toThrow(/no longer accepts the assistant's requests/);
    const rest = await fetch(`${start!.ues_url}/simulator/time`, {
      headers: { 'x-api-key': start!.api_key },
    });
    expect(rest.status).toBe(403);
  });

  it('refuses another assessment’s key', async () => {
    const starts = new Map<string, AssessmentStartMessage>();
    let releaseVictim!: () => void;
    const victimMayFinish = new Promise<void>((resolve) => (releaseVictim = resolve));
    const victim = await startScriptedPurple({
      async onTurn({ start }) {
        starts.set('victim', start);
        await victimMayFinish;
        return earlyCompletion();
      },
    });
    const probes: string[] = [];
    const attacker = await startScriptedPurple({
      async onTurn({ start }) {
        const victimStart = starts.get('victim')!;
        // Its own key on the victim's MCP URL, and the victim's URL with a made-up key.
        for (const key of [start.api_key, 'x'.repeat(64)]) {
          probes.push(
            await connectMcp(victimStart.mcp_url!, key).then(
              async (client) => {
                await client.close();
                return 'connected';
              },
              (error: Error) => error.message,
            ),
          );
        }
        const own = await mcpOf(start);
        const time = (await own.callTool({ name: 'get_current_time', arguments: {} })) as CallToolResult;
        probes.push(time.isError ? 'own failed' : 'own works');
        return earlyCompletion();
      },
    });
    purples.push(victim, attacker);
    green = await startTestGreen();
    const victimRun = assess(victim);
    await victim.next('turn_start');
    await expect.poll(() => starts.has('victim')).toBe(true);
    await assess(attacker);
    expect(probes).toEqual([
      expect.stringContaining('this key is not the key of the assessment running in this context'),
      expect.stringContaining('this key is not the key of the assessment running in this context'),
      'own works',
    ]);
    releaseVictim();
    expect((await victimRun).status).toBe('completed');
  });

  it('is served on the UES proxy’s own listener when there is one, and not on the A2A port', async () => {
    let mcpUrl = '';
    let answer: CallToolResult | undefined;
    const purple = await startScriptedPurple({
      async onTurn({ start }) {
        mcpUrl = start.mcp_url!;
        answer = (await (
          await mcpOf(start)
        ).callTool({ name: 'get_current_time', arguments: {} })) as CallToolResult;
        return earlyCompletion();
      },
    });
    purples.push(purple);
    green = await startTestGreen({ ues_proxy_port: 0 });
    await assess(purple);
    expect(mcpUrl.startsWith(green.uesProxyUrl!)).toBe(true);
    expect(answer?.structuredContent).toEqual({ current_time: '2026-01-28T06:00:00.000Z' });
    const onA2APort = await fetch(`${green.url}${new URL(mcpUrl).pathname.slice(1)}`, { method: 'POST' });
    expect(onA2APort.status).not.toBe(401);
    expect([404, 405]).toContain(onA2APort.status);
  });
});
