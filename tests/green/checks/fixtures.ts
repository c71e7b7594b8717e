import {
  arrivalsOf,
  buildWorld,
  groundTruthSchema,
  type GroundTruth,
} from '../../../src/green/checks/index.js';
import type { EvalContext, StateSnapshot } from '../../../src/green/judge/types.js';
import { scenarioConfigSchema, type ScenarioConfig } from '../../../src/green/scenarios/schema.js';
import type { ActionLogEntryWithTurn } from '../../../src/protocol/index.js';
import type { CalendarEvent, Email } from '../../../src/ues/client/index.js';

/** Hand-built evaluation contexts for the check kinds: a small world and a run described as data. */

export const START = '2026-03-02T08:00:00Z'; // a Monday
export const END = '2026-03-02T12:00:00Z';
export const USER = 'alex@home.example';

export function at(hhmm: string): string {
  return `2026-03-02T${hhmm}:00Z`;
}

export function scenario(overrides: Record<string, unknown> = {}): ScenarioConfig {
  return scenarioConfigSchema.parse({
    scenario_id: 'checks_fixture',
    name: 'Checks fixture',
    description: 'A small world for check tests.',
    start_time: START,
    end_time: END,
    default_time_step: 'PT1H',
    user_prompt: 'Keep me posted every hour.',
    user_character: 'alex',
    characters: {
      alex: {
        name: 'Alex Kim',
        email: USER,
        phone: '+1 555 0100',
        personality: 'User.',
        response_timing: t(),
      },
      jordan: {
        name: 'Jordan Lee',
        email: 'jordan@work.example',
        phone: '+15550101',
        personality: 'Manager.',
        roles: ['manager'],
        response_timing: t(),
      },
      karen: {
        name: 'Karen Mitchell',
        email: 'karen@client.example',
        personality: 'Client.',
        roles: ['the client'],
        aliases: ['KM'],
        response_timing: t(),
      },
    },
    criteria: [
      {
        criterion_id: 'placeholder',
        name: 'Placeholder',
        description: 'A task criterion.',
        dimension: 'accuracy',
        max_score: 10,
        evaluator_id: 'noop',
      },
    ],
    ...overrides,
  });
}

function t() {
  return { base_delay: 'PT5M', variance: 'PT0S' };
}

export function email(id: string, fields: Partial<Email> = {}): Email {
  return {
    message_id: id,
    thread_id: `t-${id}`,
    from_address: 'karen@client.example',
    to_addresses: [USER],
    cc_addresses: [],
    bcc_addresses: [],
    subject: `Subject ${id}`,
    body_text: `Body of ${id}`,
    attachments: [],
    references: [],
    sent_at: START,
    received_at: START,
    is_read: false,
    is_starred: false,
    priority: 'normal',
    folder: 'inbox',
    labels: [],
    ...fields,
  } as Email;
}

export function calendarEvent(id: string, fields: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    event_id: id,
    calendar_id: 'primary',
    title: `Event ${id}`,
    start: at('09:00'),
    end: at('10:00'),
    all_day: false,
    timezone: 'UTC',
    status: 'confirmed',
    attendees: [],
    recurrence_exceptions: [],
    reminders: [],
    visibility: 'default',
    transparency: 'opaque',
    attachments: [],
    created_at: START,
    updated_at: START,
    ...fields,
  } as CalendarEvent;
}

export interface RunData {
  posts?: Array<{ at: string; text: string }>;
  /** The user's chat messages (the first is the task). */
  userMessages?: Array<{ at: string; text: string }>;
  actions?: Array<Partial<ActionLogEntryWithTurn> & { action: string }>;
  initialEmails?: Email[];
  finalEmails?: Email[];
  initialEvents?: CalendarEvent[];
  finalEvents?: CalendarEvent[];
  contacts?: Record<string, Record<string, unknown>>;
  readCount?: number;
  turns?: number;
}

function snapshot(
  time: string,
  emails: Email[],
  events: CalendarEvent[],
  posts: RunData['posts'] = [],
  contacts = {},
  userMessages: RunData['userMessages'] = [],
): StateSnapshot {
  return {
    email: { user_email_address: USER, emails: Object.fromEntries(emails.map((e) => [e.message_id, e])) },
    sms: { user_phone_number: '+15550100', messages: {} },
    calendar: { events: Object.fromEntries(events.map((e) => [e.event_id, e])) },
    chat: {
      // The user's messages first on a tie, as in a run: the task is posted before the first answer.
      messages: [
        ...userMessages.map((message) => ({ ...message, role: 'user' })),
        ...posts.map((post) => ({ ...post, role: 'assistant' })),
      ]
        .sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
        .map((message, index) => ({
          message_id: `m${index}`,
          conversation_id: 'user-assistant',
          role: message.role,
          content: message.text,
          timestamp: message.at,
          metadata: {},
        })),
    },
    time: { current_time: time },
    contacts: { contacts },
  } as unknown as StateSnapshot;
}

/** A context for running checks directly; the UES client fails loudly if a check touches it. */
export function checkContext(
  run: RunData = {},
  options: { scenario?: ScenarioConfig; groundTruth?: unknown; initialState?: Record<string, unknown> } = {},
): Omit<EvalContext, 'criterion'> & { criterion: EvalContext['criterion'] } {
  const config = options.scenario ?? scenario();
  const groundTruth: GroundTruth = groundTruthSchema.parse(options.groundTruth ?? { deliverables: [] });
  const initialEmails = run.initialEmails ?? [];
  const finalEmails = run.finalEmails ?? initialEmails;
  const actionLog: ActionLogEntryWithTurn[] = (run.actions ?? []).map((a, i) => ({
    message_type: 'action_log_entry',
    turn: 1,
    timestamp: START,
    parameters: {},
    success: true,
    ...a,
    ...(a.timestamp ? {} : { timestamp: new Date(Date.parse(START) + i * 1000).toISOString() }),
  }));
  const initialState = options.initialState ?? {
    environment: {
      modality_states: { email: { emails: Object.fromEntries(initialEmails.map((e) => [e.message_id, e])) } },
    },
    events: { events: [] },
  };
  return {
    scenario: config,
    criterion: config.criteria[0]!,
    userPrompt: config.user_prompt,
    actionLog,
    turns: Array.from({ length: run.turns ?? 4 }, () => ({}) as never),
    readCount: run.readCount ?? 0,
    initialState: snapshot(START, initialEmails, run.initialEvents ?? []),
    finalState: snapshot(
      END,
      finalEmails,
      run.finalEvents ?? run.initialEvents ?? [],
      run.posts,
      run.contacts,
      run.userMessages,
    ),
    client: new Proxy(
      {},
      {
        get: () => {
          throw new Error('checks must not call the UES');
        },
      },
    ) as never,
    llm: null,
    signal: new AbortController().signal,
    world: buildWorld(config),
    groundTruth,
    arrivals: arrivalsOf({ scenario: initialState, strict_modalities: false }, Date.parse(config.start_time)),
    oracleBaseline: null,
    timeZone: config.timezone,
  };
}
