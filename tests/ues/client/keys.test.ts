import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  UesApiError,
  UesAuthError,
  UesConflictError,
  type UesClient,
} from '../../../src/ues/client/index.js';
import { startClientUes, type ClientUes } from './client-helpers.js';

describe('keys sub-client', () => {
  let env: ClientUes;
  let client: UesClient;
  beforeEach(async () => {
    env = await startClientUes();
    client = env.admin;
  });
  afterEach(async () => {
    await env.close();
  });

  it('creates a key whose secret works, lists, gets and revokes it', async () => {
    const created = await client.keys.create({ name: 'Purple Agent (a-1)', permissions: ['time:read'] });
    expect(created).toMatchObject({ name: 'Purple Agent (a-1)', permissions: ['time:read'] });
    expect(created.secret).toMatch(/^[0-9a-f]{64}$/);

    const purple = client.withApiKey(created.secret);
    expect((await purple.time.get()).current_time).toBe('2025-01-01T12:00:00Z');

    const listed = await client.keys.list();
    expect(listed).toMatchObject({ total: 2, active: 2, revoked: 0 });
    expect(listed.keys[0]).toMatchObject({ name: 'Admin Key', permissions: ['*'] });

    const fetched = await client.keys.get(created.key_id);
    expect(fetched).toMatchObject({ key_id: created.key_id, is_active: true });
    expect(fetched.last_used_at).toEqual(expect.any(String));

    const revoked = await client.keys.revoke(created.key_id);
    expect(revoked).toMatchObject({ key_id: created.key_id, name: 'Purple Agent (a-1)' });
    await expect(purple.time.get()).rejects.toBeInstanceOf(UesAuthError);
    await expect(client.keys.revoke(created.key_id)).rejects.toBeInstanceOf(UesConflictError);

    expect((await client.keys.list({ include_revoked: false })).keys).toHaveLength(1);
    expect((await client.keys.get(created.key_id)).is_active).toBe(false);
  });

  it('refuses to revoke the admin key with a 400', async () => {
    const admin = (await client.keys.list()).keys[0]!;
    const error = await client.keys.revoke(admin.key_id).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UesApiError);
    expect((error as UesApiError).status).toBe(400);
    expect((error as UesApiError).message).toBe(
      `DELETE /keys/${admin.key_id} failed with HTTP 400: Cannot revoke the admin key`,
    );
  });
});
