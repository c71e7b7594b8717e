import type { NewMessages } from '../characters/types.js';
import type { CalendarEvent, Email, SmsMessage, UesClient } from '../../ues/client/index.js';

/**
 * The entities the collector diffs: a full snapshot will do, and so will the entities that changed
 * (what a StateMirror reports), since everything not listed is taken as unchanged.
 */
export interface CollectedStates {
  email: { emails: Record<string, Email> };
  sms: { messages: Record<string, SmsMessage> };
  calendar: { events: Record<string, CalendarEvent> };
}

/**
 * Finds the emails, SMS and calendar events that appeared (or, for calendar events, changed)
 * since the previous collection, for the character response generator. It diffs ids rather than
 * timestamps: simulated time stands still during a turn, so time windows would either miss or
 * repeat items stamped exactly at a boundary.
 */
export class NewMessageCollector {
  private readonly emailIds = new Set<string>();
  private readonly smsIds = new Set<string>();
  /** Calendar event id → `updated_at`, so an edited event counts as new again. */
  private readonly calendarVersions = new Map<string, string>();
  private initialized = false;

  constructor(private readonly client: UesClient) {}

  /** Records everything that exists now, so only later items are reported. */
  async initialize(options: { signal?: AbortSignal } = {}): Promise<void> {
    await this.collect(options);
    this.initialized = true;
  }

  /** Like `initialize`, from states the caller has just read. */
  initializeFrom(states: CollectedStates): void {
    this.collectFrom(states);
    this.initialized = true;
  }

  /** Items new or changed since the last call (or since `initialize`). */
  async collect(options: { signal?: AbortSignal } = {}): Promise<NewMessages> {
    const [email, sms, calendar] = await Promise.all([
      this.client.email.state({}, options),
      this.client.sms.state({}, options),
      this.client.calendar.state({}, options),
    ]);
    return this.collectFrom({ email, sms, calendar });
  }

  /** Like `collect`, from states the caller has just read. */
  collectFrom({ email, sms, calendar }: CollectedStates): NewMessages {
    const emails = Object.values(email.emails).filter((item) => addNew(this.emailIds, item.message_id));
    const smsMessages = Object.values(sms.messages).filter((item) => addNew(this.smsIds, item.message_id));
    const calendarEvents = Object.values(calendar.events).filter((event) => this.isNewVersion(event));
    return {
      emails: sortBy(emails, (item) => item.received_at),
      sms: sortBy(smsMessages, (item) => item.sent_at),
      calendarEvents: sortBy(calendarEvents, (event) => event.updated_at),
    };
  }

  get isInitialized(): boolean {
    return this.initialized;
  }

  private isNewVersion(event: CalendarEvent): boolean {
    if (this.calendarVersions.get(event.event_id) === event.updated_at) return false;
    this.calendarVersions.set(event.event_id, event.updated_at);
    return true;
  }
}

function addNew(seen: Set<string>, id: string): boolean {
  if (seen.has(id)) return false;
  seen.add(id);
  return true;
}

function sortBy<T>(items: T[], key: (item: T) => string): T[] {
  return items.sort((a, b) => Date.parse(key(a)) - Date.parse(key(b)));
}
