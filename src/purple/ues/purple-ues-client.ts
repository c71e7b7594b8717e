import {
  UesClient,
  createdCalendarEventId,
  type AttendeeResponse,
  type CalendarEvent,
  type CalendarEventFields,
  type CalendarQuery,
  type CallOptions,
  type ChatContent,
  type ChatMessage,
  type Contact,
  type ContactsQuery,
  type CreateContactRequest,
  type DeleteCalendarEventRequest,
  type DateTimeInput,
  type Email,
  type EmailQuery,
  type EmailStateResponse,
  type LocationQuery,
  type LocationQueryEntry,
  type ModalityActionResponse,
  type SmsMessage,
  type SmsQuery,
  type UpdateCalendarEventRequest,
  type UpdateContactRequest,
  type RetryOptions,
  type WeatherReport,
} from '../../ues/client/index.js';
import { USER_ASSISTANT_CONVERSATION, collectPages, requireExecuted, toList } from './action-results.js';
import { newEmailRequest, replyRequest, type ReplyOptions, type SendEmailInput } from './email-compose.js';
import * as personal from './personal-data.js';
import { dayBounds } from './time-zones.js';

export type { ReplyOptions, SendEmailInput } from './email-compose.js';

export interface PurpleUESClientOptions {
  /** Chat conversation the assistant talks to the user in. Default `user-assistant`. */
  conversationId?: string;
  /**
   * The user's own address and number when the caller already knows them (the green's MCP server
   * does): actions then need no read to fill them in. Default: read once, when first needed.
   */
  identity?: { email?: string; phone?: string };
  /** How transient failures are retried (`connect` only). Default: 3 retries from 500 ms. */
  retry?: RetryOptions;
  /**
   * The ids of chat messages already read, shared by every client given the same set: the green's
   * MCP server keeps one per assessment key, so "new" survives an assistant reconnecting. Default:
   * this client's own.
   */
  chatReadMarks?: Set<string>;
}

/** State shared by a client and the signal-bound views made from it. */
interface SharedState {
  userEmail?: Promise<string>;
  userPhone?: Promise<string>;
  seenChatIds: Set<string>;
  /**
   * Emails this client has read, by id: what a reply needs of its original (sender, subject,
   * thread, body) never changes, so replying to one already read costs no whole-mailbox read.
   */
  readEmails: Map<string, Email>;
}

/**
 * Convenience layer over `UesClient` for assistants: the common reads (unread mail, today's
 * events, new chat messages) and the user's actions with the user's own addresses filled in.
 * Actions throw `UesActionFailedError` when the simulator event did not apply, and the client's
 * typed `UesClientError`s for HTTP problems (403 names the missing permission).
 */
export class PurpleUESClient {
  readonly conversationId: string;

  private constructor(
    readonly client: UesClient,
    private readonly shared: SharedState,
    private readonly callOptions: CallOptions,
    conversationId: string,
  ) {
    this.conversationId = conversationId;
  }

  static create(client: UesClient, options: PurpleUESClientOptions = {}): PurpleUESClient {
    const { email, phone } = options.identity ?? {};
    return new PurpleUESClient(
      client,
      {
        seenChatIds: options.chatReadMarks ?? new Set(),
        readEmails: new Map(),
        ...(email === undefined ? {} : { userEmail: Promise.resolve(email) }),
        ...(phone === undefined ? {} : { userPhone: Promise.resolve(phone) }),
      },
      {},
      options.conversationId ?? USER_ASSISTANT_CONVERSATION,
    );
  }

  /** A client for `baseUrl` authenticating with the assessment's user key. */
  static connect(baseUrl: string, apiKey: string, options: PurpleUESClientOptions = {}): PurpleUESClient {
    return PurpleUESClient.create(
      new UesClient({ baseUrl, apiKey, ...(options.retry ? { retry: options.retry } : {}) }),
      options,
    );
  }

