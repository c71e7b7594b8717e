import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestUes, type TestUes } from '../../../helpers.js';

describe('key routes', () => {
  let ues: TestUes;
  beforeEach(async () => {
    ues = await startTestUes();
  });
  afterEach(() => ues.close());

  it('creates, lists, reads and revokes keys; the secret is shown once', async () => {
    const created = await ues.call('POST', '/keys', {
      body: { name: 'Purple', permissions: ['email:*', 'time:read'] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Purple',
      permissions: ['email:*', 'time:read'],
      created_by: ues.ues.keys.adminKeyId,
    });
    expect(created.body.key_id).toMatch(/^ues_[0-9a-f]{16}$/);
    expect(created.body.secret).toMatch(/^[0-9a-f]{64}$/);

    const listed = await ues.call('GET', '/keys');
    expect(listed.body).toMatchObject({ total: 2, active: 2, revoked: 0 });
    expect(listed.body.keys[0]).toMatchObject({ name: 'Admin Key', permissions: ['*'], is_active: true });
    expect(JSON.stringify(listed.body)).not.toContain(created.body.secret);

    await ues.call('GET', '/simulator/time', { key: created.body.secret });
    const read = await ues.call('GET', `/keys/${created.body.key_id}`);
    expect(read.body.last_used_at).not.toBeNull();

    const revoked = await ues.call('DELETE', `/keys/${created.body.key_id}`);
    expect(revoked.body).toMatchObject({
      key_id: created.body.key_id,
      message: "API key 'Purple' has been revoked and can no longer be used",
    });
    const refused = await ues.call('GET', '/simulator/time', { key: created.body.secret });
    expect(refused).toMatchObject({ status: 401, body: { detail: 'Invalid or revoked API key.' } });
    expect(refused.headers.get('www-authenticate')).toBe('ApiKey');
    expect((await ues.call('DELETE', `/keys/${created.body.key_id}`)).status).toBe(409);
    expect((await ues.call('GET', '/keys?include_revoked=false')).body.keys).toHaveLength(1);
  });

  it('never revokes the admin key; unknown keys are 404; bad bodies 422', async () => {
    const admin = await ues.call('DELETE', `/keys/${ues.ues.keys.adminKeyId}`);
    expect(admin).toMatchObject({ status: 400, body: { detail: 'Cannot revoke the admin key' } });
    expect((await ues.call('GET', '/keys/ues_0000000000000000')).body.detail).toBe(
      "API key with ID 'ues_0000000000000000' not found",
    );
    expect((await ues.call('POST', '/keys', { body: { name: '', permissions: ['*'] } })).status).toBe(422);
    const noPerms = await ues.call('POST', '/keys', { body: { name: 'x', permissions: [] } });
    expect(noPerms.status).toBe(422);
    expect(noPerms.body.detail[0].loc).toEqual(['body', 'permissions']);
  });

  it('answers 401 without a key and 403 without the permission, with the original texts', async () => {
    const missing = await ues.call('GET', '/keys', { key: null });
    expect(missing).toMatchObject({
      status: 401,
      body: { detail: 'API key required. Provide X-API-Key header.' },
    });
    const limited = await ues.createKey(['time:read']);
    const denied = await ues.call('POST', '/keys', {
      body: { name: 'x', permissions: ['*'] },
      key: limited.secret,
    });
    expect(denied).toMatchObject({
      status: 403,
      body: { detail: 'Permission denied. Required permission: keys:create' },
    });
    const wildcard = await ues.createKey(['keys:*']);
    expect((await ues.call('GET', '/keys', { key: wildcard.secret })).status).toBe(200);
  });
});
