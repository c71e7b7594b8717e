import type { CalendarEvent, Contact, Email } from '../../../ues/client/index.js';
import type { PurpleUESClient } from '../../ues/purple-ues-client.js';
import type { NewItem } from '../gaming/new-items.js';
import { oneLine } from './text-tricks.js';
import {
  bestByOverlap,
  contactOf,
  contentWords,
  firstNameOf,
  peopleNamedIn,
  restatement,
  sharedWords,
  type MoveRequest,
} from './relay-text.js';
import { instantAt, localDayOf, localMinutesOf, whenIn } from './when-text.js';
import { emailOf, phoneOf } from './world-view.js';

/**
 * What the relay strategies do in the world, each a copy of text someone else wrote: tell the
 * named people the prompt, forward them the best-matching email, pass each message on and restate
 * it to its sender, drag an event to whatever time a message names, remind the quiet ones. Every
 * method returns the lines it reports to the user ("what I did"); a refused action is the
 * strategy's loss, never a reason to stop.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** How far ahead events are looked for. */
const HORIZON_MS = 14 * DAY_MS;

export interface RelaySetup {
  prompt: string;
  zone: string;
  /** Simulated time of the first turn: messages from before it are history. */
  start: number;
  userName: string;
  /** The user's own addresses, lower case. */
  user: ReadonlySet<string>;
  contacts: Contact[];
  /** The people the prompt names: by name, or by an address-book group they belong to. */
  named: Contact[];
  /** The prompt's first sentence: a title and a topic. */
  topic: string;
  /** The prompt's calendar event, found by shared title words or a named attendee. */
  eventId: string | undefined;
}

export class RelayActions {
  constructor(
    private readonly ues: PurpleUESClient,
    private readonly setup: RelaySetup,
  ) {}

  /** A text and an email (as the contact allows) to `contact`. */
  async tell(
    contact: Contact,
    subject: string,
    body: string,
    channels: 'both' | 'one' = 'both',
  ): Promise<string[]> {
    const done: string[] = [];
    const phone = phoneOf(contact);
    const email = emailOf(contact);
    if (phone && (await this.attempt(() => this.ues.sendSms(phone, body))))
      done.push(`texted ${contact.resolved_display_name}`);
    if (
      email &&
      (channels === 'both' || !phone) &&
      (await this.attempt(() => this.ues.sendEmail({ to: email, subject, body })))
    )
      done.push(`emailed ${contact.resolved_display_name}`);
    return done;
  }

  /** Forwards to `contact` the inbox email that shares most words with `query` (none of their own). */
  async forwardBest(contact: Contact, query: string, note: string): Promise<string[]> {
    const own = new Set(contact.identifiers.map((identifier) => identifier.value.toLowerCase()));
    const inbox = (await this.ues.queryEmails({ folder: 'inbox' })).filter(
      (email) => !own.has(email.from_address.toLowerCase()),
    );
    const best = bestByOverlap(inbox, (email) => `${email.subject} ${email.body_text}`, query, 2);
    if (best === undefined) return [];
    const address = emailOf(contact);
    const phone = phoneOf(contact);
    if (address && (await this.attempt(() => this.ues.forwardEmail(best.message_id, [address], { note })))) {
      return [`forwarded "${best.subject}" to ${contact.resolved_display_name}`];
    }
    const text = `${note}\n\nFwd: ${best.subject} — ${oneLine(best.body_text, 1200)}`;
    if (phone && (await this.attempt(() => this.ues.sendSms(phone, text)))) {
      return [`texted "${best.subject}" to ${contact.resolved_display_name}`];
    }
    return [];
  }

  /** An event at `start` for `minutes`, with the people who have an email address invited. */
  async createEvent(
    title: string,
    start: number,
    minutes: number,
    people: readonly Contact[],
  ): Promise<string[]> {
    const attendees = people.map(emailOf).filter((email): email is string => email !== undefined);
    const created = await this.attempt(() =>
      this.ues.createEvent({
        title: oneLine(title, 200),
        start: new Date(start).toISOString(),
        end: new Date(start + minutes * MINUTE_MS).toISOString(),
        timezone: this.setup.zone,
        ...(attendees.length > 0 ? { attendees: attendees.map((email) => ({ email })) } : {}),
      }),
    );
    return created ? [`put "${oneLine(title, 80)}" in the calendar at ${this.local(start)}`] : [];
  }