  /** The same client whose calls all observe `signal` (e.g. a turn that may be canceled). */
  withSignal(signal: AbortSignal | undefined): PurpleUESClient {
    return new PurpleUESClient(
      this.client,
      this.shared,
      { ...this.callOptions, signal },
      this.conversationId,
    );
  }

  // ---- time ------------------------------------------------------------------------------------

  async getCurrentTime(): Promise<Date> {
    return new Date((await this.client.time.get(this.callOptions)).current_time);
  }

  // ---- email -----------------------------------------------------------------------------------

  getUserEmailAddress(): Promise<string> {
    this.shared.userEmail ??= this.client.email
      .state({ summary: true }, this.callOptions)
      .then((state) => state.user_email_address);
    return this.shared.userEmail.catch((error: unknown) => {
      this.shared.userEmail = undefined;
      throw error;
    });
  }

  /** Every email matching `query` (all pages), oldest first unless `query` sorts otherwise. */
  queryEmails(query: EmailQuery = {}): Promise<Email[]> {
    return collectPages(async (offset, limit) => {
      const page = await this.client.email.query(
        { sort_by: 'date', sort_order: 'asc', ...query, offset, limit },
        this.callOptions,
      );
      for (const email of page.emails) this.shared.readEmails.set(email.message_id, email);
      return { items: page.emails, total: page.total_count };
    });
  }

  /** Unread emails in a folder (default the inbox), oldest first. */
  getUnreadEmails(options: { folder?: string } = {}): Promise<Email[]> {
    return this.queryEmails({ folder: options.folder ?? 'inbox', is_read: false });
  }

  getEmailsByLabel(label: string): Promise<Email[]> {
    return this.queryEmails({ labels: [label] });
  }

  /** The emails of one thread, oldest first. */
  getEmailThread(threadId: string): Promise<Email[]> {
    return this.queryEmails({ thread_id: threadId });
  }

  /** One email by id, or undefined when there is none. */
  async getEmail(messageId: string): Promise<Email | undefined> {
    const state: EmailStateResponse = await this.client.email.state({}, this.callOptions);
    return Object.hasOwn(state.emails, messageId) ? state.emails[messageId] : undefined;
  }

  /** Sends a new email from the user. */
  async sendEmail(input: SendEmailInput): Promise<ModalityActionResponse> {
    const from = await this.getUserEmailAddress();
    return this.act(
      'POST /email/send',
      this.client.email.send(newEmailRequest(from, input), this.callOptions),
    );
  }

  /** Replies as the user in the original's thread (see `replyRequest`). */
  async replyToEmail(
    messageId: string,
    body: string,
    options: ReplyOptions = {},
  ): Promise<ModalityActionResponse> {
    const original = this.shared.readEmails.get(messageId) ?? (await this.getEmail(messageId));
    if (original === undefined) {
      throw new RangeError(`replyToEmail: no email with id ${JSON.stringify(messageId)}`);
    }
    const from = await this.getUserEmailAddress();
    const request = replyRequest(original, from, body, options);
    return this.act('POST /email/send', this.client.email.send(request, this.callOptions));
  }

  /**
   * Forwards an email as the user (`POST /email/forward`): a new email quoting the original in
   * full, its attachments along, recorded as a send — what `forwardRequest` builds by hand.
   */
  async forwardEmail(
    messageId: string,
    to: readonly string[],
    options: { note?: string; cc?: readonly string[]; bcc?: readonly string[] } = {},
  ): Promise<ModalityActionResponse> {
    return this.act(
      'POST /email/forward',
      this.client.email.forward(
        {
          message_id: messageId,
          from_address: await this.getUserEmailAddress(),
          to_addresses: [...to],
          ...(options.cc === undefined ? {} : { cc_addresses: [...options.cc] }),
          ...(options.bcc === undefined ? {} : { bcc_addresses: [...options.bcc] }),
          ...(options.note === undefined ? {} : { note: options.note }),
        },
        this.callOptions,
      ),
    );
  }

