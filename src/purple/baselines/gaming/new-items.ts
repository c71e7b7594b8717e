import type {
  CalendarEvent,
  CallOptions,
  ChatMessage,
  Email,
  SmsMessage,
} from '../../../ues/client/index.js';
import { chatMessageText } from '../../ues/action-results.js';
import type { PurpleUESClient } from '../../ues/purple-ues-client.js';

/**
 * "Everything new" for the gaming strategies, whatever the scenario's modalities: inbox email,
 * incoming SMS, chat messages from the user, and calendar invites (events the user attends but
 * did not organise) that were not returned before.
 */

export type NewItem =
  | { kind: 'email'; id: string; from: string; subject: string; body: string; at: string; email: Email }
  | { kind: 'sms'; id: string; from: string; body: string; at: string; sms: SmsMessage }
  | { kind: 'chat'; id: string; from: string; body: string; at: string }
  | {
      kind: 'invite';
      id: string;
      from: string;
      subject: string;
      body: string;
      at: string;
      event: CalendarEvent;
    };

const UES_PAGE = 1000;

export class NewItemsReader {
  private readonly seen = new Set<string>();

  /** Items not returned by an earlier call, oldest first. */
  async read(ues: PurpleUESClient, options: CallOptions): Promise<NewItem[]> {
    const [emails, sms, chat, invites] = await Promise.all([
      ues.queryEmails({ folder: 'inbox' }),
      ues.querySms({ direction: 'incoming', is_deleted: false }),
      ues.client.chat.query(
        { role: 'user', sort_by: 'timestamp', sort_order: 'asc', limit: UES_PAGE },
        options,
      ),
      this.invites(ues),
    ]);
    const items: NewItem[] = [
      ...emails.map((email): NewItem => ({
        kind: 'email',
        id: `email:${email.message_id}`,
        from: email.from_address,
        subject: email.subject,
        body: email.body_text,
        at: email.received_at,
        email,
      })),
      ...sms.map((message): NewItem => ({
        kind: 'sms',
        id: `sms:${message.message_id}`,
        from: message.from_number,
        body: message.body,
        at: message.sent_at,
        sms: message,
      })),
      ...chat.messages.map((message: ChatMessage): NewItem => ({
        kind: 'chat',
        id: `chat:${message.message_id}`,
        from: 'user',
        body: chatMessageText(message),
        at: message.timestamp,
      })),
      ...invites.map((event): NewItem => ({
        kind: 'invite',
        id: `invite:${event.event_id}`,
        from: event.organizer ?? 'unknown organizer',
        subject: event.title,
        body: [`${event.start} – ${event.end}`, event.location, event.description].filter(Boolean).join('\n'),
        at: event.created_at,
        event,
      })),
    ];
    const fresh = items.filter((item) => !this.seen.has(item.id));
    for (const item of fresh) this.seen.add(item.id);
    return fresh.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  }

  private async invites(ues: PurpleUESClient): Promise<CalendarEvent[]> {
    const user = (await ues.getUserEmailAddress()).toLowerCase();
    const events = await ues.queryCalendar({});
    return events.filter(
      (event) =>
        event.organizer?.toLowerCase() !== user &&
        event.attendees.some((attendee) => attendee.email.toLowerCase() === user),
    );
  }
}
