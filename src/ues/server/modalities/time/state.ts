import type { ModalityInput } from '../../core/event.js';
import { formatTime } from '../../core/time.js';
import type { ApplyContext, ModalityState } from '../modality.js';
import type { TimeInput } from './input.js';

export const DEFAULT_MAX_SETTINGS_HISTORY = 50;

export interface TimeSettings {
  timezone: string;
  format_preference: '12h' | '24h';
  date_format: string | null;
  locale: string | null;
  week_start: 'sunday' | 'monday' | null;
}

/** A former setting with the simulated time it was made. */
export type TimeSettingsHistoryEntry = { timestamp: string } & TimeSettings;

const DEFAULTS: TimeSettings = {
  timezone: 'UTC',
  format_preference: '12h',
  date_format: null,
  locale: null,
  week_start: null,
};

/** How the user wants times shown; each change moves the previous settings into the history. */
export class TimePreferencesState implements ModalityState {
  readonly modalityType = 'time';
  lastUpdated: number;
  updateCount = 0;
  settings: TimeSettings = { ...DEFAULTS };
  history: TimeSettingsHistoryEntry[] = [];
  maxHistorySize = DEFAULT_MAX_SETTINGS_HISTORY;

  constructor(now: number) {
    this.lastUpdated = now;
  }

  validate(): string[] {
    return [];
  }

  apply(input: ModalityInput, context: ApplyContext): void {
    const time = input as unknown as TimeInput;
    const { journal } = context;
    journal.push(this.history, { timestamp: formatTime(this.lastUpdated), ...this.settings });
    if (this.history.length > this.maxHistorySize) {
      journal.replaceAll(this.history, this.history.slice(this.history.length - this.maxHistorySize));
    }
    journal.set(this, 'settings', {
      timezone: time.timezone,
      format_preference: time.format_preference,
      date_format: time.date_format ?? null,
      locale: time.locale ?? null,
      week_start: time.week_start ?? null,
    });
  }

  toJSON(): Record<string, unknown> {
    return {
      modality_type: 'time',
      last_updated: formatTime(this.lastUpdated),
      update_count: this.updateCount,
      ...this.settings,
      settings_history: this.history,
      max_history_size: this.maxHistorySize,
    };
  }

  summary(): string {
    return `${this.settings.timezone}, ${this.settings.format_preference} format`;
  }

  compact(): Record<string, unknown> {
    const { timezone, format_preference, date_format, locale, week_start } = this.settings;
    return {
      summary: this.summary(),
      timezone,
      format_24h: format_preference === '24h',
      ...(date_format ? { date_format } : {}),
      ...(locale ? { locale } : {}),
      ...(week_start ? { week_start } : {}),
    };
  }

  checkConsistency(): string[] {
    const problems: string[] = [];
    for (let index = 1; index < this.history.length; index++) {
      if (Date.parse(this.history[index]!.timestamp) < Date.parse(this.history[index - 1]!.timestamp)) {
        problems.push(`Settings history not in chronological order at index ${index}`);
      }
    }
    if (this.history.length > this.maxHistorySize) {
      problems.push(`Settings history size ${this.history.length} exceeds maximum ${this.maxHistorySize}`);
    }
    return problems;
  }

  clear(now: number): void {
    this.settings = { ...DEFAULTS };
    this.history = [];
    this.updateCount = 0;
    this.lastUpdated = now;
  }
}