  markEmailsRead(ids: readonly string[]): Promise<ModalityActionResponse> {
    return this.emailBulk('read', ids);
  }

  markEmailsUnread(ids: readonly string[]): Promise<ModalityActionResponse> {
    return this.emailBulk('unread', ids);
  }

  starEmails(ids: readonly string[]): Promise<ModalityActionResponse> {
    return this.emailBulk('star', ids);
  }

  unstarEmails(ids: readonly string[]): Promise<ModalityActionResponse> {
    return this.emailBulk('unstar', ids);
  }

  archiveEmails(ids: readonly string[]): Promise<ModalityActionResponse> {
    return this.emailBulk('archive', ids);
  }

  /** Moves to trash (UES has no permanent delete). */
  deleteEmails(ids: readonly string[]): Promise<ModalityActionResponse> {
    return this.emailBulk('delete', ids);
  }

  async labelEmails(ids: readonly string[], labels: readonly string[]): Promise<ModalityActionResponse> {
    return this.act(
      'POST /email/label',
      this.client.email.label({ message_ids: [...ids], labels: [...labels] }, this.callOptions),
    );
  }

  async unlabelEmails(ids: readonly string[], labels: readonly string[]): Promise<ModalityActionResponse> {
    return this.act(
      'POST /email/unlabel',
      this.client.email.unlabel({ message_ids: [...ids], labels: [...labels] }, this.callOptions),
    );
  }

  async moveEmails(ids: readonly string[], folder: string): Promise<ModalityActionResponse> {
    return this.act(
      'POST /email/move',
      this.client.email.move({ message_ids: [...ids], folder }, this.callOptions),
    );
  }

  /** Awaits an action and requires its simulator event to have applied. */
  private async act(route: string, call: Promise<ModalityActionResponse>): Promise<ModalityActionResponse> {
    return requireExecuted(route, await call);
  }

  private async emailBulk(
    action: 'read' | 'unread' | 'star' | 'unstar' | 'archive' | 'delete',
    ids: readonly string[],
  ): Promise<ModalityActionResponse> {
    return this.act(
      `POST /email/${action}`,
      this.client.email[action]({ message_ids: [...ids] }, this.callOptions),
    );
  }

  // ---- calendar --------------------------------------------------------------------------------

  /** The IANA zone of the user's calendar (what "today" means). */
  async getCalendarTimezone(): Promise<string> {
    return (await this.client.calendar.state({ compact: true }, this.callOptions)).user_timezone;
  }

  /** Events matching `query` (all pages), by start time. */
  queryCalendar(query: CalendarQuery = {}): Promise<CalendarEvent[]> {
    return collectPages(async (offset, limit) => {
      const page = await this.client.calendar.query({ ...query, offset, limit }, this.callOptions);
      return { items: page.events, total: page.total_count };
    });
  }

  /** Events overlapping [start, end], recurring ones expanded into occurrences. */
  getEventsInRange(start: DateTimeInput, end: DateTimeInput): Promise<CalendarEvent[]> {
    return this.queryCalendar({ start, end, expand_recurring: true });
  }

  /** Events on the user's current simulated day, in their calendar's time zone. */
  async getTodaysEvents(): Promise<CalendarEvent[]> {
    const [now, zone] = await Promise.all([this.getCurrentTime(), this.getCalendarTimezone()]);
    const { start, end } = dayBounds(now, zone);
    const events = await this.getEventsInRange(start, end);
    // The query matches on overlap inclusively; an event ending exactly at midnight is yesterday's.
    return events.filter(
      (event) => Date.parse(event.end) > start.getTime() && Date.parse(event.start) < end.getTime(),
    );
  }

  /** Creates an event; `eventId` is the new calendar event's id. */
  async createEvent(
    fields: CalendarEventFields,
  ): Promise<{ eventId: string | undefined; response: ModalityActionResponse }> {
    const response = requireExecuted(
      'POST /calendar/create',
      await this.client.calendar.create(fields, this.callOptions),
    );
    return { eventId: createdCalendarEventId(response), response };
  }

