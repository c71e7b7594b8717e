import type { SimulatorClock } from './clock.js';
import type { ModalityStates } from './environment.js';
import type { SimulatorEvent } from './event.js';

/** Problems that make a simulation unsafe to start: a bad clock, inconsistent states, a broken queue. */
export function checkConsistency(
  clock: SimulatorClock,
  states: ModalityStates,
  events: readonly SimulatorEvent[],
): string[] {
  const errors: string[] = [];
  if (!Number.isFinite(clock.currentTime)) errors.push('Simulator time is not a valid datetime');
  if (!(clock.timeScale > 0)) errors.push('time_scale must be positive');
  for (const [name, state] of states) {
    for (const problem of state.checkConsistency()) errors.push(`${name}: ${problem}`);
  }
  const seen = new Set<string>();
  for (const event of events) {
    if (seen.has(event.event_id)) errors.push(`Duplicate event id: ${event.event_id}`);
    seen.add(event.event_id);
    if (event.status === 'pending' && !states.has(event.modality)) {
      errors.push(`Pending event ${event.event_id} has unknown modality: ${event.modality}`);
    }
  }
  return errors;
}
