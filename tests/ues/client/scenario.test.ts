import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UesConflictError, type UesClient } from '../../../src/ues/client/index.js';
import { startClientUes, type ClientUes } from './client-helpers.js';

describe('scenario sub-client', () => {
  let env: ClientUes;
  let client: UesClient;
  beforeEach(async () => {
    env = await startClientUes();
    client = env.admin;
    await client.chat.send({ role: 'user', content: 'exported message' });
    await client.events.create({
      scheduled_time: '2025-01-01T13:00:00Z',
      modality: 'chat',
      data: { role: 'assistant', content: 'exported pending' },
      metadata: { note: 'kept' },
    });
  });
  afterEach(async () => {
    await env.close();
  });

  it('exports the environment, the events and the full scenario', async () => {
    const environment = await client.scenario.exportEnvironment();
    expect(environment.modalities_exported).toContain('chat');
    expect(environment.environment.modality_states.chat).toMatchObject({ messages: [expect.any(Object)] });
    expect(Date.parse(environment.environment.time_state.current_time)).toBe(
      Date.parse('2025-01-01T12:00:00Z'),
    );

    const events = await client.scenario.exportEvents();
    expect(events).toMatchObject({ total_events: 2, pending_events: 1, executed_events: 1 });
    expect(events.events.events.find((event) => event.status === 'pending')?.metadata).toMatchObject({
      note: 'kept',
    });

    const full = await client.scenario.exportFull({ author: 'tests', description: 'round trip' });
    expect(full.scenario.metadata).toMatchObject({
      author: 'tests',
      description: 'round trip',
      scenario_version: '1',
    });
  });

  it('refuses imports while running (409) and round-trips once stopped', async () => {
    const { scenario } = await client.scenario.exportFull();
    await expect(client.scenario.importFull({ scenario })).rejects.toBeInstanceOf(UesConflictError);

    await client.simulation.clear();
    expect((await client.events.summary()).total).toBe(0);

    const imported = await client.scenario.importFull({ scenario, strict_modalities: true });
    expect(imported).toMatchObject({ success: true, environment_loaded: true, events_loaded: 2 });
    expect(imported.modalities_loaded).toContain('chat');
    expect((await client.chat.state()).messages.map((message) => message.content)).toEqual([
      'exported message',
    ]);
    expect((await client.time.get()).current_time).toBe('2025-01-01T12:00:00Z');
  });

  it('imports the environment and the events separately', async () => {
    const { environment } = await client.scenario.exportEnvironment();
    const { events } = await client.scenario.exportEvents();
    await client.simulation.clear({ reset_time_to: '2024-06-01T00:00:00Z' });

    const loadedEnvironment = await client.scenario.importEnvironment({
      data: environment,
      historic_event_handling: 'delete',
    });
    expect(loadedEnvironment).toMatchObject({
      success: true,
      historic_events_action: 'delete',
      warnings: [],
    });
    expect((await client.time.get()).current_time).toBe('2025-01-01T12:00:00Z');

    const loadedEvents = await client.scenario.importEvents({ data: events, merge: false });
    expect(loadedEvents).toMatchObject({
      success: true,
      events_loaded: 2,
      events_merged: false,
      previous_events: 0,
    });
    const merged = await client.scenario.importEvents({ data: { events: [events.events[1]!] }, merge: true });
    expect(merged).toMatchObject({ events_loaded: 1, events_merged: true, previous_events: 2 });
    expect((await client.events.summary()).total).toBe(3);
  });
});
