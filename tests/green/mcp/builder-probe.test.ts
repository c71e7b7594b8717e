import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpConnection } from '../../../src/purple/baselines/mcp/mcp-connection.js';
import { connectMcp, startMcpTestBed, type McpTestBed } from '../../support/mcp.js';

/**
 * What an assistant written against the MCP server alone meets: every input field described, the
 * calendar at parity with REST, lists that filter and page, chat reads that survive reconnecting,
 * errors that name what is missing, and the scenario's noise on tool calls as on REST.
 */

interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}

/** Paths of input properties without a description, at any depth. */
function undescribed(schema: JsonSchema, path: string): string[] {
  const found: string[] = [];
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const here = `${path}.${name}`;
    if (!field.description?.trim()) found.push(here);
    found.push(...undescribed(field, here));
    if (field.items) found.push(...undescribed(field.items, `${here}[]`));
    for (const option of field.anyOf ?? []) found.push(...undescribed(option, here));
  }
  return found;
}

describe('the MCP server, probed as an outside builder would', () => {
  let bed: McpTestBed;
  let key: { secret: string; keyId: string };
  let client: Client;
  const call = async (name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;
  const ok = async (name: string, args: Record<string, unknown>): Promise<any> => {
    const result = await call(name, args);
    expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
    return result.structuredContent;
  };
  const errorText = (result: CallToolResult): string =>
    (result.content as Array<{ type: string; text: string }>).map((part) => part.text).join('\n');

  beforeAll(async () => {
    bed = await startMcpTestBed();
    key = await bed.addContext('ctx');
    client = await connectMcp(bed.mcpUrl('ctx'), key.secret);
  });
  afterAll(async () => {
    await client.close();
    await bed.close();
  });

  it('describes every input field of every tool', async () => {
    const { tools } = await client.listTools();
    expect(tools.length).toBeGreaterThan(30);
    const missing = tools.flatMap((tool) => undescribed(tool.inputSchema as JsonSchema, tool.name));
    expect(missing).toEqual([]);
  });

  it('creates events organised by the user, who is among the attendees, with optional guests, reminders and a link', async () => {
    const created = await ok('create_calendar_event', {
      title: 'Kickoff',
      start: '2026-01-28T15:00:00Z',
      end: '2026-01-28T16:00:00Z',
      attendees: ['ana@example.com'],
      optional_attendees: ['bo@example.com'],
      reminders: [{ minutes_before: 15 }],
      conference_link: 'https://meet.example.com/kickoff',
    });
    const listed = await ok('list_calendar_events', {
      start: '2026-01-28T00:00:00Z',
      end: '2026-01-29T00:00:00Z',
    });
    const event = listed.events.find((entry: any) => entry.event_id === created.event_id);
    expect(event).toMatchObject({
      organizer: bed.user.email,
      reminders: [15],
      conference_link: 'https://meet.example.com/kickoff',
      attendees: [
        { email: bed.user.email, response: 'accepted' },
        { email: 'ana@example.com', response: 'needs-action' },
        { email: 'bo@example.com', response: 'needs-action', optional: true },
      ],
    });

    // Ana accepts; adding a guest, then giving a whole new list, drops nobody else's answer.
    await bed.ues.admin.calendar.respond({
      event_id: created.event_id,
      attendee_email: 'ana@example.com',
      response: 'accepted',
    });
    const updated = await ok('update_calendar_event', {
      event_id: created.event_id,
      add_attendees: ['cy@example.com'],
    });
    expect(updated.event_id).toBe(created.event_id);
    await ok('update_calendar_event', {
      event_id: created.event_id,
      attendees: ['ana@example.com', 'cy@example.com', 'dee@example.com'],
    });
    const state = await bed.ues.admin.calendar.state();
    expect(state.events[created.event_id]!.attendees.map((a) => [a.email, a.response])).toEqual([
      [bed.user.email, 'accepted'],
      ['ana@example.com', 'accepted'],
      ['cy@example.com', 'needs-action'],
      ['dee@example.com', 'needs-action'],
    ]);
  });

  it('filters and pages lists as REST does', async () => {
    for (const [index, status] of (['confirmed', 'tentative', 'cancelled'] as const).entries()) {
      await ok('create_calendar_event', {
        title: `Slot ${index}`,
        start: `2026-02-02T1${index}:00:00Z`,
        end: `2026-02-02T1${index}:30:00Z`,
        status,
      });
    }
    const window = { start: '2026-02-02T00:00:00Z', end: '2026-02-03T00:00:00Z' };
    const tentative = await ok('list_calendar_events', { ...window, status: 'tentative' });
    expect(tentative.events.map((event: any) => event.title)).toEqual(['Slot 1']);
    // The user's own event: organised by the user, no guest list (it is no invitation).
    expect(tentative.events[0]).toMatchObject({ organizer: bed.user.email, attendees: [] });
    const first = await ok('list_calendar_events', { ...window, limit: 2 });
    expect(first).toMatchObject({ total: 3, returned: 2, next_offset: 2 });
    const rest = await ok('list_calendar_events', { ...window, limit: 2, offset: first.next_offset });
    expect(rest).toMatchObject({ returned: 1, next_offset: null });

    for (const [index, from] of ['+15550100001', '+15550100002', '+15550100003'].entries()) {
      await bed.ues.admin.sms.receive({
        from_number: from,
        to_numbers: [bed.user.phone],
        body: `text ${index}`,
        sent_at: `2026-01-27T0${index}:00:00Z`,
      });
    }
    await ok('send_sms', { to: ['+15550100001'], body: 'reply' });
    const incoming = await ok('list_sms', { direction: 'incoming', limit: 2 });
    expect(incoming).toMatchObject({ order: 'newest first', total: 3, returned: 2, next_offset: 2 });
    expect(incoming.messages.map((m: any) => m.body)).toEqual(['text 2', 'text 1']);
    const older = await ok('list_sms', { direction: 'incoming', limit: 2, offset: 2 });
    expect(older.messages.map((m: any) => m.body)).toEqual(['text 0']);
    const windowed = await ok('list_sms', {
      since: '2026-01-27T01:00:00Z',
      until: '2026-01-27T02:00:00Z',
      order: 'oldest_first',
    });
    expect(windowed.messages.map((m: any) => m.body)).toEqual(['text 1', 'text 2']);

    await bed.ues.admin.email.receive({
      from_address: 'ana@example.com',
      to_addresses: [bed.user.email, 'team@example.com'],
      subject: 'Agenda',
      body_text: 'See attached.',
      attachments: [{ filename: 'agenda.pdf', size: 1200, mime_type: 'application/pdf' }],
    });
    const toTeam = await ok('list_emails', { to: 'team@', sort_by: 'subject', sort_order: 'asc' });
    expect(toTeam).toMatchObject({ order: 'by subject, A first', total: 1 });
    expect(toTeam.emails[0].attachments).toEqual([
      { filename: 'agenda.pdf', mime_type: 'application/pdf', size: 1200 },
    ]);
  });

  it('keeps what the assistant has read across sessions: new_only does not repeat a message', async () => {
    await bed.ues.admin.chat.send({
      role: 'user',
      content: 'Please book the kickoff.',
      conversation_id: bed.user.conversationId,
    });
    const first = await ok('read_chat', { new_only: true });
    expect(first.messages.map((m: any) => m.text)).toEqual(['Please book the kickoff.']);
    // The assistant reconnects for its next turn: a new session of the same key.
    const again = await connectMcp(bed.mcpUrl('ctx'), key.secret);
    try {
      const second = (await again.callTool({
        name: 'read_chat',
        arguments: { new_only: true },
      })) as CallToolResult;
      expect((second.structuredContent as any).messages).toEqual([]);
      // A minute later, so the conversation's order does not hang on message ids.
      await bed.ues.admin.time.advance(60);
      await bed.ues.admin.chat.send({
        role: 'user',
        content: 'And text Ana.',
        conversation_id: bed.user.conversationId,
      });
      const third = (await again.callTool({
        name: 'read_chat',
        arguments: { new_only: true },
      })) as CallToolResult;
      expect((third.structuredContent as any).messages.map((m: any) => m.text)).toEqual(['And text Ana.']);
    } finally {
      await again.close();
    }
    // The whole conversation is always there without new_only.
    const all = await ok('read_chat', {});
    expect(all.messages.map((m: any) => m.text)).toEqual(['Please book the kickoff.', 'And text Ana.']);
  });

  it('names what is missing: a date-time without a zone, one end of a window', async () => {
    const naive = await call('create_calendar_event', {
      title: 'Dentist',
      start: '2026-01-28T15:00:00',
      end: '2026-01-28T16:00:00Z',
    });
    expect(naive.isError).toBe(true);
    expect(errorText(naive)).toMatch(/start/);
    expect(errorText(naive)).toMatch(/has no time zone: add Z for UTC or the offset/);
    const half = await call('list_calendar_events', { start: '2026-01-28T00:00:00Z' });
    expect(half.isError).toBe(true);
    expect(errorText(half)).toContain('end is missing');
  });

  it('meets the scenario’s noise on tool calls as on REST requests: a transient failure that did nothing', async () => {
    bed.registry.injectFaults(
      'ctx',
      { transient_failure_rate: 1, slow_rate: 0, slow_ms: 0, retry_after_seconds: 2 },
      7,
    );
    try {
      const before = (await bed.ues.admin.email.query({ folder: 'sent' })).total_count;
      const refused = await call('send_email', { to: ['ana@example.com'], subject: 'Hi', body: 'Hello' });
      expect(refused.isError).toBe(true);
      expect(errorText(refused)).toMatch(
        /^send_email: The simulator is temporarily unavailable; retry after 2 s/,
      );
      // Said in structured form too, for clients that retry by rule.
      expect(refused.structuredContent).toMatchObject({ error: 'transient_failure', retry_after_seconds: 2 });
      expect((await bed.ues.admin.email.query({ folder: 'sent' })).total_count).toBe(before);
      const fault = bed.registry.faultFor('ctx', 'x', 'y');
      expect(fault?.request).toBeGreaterThan(1);
    } finally {
      bed.registry.openAccess('ctx');
    }
    await ok('get_current_time', {});
  });

  it('lets a client retry a transient failure, as the kit retries a 503: the mcp baseline does', async () => {
    const connection = await McpConnection.open(bed.mcpUrl('ctx'), key.secret);
    const noise = { transient_failure_rate: 1, slow_rate: 0, slow_ms: 0, retry_after_seconds: 1 };
    bed.registry.injectFaults('ctx', noise, 1);
    const waits: number[] = [];
    connection.useRetry({
      maxRetries: 3,
      baseDelayMs: 10,
      // The fault passes while the client waits.
      sleep: async (ms) => {
        waits.push(ms);
        bed.registry.openAccess('ctx');
      },
    });
    try {
      const answer = (await connection.call('get_current_time', {}, new AbortController().signal)) as {
        current_time: string;
      };
      expect(answer.current_time).toMatch(/Z$/);
      expect(waits).toEqual([10]);
    } finally {
      bed.registry.openAccess('ctx');
      await connection.close();
    }
  });
});
