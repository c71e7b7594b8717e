import type { CallbackManagerForLLMRun } from '@langchain/core/callbacks/manager';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import type { EvalContext, StateSnapshot } from '../../../src/green/judge/index.js';
import { evaluationCriterionSchema, type EvaluationCriterion } from '../../../src/green/scenarios/schema.js';
import type { ActionLogEntryWithTurn } from '../../../src/protocol/index.js';
import { UesClient } from '../../../src/ues/client/index.js';
import { EMPTY_GROUND_TRUTH, buildWorld } from '../../../src/green/checks/index.js';
import type { ScenarioConfig } from '../../../src/green/scenarios/schema.js';
import { testScenario } from '../characters/fixtures.js';

export function criterion(
  fields: Partial<EvaluationCriterion> & { criterion_id: string },
): EvaluationCriterion {
  return evaluationCriterionSchema.parse({
    name: fields.criterion_id.replace(/_/g, ' '),
    description: `Checks ${fields.criterion_id}.`,
    dimension: 'accuracy',
    max_score: 10,
    ...fields,
  });
}

function snapshot(counts: { emails: number; unread: number; chat: number; time: string }): StateSnapshot {
  const emails = Object.fromEntries(Array.from({ length: counts.emails }, (_, i) => [`e${i}`, {}]));
  return {
    email: {
      modality_type: 'email',
      current_time: counts.time,
      user_email_address: 'alex@example.com',
      emails,
      threads: { t1: {}, t2: {} },
      folders: { inbox: Object.keys(emails), sent: [] },
      labels: {},
      total_email_count: counts.emails,
      unread_count: counts.unread,
      starred_count: 0,
    },
    sms: {
      modality_type: 'sms',
      current_time: counts.time,
      user_phone_number: '+15550100000',
      messages: {},
      conversations: {},
      total_message_count: 0,
      unread_count: 0,
      total_conversation_count: 0,
    },
    calendar: {
      modality_type: 'calendar',
      last_updated: counts.time,
      update_count: 0,
      default_calendar_id: 'primary',
      user_timezone: 'UTC',
      calendars: {},
      events: {},
      calendar_count: 1,
      event_count: 0,
    },
    chat: {
      modality_type: 'chat',
      current_time: counts.time,
      conversations: {},
      messages: Array.from({ length: counts.chat }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user' })),
      total_message_count: counts.chat,
      conversation_count: 1,
      max_history_size: 1000,
    },
    time: { current_time: counts.time, time_scale: 1, is_paused: false, auto_advance: false, mode: 'manual' },
  } as unknown as StateSnapshot;
}

export const LONG_SUMMARY = `${'Hourly summary: Karen Mitchell (Acme) is escalating the outage; '.repeat(8)}END-OF-SUMMARY-MARKER`;

export const ACTIONS: ActionLogEntryWithTurn[] = [
  {
    message_type: 'action_log_entry',
    turn: 1,
    timestamp: '2025-01-06T10:00:01Z',
    action: 'chat.send_message',
    parameters: { role: 'assistant', content: LONG_SUMMARY, conversation_id: 'user-assistant' },
    success: true,
  },
  {
    message_type: 'action_log_entry',
    turn: 2,
    timestamp: '2025-01-06T11:00:01Z',
    action: 'email.send',
    parameters: { to_addresses: ['jordan@example.com'], subject: 'Update', body_text: 'Line one\nLine two' },
    success: false,
    error_message: 'permission denied',
  },
];

/** Everything an evaluation needs except the criterion. The client points nowhere: tests never call it. */
export function baseContext(
  overrides: Partial<Omit<EvalContext, 'criterion'>> = {},
): Omit<EvalContext, 'criterion'> {
  const scenario = (overrides.scenario as ScenarioConfig | undefined) ?? testScenario();
  return {
    scenario,
    userPrompt: 'Summarise my unread email every hour in chat, most urgent first.',
    actionLog: ACTIONS,
    turns: [],
    readCount: 4,
    initialState: snapshot({ emails: 7, unread: 7, chat: 1, time: '2025-01-06T09:00:00Z' }),
    finalState: snapshot({ emails: 9, unread: 2, chat: 3, time: '2025-01-06T12:00:00Z' }),
    client: new UesClient({ baseUrl: 'http://127.0.0.1:9', retry: false }),
    llm: null,
    signal: new AbortController().signal,
    world: buildWorld(scenario),
    groundTruth: EMPTY_GROUND_TRUTH,
    arrivals: new Map(),
    oracleBaseline: null,
    timeZone: 'UTC',
    ...overrides,
  };
}

/** A judge model without tool calling: answers from a script and records each prompt. */
export class ScriptedJudgeModel extends BaseChatModel {
  readonly prompts: string[] = [];
  private next = 0;

  constructor(private readonly answers: string[]) {
    super({ maxRetries: 0 });
  }

  _llmType(): string {
    return 'scripted-judge';
  }

  async _generate(
    messages: BaseMessage[],
    _options: this['ParsedCallOptions'],
    _run?: CallbackManagerForLLMRun,
  ): Promise<ChatResult> {
    this.prompts.push(messages.map((message) => message.text).join('\n\n'));
    const text = this.answers[Math.min(this.next++, this.answers.length - 1)]!;
    return { generations: [{ text, message: new AIMessage(text) }] };
  }
}
