import { afterEach, describe, expect, it } from 'vitest';
import { TEST_START, startTestUes, type TestUes } from '../../../helpers.js';

/**
 * `POST /simulation/clear` with `id_seed`: everything the simulation names afterwards — events,
 * inputs, emails and their attachments, chat and SMS messages and threads, contacts, calendar
 * events — derives from the seed, so the same calls on two simulators give the same export.
 */

const opened: TestUes[] = [];

afterEach(async () => {
  for (const ues of opened.splice(0)) await ues.close();
});

async function simulator(): Promise<TestUes> {
  const ues = await startTestUes({ running: false });
  opened.push(ues);
  return ues;
}

/**
 * Calls that name new things in every modality; returns the full export without its wall-clock
 * fields and with the admin key's id (keys are access control, not part of the world: random).
 */
async function world(ues: TestUes, clearBody: Record<string, unknown>): Promise<string> {
  const ok = async (path: string, body: unknown) => {
    const response = await ues.call('POST', path, { body });
    expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
    return response.body;
  };
  await ok('/simulation/clear', { reset_time_to: TEST_START, ...clearBody });
  await ok('/simulation/start', { auto_advance: false });
  await ok('/email/send', {
    from_address: 'user@example.com',
    to_addresses: ['sam@example.com'],
    subject: 'Menu',
    body_text: 'Attached.',
    attachments: [{ filename: 'menu.pdf', size: 1200, mime_type: 'application/pdf' }],
  });
  await ok('/chat/send', { role: 'user', content: 'first' });
  await ok('/chat/send', { role: 'assistant', content: 'second, same instant' });
  await ok('/sms/send', { from_number: '+15550000000', to_numbers: ['+15551110001'], body: 'On my way' });
  await ok('/contacts/create', {
    first_name: 'Ana',
    identifiers: [{ identifier_type: 'email', value: 'ana@example.com' }],
  });
  await ok('/calendar/create', {
    title: 'Sync',
    start: '2025-01-02T10:00:00Z',
    end: '2025-01-02T11:00:00Z',
    attachments: [{ filename: 'agenda.txt', size: 10, mime_type: 'text/plain', url: null, data: null }],
  });
  await ok('/events', {
    scheduled_time: '2025-01-01T13:00:00Z',
    modality: 'email',
    data: {
      operation: 'receive',
      from_address: 'sam@example.com',
      to_addresses: ['user@example.com'],
      subject: 'Later',
      body_text: 'Arrives in an hour.',
    },
  });
  await ok('/simulator/time/advance', { seconds: 3600 });
  const exported = (await ues.call('GET', '/scenario/export/full')).body;
  delete exported.scenario.environment.time_state.last_wall_time_update;
  delete exported.scenario.metadata.created_at;
  return JSON.stringify(exported).replaceAll(ues.ues.keys.adminKeyId, '<admin key>');
}

describe('seeded ids', () => {
  it('gives the same ids for the same calls and seed, other ids for another seed, random ones without', async () => {
    const [a, b, c, d] = await Promise.all([simulator(), simulator(), simulator(), simulator()]);
    const first = await world(a, { id_seed: 'run-5' });
    expect(await world(b, { id_seed: 'run-5' })).toBe(first);
    expect(await world(c, { id_seed: 'run-6' })).not.toBe(first);
    // An integer seed is its decimal string.
    expect(await world(c, { id_seed: 5 })).toBe(await world(d, { id_seed: '5' }));
    // Without id_seed, a clear returns to random ids.
    expect(await world(a, {})).not.toBe(await world(b, {}));

    // The seed restarts every kind's count: a second run on the same simulator repeats the first.
    expect(await world(a, { id_seed: 'run-5' })).toBe(first);
    for (const name of ['message_id', 'attachment_id', 'event_id', 'contact_id', 'input_id']) {
      expect(first, name).toContain(`"${name}":`);
    }
  });

  it('answers the seed in use, and refuses a bad one with 422 naming id_seed, changing nothing', async () => {
    const ues = await simulator();
    const cleared = await ues.call('POST', '/simulation/clear', { body: { id_seed: 42 } });
    expect(cleared.body).toMatchObject({ status: 'cleared', id_seed: '42' });
    expect((await ues.call('POST', '/simulation/clear', { body: {} })).body.id_seed).toBeNull();
    await ues.call('POST', '/chat/send', { body: { role: 'user', content: 'kept' } });
    for (const id_seed of ['', 'x'.repeat(201), { seed: 1 }, 1.5, true]) {
      const refused = await ues.call('POST', '/simulation/clear', { body: { id_seed } });
      expect(refused.status, JSON.stringify(id_seed)).toBe(422);
      expect(refused.body.detail[0].loc).toEqual(['body', 'id_seed']);
    }
    expect((await ues.call('GET', '/chat/state')).body.messages).toHaveLength(1);
  });
});
