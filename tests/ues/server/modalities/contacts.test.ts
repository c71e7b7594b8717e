import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestUes, type TestUes } from '../../helpers.js';

const ana = {
  first_name: 'Ana',
  last_name: 'López',
  identifiers: [
    { identifier_type: 'phone', value: '(555) 867-5309', label: 'mobile' },
    { identifier_type: 'email', value: 'ana@example.com' },
  ],
  company: 'Acme',
  groups: ['work', 'work', 'friends'],
};

describe('contacts routes', () => {
  let ues: TestUes;
  beforeEach(async () => {
    ues = await startTestUes();
  });
  afterEach(() => ues.close());

  const post = (path: string, body: unknown) => ues.call('POST', `/contacts/${path}`, { body });
  const create = async (body: Record<string, unknown>): Promise<string> => {
    const created = await post('create', body);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.status, created.body.message).toBe('executed');
    return created.body.contact_id;
  };
  const contact = async (id: string) => (await ues.call('GET', '/contacts/state')).body.contacts[id];

  it('creates a contact with normalized phones, sorted unique groups and a resolved name', async () => {
    const created = await post('create', ana);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      status: 'executed',
      modality: 'contacts',
      scheduled_time: '2025-01-01T12:00:00Z',
      contact_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(created.body.message).toBe(
      `Contact created successfully (contact_id: ${created.body.contact_id})`,
    );
    expect(await contact(created.body.contact_id)).toEqual({
      contact_id: created.body.contact_id,
      first_name: 'Ana',
      last_name: 'López',
      display_name: null,
      resolved_display_name: 'Ana López',
      nickname: null,
      identifiers: [
        { identifier_type: 'phone', value: '+15558675309', label: 'mobile' },
        { identifier_type: 'email', value: 'ana@example.com', label: null },
      ],
      company: 'Acme',
      job_title: null,
      addresses: [],
      birthday: null,
      notes: null,
      photo_url: null,
      is_favorite: false,
      is_blocked: false,
      groups: ['friends', 'work'],
      created_at: '2025-01-01T12:00:00Z',
      updated_at: '2025-01-01T12:00:00Z',
    });
    const event = ues.ues.engine.queue.get(created.body.event_id)!;
    expect(event).toMatchObject({ modality: 'contacts', status: 'executed', agent_id: expect.any(String) });
    expect(event.data.contact_id).toBe(created.body.contact_id);
  });

  it('answers 422 naming the field for bad create bodies', async () => {
    const cases: [Record<string, unknown>, (string | number)[]][] = [
      [{ first_name: 'X' }, ['body', 'identifiers']],
      [{ identifiers: [] }, ['body', 'identifiers']],
      [
        { identifiers: [{ identifier_type: 'email', value: 'not-an-email' }] },
        ['body', 'identifiers', 0, 'value'],
      ],
      [
        { identifiers: [{ identifier_type: ' ', value: 'x' }] },
        ['body', 'identifiers', 0, 'identifier_type'],
      ],
      [
        { identifiers: [{ identifier_type: 'phone', value: '1' }], birthday: '2025-02-30' },
        ['body', 'birthday'],
      ],
      [
        { identifiers: [{ identifier_type: 'phone', value: '1' }], is_favorite: 'yes' },
        ['body', 'is_favorite'],
      ],
    ];
    for (const [body, loc] of cases) {
      const response = await post('create', body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.detail[0].loc).toEqual(loc);
    }
    expect((await post('create', undefined)).status).toBe(422);
    expect(ues.ues.engine.queue.size).toBe(0);
  });

  it('refuses an identifier that belongs to another contact: the event fails, nothing changes', async () => {
    const first = await create(ana);
    const taken = await post('create', {
      first_name: 'Impostor',
      identifiers: [{ identifier_type: 'phone', value: '+1 555 867 5309' }],
    });
    expect(taken.status).toBe(200);
    expect(taken.body.status).toBe('failed');
    expect(taken.body.contact_id).toBeNull();
    expect(taken.body.message).toBe(
      `Failed to create contact: ValueError: Identifier phone:+15558675309 already belongs to contact ${first} (Ana López)`,
    );
    expect(Object.keys((await ues.call('GET', '/contacts/state')).body.contacts)).toEqual([first]);
  });

  it('updates scalars, replaces, adds and removes identifiers, addresses and groups', async () => {
    const id = await create(ana);
    await ues.call('POST', '/simulator/time/advance', { body: { seconds: 60 } });
    const home = { street: '1 Main St', city: 'Springfield', label: 'home' };
    const updated = await post('update', {
      contact_id: id,
      nickname: 'Annie',
      job_title: 'CTO',
      birthday: '1990-05-17',
      add_identifiers: [{ identifier_type: 'email', value: 'ana@work.example.com', label: 'work' }],
      remove_identifiers: [{ identifier_type: 'phone', value: '555-867-5309' }],
      add_addresses: [home, { city: 'Paris' }],
      add_groups: ['family'],
      remove_groups: ['work'],
    });
    expect(updated.body).toMatchObject({ status: 'executed', message: `Contact ${id} updated successfully` });
    expect(await contact(id)).toMatchObject({
      nickname: 'Annie',
      job_title: 'CTO',
      birthday: '1990-05-17',
      first_name: 'Ana',
      identifiers: [
        { identifier_type: 'email', value: 'ana@example.com', label: null },
        { identifier_type: 'email', value: 'ana@work.example.com', label: 'work' },
      ],
      addresses: [
        {
          street: '1 Main St',
          city: 'Springfield',
          state: null,
          postal_code: null,
          country: null,
          label: 'home',
        },
        { street: null, city: 'Paris', state: null, postal_code: null, country: null, label: null },
      ],
      groups: ['family', 'friends'],
      created_at: '2025-01-01T12:00:00Z',
      updated_at: '2025-01-01T12:01:00Z',
    });
    await post('update', { contact_id: id, remove_addresses: [{ city: 'Paris' }], groups: ['vip'] });
    expect(await contact(id)).toMatchObject({ addresses: [expect.objectContaining(home)], groups: ['vip'] });
    await post('update', {
      contact_id: id,
      identifiers: [{ identifier_type: 'phone', value: '5551112222' }],
    });
    expect((await contact(id)).identifiers).toEqual([
      { identifier_type: 'phone', value: '+15551112222', label: null },
    ]);
    // The removed phone is free again.
    await create({
      first_name: 'New owner',
      identifiers: [{ identifier_type: 'phone', value: '5558675309' }],
    });
    const unknown = await post('update', { contact_id: 'nope', nickname: 'x' });
    expect(unknown.body).toMatchObject({
      status: 'failed',
      message: 'Failed to update contact: ValueError: Contact not found: nope',
    });
  });

  it('deletes, blocks, unblocks, favorites and unfavorites, failing on unknown contacts', async () => {
    const id = await create(ana);
    for (const [path, field, value] of [
      ['block', 'is_blocked', true],
      ['favorite', 'is_favorite', true],
      ['unblock', 'is_blocked', false],
      ['unfavorite', 'is_favorite', false],
    ] as const) {
      const response = await post(path, { contact_id: id });
      expect(response.body).toMatchObject({
        status: 'executed',
        message: expect.stringContaining(`${path}`),
      });
      expect((await contact(id))[field]).toBe(value);
    }
    expect((await post('block', { contact_id: 'ghost' })).body.status).toBe('failed');
    expect((await post('block', {})).status).toBe(422);
    const deleted = await post('delete', { contact_id: id });
    expect(deleted.body).toMatchObject({ status: 'executed', message: `Contact ${id} deleted successfully` });
    expect(await contact(id)).toBeUndefined();
    expect((await post('delete', { contact_id: id })).body).toMatchObject({
      status: 'failed',
      message: `Failed to delete contact: ValueError: Contact not found: ${id}`,
    });
  });

  it('adds to and removes from groups; groups exist while a member has them', async () => {
    const id = await create(ana);
    expect((await post('group/add', { contact_id: id, group_name: 'book club' })).body.message).toBe(
      `Contact ${id} added to group 'book club' successfully`,
    );
    await post('group/remove', { contact_id: id, group_name: 'work' });
    const state = (await ues.call('GET', '/contacts/state')).body;
    expect(state.contacts[id].groups).toEqual(['book club', 'friends']);
    expect(state.groups).toEqual(['book club', 'friends']);
    expect((await post('group/add', { contact_id: id, group_name: '  ' })).status).toBe(422);
    expect((await post('group/add', { contact_id: id })).status).toBe(422);
  });

  it('merges the secondary into the primary and deletes it; same ids are a 400', async () => {
    const primary = await create({ ...ana, display_name: null, notes: null });
    const secondary = await create({
      first_name: 'Ana M.',
      nickname: 'Nani',
      notes: 'met at conference',
      is_favorite: true,
      identifiers: [
        { identifier_type: 'phone', value: '+44 20 7946 0958' },
        { identifier_type: 'handle', value: '@ana' },
      ],
      addresses: [{ city: 'London' }],
      groups: ['conference'],
    });
    const merged = await post('merge', { primary_contact_id: primary, secondary_contact_id: secondary });
    expect(merged.body).toMatchObject({
      status: 'executed',
      message: `Contacts merged successfully (primary: ${primary})`,
    });
    const state = (await ues.call('GET', '/contacts/state')).body;
    expect(Object.keys(state.contacts)).toEqual([primary]);
    expect(state.contacts[primary]).toMatchObject({
      first_name: 'Ana',
      nickname: 'Nani',
      notes: 'met at conference',
      is_favorite: true,
      groups: ['conference', 'friends', 'work'],
      identifiers: [
        expect.objectContaining({ value: '+15558675309' }),
        expect.objectContaining({ value: 'ana@example.com' }),
        expect.objectContaining({ value: '+442079460958' }),
        expect.objectContaining({ value: '@ana' }),
      ],
    });
    const same = await post('merge', { primary_contact_id: primary, secondary_contact_id: primary });
    expect(same.status).toBe(400);
    expect(same.body.detail).toContain('must be different');
    expect(
      (await post('merge', { primary_contact_id: primary, secondary_contact_id: 'x' })).body.message,
    ).toBe('Failed to merge contacts: ValueError: Secondary contact not found: x');
  });

  it('shows a compact state with counts, groups and recent contacts', async () => {
    const id = await create(ana);
    await create({ first_name: 'Bo', identifiers: [{ identifier_type: 'email', value: 'bo@example.com' }] });
    await post('favorite', { contact_id: id });
    await post('block', { contact_id: id });
    const compact = await ues.call('GET', '/contacts/state?compact=true');
    expect(compact.body).toEqual({
      modality_type: 'contacts',
      last_updated: '2025-01-01T12:00:00Z',
      update_count: 4,
      summary: '2 contacts, 1 favorite, 1 blocked',
      total_contacts: 2,
      favorites_count: 1,
      blocked_count: 1,
      groups: { friends: 1, work: 1 },
      recent_contacts: [
        { name: 'Ana López', updated_ago: 'just now' },
        { name: 'Bo', updated_ago: 'just now' },
      ],
    });
    const full = (await ues.call('GET', '/contacts/state')).body;
    expect(full).toMatchObject({
      total_count: 2,
      favorites_count: 1,
      blocked_count: 1,
      groups: ['friends', 'work'],
    });
    const environment = (await ues.call('GET', '/environment/state?compact=true')).body;
    expect(environment.modalities.contacts.summary).toBe('2 contacts, 1 favorite, 1 blocked');
  });

  it('accepts contacts events through POST /events (the original answered 404)', async () => {
    const scheduled = await ues.call('POST', '/events', {
      body: {
        scheduled_time: '2025-01-01T13:00:00Z',
        modality: 'contacts',
        data: {
          operation: 'create_contact',
          first_name: 'Later',
          identifiers: [{ identifier_type: 'phone', value: '5550001111' }],
        },
      },
    });
    expect(scheduled.status).toBe(200);
    const invalid = await ues.call('POST', '/events', {
      body: {
        scheduled_time: '2025-01-01T13:00:00Z',
        modality: 'contacts',
        data: { operation: 'create_contact' },
      },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.detail).toContain('requires at least one identifier');
    await ues.call('POST', '/simulator/time/advance', { body: { seconds: 3600 } });
    const contacts = Object.values((await ues.call('GET', '/contacts/state')).body.contacts) as any[];
    expect(contacts.map((entry) => [entry.first_name, entry.identifiers[0].value, entry.created_at])).toEqual(
      [['Later', '+15550001111', '2025-01-01T13:00:00Z']],
    );
  });

  it('undoes, redoes and resets contacts exactly, ids included', async () => {
    const id = await create(ana);
    const before = JSON.stringify((await ues.call('GET', '/contacts/state')).body.contacts);
    await post('update', {
      contact_id: id,
      add_identifiers: [{ identifier_type: 'phone', value: '5550002222' }],
    });
    const other = await create({
      first_name: 'Bo',
      identifiers: [{ identifier_type: 'email', value: 'bo@x.io' }],
    });
    await post('merge', { primary_contact_id: id, secondary_contact_id: other });
    const after = JSON.stringify((await ues.call('GET', '/contacts/state')).body.contacts);
    expect((await ues.call('POST', '/simulation/undo', { body: { count: 3 } })).body.undone_count).toBe(3);
    expect(JSON.stringify((await ues.call('GET', '/contacts/state')).body.contacts)).toBe(before);
    // The undone identifiers are free again, and taken again on redo.
    expect((await ues.call('POST', '/simulation/redo', { body: { count: 3 } })).body.redone_count).toBe(3);
    expect(JSON.stringify((await ues.call('GET', '/contacts/state')).body.contacts)).toBe(after);
    expect(
      (await post('create', { identifiers: [{ identifier_type: 'email', value: 'bo@x.io' }] })).body.status,
    ).toBe('failed');
    await ues.call('POST', '/simulation/reset');
    expect((await ues.call('GET', '/contacts/state')).body.contacts).toEqual({});
  });
});
