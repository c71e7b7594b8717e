import type { CalendarEvent, Contact } from '../../../ues/client/index.js';
import { BasePurpleAgent, completeTurn, type TurnContext, type TurnOutcome } from '../../base-agent.js';
import { zoneOffsetMs } from '../../ues/time-zones.js';
import { UserChat } from '../oracle/user-chat.js';
import { NewItemsReader, type NewItem } from '../gaming/new-items.js';
import { CATCH_ALL_QUESTION, dateFlood, figuresIn, quarterHours } from './text-tricks.js';
import { renderReport, type ReportStyle } from './reports.js';
import {
  asksHourly,
  contactsNamedIn,
  dueInstants,
  emailOf,
  identifiersOf,
  phoneOf,
  promptClockTimes,
  userNameFrom,
} from './world-view.js';

/**
 * Imitation strategies: generic assistants that never understand the task. They read only what any
 * assistant sees (the simulator and the user's prompt) and apply fixed text tricks — digests under
 * a "filtered" heading, stopword-stripped pastes, one-paragraph blobs, texts to everyone the prompt
 * names listing every date and quarter hour, invitations at every free hour, one catch-all question
 * whose answer is pasted everywhere. The validity gate requires each to score low on every
 * scenario: a trick that pays means the scoring rewards imitation rather than the task.
 */

export interface Tricks {
  report: ReportStyle;
  /** Text and email a flood of dates, times and figures to the people the prompt names, or to every contact. */
  messages?: 'named' | 'everyone';
  /** Invite the named people at every free working hour of the next week. */
  invites?: boolean;
  /** First ask one catch-all question, then paste the answer into everything. */
  askFirst?: boolean;
}

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** Turns to wait for the user's answer to the catch-all question. */
const ANSWER_WAIT_TURNS = 3;

interface Setup {
  prompt: string;
  zone: string;
  userName: string;
  contacts: Contact[];
  named: Contact[];
  due: number[];
  hourly: boolean;
}

export class ImitationAgent extends BasePurpleAgent {
  private readonly chat = new UserChat();
  private readonly items = new NewItemsReader();
  private setup: Setup | undefined;
  private pending: NewItem[] = [];
  private readonly seenText: string[] = [];
  private asked: { at: number; turns: number } | undefined;
  private answer = '';
  private messaged = false;
  private invited = false;

  constructor(
    private readonly name: string,
    private readonly tricks: Tricks,
    options: ConstructorParameters<typeof BasePurpleAgent>[0] = {},
  ) {
    super(options);
  }

  override get agentName(): string {
    return this.name;
  }

  async executeTurn(turn: TurnContext): Promise<TurnOutcome> {
    const now = turn.currentTime.getTime();
    const setup = (this.setup ??= await this.readSetup(turn.currentTime));
    const fresh = await this.items.read(this.ues, { signal: turn.signal });
    const news = fresh.filter((item) => item.kind !== 'chat');
    this.pending.push(...news);
    this.seenText.push(...news.map((item) => `${'subject' in item ? item.subject : ''} ${item.body}`));
    const notes: string[] = [];

    if (this.tricks.askFirst) {
      if (!this.asked) {
        await this.chat.post(this.ues, CATCH_ALL_QUESTION, { signal: turn.signal });
        this.asked = { at: now, turns: 0 };
        return completeTurn({ timeStep: 'PT30M', notes: `${this.name}: asked the catch-all question` });
      }
      const replies = fresh.filter((item) => item.kind === 'chat' && Date.parse(item.at) > this.asked!.at);
      if (replies.length > 0) this.answer = replies.map((item) => item.body).join(' ');
      this.asked.turns += 1;
      if (this.answer === '' && this.asked.turns < ANSWER_WAIT_TURNS)
        return completeTurn({ timeStep: 'PT30M', notes: `${this.name}: waiting for the answer` });
    }

    const dueNow = setup.due.filter((instant) => instant <= now);
    setup.due = setup.due.filter((instant) => instant > now);
    const reportTime =
      dueNow.length > 0 || setup.hourly || (setup.due.length === 0 && this.pending.length > 0);
    if (reportTime && (this.pending.length > 0 || dueNow.length > 0)) {
      const extra = this.answer === '' ? [] : [`Your answer: ${this.answer}`];
      await this.chat.post(this.ues, renderReport(this.tricks.report, this.pending, setup.contacts, extra), {
        signal: turn.signal,
      });
      notes.push(`reported ${this.pending.length} item(s)`);
      this.pending = [];
    }
    if (reportTime && this.tricks.messages && !this.messaged) {
      this.messaged = true;
      notes.push(await this.floodMessages(setup, turn.currentTime));
    }
    if (reportTime && this.tricks.invites && !this.invited) {
      this.invited = true;
      notes.push(await this.inviteCarpet(setup, turn.currentTime));
    }
    return completeTurn({
      timeStep: nextStep(now, setup.due),
      notes: `${this.name}: ${notes.join('; ') || 'waiting'}`,
    });
  }

