import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseTime } from '../../../../src/ues/server/core/time.js';
import type { CalendarEvent } from '../../../../src/ues/server/modalities/calendar/model.js';
import { MAX_EXPANDED_OCCURRENCES } from '../../../../src/ues/server/modalities/calendar/query.js';
import {
  expandOccurrences,
  occurrenceStart,
  ruleDays,
  seriesOf,
} from '../../../../src/ues/server/modalities/calendar/recurrence.js';
import { PURPLE_UES_PERMISSIONS } from '../../../../src/protocol/purple-permissions.js';
import { startTestUes, type TestUes } from '../../helpers.js';

const daily = {
  title: 'Standup',
  start: '2025-01-06T09:00:00Z',
  end: '2025-01-06T09:15:00Z',
  recurrence: { frequency: 'daily' },
};

describe('recurrence expansion per query is bounded (issue 11)', () => {
  let ues: TestUes;
  let purple: string;
  beforeEach(async () => {
    ues = await startTestUes();
    purple = (await ues.createKey([...PURPLE_UES_PERMISSIONS])).secret;
  });
  afterEach(() => ues.close());

  const query = (body: Record<string, unknown>) => ues.call('POST', '/calendar/query', { body, key: purple });

  it('refuses to expand a daily series over years 0001–9999 with 422, and keeps answering', async () => {
    expect((await ues.call('POST', '/calendar/create', { body: daily, key: purple })).status).toBe(200);
    const response = await query({
      start: '0001-01-01T00:00:00Z',
      end: '9999-12-31T23:59:59Z',
      expand_recurring: true,
    });
    expect(response.status).toBe(422);
    expect(response.body.detail[0].loc).toEqual(['body', 'expand_recurring']);
    expect(response.body.detail[0].msg).toContain(`more than ${MAX_EXPANDED_OCCURRENCES} occurrences`);
    expect(response.body.detail[0].msg).toContain('narrow start/end');
    // Unexpanded, the same window is a plain overlap query.
    const plain = await query({ start: '0001-01-01T00:00:00Z', end: '9999-12-31T23:59:59Z' });
    expect(plain.status).toBe(200);
    expect(plain.body.total_count).toBe(1);
  });

  it('counts occurrences across every series against one limit per query', async () => {
    for (let index = 0; index < 4; index++) {
      await ues.call('POST', '/calendar/create', { body: { ...daily, title: `S${index}` }, key: purple });
    }
    // 4 series × 3,000 days > 10,000; each alone would fit.
    const window = { start: '2025-01-06T00:00:00Z', end: '2033-03-24T00:00:00Z', expand_recurring: true };
    expect((await query(window)).status).toBe(422);
    const fits = await query({ ...window, end: '2031-11-01T00:00:00Z', limit: 5, offset: 9000 });
    expect(fits.status).toBe(200);
    expect(fits.body.total_count).toBeLessThanOrEqual(MAX_EXPANDED_OCCURRENCES);
    expect(fits.body.events).toHaveLength(5);
  });

  it('expands a window centuries after the series start (the walk jumps ahead)', async () => {
    await ues.call('POST', '/calendar/create', { body: daily, key: purple });
    const far = await query({
      start: '2600-03-01T00:00:00Z',
      end: '2600-03-03T23:59:59Z',
      expand_recurring: true,
    });
    expect(far.status).toBe(200);
    expect(far.body.events.map((event: any) => event.start)).toEqual([
      '2600-03-01T09:00:00Z',
      '2600-03-02T09:00:00Z',
      '2600-03-03T09:00:00Z',
    ]);
  });

  it('reads dates of years 1–99 as those years, not as 1901–1999', async () => {
    await ues.call('POST', '/simulator/time/set', { body: { target_time: '0050-01-01T00:00:00Z' } });
    await ues.call('POST', '/calendar/create', {
      key: purple,
      body: {
        ...daily,
        start: '0050-01-01T09:00:00Z',
        end: '0050-01-01T10:00:00Z',
        recurrence: { frequency: 'daily', end_type: 'until', end_date: '0050-01-03' },
      },
    });
    const result = await query({
      start: '0050-01-01T00:00:00Z',
      end: '0051-01-01T00:00:00Z',
      expand_recurring: true,
    });
    expect(result.body.events.map((event: any) => event.start)).toEqual([
      '0050-01-01T09:00:00Z',
      '0050-01-02T09:00:00Z',
      '0050-01-03T09:00:00Z',
    ]);
  });
});

describe('the jump-ahead walk yields exactly what a walk from the series start does', () => {
  const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
  const DAY = 86_400_000;
  const base = Date.parse('2025-01-06T09:00:00Z');

  const ruleArbitrary = fc.record({
    frequency: fc.constantFrom('daily', 'weekly', 'monthly', 'yearly'),
    interval: fc.integer({ min: 1, max: 5 }),
    days_of_week: fc.option(fc.uniqueArray(fc.constantFrom(...WEEKDAYS), { minLength: 1, maxLength: 7 }), {
      nil: null,
    }),
    end_type: fc.constantFrom('never', 'count', 'until'),
    count: fc.integer({ min: 1, max: 400 }),
    untilOffsetDays: fc.integer({ min: 0, max: 4000 }),
  });

  it('for random rules, start days and windows', () => {
    fc.assert(
      fc.property(
        ruleArbitrary,
        fc.integer({ min: 0, max: 800 }),
        fc.integer({ min: -30, max: 3000 }),
        fc.integer({ min: 0, max: 120 }),
        (rule, startOffsetDays, windowOffsetDays, windowDays) => {
          const start = base + startOffsetDays * DAY;
          const event = {
            event_id: 'e',
            start: new Date(start).toISOString(),
            end: new Date(start + 3_600_000).toISOString(),
            timezone: 'UTC',
            recurrence: {
              frequency: rule.frequency,
              interval: rule.interval,
              days_of_week: rule.days_of_week,
              day_of_month: null,
              month_of_year: null,
              end_type: rule.end_type,
              count: rule.end_type === 'count' ? rule.count : null,
              end_date:
                rule.end_type === 'until'
                  ? new Date(start + rule.untilOffsetDays * DAY).toISOString().slice(0, 10)
                  : null,
            },
            recurrence_exceptions: [],
          } as unknown as CalendarEvent;
          const windowStart = base + windowOffsetDays * DAY;
          const windowEnd = windowStart + windowDays * DAY;
          const series = seriesOf(event)!;
          const expected: string[] = [];
          for (const day of ruleDays(series)) {
            const at = occurrenceStart(series, day);
            if (at > windowEnd) break;
            if (at + 3_600_000 >= windowStart)
              expected.push(new Date(at).toISOString().replace('.000Z', 'Z'));
          }
          const actual = expandOccurrences(event, windowStart, windowEnd).map(
            (occurrence) => occurrence.start,
          );
          expect(actual).toEqual(expected);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('stops expanding once the caller’s limit is passed', () => {
    const event = {
      event_id: 'e',
      start: '2025-01-06T09:00:00Z',
      end: '2025-01-06T10:00:00Z',
      timezone: 'UTC',
      recurrence: { frequency: 'daily', interval: 1, end_type: 'never' },
      recurrence_exceptions: [],
    } as unknown as CalendarEvent;
    const occurrences = expandOccurrences(
      event,
      parseTime('0001-01-01T00:00:00Z')!,
      parseTime('9999-01-01T00:00:00Z')!,
      50,
    );
    expect(occurrences).toHaveLength(51);
  });
});
