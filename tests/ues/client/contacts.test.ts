import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createdContactId, UesPermissionError, UesValidationError } from '../../../src/ues/client/index.js';
import { startClientUes, type ClientUes } from './client-helpers.js';

describe('contacts sub-client (validating every response)', () => {
  let env: ClientUes;
  beforeEach(async () => {
    env = await startClientUes();
  });
  afterEach(() => env.close());

  it('creates, reads, queries and updates contacts as a user key', async () => {
    const { client } = await env.userClient([
      'contacts:state',
      'contacts:query',
      'contacts:create',
      'contacts:update',
    ]);
    const created = await client.contacts.create({
      first_name: 'Ana',
      identifiers: [{ identifier_type: 'phone', value: '(555) 867-5309' }],
      groups: ['work'],
    });
    const id = createdContactId(created)!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await client.contacts.update({ contact_id: id, add_groups: ['friends'], company: 'Acme' });
    const state = await client.contacts.state();
    expect(state.contacts[id]).toMatchObject({ company: 'Acme', groups: ['friends', 'work'] });
    const compact = await client.contacts.state({ compact: true });
    expect(compact.groups).toEqual({ friends: 1, work: 1 });
    const found = await client.contacts.query({ identifier_type: 'phone', identifier_value: '555-867-5309' });
    expect(found.contacts.map((contact) => contact.resolved_display_name)).toEqual(['Ana']);
    await expect(client.contacts.delete({ contact_id: id })).rejects.toBeInstanceOf(UesPermissionError);
    await expect(client.contacts.create({ identifiers: [] })).rejects.toBeInstanceOf(UesValidationError);
  });

  it('runs the proctor-side actions: block, favorite, groups, merge, delete', async () => {
    const contacts = env.admin.contacts;
    const a = createdContactId(
      await contacts.create({
        first_name: 'A',
        identifiers: [{ identifier_type: 'email', value: 'a@x.io' }],
      }),
    )!;
    const b = createdContactId(
      await contacts.create({ nickname: 'B', identifiers: [{ identifier_type: 'email', value: 'b@x.io' }] }),
    )!;
    // One after the other: each step acts on what the previous one left.
    for (const step of [
      () => contacts.block({ contact_id: a }),
      () => contacts.unblock({ contact_id: a }),
      () => contacts.favorite({ contact_id: b }),
      () => contacts.unfavorite({ contact_id: b }),
      () => contacts.addToGroup({ contact_id: b, group_name: 'vip' }),
      () => contacts.removeFromGroup({ contact_id: b, group_name: 'vip' }),
      () => contacts.merge({ primary_contact_id: a, secondary_contact_id: b }),
      () => contacts.delete({ contact_id: a }),
    ]) {
      expect((await step()).status).toBe('executed');
    }
    expect((await contacts.state()).total_count).toBe(0);
  });
});
