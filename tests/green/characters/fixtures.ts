import { UesClient } from '../../../src/ues/client/index.js';
import { scenarioConfigSchema, type ScenarioConfig } from '../../../src/green/scenarios/schema.js';
import { startTestUes, type TestUes } from '../../ues/helpers.js';

export const START = '2025-01-06T09:00:00Z';
export const ALEX = 'alex@example.com';
export const ALEX_PHONE = '+15550100000';
export const JORDAN = 'jordan@example.com';
export const JORDAN_PHONE = '+15550100001';
export const PRIYA = 'priya@example.com';
export const PRIYA_PHONE = '+15550100002';
export const OLIVIA = 'olivia@example.com';
export const STRANGER = 'vendor@supplies.example';

/** A small scenario: the user Alex, a manager, an engineer, and a colleague who never answers. */
export function testScenario(overrides: Record<string, unknown> = {}): ScenarioConfig {
  return scenarioConfigSchema.parse({
    scenario_id: 'character_replies',
    name: 'Character replies',
    description: 'Characters answering the assistant.',
    start_time: START,
    end_time: '2025-01-07T09:00:00Z',
    default_time_step: 'PT1H',
    user_prompt: 'Keep my inbox under control and answer colleagues for me.',
    user_character: 'alex',
    characters: {
      alex: {
        name: 'Alex Thompson',
        email: ALEX,
        phone: ALEX_PHONE,
        personality: 'Busy senior engineer.',
        response_timing: { base_delay: 'PT5M', variance: 'PT2M' },
      },
      jordan: {
        name: 'Jordan Lee',
        email: JORDAN,
        phone: JORDAN_PHONE,
        personality: 'Direct, authoritative engineering manager.',
        response_timing: { base_delay: 'PT10M', variance: 'PT5M' },
        relationships: { alex: 'Alex reports to Jordan; Jordan trusts Alex with the Q3 plan.' },
        special_instructions: 'Always asks for a written summary before approving anything.',
        config: { q3_budget: '$50,000', approval_deadline: 'Friday' },
      },
      priya: {
        name: 'Priya Sharma',
        email: PRIYA,
        phone: PRIYA_PHONE,
        personality: 'Thorough, verbose and technical.',
        response_timing: { base_delay: 'PT20M', variance: 'PT10M' },
        relationships: { 'Jordan Lee': 'Jordan is her manager.' },
      },
      olivia: {
        name: 'Olivia Brown',
        email: OLIVIA,
        personality: 'Friendly office manager.',
        response_timing: { base_delay: 'PT5M', variance: 'PT0S' },
        special_instructions: 'Out of office all week.',
      },
    },
    initial_state: 'initial_state.json',
    criteria: [
      {
        criterion_id: 'replies_sent',
        name: 'Replies sent',
        description: 'The assistant answers colleagues.',
        dimension: 'accuracy',
        max_score: 10,
        evaluation_prompt: 'Did the assistant answer?',
        role: 'task',
      },
    ],
    ...overrides,
  });
}

interface StoredEmail {
  message_id: string;
  thread_id: string;
  from_address: string;
  to_addresses: string[];
  cc_addresses?: string[];
  subject: string;
  body_text: string;
  sent_at: string;
  received_at?: string;
  folder?: string;
  is_read?: boolean;
  references?: string[];
  in_reply_to?: string | null;
}

/** A UES full-scenario export (the `/scenario/import/full` body) with the given emails and pending events. */
export function uesScenario(
  options: { emails?: StoredEmail[]; events?: Array<Record<string, unknown>> } = {},
): Record<string, unknown> {
  const emails = Object.fromEntries(
    (options.emails ?? []).map((email) => [
      email.message_id,
      { received_at: email.sent_at, folder: 'inbox', is_read: true, ...email },
    ]),
  );
  return {
    metadata: { ues_version: '0.1.0', scenario_version: '1' },
    environment: {
      time_state: {
        current_time: START,
        time_scale: 1,
        is_paused: false,
        auto_advance: false,
        last_wall_time_update: START,
      },
      modality_states: {
        email: { modality_type: 'email', user_email_address: ALEX, emails, folders: {}, threads: {} },
        sms: { modality_type: 'sms', user_phone_number: ALEX_PHONE, messages: {}, conversations: {} },
        calendar: {
          modality_type: 'calendar',
          calendars: {},
          events: {},
          default_calendar_id: 'primary',
          user_timezone: 'UTC',
        },
        chat: { modality_type: 'chat', messages: [], conversations: {}, default_conversation_id: 'default' },
      },
    },
    events: { events: options.events ?? [] },
  };
}

/** A scripted email arrival, as scenario files carry them. */
export function scriptedEmail(id: string, at: string, fields: Partial<StoredEmail>): Record<string, unknown> {
  return {
    event_id: `scripted-${id}`,
    scheduled_time: at,
    modality: 'email',
    status: 'pending',
    created_at: START,
    priority: 50,
    metadata: {},
    data: {
      modality_type: 'email',
      timestamp: at,
      operation: 'receive',
      message_id: id,
      thread_id: `thread-${id}`,
      ...fields,
    },
  };
}

export interface ScenarioUes {
  ues: TestUes;
  admin: UesClient;
  /** A client holding the key the assistant would get. */
  assistant: UesClient;
  close(): Promise<void>;
}

/** A real simulator with `scenario` imported through `/scenario/import/full`, running, clock at START. */
export async function startScenarioUes(scenario: Record<string, unknown>): Promise<ScenarioUes> {
  const ues = await startTestUes({ start: START, running: false });
  const admin = new UesClient({
    baseUrl: ues.url,
    apiKey: ues.adminKey,
    retry: false,
    validateResponses: true,
  });
  try {
    await admin.scenario.importFull({ scenario: scenario as never, strict_modalities: true });
    await admin.simulation.start({ auto_advance: false });
    const { secret } = await ues.createKey(
      ['email:*', 'sms:*', 'calendar:*', 'chat:*', 'time:read'],
      'assistant',
    );
    return { ues, admin, assistant: admin.withApiKey(secret), close: () => ues.close() };
  } catch (error) {
    await ues.close();
    throw error;
  }
}
