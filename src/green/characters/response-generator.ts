import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { Logger } from 'pino';
import { invokeStructured, mapWithConcurrency } from '../../llm/index.js';
import type { CalendarEvent, Email, SmsMessage, UesClient } from '../../ues/client/index.js';
import type { ScenarioConfig } from '../scenarios/schema.js';
import { EMPTY_HISTORY, type ConversationHistory, type HistoryEntry } from './history.js';
import { personByEmail, personByPhone, relevantRelationships, type Person } from './people.js';
import {
  buildReplyPrompt,
  buildRsvpPrompt,
  buildShouldRespondPrompt,
  type ConversationPromptInput,
  type PromptCharacter,
} from './prompts.js';
import { drawDelayMs } from './random.js';
import { emailReplyEvent, rsvpEvent, smsReplyEvent } from './reply-events.js';
import { condenseHistory } from './thread-summary.js';
import { UserResponder } from './user-responder.js';
import {
  calendarResponders,
  emailResponders,
  scriptedSenders,
  smsResponders,
  type Responder,
  type TriggerContext,
} from './triggers.js';
import {
  rsvpDecisionSchema,
  shouldRespondSchema,
  type NewMessages,
  type ReplyFailure,
  type ScheduledReply,
} from './types.js';

export interface ResponseGeneratorOptions {
  /** A proctor client of the assessment's simulator (reads thread history). */
  client: UesClient;
  scenario: ScenarioConfig;
  /** Writes replies and makes the should-respond and RSVP decisions. */
  model: BaseChatModel;
  /** Summarises long threads; defaults to `model`. */
  summarizer?: BaseChatModel;
  /** Uniform [0, 1) source for reply delays; pass `seededRandom(seed)` for reproducible runs. */
  random: () => number;
  userEmail: string;
  userPhone: string;
  logger?: Logger;
  /** Model calls in flight at once. Default 4. */
  concurrency?: number;
}

type ReplyTask =
  | { kind: 'email'; email: Email; responder: Responder; bcc: boolean; delayMs: number }
  | { kind: 'sms'; message: SmsMessage; responder: Responder; delayMs: number }
  | { kind: 'calendar'; event: CalendarEvent; responder: Responder; attendeeEmail: string; delayMs: number };

/**
 * Simulated characters answering what the assistant sent on the user's behalf (and, in scenarios
 * with a `user_brief`, the user answering the assistant's questions in chat). For each new
 * outgoing email or SMS, every character recipient gets a should-respond decision and, if yes, an
 * in-character reply; every character invited by the user to an event answers with an RSVP. Each
 * reply is timed by the character's `response_timing` (seeded draw) and returned as a future UES
 * event — `scheduleReplies` puts it in the queue, so it arrives only when the clock gets there.
 *
 * A failed model call loses only that one reply — reported to `onFailure` so the caller can show
 * it — and the turn goes on; a failed history lookup means replying without the history.
 * Items already answered are remembered, so a message reported again (e.g. after being starred)
 * is not answered twice.
 */
export class ResponseGenerator {
  private readonly options: ResponseGeneratorOptions;
  private readonly summarizer: BaseChatModel;
  private readonly ctx: TriggerContext;
  private readonly handled = new Set<string>();
  private readonly userPerson: Person;
  /** The reactive user, for scenarios with a `user_brief`. */
  private readonly user: UserResponder | undefined;

  constructor(options: ResponseGeneratorOptions) {
    if (!options.userEmail.trim() && !options.userPhone.trim()) {
      throw new TypeError(
        'ResponseGenerator: userEmail or userPhone is required to recognise outgoing messages',
      );
    }
    this.options = options;
    this.summarizer = options.summarizer ?? options.model;
    this.ctx = {
      scenario: options.scenario,
      userEmail: options.userEmail,
      userPhone: options.userPhone,
      logger: options.logger,
    };
    const user = options.scenario.characters[options.scenario.user_character];
    this.userPerson = {
      id: options.scenario.user_character,
      name: user?.name ?? options.userEmail,
      address: options.userEmail,
    };
    this.user = options.scenario.user_brief
      ? new UserResponder({
          client: options.client,
          scenario: options.scenario,
          model: options.model,
          random: options.random,
          logger: options.logger,
        })
      : undefined;
  }

  /**
   * Decides and writes the replies to `messages`, timed from `now` (the simulated time, ISO 8601).
   * Returns the replies in a stable order (input order, then recipient order).
   */
  async generate(
    messages: NewMessages,
    now: string,
    options: {
      signal?: AbortSignal;
      onFailure?: (failure: ReplyFailure) => void;
      /**
       * Arrivals the scenario scripted in answer to this turn's actions (fired triggers): their
       * senders answer in the scenario's words, so they write no reply of their own to this
       * turn's messages — never a canned acknowledgement beside the scripted answer.
       */
      scripted?: ReadonlyArray<{ modality: string; data: Record<string, unknown> }>;
    } = {},
  ): Promise<ScheduledReply[]> {
    const nowMs = Date.parse(now);
    if (Number.isNaN(nowMs)) {
      throw new RangeError(
        `ResponseGenerator.generate: now must be an ISO 8601 datetime, got ${JSON.stringify(now)}`,
      );
    }
    const tasks = this.planTasks(messages, scriptedSenders(this.options.scenario, options.scripted ?? []));
    const histories = new Map<string, Promise<ConversationHistory>>();
    const results = await mapWithConcurrency(tasks, this.options.concurrency ?? 4, (task) =>
      this.runTask(task, nowMs, histories, options.signal, options.onFailure),
    );
    // The user's answer to questions in chat comes after the characters' (its delay is drawn last).
    const userReply = this.user ? await this.user.reply(nowMs, options) : null;
    return [...results, userReply].filter((reply): reply is ScheduledReply => reply !== null);
  }

