import type { Contact } from '../../../ues/client/index.js';
import { BasePurpleAgent, completeTurn, type TurnContext, type TurnOutcome } from '../../base-agent.js';
import { NewItemsReader, type NewItem } from '../gaming/new-items.js';
import { UserChat } from '../oracle/user-chat.js';
import { RelayActions, aboutEvent, promptEvent, type RelaySetup } from './relay-actions.js';
import {
  ASK_QUESTIONS,
  contactOf,
  firstNameOf,
  groupMembersNamedIn,
  informativeAnswer,
  moveRequests,
  peopleNamedIn,
  sentencesOf,
  substantive,
  withoutQuestions,
} from './relay-text.js';
import { oneLine } from './text-tricks.js';
import { dateTimesIn, durationIn } from './when-text.js';
import { dueInstants, promptClockTimes, userNameFrom } from './world-view.js';

/**
 * The relay strategies (the second round of imitation): scripts that move text between people
 * instead of understanding it. They ask the user generic focused questions and send the prompt
 * and the answers to everyone the prompt names; pass every message from a named person on to the
 * others and restate it to its sender; drag the prompt's event to any new time a message names;
 * remind the quiet ones at the prompt's clock times; and carry out any "move … to <time>" they
 * read. Nothing here knows a scenario: the gate requires each to score low everywhere.
 */

export interface RelayTricks {
  /** Ask focused generic questions first, then relay the prompt and the answers, forward the best email, book the answer's time. */
  ask?: boolean;
  /** Pass on and restate every new message from a named person, keep the prompt's event in step, digest and alert. */
  echo?: boolean;
  /** Remind the named people who have not written at the prompt's clock times; carry out "move … to <time>". */
  remindAndMove?: boolean;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Long enough for the user's answer (a quarter of an hour, give or take five minutes) to be in. */
const ASK_STEP = 'PT25M';
const WATCH_STEP_MS = 15 * MINUTE_MS;
/** Relays and restatements per sender: enough to pass on real news, too few to ping-pong with thank-yous. */
const MAX_RELAYS_PER_SENDER = 4;

type Message = NewItem & { kind: 'email' | 'sms' };

export class RelayAgent extends BasePurpleAgent {
  private readonly chat = new UserChat();
  private readonly items = new NewItemsReader();
  private setup: RelaySetup | undefined;
  private eventTitle: string | undefined;
  private readonly asking = { asked: 0, at: 0, answers: [] as string[], done: false };
  private reportDue: number[] = [];
  private remindDue: number[] = [];
  private readonly everything: Message[] = [];
  private readonly wrote = new Set<string>();
  private readonly relayed = new Map<string, number>();
  private promptMoved = false;

  constructor(
    private readonly name: string,
    private readonly tricks: RelayTricks,
    options: ConstructorParameters<typeof BasePurpleAgent>[0] = {},
  ) {
    super(options);
  }

  override get agentName(): string {
    return this.name;
  }

  async executeTurn(turn: TurnContext): Promise<TurnOutcome> {
    const now = turn.currentTime;
    const setup = (this.setup ??= await this.readSetup(now));
    const actions = new RelayActions(this.ues, setup);
    const fresh = await this.items.read(this.ues, { signal: turn.signal });
    const news = fresh.filter((item): item is Message => item.kind === 'email' || item.kind === 'sms');
    this.everything.push(...news);
    const done: string[] = [];
    const alerts: string[] = [];

    for (const item of news) {
      // History (what was there before the first turn) is reported, never acted on.
      if (Date.parse(item.at) < setup.start) continue;
      const sender = contactOf(item.from, setup.contacts);
      if (sender !== undefined) this.wrote.add(sender.contact_id);
      if (this.tricks.echo) done.push(...(await this.echo(actions, item, sender, alerts, now)));
    }
    if (this.tricks.remindAndMove) done.push(...(await this.remindAndMove(actions, news, now)));

    const question = this.tricks.ask ? await this.askOrAct(actions, fresh, now, done) : undefined;
    if (question !== undefined) await this.chat.post(this.ues, question, { signal: turn.signal });

    const report = this.report(setup, news, alerts, done, now);
    if (report !== '') await this.chat.post(this.ues, report, { signal: turn.signal });
    return completeTurn({
      timeStep: question !== undefined ? ASK_STEP : this.nextStep(now.getTime()),
      notes: `${this.name}: ${done.length} action(s)${question === undefined ? '' : ', asked a question'}`,
    });
  }

