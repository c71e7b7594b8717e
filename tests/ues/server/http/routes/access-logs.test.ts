import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestUes, type TestUes } from '../../../helpers.js';

describe('access log routes', () => {
  let ues: TestUes;
  beforeEach(async () => {
    ues = await startTestUes();
    await ues.call('POST', '/access-logs/clear');
  });
  afterEach(() => ues.close());

  it('records every call with its key, newest first, and filters by key, path, method and errors', async () => {
    const purple = await ues.createKey(['chat:*'], 'Purple Agent');
    await ues.call('GET', '/chat/state', { key: purple.secret });
    await ues.call('POST', '/chat/query', { body: {}, key: purple.secret });
    await ues.call('POST', '/chat/send', { body: { role: 'assistant', content: 'x' }, key: purple.secret });
    await ues.call('GET', '/simulator/time', { key: purple.secret }); // 403
    await ues.call('GET', '/health', { key: null }); // not logged
    await ues.call('GET', '/chat/state', { key: null }); // 401, no key

    const mine = await ues.call('GET', `/access-logs?key_id=${purple.keyId}`);
    expect(
      mine.body.entries.map((entry: any) => `${entry.method} ${entry.path} ${entry.status_code}`),
    ).toEqual([
      'GET /simulator/time 403',
      'POST /chat/send 200',
      'POST /chat/query 200',
      'GET /chat/state 200',
    ]);
    expect(mine.body.entries[0]).toMatchObject({
      key_name: 'Purple Agent',
      is_error: true,
      error_detail: 'Permission denied. Required permission: time:read',
    });
    const reads = await ues.call('GET', `/access-logs?key_id=${purple.keyId}&method=get&max_status_code=299`);
    expect(reads.body.count).toBe(1);
    const errors = await ues.call('GET', '/access-logs?errors_only=true');
    expect(errors.body.entries.map((entry: any) => entry.status_code).sort()).toEqual([401, 403]);
    const paged = await ues.call('GET', '/access-logs?path_prefix=/chat&limit=2');
    expect(paged.body).toMatchObject({ count: 2, has_more: true, limit: 2, offset: 0 });
  });

  it('lists only the entries recorded after a given one (after), and says when it was dropped', async () => {
    const purple = await ues.createKey(['chat:*'], 'Purple Agent');
    await ues.call('GET', '/chat/state', { key: purple.secret });
    const first = (await ues.call('GET', `/access-logs?key_id=${purple.keyId}`)).body.entries[0];
    await ues.call('POST', '/chat/query', { body: {}, key: purple.secret });
    await ues.call('GET', '/email/state'); // the admin's, filtered out below
    await ues.call('POST', '/chat/send', { body: { role: 'assistant', content: 'x' }, key: purple.secret });
    const since = await ues.call('GET', `/access-logs?key_id=${purple.keyId}&after=${first.log_id}`);
    expect(since.body.entries.map((entry: any) => `${entry.method} ${entry.path}`)).toEqual([
      'POST /chat/send',
      'POST /chat/query',
    ]);
    expect(since.body).toMatchObject({ count: 2, has_more: false });
    const paged = await ues.call('GET', `/access-logs?key_id=${purple.keyId}&after=${first.log_id}&limit=1`);
    expect(paged.body).toMatchObject({ count: 1, has_more: true });
    const newest = since.body.entries[0].log_id;
    expect(
      (await ues.call('GET', `/access-logs?key_id=${purple.keyId}&after=${newest}`)).body.entries,
    ).toEqual([]);
    const unknown = await ues.call('GET', '/access-logs?after=no-such-entry');
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toMatch(/keeps the last 10000 entries/);
  });

  it('reports stats, clears, and validates its query', async () => {
    await ues.call('GET', '/chat/state');
    const stats = await ues.call('GET', '/access-logs/stats');
    expect(stats.body).toMatchObject({ max_entries: 10000, is_full: false, unique_keys: 1 });
    expect(stats.body.total_entries).toBeGreaterThanOrEqual(1);
    const cleared = await ues.call('POST', '/access-logs/clear');
    expect(cleared.body.message).toMatch(/^Successfully cleared \d+ access log entries$/);
    expect((await ues.call('GET', '/access-logs?limit=0')).status).toBe(422);
    expect((await ues.call('GET', '/access-logs?since=today')).status).toBe(422);
    const reader = await ues.createKey(['chat:state']);
    expect((await ues.call('GET', '/access-logs', { key: reader.secret })).status).toBe(403);
  });
});
