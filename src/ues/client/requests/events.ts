import type { EventStatus } from '../schemas/common.js';
import type { DateTimeInput } from '../wire.js';
import type { CalendarEventData } from './calendar.js';
import type { ChatEventData } from './chat.js';
import type { EmailEventData } from './email.js';
import type { SmsEventData } from './sms.js';

/** LocationInput. */
export interface LocationEventData {
  latitude: number;
  longitude: number;
  address?: string;
  named_location?: string;
  altitude?: number;
  accuracy?: number;
  speed?: number;
  bearing?: number;
}

/** The "time" modality: the user's time preferences (not the simulator clock). */
export interface TimePreferencesEventData {
  /** IANA name. */
  timezone: string;
  format_preference: '12h' | '24h';
  date_format?: string;
  locale?: string;
  week_start?: 'sunday' | 'monday';
}

/**
 * The `data` payload per modality (the ModalityInput fields without `modality_type` and
 * `timestamp`, which the server injects). Other modalities take any JSON object.
 */
export interface ModalityEventDataMap {
  email: EmailEventData;
  sms: SmsEventData;
  chat: ChatEventData;
  calendar: CalendarEventData;
  location: LocationEventData;
  time: TimePreferencesEventData;
}

export type EventData<M extends string> = M extends keyof ModalityEventDataMap
  ? ModalityEventDataMap[M]
  : Record<string, unknown>;

/** `POST /events`: schedules an event; it runs when the clock reaches `scheduled_time`. */
export interface CreateEventRequest<M extends string = string> {
  /** Not before the current sim time (409). Equal to now still needs an advance to run. */
  scheduled_time: DateTimeInput;
  modality: M;
  data: EventData<M>;
  /** 0..100, default 50; higher runs first among events at the same time. */
  priority?: number;
  metadata?: Record<string, unknown>;
  /** Defaults to the calling key's id. */
  agent_id?: string;
}

/** `POST /events/immediate`: queues an event at the current sim time (it runs on the next advance). */
export interface ImmediateEventRequest<M extends string = string> {
  modality: M;
  data: EventData<M>;
}

/** `POST /events/batch`. */
export interface BatchEventsRequest {
  /** 1..1000 events. */
  events: CreateEventRequest[];
  /** Fail the whole batch (400, nothing created) at the first invalid event. */
  stop_on_first_error?: boolean;
}

/** `GET /events` filters; all optional. */
/** `GET /events/executed`: a page of what ran after `after` (a previous answer's `cursor`). */
export interface ExecutedEventsQuery {
  /** The `cursor` of a previous answer; absent: from the first event that ran. */
  after?: string;
  /** 1..10000, default 1000. */
  limit?: number;
}

export interface EventListQuery {
  status?: Exclude<EventStatus, 'executing'>;
  /** Scheduled at or after. */
  start_time?: DateTimeInput;
  /** Scheduled at or before. */
  end_time?: DateTimeInput;
  modality?: string;
  /** Exact match on the creating agent (our port's addition). */
  agent_id?: string;
  /** 0 or absent: no limit. */
  limit?: number;
  offset?: number;
}
