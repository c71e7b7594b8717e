import type { ScenarioInitialState } from '../initial-state.js';

/**
 * Arrival permutations: within each group the scenario declares, the scripted messages exchange
 * their arrival times (a seeded shuffle that moves at least one), so the inbox order changes
 * while every message still arrives at one of the group's times.
 */

export class PermutationError extends Error {
  override readonly name = 'PermutationError';
}

interface ScheduledEvent {
  scheduled_time?: unknown;
  data?: { message_id?: unknown; timestamp?: unknown; operation?: unknown };
}

function eventsOf(state: ScenarioInitialState): ScheduledEvent[] {
  const events = (state.scenario['events'] as { events?: unknown } | undefined)?.events;
  return Array.isArray(events) ? (events as ScheduledEvent[]) : [];
}

function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let index = out.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [out[index], out[other]] = [out[other]!, out[index]!];
  }
  // A shuffle that moved nothing is rotated by one, so a variant always changes the order.
  if (out.every((item, index) => item === items[index]) && out.length > 1) out.push(out.shift()!);
  return out;
}

/**
 * Exchanges arrival times within each group, in place on `state` (a copy the caller owns).
 * @returns the groups as applied (message id → new time), for reports.
 * @throws PermutationError naming a message that is not a scheduled arrival.
 */
export function permuteArrivals(
  state: ScenarioInitialState,
  groups: readonly (readonly string[])[],
  random: () => number,
): Array<Record<string, string>> {
  const events = eventsOf(state);
  const applied: Array<Record<string, string>> = [];
  for (const group of groups) {
    const members = group.map((id) => {
      const event = events.find(
        (candidate) =>
          candidate.data?.message_id === id &&
          (candidate.data.operation === 'receive' || candidate.data.operation === 'receive_message'),
      );
      if (!event || typeof event.scheduled_time !== 'string') {
        throw new PermutationError(
          `variants.permute: "${id}" is not a scheduled email or SMS arrival of the initial state`,
        );
      }
      return event;
    });
    const times = members.map((event) => event.scheduled_time as string);
    const shuffled = shuffle(times, random);
    const record: Record<string, string> = {};
    members.forEach((event, index) => {
      event.scheduled_time = shuffled[index]!;
      if (event.data && typeof event.data.timestamp === 'string') event.data.timestamp = shuffled[index]!;
      record[group[index]!] = shuffled[index]!;
    });
    applied.push(record);
  }
  return applied;
}
