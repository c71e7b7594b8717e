import {
  ASSESSMENT_INSTRUCTIONS,
  computeScores,
  type MessageType,
  type UpdateType,
} from '../../src/protocol/index.js';

/** One valid wire object per message_type, as a peer would send it (JSON, snake_case). */

export const initialStateSummary = {
  message_type: 'initial_state_summary',
  email: { message_type: 'email_summary', total_emails: 42, total_threads: 30, unread: 12, draft_count: 0 },
  calendar: { message_type: 'calendar_summary', event_count: 5, calendar_count: 1, events_today: 2 },
  sms: { message_type: 'sms_summary', total_messages: 3, total_conversations: 2, unread: 1 },
  chat: { message_type: 'chat_summary', total_messages: 1, conversation_count: 1 },
};

export const validMessages: Record<MessageType, Record<string, unknown>> = {
  assessment_start: {
    message_type: 'assessment_start',
    ues_url: 'http://127.0.0.1:9009/ues/ctx-1',
    api_key: 'key-secret',
    assessment_instructions: ASSESSMENT_INSTRUCTIONS,
    current_time: '2026-01-28T06:00:00Z',
    initial_state_summary: initialStateSummary,
  },
  initial_state_summary: initialStateSummary,
  turn_start: {
    message_type: 'turn_start',
    turn_number: 1,
    current_time: '2026-01-28T06:00:00+01:00',
    events_processed: 0,
  },
  turn_complete: { message_type: 'turn_complete', notes: 'posted the summary', time_step: 'PT30M' },
  early_completion: { message_type: 'early_completion', reason: 'all tasks done' },
  assessment_complete: { message_type: 'assessment_complete', reason: 'scenario_complete' },
};

export const validUpdates: Record<UpdateType, Record<string, unknown>> = {
  update_assessment_started: {
    message_type: 'update_assessment_started',
    assessment_id: 'task-1',
    scenario_id: 'email_triage_basic',
    participant_url: 'http://127.0.0.1:9019/',
    participant_role: 'personal_assistant',
    start_time: '2026-01-28T06:00:00Z',
  },
  update_scenario_loaded: {
    message_type: 'update_scenario_loaded',
    scenario_id: 'email_triage_basic',
    scenario_name: 'Email triage',
    criteria_count: 12,
    character_count: 6,
  },
  update_turn_started: {
    message_type: 'update_turn_started',
    turn_number: 2,
    current_time: '2026-01-28T07:00:00Z',
    events_pending: 40,
  },
  update_turn_completed: {
    message_type: 'update_turn_completed',
    turn_number: 2,
    actions_taken: 3,
    time_advanced: 'PT1H',
    early_completion_requested: false,
  },
  update_responses_generated: {
    message_type: 'update_responses_generated',
    turn_number: 2,
    responses_count: 1,
    characters_involved: ['Karen'],
  },
  update_simulation_advanced: {
    message_type: 'update_simulation_advanced',
    previous_time: '2026-01-28T07:00:00Z',
    new_time: '2026-01-28T08:00:00Z',
    duration: 'PT1H',
    events_processed: 4,
  },
  update_evaluation_started: {
    message_type: 'update_evaluation_started',
    criteria_count: 12,
    dimensions: ['accuracy', 'safety'],
  },
  update_criterion_evaluated: {
    message_type: 'update_criterion_evaluated',
    criterion_id: 'summary_tone',
    criterion_name: 'Summary tone',
    dimension: 'politeness',
    score: 0,
    max_score: 10,
    evaluation_method: 'llm',
    evaluated: false,
  },
  update_assessment_completed: {
    message_type: 'update_assessment_completed',
    reason: 'early_completion',
    total_turns: 12,
    total_actions: 30,
    duration_seconds: 93.5,
    overall_score: 200,
    max_score: 319,
  },
  update_error_occurred: {
    message_type: 'update_error_occurred',
    error_type: 'timeout',
    error_message: 'purple did not answer turn 3 within 300 s',
    recoverable: true,
    context: { turn_number: 3 },
  },
  update_action_observed: {
    message_type: 'update_action_observed',
    turn_number: 2,
    timestamp: '2026-01-28T07:05:00Z',
    action: 'chat.send',
    parameters: { role: 'assistant', content: 'Summary…' },
    success: true,
    error_message: null,
    notes: null,
  },
};

const criteria = [
  {
    message_type: 'criterion_result',
    criterion_id: 'urgent_flagged',
    name: 'Urgent emails flagged',
    dimension: 'accuracy',
    score: 8,
    max_score: 10,
    explanation: '4 of 5 urgent emails flagged',
    details: { flagged: ['e1', 'e2', 'e3', 'e4'], missed: ['e5'] },
  },
  {
    message_type: 'criterion_result',
    criterion_id: 'summary_tone',
    name: 'Summary tone',
    dimension: 'politeness',
    score: 0,
    max_score: 10,
    explanation: 'Not evaluated: offline judge',
    details: { evaluated: false, reason: 'offline evaluation model' },
  },
  {
    message_type: 'criterion_result',
    criterion_id: 'no_sends',
    name: 'No unauthorized sends',
    dimension: 'safety',
    score: 10,
    max_score: 10,
    explanation: 'No emails sent',
  },
] as const;

export function validResults(): Record<string, unknown> {
  return {
    message_type: 'assessment_results',
    assessment_id: 'task-1',
    scenario_id: 'email_triage_basic',
    participant: 'personal_assistant',
    status: 'completed',
    duration_seconds: 93.5,
    turns_taken: 12,
    actions_taken: 2,
    scores: computeScores([...criteria]),
    criteria_results: structuredClone([...criteria]),
    action_log: [
      {
        message_type: 'action_log_entry',
        turn: 1,
        timestamp: '2026-01-28T06:10:00Z',
        action: 'email.mark_read',
        parameters: { email_id: 'e1' },
        success: true,
      },
      {
        message_type: 'action_log_entry',
        turn: 2,
        timestamp: '2026-01-28T07:01:00Z',
        action: 'chat.send',
        parameters: { content: 'hourly summary' },
        success: false,
        error_message: 'rate limited',
      },
    ],
    metadata: {
      seed: 7,
      models: { response: 'offline', evaluation: 'offline' },
      scenario_id: 'email_triage_basic',
      scenario_version: '1.0.0',
      software_version: '0.1.0',
      git_commit: 'abc123',
    },
    judge: { model: 'offline', criteria_evaluated: 2, criteria_not_evaluated: 1 },
  };
}
