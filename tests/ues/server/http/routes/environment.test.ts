import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestUes, type TestUes } from '../../../helpers.js';

describe('health, root and environment routes', () => {
  let ues: TestUes;
  beforeEach(async () => {
    ues = await startTestUes();
  });
  afterEach(() => ues.close());

  it('serves / and /health without a key; unknown paths are 404 JSON', async () => {
    expect((await ues.call('GET', '/', { key: null })).body).toEqual({
      message: 'Welcome to the User Environment Simulator API',
      version: '0.3.0',
      docs_url: '/docs',
    });
    expect((await ues.call('GET', '/health', { key: null })).body).toEqual({ status: 'healthy' });
    expect(await ues.call('GET', '/nowhere')).toMatchObject({ status: 404, body: { detail: 'Not Found' } });
  });

  it('returns the full state with per-modality summaries', async () => {
    await ues.call('POST', '/chat/send', { body: { role: 'user', content: 'hi' } });
    const state = await ues.call('GET', '/environment/state');
    expect(state.body.current_time).toBe('2025-01-01T12:00:00+00:00');
    expect(state.body.modalities.chat).toMatchObject({ modality_type: 'chat', update_count: 1 });
    expect(state.body.summary).toContainEqual({
      modality_type: 'chat',
      state_summary: '1 messages in 1 conversations',
    });
  });

  it('returns compact JSON and text snapshots with the next pending event', async () => {
    await ues.call('POST', '/events', {
      body: {
        scheduled_time: '2025-01-01T13:00:00Z',
        modality: 'chat',
        data: { role: 'user', content: 'later' },
      },
    });
    const compact = await ues.call('GET', '/environment/state?compact=true');
    expect(compact.body).toMatchObject({
      snapshot_time: '2025-01-01T12:00:00Z',
      format: 'compact',
      events: { pending_count: 1, next_event_time: '2025-01-01T13:00:00Z', next_event_modality: 'chat' },
    });
    const text = await ues.call('GET', '/environment/state?compact=true&format=text');
    expect(text.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(text.body).toMatch(/^=== UES Environment Snapshot ===/);
    expect(text.body).toContain('🤖 CHAT');
    expect((await ues.call('GET', '/environment/state?format=xml')).status).toBe(422);
  });

  it('lists modalities and validates the environment', async () => {
    const modalities = await ues.call('GET', '/environment/modalities');
    expect(modalities.body.modalities).toContain('chat');
    expect(modalities.body.count).toBe(modalities.body.modalities.length);
    expect((await ues.call('POST', '/environment/validate')).body).toEqual({
      valid: true,
      errors: [],
      checked_at: '2025-01-01T12:00:00Z',
    });
  });
});
