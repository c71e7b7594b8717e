import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_TOOLS } from '../../src/purple/tools/calendar-tools.js';
import { ToolArgumentsError } from '../../src/purple/tools/index.js';
import { PurpleUESClient } from '../../src/purple/index.js';
import { startPurpleUes, type PurpleUes } from './support/purple-ues.js';

/**
 * The llm baseline's calendar tools against a real UES with the purple key: the scheduling
 * scenarios need recurring series, zones, attendee changes and single-occurrence edits.
 */
describe('calendar tools', () => {
  let env: PurpleUes;
  let ues: PurpleUESClient;
  const tool = (name: string) => CALENDAR_TOOLS.find((candidate) => candidate.name === name)!;
  interface Listed {
    events: Array<{
      event_id: string;
      title: string;
      start: string;
      attendees: Array<{ email: string }>;
      recurring: boolean;
      recurrence: { frequency: string; end_type: string; count?: number } | null;
    }>;
  }
  const list = async (start: string, end: string) =>
    (await tool('list_calendar_events').execute({ start, end }, ues)) as Listed;

  beforeAll(async () => {
    env = await startPurpleUes({ start: '2026-03-09T12:00:00Z' });
    ues = PurpleUESClient.connect(env.url, env.purpleKey.secret);
  });
  afterAll(() => env.close());

  it('creates a weekly series in a zone, edits one occurrence and deletes another', async () => {
    const created = (await tool('create_calendar_event').execute(
      {
        title: '1:1 Ana',
        start: '2026-03-10T15:00:00Z',
        end: '2026-03-10T15:30:00Z',
        timezone: 'Europe/London',
        attendees: ['ana@example.com'],
        recurrence: { frequency: 'weekly', days_of_week: ['tuesday'], count: 4 },
      },
      ues,
    )) as { ok: boolean; event_id: string };
    expect(created).toMatchObject({ ok: true, event_id: expect.any(String) });

    const month = await list('2026-03-09T00:00:00Z', '2026-04-30T00:00:00Z');
    expect(month.events.map((event) => event.start.slice(0, 10))).toEqual([
      '2026-03-10',
      '2026-03-17',
      '2026-03-24',
      '2026-03-31',
    ]);
    expect(month.events[0]).toMatchObject({
      recurring: true,
      recurrence: { frequency: 'weekly', end_type: 'count', count: 4 },
    });

    await tool('update_calendar_event').execute(
      {
        event_id: created.event_id,
        attendees: ['ana@example.com', 'ben@example.com'],
        recurrence_scope: 'all',
      },
      ues,
    );
    await tool('delete_calendar_event').execute(
      { event_id: created.event_id, recurrence_scope: 'this', recurrence_id: '2026-03-17' },
      ues,
    );
    const after = await list('2026-03-09T00:00:00Z', '2026-04-30T00:00:00Z');
    expect(after.events.map((event) => event.start.slice(0, 10))).toEqual([
      '2026-03-10',
      '2026-03-24',
      '2026-03-31',
    ]);
    expect(after.events.every((event) => event.attendees.some((a) => a.email === 'ben@example.com'))).toBe(
      true,
    );
  });

  it('names a rule that gives both an end date and a count', async () => {
    await expect(
      tool('create_calendar_event').execute(
        {
          title: 'Standup',
          start: '2026-03-10T09:00:00Z',
          end: '2026-03-10T09:15:00Z',
          recurrence: { frequency: 'daily', end_date: '2026-03-20', count: 5 },
        },
        ues,
      ),
    ).rejects.toThrow(/end_date or count/);
    await expect(
      tool('create_calendar_event').execute(
        { title: 'Standup', start: 'tomorrow', end: '2026-03-10T09:15:00Z' },
        ues,
      ),
    ).rejects.toBeInstanceOf(ToolArgumentsError);
  });
});
