import type { ModalityInput } from '../../core/event.js';
import { formatTime } from '../../core/time.js';
import type { ApplyContext, ModalityState } from '../modality.js';
import type { LocationInput } from './input.js';
import { newPosition, type LocationHistoryEntry, type Position } from './model.js';

export const DEFAULT_MAX_LOCATION_HISTORY = 100;

/**
 * The user's current position and the positions before it (newest last, at most
 * `maxHistorySize`). Each update moves the current position into the history, stamped with the
 * time it had been set.
 */
export class LocationState implements ModalityState {
  readonly modalityType = 'location';
  lastUpdated: number;
  updateCount = 0;
  current: Position | null = null;
  history: LocationHistoryEntry[] = [];
  maxHistorySize = DEFAULT_MAX_LOCATION_HISTORY;

  constructor(now: number) {
    this.lastUpdated = now;
  }

  validate(): string[] {
    return [];
  }

  apply(input: ModalityInput, context: ApplyContext): void {
    const { journal } = context;
    if (this.current) {
      journal.push(this.history, { timestamp: formatTime(this.lastUpdated), ...this.current });
      if (this.history.length > this.maxHistorySize) {
        journal.replaceAll(this.history, this.history.slice(this.history.length - this.maxHistorySize));
      }
    }
    journal.set(this, 'current', newPosition(input as unknown as LocationInput));
  }

  /** The original's flat export shape, so Python and TypeScript scenario files interchange. */
  toJSON(): Record<string, unknown> {
    const current = this.current;
    return {
      modality_type: 'location',
      last_updated: formatTime(this.lastUpdated),
      update_count: this.updateCount,
      current_latitude: current?.latitude ?? null,
      current_longitude: current?.longitude ?? null,
      current_address: current?.address ?? null,
      current_named_location: current?.named_location ?? null,
      current_altitude: current?.altitude ?? null,
      current_accuracy: current?.accuracy ?? null,
      current_speed: current?.speed ?? null,
      current_bearing: current?.bearing ?? null,
      location_history: this.history,
      max_history_size: this.maxHistorySize,
    };
  }

  summary(): string {
    const current = this.current;
    if (!current) return 'Location not set';
    if (current.named_location) return `At ${current.named_location}`;
    if (current.address) return `At ${current.address}`;
    return `At ${current.latitude.toFixed(4)}, ${current.longitude.toFixed(4)}`;
  }

  compact(): Record<string, unknown> {
    const current = this.current;
    if (!current) return { summary: this.summary(), current: null };
    const view: Record<string, unknown> = { latitude: current.latitude, longitude: current.longitude };
    if (current.address) view.address = current.address;
    if (current.named_location) view.named_location = current.named_location;
    if (current.accuracy !== null) view.accuracy_meters = current.accuracy;
    if (current.speed !== null) view.speed_mps = current.speed;
    return { summary: this.summary(), current: view };
  }

  checkConsistency(): string[] {
    const problems: string[] = [];
    const current = this.current;
    if (current && !(current.latitude >= -90 && current.latitude <= 90)) {
      problems.push(`Current latitude ${current.latitude} is outside valid range`);
    }
    if (current && !(current.longitude >= -180 && current.longitude <= 180)) {
      problems.push(`Current longitude ${current.longitude} is outside valid range`);
    }
    for (let index = 1; index < this.history.length; index++) {
      if (Date.parse(this.history[index]!.timestamp) < Date.parse(this.history[index - 1]!.timestamp)) {
        problems.push(`Location history not in chronological order at index ${index}`);
      }
    }
    if (this.history.length > this.maxHistorySize) {
      problems.push(`Location history size ${this.history.length} exceeds maximum ${this.maxHistorySize}`);
    }
    return problems;
  }

  clear(now: number): void {
    this.current = null;
    this.history = [];
    this.updateCount = 0;
    this.lastUpdated = now;
  }
}