  /** Every (item, responder) pair, with its delay drawn now so timing never depends on model answers. */
  private planTasks(messages: NewMessages, scripted: ReadonlySet<string>): ReplyTask[] {
    const tasks: ReplyTask[] = [];
    const delay = (responder: Responder) =>
      drawDelayMs(responder.profile.response_timing, this.options.random);
    for (const email of messages.emails) {
      if (!this.claim(`email:${email.message_id}`)) continue;
      for (const { responder, bcc } of emailResponders(email, this.ctx)) {
        if (scripted.has(responder.id)) continue;
        tasks.push({ kind: 'email', email, responder, bcc, delayMs: delay(responder) });
      }
    }
    for (const message of messages.sms) {
      if (!this.claim(`sms:${message.message_id}`)) continue;
      for (const responder of smsResponders(message, this.ctx)) {
        if (scripted.has(responder.id)) continue;
        tasks.push({ kind: 'sms', message, responder, delayMs: delay(responder) });
      }
    }
    for (const event of messages.calendarEvents) {
      for (const { responder, attendeeEmail } of calendarResponders(event, this.ctx)) {
        // A moved event deserves a fresh answer; the same invitation seen again does not.
        const version = `${event.event_id}:${attendeeEmail.toLowerCase()}:${event.start}:${event.end}`;
        if (!this.claim(`calendar:${version}`)) continue;
        tasks.push({ kind: 'calendar', event, responder, attendeeEmail, delayMs: delay(responder) });
      }
    }
    return tasks;
  }

  private claim(key: string): boolean {
    if (this.handled.has(key)) return false;
    this.handled.add(key);
    return true;
  }

  private async runTask(
    task: ReplyTask,
    nowMs: number,
    histories: Map<string, Promise<ConversationHistory>>,
    signal: AbortSignal | undefined,
    onFailure: ((failure: ReplyFailure) => void) | undefined,
  ): Promise<ScheduledReply | null> {
    const about = {
      character_id: task.responder.id,
      modality: task.kind,
      reply_to:
        task.kind === 'email'
          ? task.email.message_id
          : task.kind === 'sms'
            ? task.message.message_id
            : task.event.event_id,
    };
    try {
      signal?.throwIfAborted();
      const reply =
        task.kind === 'calendar'
          ? await this.rsvp(task, signal)
          : await this.converse(task, histories, signal);
      if (!reply) return null;
      return {
        character_id: task.responder.id,
        character_name: task.responder.profile.name,
        modality: task.kind,
        scheduled_time: isoUtc(nowMs + task.delayMs),
        reply_to: about.reply_to,
        event: reply,
      };
    } catch (error) {
      // Cancellation ends the whole turn; anything else loses only this reply.
      if (signal?.aborted) throw error;
      this.options.logger?.warn({ ...about, err: error }, 'character reply skipped: model call failed');
      onFailure?.({
        character_id: task.responder.id,
        character_name: task.responder.profile.name,
        modality: task.kind,
        reply_to: about.reply_to,
        error: error instanceof Error ? error : new Error(String(error)),
      });
      return null;
    }
  }

  private async converse(
    task: Extract<ReplyTask, { kind: 'email' | 'sms' }>,
    histories: Map<string, Promise<ConversationHistory>>,
    signal: AbortSignal | undefined,
  ): Promise<ScheduledReply['event'] | null> {
    const { responder } = task;
    const input =
      task.kind === 'email' ? this.emailInput(task.email, responder) : this.smsInput(task.message, responder);
    const key = task.kind === 'email' ? `email:${task.email.message_id}` : `sms:${task.message.message_id}`;
    let history = histories.get(key);
    if (!history) {
      history = this.history(task, input, signal);
      histories.set(key, history);
    }
    const prompt: ConversationPromptInput = { ...input, history: await history };
    const decision = await invokeStructured(
      this.options.model,
      buildShouldRespondPrompt(prompt),
      shouldRespondSchema,
      { name: 'should_respond', signal },
    );
    if (!decision.should_respond) {
      this.options.logger?.debug(
        { character_id: responder.id, reasoning: decision.reasoning },
        'character chose not to reply',
      );
      return null;
    }
    const body = (await this.options.model.invoke(buildReplyPrompt(prompt), { signal })).text.trim();
    if (!body) {
      this.options.logger?.warn(
        { character_id: responder.id },
        'character reply skipped: the model wrote nothing',
      );
      return null;
    }
    if (task.kind === 'email') return emailReplyEvent(task.email, responder.profile.email!, body, task.bcc);
    return smsReplyEvent(task.message, responder.profile.phone!, body);
  }