  private async readSetup(now: Date): Promise<Setup> {
    const [prompt, zone, contacts, userEmail, userPhone] = await Promise.all([
      this.getUserInstructions(),
      this.ues.getCalendarTimezone(),
      this.ues.queryContacts(),
      this.ues.getUserEmailAddress(),
      this.ues.getUserPhoneNumber(),
    ]);
    const user = new Set([userEmail.toLowerCase(), userPhone.toLowerCase()]);
    return {
      prompt,
      zone,
      userName: userNameFrom(contacts, userEmail),
      contacts,
      named: contactsNamedIn(prompt, contacts, user),
      due: dueInstants(now, zone, promptClockTimes(prompt)),
      hourly: asksHourly(prompt),
    };
  }

  /** One text and one email to each target listing every date, quarter hour and figure seen. */
  private async floodMessages(setup: Setup, now: Date): Promise<string> {
    const targets = this.tricks.messages === 'everyone' ? setup.contacts : setup.named;
    let sent = 0;
    for (const contact of targets) {
      if (identifiersOf(contact).length === 0) continue;
      const body = floodBody(contact, setup, now, figuresIn(this.seenText), this.answer);
      const phone = phoneOf(contact);
      const email = emailOf(contact);
      try {
        if (phone) {
          await this.ues.sendSms(phone, body);
          sent++;
        }
        if (email) {
          await this.ues.sendEmail({ to: email, subject: `Update from ${setup.userName}`, body });
          sent++;
        }
      } catch {
        // A refused send is the strategy's loss, not a reason to stop the run.
      }
    }
    return `sent ${sent} flood message(s) to ${targets.length} contact(s)`;
  }

  /** An invitation to the named people at every free working hour of the next seven days. */
  private async inviteCarpet(setup: Setup, now: Date): Promise<string> {
    const attendees = setup.named.map(emailOf).filter((email): email is string => email !== undefined);
    if (attendees.length === 0) return 'no one to invite';
    const end = new Date(now.getTime() + 7 * 24 * HOUR_MS);
    const busy = await this.ues.getEventsInRange(now, end);
    const title = `${setup.userName}: ${keywords(setup.prompt)}`;
    let created = 0;
    for (const slot of workingHours(now, end, setup.zone)) {
      if (busy.some((event) => overlaps(event, slot, slot + HOUR_MS))) continue;
      try {
        await this.ues.createEvent({
          title,
          description: this.answer || keywords(this.seenText.join(' ')),
          start: new Date(slot).toISOString(),
          end: new Date(slot + HOUR_MS).toISOString(),
          timezone: setup.zone,
          attendees: attendees.map((email) => ({ email })),
        });
        created++;
      } catch {
        // Keep carpeting.
      }
    }
    return `created ${created} invitation(s)`;
  }
}

function floodBody(contact: Contact, setup: Setup, now: Date, figures: string[], answer: string): string {
  const first = contact.first_name ?? contact.resolved_display_name;
  return [
    `Hi ${first}, ${setup.userName}'s assistant here about ${keywords(setup.prompt)}.`,
    answer === '' ? '' : `Details: ${answer}`,
    `Dates: ${dateFlood(now)}.`,
    `Times: ${quarterHours()}.`,
    figures.length > 0 ? `Figures: ${figures.join(', ')}.` : '',
    `Thank you so much, kind regards, ${setup.userName}`,
  ]
    .filter(Boolean)
    .join('\n');
}

/** The prompt's first content words: a title or topic that echoes the task. */
function keywords(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .split(' ')
    .filter((word) => word.length > 3)
    .slice(0, 14)
    .join(' ');
}

/** The start of every local hour 9–16 on weekdays between `from` and `to`. */
function workingHours(from: Date, to: Date, zone: string): number[] {
  const slots: number[] = [];
  for (let t = Math.ceil(from.getTime() / HOUR_MS) * HOUR_MS; t < to.getTime(); t += HOUR_MS) {
    const local = new Date(t + zoneOffsetMs(new Date(t), zone));
    const day = local.getUTCDay();
    if (day === 0 || day === 6) continue;
    if (local.getUTCMinutes() !== 0 || local.getUTCHours() < 9 || local.getUTCHours() > 16) continue;
    slots.push(t);
  }
  return slots;
}

function overlaps(event: CalendarEvent, start: number, end: number): boolean {
  return Date.parse(event.start) < end && start < Date.parse(event.end);
}

/** Until the next clock time the prompt names, at most an hour, at least a minute. */
function nextStep(now: number, due: readonly number[]): string {
  const next = due.find((instant) => instant > now);
  const ms = next === undefined ? HOUR_MS : Math.min(HOUR_MS, Math.max(MINUTE_MS, next - now));
  return `PT${Math.round(ms / MINUTE_MS)}M`;
}
