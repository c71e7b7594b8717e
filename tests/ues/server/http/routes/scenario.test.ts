import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestUes, type TestUes } from '../../../helpers.js';

describe('scenario routes', () => {
  let ues: TestUes;
  beforeEach(async () => {
    ues = await startTestUes();
  });
  afterEach(() => ues.close());

  async function populate(): Promise<void> {
    await ues.call('POST', '/chat/send', {
      body: { role: 'user', content: 'hi', conversation_id: 'user-assistant' },
    });
    await ues.call('POST', '/events', {
      body: {
        scheduled_time: '2025-01-01T13:00:00Z',
        modality: 'chat',
        data: { role: 'assistant', content: 'later' },
      },
    });
  }

  it('exports the environment, the events and the full scenario', async () => {
    await populate();
    const environment = await ues.call('GET', '/scenario/export/environment');
    expect(environment.body.modalities_exported).toContain('chat');
    expect(environment.body.environment.time_state).toMatchObject({
      current_time: '2025-01-01T12:00:00+00:00',
      time_scale: 1,
      is_paused: false,
      auto_advance: false,
    });
    const events = await ues.call('GET', '/scenario/export/events');
    expect(events.body).toMatchObject({ total_events: 2, pending_events: 1, executed_events: 1 });
    expect(events.body.events.events[0]).toHaveProperty('metadata');
    const full = await ues.call('GET', '/scenario/export/full?author=tester&description=demo');
    expect(full.body.scenario.metadata).toMatchObject({
      scenario_version: '1',
      author: 'tester',
      description: 'demo',
    });
  });

  it('round-trips a full export through import with fresh event ids (refused while running)', async () => {
    await populate();
    const exported = (await ues.call('GET', '/scenario/export/full')).body;
    const running = await ues.call('POST', '/scenario/import/full', { body: exported });
    expect(running.status).toBe(409);
    expect(running.body.detail).toBe('Cannot load scenario while simulation is running. Call stop() first.');

    await ues.call('POST', '/simulation/clear', { body: { reset_time_to: '2030-01-01T00:00:00Z' } });
    const imported = await ues.call('POST', '/scenario/import/full', { body: exported });
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({
      success: true,
      environment_loaded: true,
      events_loaded: 2,
      modalities_skipped: [],
    });
    const reExported = (await ues.call('GET', '/scenario/export/full')).body.scenario;
    expect(reExported.environment.modality_states).toEqual(exported.scenario.environment.modality_states);
    const oldIds = exported.scenario.events.events.map((event: any) => event.event_id);
    const newIds = reExported.events.events.map((event: any) => event.event_id);
    expect(newIds.some((id: string) => oldIds.includes(id))).toBe(false);

    await ues.call('POST', '/simulation/start');
    await ues.call('POST', '/simulator/time/advance', { body: { seconds: 3600 } });
    const chat = (await ues.call('GET', '/chat/state')).body;
    expect(chat.messages.map((message: any) => message.content)).toEqual(['hi', 'later']);
  });

  it('imports an environment alone, skipping unknown modalities unless strict', async () => {
    await ues.call('POST', '/simulation/stop');
    const data = {
      time_state: {
        current_time: '2026-01-28T06:00:00+00:00',
        time_scale: 1,
        is_paused: true,
        auto_advance: false,
        last_wall_time_update: '2026-01-28T06:00:00+00:00',
      },
      modality_states: { chat: { messages: [], conversations: {} }, fax: { pages: 3 } },
    };
    const loose = await ues.call('POST', '/scenario/import/environment', { body: { data } });
    expect(loose.body).toMatchObject({
      success: true,
      modalities_loaded: ['chat'],
      modalities_skipped: ['fax'],
    });
    expect((await ues.call('GET', '/simulator/time')).body.current_time).toBe('2026-01-28T06:00:00Z');
    const strict = await ues.call('POST', '/scenario/import/environment', {
      body: { data, strict_modalities: true },
    });
    expect(strict).toMatchObject({ status: 400, body: { detail: 'Unknown modality in environment: fax' } });
    // A paused export does not leave a started simulation unable to advance.
    await ues.call('POST', '/simulation/start');
    expect((await ues.call('POST', '/simulator/time/advance', { body: { seconds: 60 } })).status).toBe(200);
  });

  it('imports events (replace or merge) and rejects malformed files without changing anything', async () => {
    await populate();
    await ues.call('POST', '/simulation/stop');
    const events = (await ues.call('GET', '/scenario/export/events')).body.events;
    const merged = await ues.call('POST', '/scenario/import/events', { body: { data: events, merge: true } });
    expect(merged.body).toMatchObject({
      success: true,
      events_loaded: 2,
      events_merged: true,
      previous_events: 2,
    });
    expect((await ues.call('GET', '/events/summary')).body.total).toBe(4);

    const broken = structuredClone(events);
    broken.events[1].data.role = 'robot';
    const rejected = await ues.call('POST', '/scenario/import/events', { body: { data: broken } });
    expect(rejected.status).toBe(422);
    expect(rejected.body.detail[0].loc).toEqual(['body', 'data', 'events', 1]);
    expect(rejected.body.detail[0].msg).toMatch(/Invalid data for chat modality/);
    expect((await ues.call('GET', '/events/summary')).body.total).toBe(4);

    const badState = await ues.call('POST', '/scenario/import/full', {
      body: {
        scenario: {
          environment: {
            time_state: {
              current_time: '2025-01-01T12:00:00Z',
              time_scale: 1,
              is_paused: false,
              auto_advance: false,
              last_wall_time_update: '2025-01-01T12:00:00Z',
            },
            modality_states: { chat: { messages: [{ message_id: 1 }] } },
          },
        },
      },
    });
    expect(badState.status).toBe(422);
    expect(badState.body.detail[0].loc).toEqual([
      'body',
      'scenario',
      'environment',
      'modality_states',
      'chat',
    ]);
    expect((await ues.call('GET', '/chat/state')).body.total_message_count).toBe(1);
    expect((await ues.call('POST', '/scenario/import/full', { body: { scenario: {} } })).status).toBe(422);
  });
});
