import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { A2AAgentClient, loadPurpleConfig } from '../../src/protocol/index.js';
import { startPurpleServer, type PurpleServerHandle } from '../../src/purple/index.js';
import { assessmentComplete, assessmentStart, turnStart } from './support/green-messages.js';
import { startPurpleUes, type PurpleUes } from './support/purple-ues.js';

describe('noop baseline', () => {
  let env: PurpleUes;
  let server: PurpleServerHandle;
  let green: A2AAgentClient;

  beforeEach(async () => {
    env = await startPurpleUes({ start: '2026-01-28T06:00:00Z' });
    await env.postUserMessage('Summarise my email every hour.');
    server = await startPurpleServer(loadPurpleConfig({ agent: 'noop', port: 0 }, {}), {
      shutdownGraceMs: 100,
    });
    green = await A2AAgentClient.connect(server.url);
  });
  afterEach(async () => {
    await green.close();
    await server.close();
    await env.close();
  });

  it('completes every turn with PT1H and never touches UES', async () => {
    await green.sendPayload(assessmentStart(env.url, env.purpleKey.secret));
    for (let turn = 1; turn <= 3; turn++) {
      const reply = await green.sendPayload(
        turnStart(turn, new Date(Date.parse('2026-01-28T06:00:00Z') + (turn - 1) * 3600_000).toISOString()),
      );
      expect(reply.payload).toEqual({
        message_type: 'turn_complete',
        time_step: 'PT1H',
        notes: `noop: turn ${turn}, no action taken`,
      });
      await env.advance(3600);
    }
    await green.sendPayload(assessmentComplete());
    expect(await env.purpleActions()).toEqual([]);
    const requests = await env.admin.accessLogs.list({ key_id: env.purpleKey.keyId });
    expect(requests.entries).toEqual([]);
    // The log does record this key's requests: one read shows up.
    await env.admin.withApiKey(env.purpleKey.secret).time.get();
    expect((await env.admin.accessLogs.list({ key_id: env.purpleKey.keyId })).entries).toHaveLength(1);
  });
});
