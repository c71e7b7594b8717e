import { BasePurpleAgent, completeTurn, type TurnContext, type TurnOutcome } from '../../base-agent.js';
import type { BasePurpleAgentOptions } from '../../base-agent.js';
import { classifyNoise, type TriageEmail } from './noise-rules.js';
import { namesByPhone, smsAsTriageItem } from './sms-items.js';
import { formatSummary, type TriagedEmail } from './summary-format.js';
import { rateUrgency, type Urgency } from './urgency-rules.js';

/**
 * The no-LLM baseline: it recognises one kind of task — periodic summaries of email and texts —
 * and does an honest keyword job of it. Every turn it reads unread inbox mail and texts, leaves
 * out noise, rates the rest, posts one summary to chat, marks what it triaged as read and asks
 * for PT1H. It never
 * sends email or SMS. Any other task is acknowledged once in chat and then left alone. It is the
 * floor an LLM assistant should beat.
 */

const EMAIL_WORDS = /\b(e-?mails?|inbox|mail(box)?|texts?|sms|messages?)\b/i;
const SUMMARY_WORDS = /\b(summar\w*|triage|digest|brief(ing)?|overview|report|round-?up|plan|alerts?)\b/i;

/** Whether the user's instructions ask for summaries of their email or texts. */
export function asksForEmailSummaries(instructions: string): boolean {
  return EMAIL_WORDS.test(instructions) && SUMMARY_WORDS.test(instructions);
}

export const UNSUPPORTED_TASK_REPLY =
  "I've read your request. I'm a simple rule-based assistant: the only task I can do is summarising " +
  "your unread email and texts periodically, so I won't act on this one. I'll stay available if you'd like summaries.";

interface ThreadMemory {
  topic: string;
  reported: number;
  latestUrgency: Urgency;
}

export class RuleBasedAgent extends BasePurpleAgent {
  private readonly triaged = new Set<string>();
  private readonly threads = new Map<string, ThreadMemory>();
  private acknowledgedUnsupported = false;

  constructor(options: BasePurpleAgentOptions = {}) {
    super(options);
  }

  override get agentName(): string {
    return 'rule-based';
  }

  async executeTurn(turn: TurnContext): Promise<TurnOutcome> {
    const instructions = await this.getUserInstructions();
    if (instructions === '') {
      return completeTurn({ notes: 'No instructions from the user in chat yet.' });
    }
    if (!asksForEmailSummaries(instructions)) {
      if (!this.acknowledgedUnsupported) {
        await this.ues.sendChatMessage(UNSUPPORTED_TASK_REPLY);
        this.acknowledgedUnsupported = true;
      }
      return completeTurn({ notes: 'The task is not one this rule-based agent supports; no action taken.' });
    }
    return this.summariseInbox(turn);
  }

  private async summariseInbox(turn: TurnContext): Promise<TurnOutcome> {
    const emails = (await this.ues.getUnreadEmails()).filter((email) => !this.triaged.has(email.message_id));
    const texts = (await this.ues.getUnreadSms()).filter((sms) => !this.triaged.has(sms.message_id));
    const names =
      texts.length === 0 ? new Map<string, string>() : namesByPhone(await this.ues.queryContacts());
    const unread: TriageEmail[] = [...emails, ...texts.map((sms) => smsAsTriageItem(sms, names))];
    const substantive: TriagedEmail[] = [];
    let filtered = 0;
    // Oldest first, so thread memory builds up in the order the messages were written.
    for (const email of [...unread].sort((a, b) => Date.parse(a.received_at) - Date.parse(b.received_at))) {
      if (classifyNoise(email).noise) {
        filtered += 1;
        continue;
      }
      substantive.push(this.triage(email));
    }
    const summary = formatSummary(substantive, filtered, turn.currentTime);
    await this.ues.sendChatMessage(summary);
    for (const item of unread) this.triaged.add(item.message_id);
    const emailIds = emails.map((email) => email.message_id);
    if (emailIds.length > 0) await this.ues.markEmailsRead(emailIds);
    const smsIds = texts.map((sms) => sms.message_id);
    if (smsIds.length > 0) await this.ues.markSmsRead(smsIds);
    this.logger.debug({ turn: turn.turnNumber, summarised: substantive.length, filtered }, 'summary posted');
    return completeTurn({
      timeStep: 'PT1H',
      notes: `Summarised ${substantive.length} message(s); left out ${filtered} as noise.`,
    });
  }

  private triage(email: TriageEmail): TriagedEmail {
    const memory = this.threads.get(email.thread_id);
    const rating = rateUrgency(email, memory?.latestUrgency === 'high');
    const item: TriagedEmail = {
      email,
      rating,
      earlierInThread: memory?.reported ?? 0,
      threadTopic: memory?.topic,
    };
    this.threads.set(email.thread_id, {
      topic: memory?.topic ?? email.subject,
      reported: (memory?.reported ?? 0) + 1,
      // The latest rating stands for the thread: a resolved incident stops pulling follow-ups up.
      latestUrgency: rating.urgency,
    });
    return item;
  }
}