  /** Passes a named person's message on to the other named people: a forward where email allows, else a text. */
  async relay(item: NewItem & { kind: 'email' | 'sms' }, sender: Contact): Promise<string[]> {
    const done: string[] = [];
    const text = `${sender.resolved_display_name} says: ${oneLine(`${item.kind === 'email' ? `${item.subject} — ` : ''}${item.body}`, 900)}`;
    for (const contact of this.setup.named) {
      if (contact.contact_id === sender.contact_id) continue;
      const address = emailOf(contact);
      const phone = phoneOf(contact);
      const ok =
        item.kind === 'email' && address
          ? await this.attempt(() =>
              this.ues.forwardEmail(item.email.message_id, [address], {
                note: `Hi ${firstNameOf(contact)}, passing this on.`,
              }),
            )
          : phone
            ? await this.attempt(() => this.ues.sendSms(phone, `Hi ${firstNameOf(contact)}, ${text}`))
            : address
              ? await this.attempt(() =>
                  this.ues.sendEmail({
                    to: address,
                    subject: `From ${sender.resolved_display_name}`,
                    body: `Hi ${firstNameOf(contact)},\n\n${text}`,
                  }),
                )
              : false;
      if (ok) done.push(`passed ${firstNameOf(sender)}'s message on to ${contact.resolved_display_name}`);
    }
    return done;
  }

  /** Restates a message to its sender in its own thread: a reply to the email, a text in the same conversation. */
  async restate(item: NewItem & { kind: 'email' | 'sms' }, sender: Contact): Promise<string[]> {
    const body = restatement(item.body);
    const ok =
      item.kind === 'email'
        ? await this.attempt(() => this.ues.replyToEmail(item.email.message_id, body))
        : await this.attempt(() =>
            this.ues.sendSms(
              [item.sms.from_number, ...item.sms.to_numbers].filter(
                (number, index, all) =>
                  !this.setup.user.has(number.toLowerCase()) && all.indexOf(number) === index,
              ),
              body,
            ),
          );
    return ok ? [`confirmed back to ${sender.resolved_display_name}`] : [];
  }

  /**
   * Moves the prompt's event to the last new time a message names (on the message's date, else the
   * event's own day), keeping its length.
   */
  async keepInStep(text: string, now: Date): Promise<string[]> {
    if (this.setup.eventId === undefined) return [];
    const event = await this.ues.getCalendarEvent(this.setup.eventId);
    if (event === undefined || event.all_day || event.status === 'cancelled') return [];
    const start = Date.parse(event.start);
    const eventDay = localDayOf(start, this.setup.zone);
    const times = whenIn(text, now, this.setup.zone)
      .filter((mention) => mention.minutes !== undefined)
      .map((mention) => instantAt(mention.day ?? eventDay, mention.minutes!, this.setup.zone))
      .filter((at) => at !== start && at > now.getTime());
    const target = times.at(-1);
    if (target === undefined) return [];
    return this.moveEvent(event, target);
  }

  /** Carries out "move … to <date/time>": the named people's upcoming events (those at the time it names, if any). */
  async move(request: MoveRequest, now: Date): Promise<string[]> {
    const target = whenIn(request.to, now, this.setup.zone)[0];
    if (target === undefined) return [];
    const named = peopleNamedIn(request.what, this.setup.contacts, this.setup.user);
    const people = named.length > 0 ? named : this.setup.named;
    const emails = new Set(
      people
        .map(emailOf)
        .filter(Boolean)
        .map((email) => email!.toLowerCase()),
    );
    const at = whenIn(request.what, now, this.setup.zone).find(
      (mention) => mention.minutes !== undefined,
    )?.minutes;
    let events = (await this.upcoming(now)).filter(
      (event) =>
        event.attendees.some((attendee) => emails.has(attendee.email.toLowerCase())) &&
        (at === undefined || localMinutesOf(Date.parse(event.start), this.setup.zone) === at),
    );
    if (events.length === 0) {
      const byTitle = bestByOverlap(await this.upcoming(now), (event) => event.title, request.what, 1);
      events = byTitle === undefined ? [] : [byTitle];
    }
    const done: string[] = [];
    for (const event of events) {
      const start = Date.parse(event.start);
      const day = target.day ?? localDayOf(start, this.setup.zone);
      const minutes = target.minutes ?? localMinutesOf(start, this.setup.zone);
      done.push(...(await this.moveEvent(event, instantAt(day, minutes, this.setup.zone))));
    }
    return done;
  }