  /** One calendar event by id, or undefined when there is none. */
  async getCalendarEvent(eventId: string): Promise<CalendarEvent | undefined> {
    const { events } = await this.client.calendar.state({}, this.callOptions);
    return Object.hasOwn(events, eventId) ? events[eventId] : undefined;
  }

  async updateEvent(request: UpdateCalendarEventRequest): Promise<ModalityActionResponse> {
    return this.act('POST /calendar/update', this.client.calendar.update(request, this.callOptions));
  }

  /** Deletes an event; `scope` picks occurrences of a recurring one (default: the whole series). */
  async deleteEvent(
    eventId: string,
    scope: Pick<DeleteCalendarEventRequest, 'recurrence_scope' | 'recurrence_id'> = {},
  ): Promise<ModalityActionResponse> {
    return this.act(
      'POST /calendar/delete',
      this.client.calendar.delete({ event_id: eventId, ...scope }, this.callOptions),
    );
  }

  /** Sets the user's own RSVP (as the attendee with the user's email address). */
  async rsvpToEvent(
    eventId: string,
    response: AttendeeResponse,
    comment?: string,
  ): Promise<ModalityActionResponse> {
    const attendee = await this.getUserEmailAddress();
    return this.act(
      'POST /calendar/respond',
      this.client.calendar.respond(
        {
          event_id: eventId,
          attendee_email: attendee,
          response,
          ...(comment === undefined ? {} : { comment }),
        },
        this.callOptions,
      ),
    );
  }

  // ---- sms -------------------------------------------------------------------------------------

  getUserPhoneNumber(): Promise<string> {
    this.shared.userPhone ??= this.client.sms
      .state({ compact: true }, this.callOptions)
      .then((state) => state.user_phone_number);
    return this.shared.userPhone.catch((error: unknown) => {
      this.shared.userPhone = undefined;
      throw error;
    });
  }

  /** Messages matching `query` (all pages), oldest first unless `query` sorts otherwise. */
  querySms(query: SmsQuery = {}): Promise<SmsMessage[]> {
    return collectPages(async (offset, limit) => {
      const page = await this.client.sms.query(
        { sort_by: 'sent_at', sort_order: 'asc', ...query, offset, limit },
        this.callOptions,
      );
      return { items: page.messages, total: page.total_count };
    });
  }

  /** Incoming, unread, not deleted messages, oldest first. */
  getUnreadSms(): Promise<SmsMessage[]> {
    return this.querySms({ direction: 'incoming', is_read: false, is_deleted: false });
  }

  /** Sends a text from the user's number. */
  async sendSms(to: string | readonly string[], body: string): Promise<ModalityActionResponse> {
    const from = await this.getUserPhoneNumber();
    return this.act(
      'POST /sms/send',
      this.client.sms.send({ from_number: from, to_numbers: toList(to), body }, this.callOptions),
    );
  }

  async markSmsRead(ids: readonly string[]): Promise<ModalityActionResponse> {
    return this.act('POST /sms/read', this.client.sms.read({ message_ids: [...ids] }, this.callOptions));
  }

  async markSmsUnread(ids: readonly string[]): Promise<ModalityActionResponse> {
    return this.act('POST /sms/unread', this.client.sms.unread({ message_ids: [...ids] }, this.callOptions));
  }

  async deleteSms(ids: readonly string[]): Promise<ModalityActionResponse> {
    return this.act('POST /sms/delete', this.client.sms.delete({ message_ids: [...ids] }, this.callOptions));
  }

  /** Adds the user's reaction to a message. */
  async reactToSms(messageId: string, emoji: string): Promise<ModalityActionResponse> {
    const phone = await this.getUserPhoneNumber();
    return this.act(
      'POST /sms/react',
      this.client.sms.react({ message_id: messageId, phone_number: phone, emoji }, this.callOptions),
    );
  }