  private character(responder: Responder, people: readonly Person[]): PromptCharacter {
    const others = people.filter((person) => person.id !== responder.id);
    return {
      id: responder.id,
      profile: responder.profile,
      relationships: relevantRelationships(responder.profile, others),
    };
  }

  private emailInput(email: Email, responder: Responder): Omit<ConversationPromptInput, 'history'> {
    const scenario = this.options.scenario;
    const participants = [email.from_address, ...email.to_addresses, ...email.cc_addresses].map((address) =>
      this.isUser(address) ? this.userPerson : personByEmail(scenario, address),
    );
    return {
      character: this.character(responder, participants),
      medium: 'email',
      sender: participants[0]!,
      participants: dedupe(participants),
      subject: email.subject,
      latestMessage: email.body_text,
    };
  }

  private smsInput(message: SmsMessage, responder: Responder): Omit<ConversationPromptInput, 'history'> {
    const participants = [message.from_number, ...message.to_numbers].map((number) =>
      number === this.options.userPhone
        ? { ...this.userPerson, address: number }
        : personByPhone(this.options.scenario, number),
    );
    return {
      character: this.character(responder, participants),
      medium: 'sms',
      sender: participants[0]!,
      participants: dedupe(participants),
      latestMessage: message.body,
    };
  }

  private isUser(address: string): boolean {
    return address.toLowerCase() === this.options.userEmail.toLowerCase();
  }

  /** Earlier messages of the thread (not the one being answered, nothing after it), condensed. */
  private async history(
    task: Extract<ReplyTask, { kind: 'email' | 'sms' }>,
    input: Omit<ConversationPromptInput, 'history'>,
    signal: AbortSignal | undefined,
  ): Promise<ConversationHistory> {
    let entries: HistoryEntry[];
    try {
      entries =
        task.kind === 'email'
          ? await this.emailThread(task.email, signal)
          : await this.smsThread(task.message, signal);
    } catch (error) {
      if (signal?.aborted) throw error;
      this.options.logger?.warn(
        { err: error, character_id: task.responder.id },
        'thread history unavailable; replying without it',
      );
      return EMPTY_HISTORY;
    }
    return condenseHistory(entries, {
      summarizer: this.summarizer,
      medium: input.medium,
      participants: input.participants.map((person) => person.name),
      subject: input.subject,
      logger: this.options.logger,
      signal,
    });
  }

  private async emailThread(email: Email, signal: AbortSignal | undefined): Promise<HistoryEntry[]> {
    const { emails } = await this.options.client.email.query(
      { thread_id: email.thread_id, sort_by: 'date', sort_order: 'asc', limit: 1000 },
      { signal },
    );
    const cutoff = Date.parse(email.received_at);
    return emails
      .filter((other) => other.message_id !== email.message_id && Date.parse(other.received_at) <= cutoff)
      .map((other) => ({
        sentAt: other.sent_at,
        from: this.isUser(other.from_address)
          ? this.userPerson.name
          : personByEmail(this.options.scenario, other.from_address).name,
        subject: other.subject,
        body: other.body_text,
      }));
  }

  private async smsThread(message: SmsMessage, signal: AbortSignal | undefined): Promise<HistoryEntry[]> {
    const { messages } = await this.options.client.sms.query(
      { thread_id: message.thread_id, sort_by: 'sent_at', sort_order: 'asc', limit: 1000 },
      { signal },
    );
    const cutoff = Date.parse(message.sent_at);
    return messages
      .filter(
        (other) =>
          other.message_id !== message.message_id && !other.is_deleted && Date.parse(other.sent_at) <= cutoff,
      )
      .map((other) => ({
        sentAt: other.sent_at,
        from:
          other.from_number === this.options.userPhone
            ? this.userPerson.name
            : personByPhone(this.options.scenario, other.from_number).name,
        body: other.body,
      }));
  }

  private async rsvp(
    task: Extract<ReplyTask, { kind: 'calendar' }>,
    signal: AbortSignal | undefined,
  ): Promise<ScheduledReply['event']> {
    const { event, responder } = task;
    const organizer =
      event.organizer && !this.isUser(event.organizer)
        ? personByEmail(this.options.scenario, event.organizer)
        : this.userPerson;
    const attendees = event.attendees.map((attendee) =>
      this.isUser(attendee.email) ? this.userPerson : personByEmail(this.options.scenario, attendee.email),
    );
    const decision = await invokeStructured(
      this.options.model,
      buildRsvpPrompt({
        character: this.character(responder, [organizer, ...attendees]),
        event,
        organizer,
        attendees,
      }),
      rsvpDecisionSchema,
      { name: 'calendar_rsvp', signal },
    );
    return rsvpEvent(event, task.attendeeEmail, decision);
  }
}

/** ISO 8601 in UTC, without a zero millisecond part (the simulator's own style). */
function isoUtc(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

function dedupe(people: readonly Person[]): Person[] {
  const seen = new Set<string>();
  return people.filter((person) => {
    const key = person.address.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
