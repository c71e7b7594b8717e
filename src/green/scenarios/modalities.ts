import type { OraclePlan } from '../../protocol/index.js';
import type { GroundTruth } from '../checks/ground-truth.js';
import type { ScenarioConfig } from './schema.js';

/**
 * The modalities a scenario exercises — what an assistant has to look at in it: those with items
 * in its initial state or scheduled events, those its oracle acts on, and chat when the user is
 * owed reports or answers questions. The catalogue lists them; the honest watcher reads them
 * every turn.
 */

export interface ModalitySources {
  config: ScenarioConfig;
  initialState: { scenario: Record<string, unknown> };
  groundTruth: GroundTruth;
  oracle: OraclePlan | null;
}

const MODALITY_ORDER = ['email', 'sms', 'calendar', 'contacts', 'location', 'weather', 'chat'];

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function size(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  return Object.keys(record(value)).length;
}

/**
 * The modalities a scenario exercises: those with items in its initial state or scheduled
 * events, those its oracle acts on, and chat when the user is owed reports or answers questions.
 */
export function scenarioModalities(loaded: ModalitySources): string[] {
  const found = new Set<string>();
  const scenario = record(loaded.initialState.scenario);
  const states = record(record(scenario['environment'])['modality_states']);
  const items: Record<string, unknown> = {
    email: record(states['email'])['emails'],
    sms: record(states['sms'])['messages'],
    calendar: record(states['calendar'])['events'],
    contacts: record(states['contacts'])['contacts'],
  };
  for (const [modality, entries] of Object.entries(items)) if (size(entries) > 0) found.add(modality);
  if (record(states['location'])['current_latitude'] != null) found.add('location');
  if (size(record(states['weather'])['locations']) > 0) found.add('weather');
  const events = record(scenario['events'])['events'];
  for (const event of Array.isArray(events) ? events : []) {
    const modality = record(event)['modality'];
    if (typeof modality === 'string') found.add(modality);
  }
  for (const step of loaded.oracle?.steps ?? []) {
    if ('action' in step) found.add(step.action.split('.')[0]!);
    if ('read' in step) for (const modality of step.read) if (modality !== 'chat') found.add(modality);
  }
  if (loaded.groundTruth.deliverables.length > 0 || loaded.config.user_brief) found.add('chat');
  return MODALITY_ORDER.filter((modality) => found.has(modality));
}