  // ---- contacts, location, weather -------------------------------------------------------------

  /** Contacts matching `query` (all pages), e.g. `{search_text: 'karen'}` or `{group: 'work'}`. */
  queryContacts(query: ContactsQuery = {}): Promise<Contact[]> {
    return personal.queryContacts(this.client, this.callOptions, query);
  }

  /** One contact by id, or undefined. */
  async getContact(contactId: string): Promise<Contact | undefined> {
    const { contacts } = await this.client.contacts.state({}, this.callOptions);
    return Object.hasOwn(contacts, contactId) ? contacts[contactId] : undefined;
  }

  /** Adds a contact to the user's address book; `contactId` is the new contact's id. */
  createContact(
    request: CreateContactRequest,
  ): Promise<{ contactId: string | undefined; response: ModalityActionResponse }> {
    return personal.createContact(this.client, this.callOptions, request);
  }

  async updateContact(request: UpdateContactRequest): Promise<ModalityActionResponse> {
    return this.act('POST /contacts/update', this.client.contacts.update(request, this.callOptions));
  }

  /** Where the user is now, or undefined when no position is known. */
  getCurrentLocation(): ReturnType<typeof personal.currentLocation> {
    return personal.currentLocation(this.client, this.callOptions);
  }

  getLocationHistory(query: LocationQuery = {}): Promise<LocationQueryEntry[]> {
    return personal.locationHistory(this.client, this.callOptions, query);
  }

  /** The current weather report at a place (metric by default), or undefined when UES has none. */
  getWeather(
    latitude: number,
    longitude: number,
    units: 'standard' | 'metric' | 'imperial' = 'metric',
  ): Promise<WeatherReport | undefined> {
    return personal.weatherAt(this.client, this.callOptions, latitude, longitude, units);
  }

  /** The places UES has weather for. */
  getWeatherLocations(): ReturnType<typeof personal.weatherLocations> {
    return personal.weatherLocations(this.client, this.callOptions);
  }

  // ---- chat ------------------------------------------------------------------------------------

  /** Every message of the assistant's conversation, oldest first. */
  getChatMessages(options: { conversationId?: string } = {}): Promise<ChatMessage[]> {
    return collectPages(async (offset, limit) => {
      const page = await this.client.chat.query(
        {
          conversation_id: options.conversationId ?? this.conversationId,
          sort_by: 'timestamp',
          sort_order: 'asc',
          offset,
          limit,
        },
        this.callOptions,
      );
      return { items: page.messages, total: page.total_count };
    });
  }

  /** The user's messages in the conversation, oldest first. */
  async getUserMessages(): Promise<ChatMessage[]> {
    return (await this.getChatMessages()).filter((message) => message.role === 'user');
  }

  /**
   * The user's messages this client has not returned before (the first call returns them all).
   * Shared with views made by `withSignal`, so "new" means new for the whole assessment.
   */
  async getNewUserMessages(): Promise<ChatMessage[]> {
    const fresh = this.unreadUserMessages(await this.getChatMessages());
    this.markChatRead(fresh);
    return fresh;
  }

  /** The user's messages among `messages` not read before (see `markChatRead`). */
  unreadUserMessages(messages: readonly ChatMessage[]): ChatMessage[] {
    return messages.filter(
      (message) => message.role === 'user' && !this.shared.seenChatIds.has(message.message_id),
    );
  }

  /** Counts `messages` as read: `getNewUserMessages` will not return them again. */
  markChatRead(messages: readonly Pick<ChatMessage, 'message_id'>[]): void {
    for (const message of messages) this.shared.seenChatIds.add(message.message_id);
  }

  /** Posts to the user as the assistant. */
  async sendChatMessage(content: ChatContent): Promise<ModalityActionResponse> {
    return this.act(
      'POST /chat/send',
      this.client.chat.send(
        { role: 'assistant', content, conversation_id: this.conversationId },
        this.callOptions,
      ),
    );
  }
}
