import type { ScenarioInitialState } from '../scenarios/initial-state.js';

/**
 * When each scripted message reaches the user: the scenario start for messages already in the
 * initial state, the scheduled time for those that arrive later. Keys are `email:<message_id>`
 * and `sms:<message_id>`.
 */
export type Arrivals = ReadonlyMap<string, number>;

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

export function arrivalsOf(initialState: ScenarioInitialState, startMs: number): Arrivals {
  const arrivals = new Map<string, number>();
  const scenario = record(initialState.scenario);
  const modalities = record(record(scenario['environment'])['modality_states']);
  for (const id of Object.keys(record(record(modalities['email'])['emails'])))
    arrivals.set(`email:${id}`, startMs);
  for (const id of Object.keys(record(record(modalities['sms'])['messages'])))
    arrivals.set(`sms:${id}`, startMs);
  const events = record(scenario['events'])['events'];
  for (const event of Array.isArray(events) ? events : []) {
    const e = record(event);
    const data = record(e['data']);
    const ms = Date.parse(String(e['scheduled_time']));
    const id = typeof data['message_id'] === 'string' ? data['message_id'] : undefined;
    if (!id || Number.isNaN(ms)) continue;
    if (e['modality'] === 'email' && data['operation'] === 'receive') arrivals.set(`email:${id}`, ms);
    if (e['modality'] === 'sms' && data['operation'] === 'receive_message') arrivals.set(`sms:${id}`, ms);
  }
  return arrivals;
}
