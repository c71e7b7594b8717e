import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UesClient } from '../../../src/ues/client/index.js';
import { startClientUes, type ClientUes } from './client-helpers.js';

describe('environment sub-client', () => {
  let env: ClientUes;
  let client: UesClient;
  beforeEach(async () => {
    env = await startClientUes();
    client = env.admin;
  });
  afterEach(async () => {
    await env.close();
  });

  it('returns every modality state with one-line summaries', async () => {
    await client.chat.send({ role: 'user', content: 'hi' });
    const state = await client.environment.state();
    expect(Date.parse(state.current_time)).toBe(Date.parse('2025-01-01T12:00:00Z'));
    expect(state.modalities.chat).toMatchObject({ messages: [expect.objectContaining({ content: 'hi' })] });
    expect(state.summary.map((entry) => entry.modality_type)).toContain('chat');
  });

  it('returns the compact snapshot, as JSON and as text', async () => {
    await client.events.create({
      scheduled_time: '2025-01-01T13:00:00Z',
      modality: 'chat',
      data: { role: 'user', content: 'later' },
    });
    const compact = await client.environment.state({ compact: true });
    expect(compact).toMatchObject({
      format: 'compact',
      events: { pending_count: 1, next_event_time: '2025-01-01T13:00:00Z', next_event_modality: 'chat' },
    });
    expect(compact.modalities).toHaveProperty('chat');

    const text = await client.environment.state({ compact: true, format: 'text' });
    expect(typeof text).toBe('string');
    expect(text.startsWith('=== UES Environment Snapshot ===')).toBe(true);
    expect(text).toContain('1 pending');
  });

  it('lists modalities and validates the environment', async () => {
    const modalities = await client.environment.modalities();
    expect(modalities.modalities).toContain('chat');
    expect(modalities.count).toBe(modalities.modalities.length);
    const validation = await client.environment.validate();
    expect(validation).toMatchObject({ valid: true, errors: [], checked_at: '2025-01-01T12:00:00Z' });
  });
});
