import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { A2AAgentClient } from '../../src/protocol/index.js';
import { MinimalAgent, serveMinimalAgent } from '../../src/purple/examples/minimal-agent.js';
import type { PurpleServerHandle } from '../../src/purple/index.js';
import { assessmentComplete, assessmentStart, turnStart } from './support/green-messages.js';
import { receiveEmail, startPurpleUes, type PurpleUes } from './support/purple-ues.js';

/** The guide's minimal example works as written: served over A2A against a real UES. */

describe('examples/minimal-agent', () => {
  let env: PurpleUes;
  let server: PurpleServerHandle;
  let green: A2AAgentClient;

  beforeEach(async () => {
    env = await startPurpleUes({ start: '2026-01-28T06:00:00Z' });
    server = await serveMinimalAgent({ port: 0, logLevel: 'silent' });
    green = await A2AAgentClient.connect(server.url);
  });
  afterEach(async () => {
    await green.close();
    await server.close();
    await env.close();
  });

  it('waits for instructions, then reports unread mail in chat each turn', async () => {
    await green.sendPayload(assessmentStart(env.url, env.purpleKey.secret));
    const idle = await green.sendPayload(turnStart(1, '2026-01-28T06:00:00Z'));
    expect(idle.payload).toMatchObject({ notes: 'No instructions in chat yet.' });

    await env.postUserMessage('Tell me about new email every hour.');
    await receiveEmail(env.admin, { from: 'ana@example.com', subject: 'Lunch?', body: 'Noon?' });
    await env.advance(3600);
    const busy = await green.sendPayload(turnStart(2, '2026-01-28T07:00:00Z'));
    expect(busy.payload).toEqual({
      message_type: 'turn_complete',
      time_step: 'PT1H',
      notes: 'Reported 1 email(s).',
    });
    await env.advance(3600);
    await green.sendPayload(turnStart(3, '2026-01-28T08:00:00Z'));
    await green.sendPayload(assessmentComplete());

    expect(await env.assistantMessages()).toEqual([
      'New email (2026-01-28T07:00:00.000Z):\n• ana@example.com: Lunch?',
      'No new email this hour.',
    ]);
  });

  it('is a BasePurpleAgent subclass with nothing else to implement', () => {
    expect(new MinimalAgent().agentName).toBe('MinimalAgent');
  });

  it('is the code docs/PURPLE_AGENT_GUIDE.md shows', () => {
    const guide = readFileSync(new URL('../../docs/PURPLE_AGENT_GUIDE.md', import.meta.url), 'utf8');
    const source = readFileSync(
      new URL('../../src/purple/examples/minimal-agent.ts', import.meta.url),
      'utf8',
    );
    const snippet = /```ts\n([\s\S]+?)```/.exec(guide)?.[1];
    expect(snippet).toContain('class MinimalAgent extends BasePurpleAgent');
    expect(source).toContain(snippet);
  });
});
