import { afterEach, describe, expect, it } from 'vitest';
import type { GreenServerHandle } from '../../../src/green/server.js';
import { A2AAgentClient, parseResults, payloadOfParts } from '../../../src/protocol/index.js';
import { startTestGreen, streamAssessment, terminalStates } from '../../support/green-server.js';
import { earlyCompletion, startScriptedPurple, type ScriptedPurple } from '../../support/scripted-purple.js';

/**
 * Isolation between assessments: a purple holding only what its assessment gave it (its UES URL
 * and key) must not list, read or cancel other assessments; with the operator's bearer token and
 * the UES proxy on its own listener it cannot start one either.
 */

let green: GreenServerHandle | undefined;
const purples: ScriptedPurple[] = [];
const clients: A2AAgentClient[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await Promise.all(purples.splice(0).map((purple) => purple.close()));
  await green?.close();
  green = undefined;
});

const TOKEN = 'operator-secret-0123456789abcdef';

async function rpc(url: string, method: string, params: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'A2A-Version': '1.0', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const text = await response.text();
  return { status: response.status, text };
}

async function client(headers?: Record<string, string>): Promise<A2AAgentClient> {
  const connected = await A2AAgentClient.connect(green!.url, headers ? { headers } : {});
  clients.push(connected);
  return connected;
}

describe('an open green (the AgentBeats default)', () => {
  it('gives a purple that probes the green from its ues_url no task listing, and the other run completes', async () => {
    let releaseVictim!: () => void;
    const victimMayFinish = new Promise<void>((resolve) => (releaseVictim = resolve));
    const victim = await startScriptedPurple({
      async onTurn() {
        await victimMayFinish;
        return earlyCompletion();
      },
    });
    purples.push(victim);
    const probes: Array<{ status: number; text: string }> = [];
    const attacker = await startScriptedPurple({
      async onTurn({ start }) {
        // The green's address, from the same origin as the UES URL it was given.
        const greenUrl = `${new URL(start.ues_url).origin}/`;
        probes.push(await rpc(greenUrl, 'ListTasks', {}));
        probes.push(await rpc(greenUrl, 'ListTasks', { pageSize: 100, includeArtifacts: true }));
        return earlyCompletion();
      },
    });
    purples.push(attacker);
    green = await startTestGreen();
    const victimRun = streamAssessment(await client(), {
      participants: { assistant: victim.url },
      config: { scenario_id: 'mini_inbox' },
    });
    await victim.next('turn_start');
    const attackerRecord = await streamAssessment(await client(), {
      participants: { assistant: attacker.url },
      config: { scenario_id: 'mini_inbox' },
    }).done;
    expect(terminalStates(attackerRecord)).toEqual(['completed']);
    expect(probes).toHaveLength(2);
    for (const probe of probes) {
      expect(probe.text).toContain('ListTasks is disabled');
      expect(probe.text).not.toContain(victim.url);
    }
    releaseVictim();
    const victimRecord = await victimRun.done;
    expect(terminalStates(victimRecord)).toEqual(['completed']);
    const results = parseResults(payloadOfParts(victimRecord.artifacts[0]!.parts)!);
    expect(results.status).toBe('completed');
  });
});

describe('a green with a bearer token and the UES proxy on its own listener', () => {
  it('hands purples a UES URL on the proxy port, where no A2A method exists, and refuses tokenless A2A calls', async () => {
    const probes: Record<string, { status: number; text: string }> = {};
    const purple = await startScriptedPurple({
      async onTurn({ start, ues }) {
        // Its UES works through the proxy listener …
        await ues.time.get();
        const proxyOrigin = `${new URL(start.ues_url).origin}/`;
        probes.proxyListTasks = await rpc(proxyOrigin, 'ListTasks', {});
        probes.proxySend = await rpc(proxyOrigin, 'SendMessage', { message: {} });
        // … and the A2A port, even when guessed, wants the operator's token.
        probes.a2aSend = await rpc(green!.url, 'SendMessage', { message: {} });
        probes.a2aCancel = await rpc(green!.url, 'CancelTask', { id: 'any' });
        probes.a2aList = await rpc(green!.url, 'ListTasks', {});
        return earlyCompletion();
      },
    });
    purples.push(purple);
    green = await startTestGreen({ auth_token: TOKEN, ues_proxy_port: 0 });
    expect(green.uesProxyUrl).toBeDefined();
    expect(green.publicUrl).toBe(green.uesProxyUrl);
    expect(new URL(green.publicUrl).port).not.toBe(new URL(green.url).port);

    await expect(client()).resolves.toBeDefined(); // the card is public
    const tokenless = await rpc(green.url, 'SendMessage', { message: {} });
    expect(tokenless.status).toBe(401);

    const record = await streamAssessment(await client({ authorization: `Bearer ${TOKEN}` }), {
      participants: { assistant: purple.url },
      config: { scenario_id: 'mini_inbox' },
    }).done;
    expect(terminalStates(record)).toEqual(['completed']);
    const start = purple.received.find((entry) => entry.message.message_type === 'assessment_start')!;
    expect((start.message as { ues_url: string }).ues_url.startsWith(green.uesProxyUrl!)).toBe(true);
    expect(probes.proxyListTasks!.status).toBe(404);
    expect(probes.proxySend!.status).toBe(404);
    for (const name of ['a2aSend', 'a2aCancel', 'a2aList']) expect(probes[name]!.status).toBe(401);
  });
});
