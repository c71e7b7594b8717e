import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UesClient } from '../../../src/ues/client/index.js';
import { startClientUes, type ClientUes } from './client-helpers.js';

describe('accessLogs sub-client', () => {
  let env: ClientUes;
  let client: UesClient;
  beforeEach(async () => {
    env = await startClientUes();
    client = env.admin;
  });
  afterEach(async () => {
    await env.close();
  });

  it("counts one key's reads, filters and clears", async () => {
    const { client: purple, keyId } = await env.userClient(['chat:state', 'chat:query']);
    await purple.chat.state();
    await purple.chat.query({ role: 'user' });
    await purple.time.get().catch(() => undefined);

    const reads = await client.accessLogs.list({ key_id: keyId, path_prefix: '/chat/' });
    expect(reads.entries.map((entry) => `${entry.method} ${entry.path}`)).toEqual([
      'POST /chat/query',
      'GET /chat/state',
    ]);
    expect(reads).toMatchObject({ count: 2, has_more: false, limit: 100, offset: 0 });

    const errors = await client.accessLogs.list({ errors_only: true, since: new Date(0) });
    expect(
      errors.entries.some((entry) => entry.path === '/simulator/time' && entry.status_code === 403),
    ).toBe(true);

    const stats = await client.accessLogs.stats();
    expect(stats.total_entries).toBeGreaterThanOrEqual(4);
    expect(stats.client_error_count).toBeGreaterThanOrEqual(1);

    const cleared = await client.accessLogs.clear();
    expect(cleared.cleared_count).toBeGreaterThan(0);
    expect((await client.accessLogs.list({ key_id: keyId })).count).toBe(0);
  });
});