  private async readSetup(now: Date): Promise<RelaySetup> {
    const [prompt, zone, contacts, userEmail, userPhone] = await Promise.all([
      this.getUserInstructions(),
      this.ues.getCalendarTimezone(),
      this.ues.queryContacts(),
      this.ues.getUserEmailAddress(),
      this.ues.getUserPhoneNumber(),
    ]);
    const user = new Set([userEmail.toLowerCase(), userPhone.toLowerCase()]);
    const named = peopleNamedIn(prompt, contacts, user);
    for (const member of groupMembersNamedIn(prompt, contacts, user)) {
      if (!named.some((contact) => contact.contact_id === member.contact_id)) named.push(member);
    }
    const events = (
      await this.ues.queryCalendar({
        start: new Date(now.getTime() - DAY_MS),
        end: new Date(now.getTime() + 14 * DAY_MS),
      })
    ).filter(
      (event) =>
        !event.all_day &&
        event.status !== 'cancelled' &&
        !event.recurrence &&
        Date.parse(event.end) > now.getTime(),
    );
    const event = promptEvent(events, prompt, named);
    this.eventTitle = event?.title;
    const due = dueInstants(now, zone, promptClockTimes(prompt));
    this.reportDue = [...due];
    this.remindDue = [...due];
    return {
      prompt,
      zone,
      start: now.getTime(),
      userName: userNameFrom(contacts, userEmail),
      user,
      contacts,
      named,
      topic: sentencesOf(prompt)[0] ?? prompt,
      eventId: event?.event_id,
    };
  }

  /**
   * A new message: from a named person, an alert line, and — when it says something — passed on
   * to the other named people and restated to its sender; from them or about the prompt's event,
   * the event moved to the new time it names.
   */
  private async echo(
    actions: RelayActions,
    item: Message,
    sender: Contact | undefined,
    alerts: string[],
    now: Date,
  ): Promise<string[]> {
    const done: string[] = [];
    const named = sender !== undefined && this.setup!.named.some((c) => c.contact_id === sender.contact_id);
    if (named) {
      alerts.push(
        `${sender.resolved_display_name} wrote: ${oneLine(withoutQuestions(messageText(item)), 300)}`,
      );
      const count = this.relayed.get(sender.contact_id) ?? 0;
      if (substantive(item.body) && count < MAX_RELAYS_PER_SENDER) {
        this.relayed.set(sender.contact_id, count + 1);
        done.push(...(await actions.relay(item, sender)), ...(await actions.restate(item, sender)));
      }
    }
    // The body only: a reply's "Re: <subject>" repeats the old time.
    if (named || aboutEvent(messageText(item), this.eventTitle))
      done.push(...(await actions.keepInStep(item.body, now)));
    return done;
  }

  /** The prompt's "move … to" sentences once, each new message's as it comes, and the reminders that are due. */
  private async remindAndMove(actions: RelayActions, news: readonly Message[], now: Date): Promise<string[]> {
    const setup = this.setup!;
    const done: string[] = [];
    const texts = news.filter((item) => Date.parse(item.at) >= setup.start).map(messageText);
    if (!this.promptMoved) {
      this.promptMoved = true;
      texts.unshift(setup.prompt);
    }
    for (const text of texts)
      for (const request of moveRequests(text)) done.push(...(await actions.move(request, now)));
    const dueNow = this.remindDue.filter((instant) => instant <= now.getTime());
    this.remindDue = this.remindDue.filter((instant) => instant > now.getTime());
    if (dueNow.length > 0) {
      const quiet = setup.named.filter((contact) => !this.wrote.has(contact.contact_id));
      done.push(...(await actions.remind(quiet)));
    }
    return done;
  }

  /**
   * The ask phase: one question a turn while the user keeps answering (at most the list); then the
   * prompt and the answers to everyone named, the best-matching email forwarded, the answer's
   * time booked. Returns the question to post, if any.
   */
  private async askOrAct(
    actions: RelayActions,
    fresh: readonly NewItem[],
    now: Date,
    done: string[],
  ): Promise<string | undefined> {
    const asking = this.asking;
    if (asking.done) return undefined;
    const replies = fresh.filter(
      (item) => item.kind === 'chat' && asking.at > 0 && Date.parse(item.at) > asking.at,
    );
    asking.answers.push(...replies.map((item) => item.body.trim()).filter(informativeAnswer));
    if (asking.asked < ASK_QUESTIONS.length && (asking.asked === 0 || replies.length > 0)) {
      asking.at = now.getTime();
      return ASK_QUESTIONS[asking.asked++];
    }
    asking.done = true;
    done.push(...(await this.relayPrompt(actions, now)));
    return undefined;
  }

