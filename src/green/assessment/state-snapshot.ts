import type { InitialStateSummary } from '../../protocol/index.js';
import type { CalendarStateResponse, UesClient } from '../../ues/client/index.js';
import type { StateSnapshot } from '../judge/types.js';

/**
 * Snapshots of the simulator for evaluation (initial and final state), and the counts the purple
 * gets in `assessment_start`. Counts come from the real state fields (the original's evaluator
 * read keys the state did not have, so most of its counts were 0).
 */

export async function captureStateSnapshot(
  client: UesClient,
  options: { signal?: AbortSignal } = {},
): Promise<StateSnapshot> {
  const [email, sms, calendar, chat, time, contacts] = await Promise.all([
    client.email.state({}, options),
    client.sms.state({}, options),
    client.calendar.state({}, options),
    client.chat.state({}, options),
    client.time.get(options),
    client.contacts.state({}, options),
  ]);
  return { email, sms, calendar, chat, time, contacts };
}

export function buildInitialStateSummary(snapshot: StateSnapshot): InitialStateSummary {
  const { email, sms, calendar, chat, time } = snapshot;
  return {
    message_type: 'initial_state_summary',
    email: {
      message_type: 'email_summary',
      total_emails: email.total_email_count,
      total_threads: Object.keys(email.threads).length,
      unread: email.unread_count,
      draft_count: email.folders['drafts']?.length ?? 0,
    },
    calendar: {
      message_type: 'calendar_summary',
      event_count: Object.keys(calendar.events).length,
      calendar_count: Object.keys(calendar.calendars).length,
      events_today: countEventsOn(calendar, time.current_time),
    },
    sms: {
      message_type: 'sms_summary',
      total_messages: sms.total_message_count,
      total_conversations: Object.keys(sms.conversations).length,
      unread: sms.unread_count,
    },
    chat: {
      message_type: 'chat_summary',
      total_messages: chat.total_message_count,
      conversation_count: chat.conversation_count,
    },
  };
}

/**
 * Events (not cancelled) starting on the simulated date of `nowIso`, both read in the user's
 * calendar timezone. All-day and zone-less starts are taken at face value.
 */
export function countEventsOn(calendar: CalendarStateResponse, nowIso: string): number {
  const timezone = validTimezone(calendar.user_timezone);
  const today = dateIn(nowIso, timezone);
  return Object.values(calendar.events).filter(
    (event) => event.status !== 'cancelled' && dateIn(event.start, timezone) === today,
  ).length;
}

const DATE_ONLY = /^(\d{4}-\d{2}-\d{2})$/;
const HAS_ZONE = /(?:Z|[+-]\d{2}:?\d{2})$/i;

function dateIn(value: string, timezone: string): string | undefined {
  if (DATE_ONLY.test(value)) return value;
  if (!HAS_ZONE.test(value)) return value.slice(0, 10);
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return undefined;
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

function validTimezone(timezone: string): string {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: timezone });
    return timezone;
  } catch {
    return 'UTC';
  }
}