  /** "Just a reminder about …" to each of `people`, the way the user last wrote to them (else text, else email). */
  async remind(people: readonly Contact[]): Promise<string[]> {
    const body = `Just a reminder about ${this.setup.topic}`;
    const done: string[] = [];
    const [sentEmails, sentSms] = await Promise.all([
      this.ues.queryEmails({ folder: 'sent' }),
      this.ues.querySms({ direction: 'outgoing' }),
    ]);
    // Only what the user sent before the run: how they first wrote, not what this script has sent since.
    const before = (at: string) => Date.parse(at) < this.setup.start;
    const emails = sentEmails.filter((sent) => before(sent.sent_at));
    const texts = sentSms
      .filter((sms) => before(sms.sent_at))
      .map((sms) => ({ to: sms.to_numbers, at: sms.sent_at }));
    for (const contact of people) {
      const channel = lastChannel(contact, emails, texts);
      const phone = phoneOf(contact);
      const email = emailOf(contact);
      const ok =
        channel === 'email' || !phone
          ? email !== undefined &&
            (await this.attempt(() =>
              this.ues.sendEmail({ to: email, subject: `Reminder: ${oneLine(this.setup.topic, 80)}`, body }),
            ))
          : await this.attempt(() => this.ues.sendSms(phone, body));
      if (ok) done.push(`reminded ${contact.resolved_display_name}`);
    }
    return done;
  }

  /** Events from now to the horizon, neither all-day nor cancelled nor recurring. */
  async upcoming(now: Date): Promise<CalendarEvent[]> {
    const events = await this.ues.queryCalendar({ start: now, end: new Date(now.getTime() + HORIZON_MS) });
    return events.filter((event) => !event.all_day && event.status !== 'cancelled' && !event.recurrence);
  }

  private async moveEvent(event: CalendarEvent, start: number): Promise<string[]> {
    const from = Date.parse(event.start);
    if (start === from) return [];
    const kept = Date.parse(event.end) - from;
    const length = kept > 0 ? kept : HOUR_MS;
    const ok = await this.attempt(() =>
      this.ues.updateEvent({
        event_id: event.event_id,
        start: new Date(start).toISOString(),
        end: new Date(start + length).toISOString(),
      }),
    );
    return ok ? [`moved "${event.title}" to ${this.local(start)}`] : [];
  }

  /** "Friday 15 May, 20:45" in the user's zone. */
  local(instant: number): string {
    return new Intl.DateTimeFormat('en-GB', {
      timeZone: this.setup.zone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(instant));
  }

  private async attempt(action: () => Promise<unknown>): Promise<boolean> {
    try {
      await action();
      return true;
    } catch {
      return false;
    }
  }
}

/** The user's latest message to `contact` before now: by email or by text. */
function lastChannel(
  contact: Contact,
  sentEmails: readonly Email[],
  sentSms: ReadonlyArray<{ to: readonly string[]; at: string }>,
): 'email' | 'sms' | undefined {
  const email = emailOf(contact)?.toLowerCase();
  const phone = phoneOf(contact);
  const lastEmail = Math.max(
    -Infinity,
    ...sentEmails
      .filter(
        (sent) =>
          email !== undefined &&
          [...sent.to_addresses, ...sent.cc_addresses, ...sent.bcc_addresses].some(
            (to) => to.toLowerCase() === email,
          ),
      )
      .map((sent) => Date.parse(sent.sent_at)),
  );
  const lastSms = Math.max(
    -Infinity,
    ...sentSms
      .filter((sms) => phone !== undefined && sms.to.some((to) => contactOf(to, [contact]) !== undefined))
      .map((sms) => Date.parse(sms.at)),
  );
  if (lastEmail === -Infinity && lastSms === -Infinity) return undefined;
  return lastEmail > lastSms ? 'email' : 'sms';
}

/** The prompt's event: the one whose title shares most words with the prompt, else the soonest with a named attendee. */
export function promptEvent(
  events: readonly CalendarEvent[],
  prompt: string,
  named: readonly Contact[],
): CalendarEvent | undefined {
  const byTitle = bestByOverlap(events, (event) => event.title, prompt, 1);
  if (byTitle !== undefined) return byTitle;
  const emails = new Set(
    named
      .map(emailOf)
      .filter(Boolean)
      .map((email) => email!.toLowerCase()),
  );
  return events.find((event) => event.attendees.some((attendee) => emails.has(attendee.email.toLowerCase())));
}

/** Whether a message is about the prompt's event: it shares a word with its title. */
export function aboutEvent(text: string, title: string | undefined): boolean {
  return title !== undefined && sharedWords(contentWords(title), text) > 0;
}