  private async relayPrompt(actions: RelayActions, now: Date): Promise<string[]> {
    const setup = this.setup!;
    const answers = this.asking.answers.join(' ');
    const people = [...setup.named];
    for (const contact of peopleNamedIn(answers, setup.contacts, setup.user)) {
      if (!people.some((known) => known.contact_id === contact.contact_id)) people.push(contact);
    }
    const sentences = sentencesOf(setup.prompt);
    const done: string[] = [];
    for (const contact of people) {
      const first = firstNameOf(contact);
      const body = [
        `Hi ${first}, ${setup.userName} asked me to pass this on: ${sentences.join(' ')}`,
        answers === '' ? '' : `${setup.userName} adds: ${answers}`,
        `Best, ${setup.userName}`,
      ]
        .filter(Boolean)
        .join('\n\n');
      done.push(
        ...(await actions.tell(contact, `From ${setup.userName}: ${oneLine(setup.topic, 60)}`, body)),
      );
      const about = sentences.filter((sentence) => peopleNamedIn(sentence, [contact], setup.user).length > 0);
      const query = `${about.join(' ') || setup.prompt} ${answers}`;
      done.push(
        ...(await actions.forwardBest(
          contact,
          query,
          `Hi ${first}, ${setup.userName} asked me to send you this. ${answers}`.trim(),
        )),
      );
    }
    const future = (text: string) =>
      dateTimesIn(text, now, setup.zone).find((instant) => instant > now.getTime());
    const at = future(answers) ?? (asksForCalendar(setup.prompt) ? future(setup.prompt) : undefined);
    if (at !== undefined) {
      const minutes = durationIn(`${answers} ${setup.prompt}`) ?? 60;
      done.push(...(await actions.createEvent(`${setup.topic} ${answers}`, at, minutes, people)));
    }
    return done;
  }

  /** The chat post of a turn: alerts, the new messages, what was done, and at the prompt's clock times everything so far. */
  private report(
    setup: RelaySetup,
    news: readonly Message[],
    alerts: string[],
    done: string[],
    now: Date,
  ): string {
    const parts: string[] = [];
    if (this.tricks.echo) {
      const dueNow = this.reportDue.some((instant) => instant <= now.getTime());
      this.reportDue = this.reportDue.filter((instant) => instant > now.getTime());
      if (alerts.length > 0) parts.push(['Alerts:', ...alerts.map((line) => `- ${line}`)].join('\n'));
      if (news.length > 0)
        parts.push(
          ['New messages:', ...news.map((item) => `- ${itemLine(item, setup.contacts)}`)].join('\n'),
        );
      if (dueNow) {
        const lines = this.everything.map((item) => `- ${itemLine(item, setup.contacts)}`);
        parts.push(
          ['Everything so far:', ...(lines.length > 0 ? lines : ['- nothing has come in'])].join('\n'),
        );
      }
    }
    if (done.length > 0) parts.push(['What I did:', ...done.map((line) => `- ${line}`)].join('\n'));
    return parts.join('\n\n');
  }

  /** A quarter of an hour, or less up to the next clock time the prompt names. */
  private nextStep(now: number): string {
    const next = Math.min(
      ...[...this.reportDue, ...this.remindDue].filter((instant) => instant > now),
      now + WATCH_STEP_MS,
    );
    const ms = Math.min(WATCH_STEP_MS, Math.max(MINUTE_MS, next - now));
    return `PT${Math.round(ms / MINUTE_MS)}M`;
  }
}

function messageText(item: Message): string {
  return item.kind === 'email' ? `${item.subject}\n${item.body}` : item.body;
}

/** "Name (email "Subject"): body", question marks and asking phrases neutralised so a digest asks nothing. */
function itemLine(item: Message, contacts: readonly Contact[]): string {
  const name = contactOf(item.from, contacts)?.resolved_display_name ?? item.from;
  const how = item.kind === 'email' ? `email "${item.subject}"` : 'text';
  return oneLine(withoutQuestions(`${name} (${how}): ${item.body}`), 400);
}

/** Whether the prompt asks for something in the calendar (then its own time is booked when no answer gives one). */
function asksForCalendar(prompt: string): boolean {
  return /\b(?:put|add|block|book|schedule|set up|create)\b[^.!?]*\b(?:calendar|invite|invitation|meeting|call|event)\b/i.test(
    prompt,
  );
}
