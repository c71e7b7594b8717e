import { formatTime } from '../../core/time.js';
import { calendarFromStored, calendarStateSchema, eventFromStored } from './model.js';
import { CalendarState } from './state.js';

/** Rebuilds a state from its export (ours or the Python UES's). */
export function loadCalendarState(json: unknown, now: number): CalendarState {
  const data = calendarStateSchema.parse(json);
  const state = new CalendarState(data.last_updated ? Date.parse(data.last_updated) : now);
  const loadedAt = formatTime(now);
  state.updateCount = data.update_count;
  state.defaultCalendarId = data.default_calendar_id;
  state.userTimezone = data.user_timezone;
  const calendars = Object.entries(data.calendars);
  // Like the original, an export without calendars gets the primary one back.
  if (calendars.length > 0) {
    state.calendars = new Map(
      calendars.map(([key, stored]) => [key, calendarFromStored(key, stored, loadedAt)]),
    );
  }
  for (const [key, stored] of Object.entries(data.events))
    state.loadEvent(eventFromStored(key, stored, loadedAt));
  return state;
}
