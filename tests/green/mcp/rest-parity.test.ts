import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toActionLogEntry } from '../../../src/green/assessment/action-log-builder.js';
import { PurpleUESClient } from '../../../src/purple/index.js';
import { UES_TOOLS } from '../../../src/purple/tools/index.js';
import { UesClient } from '../../../src/ues/client/index.js';
import { connectMcp, startMcpTestBed, type McpTestBed } from '../../support/mcp.js';

/**
 * The same work done twice on one simulator — once with the kit's tools over REST through the
 * proxy, once with the MCP server's tools — by two purple keys: each key makes the same UES calls
 * and leaves the same action log, so scoring cannot tell MCP from REST.
 */

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const withoutIds = (value: unknown): unknown => JSON.parse(JSON.stringify(value).replace(UUID, '<id>'));

/** The scripted work, on an inbox holding one email (whose id `work` gets). */
function work(id: string, timezone: string): Array<[string, Record<string, unknown>]> {
  return [
    ['read_chat', {}],
    ['list_emails', { unread_only: true }],
    ['read_email', { message_id: id }],
    ['send_chat_message', { content: 'Ana needs the budget signed off by noon.' }],
    ['mark_emails_read', { message_ids: [id] }],
    ['label_emails', { message_ids: [id], labels: ['finance'] }],
    ['reply_to_email', { message_id: id, body: 'Will do.' }],
    ['forward_email', { message_id: id, to: ['cfo@example.com'], note: 'FYI' }],
    ['send_sms', { to: ['+15550199'], body: 'Signed.' }],
    [
      'create_calendar_event',
      { title: 'Budget review', start: '2026-01-28T15:00:00Z', end: '2026-01-28T15:30:00Z', timezone },
    ],
    ['find_contacts', { search: 'ana' }],
    ['get_current_time', {}],
  ];
}

/** A simulator like the other one: the same clock and user, one email in the inbox. */
async function preparedBed(): Promise<{
  bed: McpTestBed;
  key: { secret: string; keyId: string };
  emailId: string;
}> {
  const bed = await startMcpTestBed();
  const key = await bed.addContext('ctx');
  await bed.ues.admin.email.receive({
    from_address: 'ana@example.com',
    to_addresses: [bed.user.email],
    subject: 'Budget',
    body_text: 'Can you sign off by noon?',
  });
  const [email] = (await bed.ues.admin.email.query({})).emails;
  return { bed, key, emailId: email!.message_id };
}

describe('MCP and REST do the same', () => {
  let rest: Awaited<ReturnType<typeof preparedBed>>;
  let mcp: Awaited<ReturnType<typeof preparedBed>>;
  beforeAll(async () => {
    [rest, mcp] = await Promise.all([preparedBed(), preparedBed()]);
  });
  afterAll(async () => {
    await rest.bed.close();
    await mcp.bed.close();
  });

  it('makes the same UES calls, answers the same, and leaves the same action log', async () => {
    const ues = PurpleUESClient.create(
      new UesClient({ baseUrl: rest.bed.restUrl('ctx'), apiKey: rest.key.secret, retry: false }),
      { identity: { email: rest.bed.user.email, phone: rest.bed.user.phone } },
    );
    const client = await connectMcp(mcp.bed.mcpUrl('ctx'), mcp.key.secret);
    const restWork = work(rest.emailId, rest.bed.user.timezone);
    const mcpWork = work(mcp.emailId, mcp.bed.user.timezone);
    for (const [index, [name, args]] of restWork.entries()) {
      const tool = UES_TOOLS.find((candidate) => candidate.name === name)!;
      const viaRest = await tool.execute(args, ues);
      const viaMcp = (await client.callTool({ name, arguments: mcpWork[index]![1] })) as CallToolResult;
      expect(viaMcp.isError, name).toBeFalsy();
      // The same answer, but for the ids the simulators make up.
      expect(withoutIds(viaMcp.structuredContent), name).toEqual(withoutIds(viaRest));
    }
    await client.close();

    const actionsOf = async ({ bed, key }: typeof rest) =>
      (await bed.ues.admin.events.list({ agent_id: key.keyId })).events.map((event) => {
        const { action, parameters, success, timestamp } = toActionLogEntry(1, event);
        return { action, parameters, success, timestamp };
      });
    const restActions = await actionsOf(rest);
    expect(restActions.map((entry) => entry.action)).toEqual([
      'chat.send_message',
      'email.mark_read',
      'email.add_label',
      'email.send',
      'email.send',
      'sms.send_message',
      'calendar.create',
    ]);
    expect(withoutIds(await actionsOf(mcp))).toEqual(withoutIds(restActions));

    const callsOf = async ({ bed, key }: typeof rest) =>
      (await bed.ues.admin.accessLogs.list({ key_id: key.keyId, limit: 1000 })).entries
        .map((entry) => `${entry.method} ${entry.path} ${entry.status_code}`)
        .reverse();
    const restCalls = await callsOf(rest);
    // At least one call per tool (a reply reuses the email its query read: no second call).
    expect(restCalls.length).toBeGreaterThanOrEqual(restWork.length);
    expect(await callsOf(mcp)).toEqual(restCalls);
  });
});
