import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReadCounter, isReadCall } from '../../../src/green/assessment/index.js';
import { UesNotFoundError, type AccessLogQuery, type UesClient } from '../../../src/ues/client/index.js';
import { startPurpleUes, type PurpleUes } from '../../support/ues.js';

describe('ReadCounter', () => {
  let ues: PurpleUes;
  beforeEach(async () => {
    ues = await startPurpleUes();
  });
  afterEach(() => ues.close());

  it('classifies state, query and clock reads', () => {
    expect(isReadCall({ method: 'GET', path: '/email/state' })).toBe(true);
    expect(isReadCall({ method: 'POST', path: '/calendar/query' })).toBe(true);
    expect(isReadCall({ method: 'GET', path: '/simulator/time' })).toBe(true);
    expect(isReadCall({ method: 'POST', path: '/email/send' })).toBe(false);
    expect(isReadCall({ method: 'POST', path: '/email/state' })).toBe(false);
    expect(isReadCall({ method: 'POST', path: '/simulator/time/advance' })).toBe(false);
  });

  it('counts the purple’s reads per collection from the access log, not its writes or others’ reads', async () => {
    const counter = new ReadCounter(ues.admin, ues.purpleKeyId);
    expect(await counter.collect()).toBe(0);

    await ues.purple.email.state();
    await ues.purple.email.query({ is_read: false });
    await ues.purple.time.get();
    await ues.purple.chat.state();
    await ues.purple.chat.send({ role: 'assistant', content: 'hi' });
    await ues.admin.email.state();
    expect(await counter.collect()).toBe(4);
    expect(await counter.collect()).toBe(0);

    await ues.purple.calendar.state();
    await ues.purple.sms.query({});
    expect(await counter.collect()).toBe(2);
    expect(counter.totalReads).toBe(6);
  });

  it('asks only for what was logged after the last entry counted, and starts over once it was dropped', async () => {
    // A log of 2,500 purple reads, newest first, answering the way /access-logs does.
    let log = Array.from({ length: 2_500 }, (_, index) => ({
      log_id: `entry-${2_500 - index}`,
      method: 'GET',
      path: '/email/state',
    }));
    const queries: AccessLogQuery[] = [];
    const dropped = new Set<string>();
    const client = {
      accessLogs: {
        async list(query: AccessLogQuery) {
          queries.push(query);
          if (query.after !== undefined && dropped.has(query.after)) {
            throw new UesNotFoundError({
              route: 'GET /access-logs',
              status: 404,
              reason: 'dropped',
              detail: 'dropped',
              body: {},
            });
          }
          const newer =
            query.after === undefined
              ? log
              : log.slice(
                  0,
                  log.findIndex((entry) => entry.log_id === query.after),
                );
          const page = newer.slice(query.offset!, query.offset! + query.limit!);
          return { entries: page, has_more: query.offset! + page.length < newer.length };
        },
      },
    } as unknown as UesClient;
    const counter = new ReadCounter(client, 'purple');
    expect(await counter.collect()).toBe(2_500);
    expect(queries.map((query) => [query.after, query.offset])).toEqual([
      [undefined, 0],
      [undefined, 1_000],
      [undefined, 2_000],
    ]);
    queries.length = 0;
    log = [{ log_id: 'entry-2501', method: 'POST', path: '/chat/query' }, ...log];
    expect(await counter.collect()).toBe(1);
    expect(queries).toMatchObject([{ after: 'entry-2500', offset: 0 }]);
    // The entry the counter would continue from fell out of the log: all that is left is newer.
    dropped.add('entry-2501');
    log = [
      { log_id: 'entry-2503', method: 'GET', path: '/simulator/time' },
      { log_id: 'entry-2502', method: 'POST', path: '/email/send' },
    ];
    expect(await counter.collect()).toBe(1);
    expect(counter.totalReads).toBe(2_502);
  });
});
