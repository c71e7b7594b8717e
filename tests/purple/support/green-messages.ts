import { ASSESSMENT_INSTRUCTIONS } from '../../../src/protocol/index.js';

/** Green → purple payloads as the green sends them (plain JSON objects). */

export const EMPTY_SUMMARY = {
  message_type: 'initial_state_summary',
  email: { message_type: 'email_summary', total_emails: 0, total_threads: 0, unread: 0, draft_count: 0 },
  calendar: { message_type: 'calendar_summary', event_count: 0, calendar_count: 1, events_today: 0 },
  sms: { message_type: 'sms_summary', total_messages: 0, total_conversations: 0, unread: 0 },
  chat: { message_type: 'chat_summary', total_messages: 1, conversation_count: 1 },
};

export function assessmentStart(uesUrl: string, apiKey: string, currentTime = '2026-01-28T06:00:00Z') {
  return {
    message_type: 'assessment_start',
    ues_url: uesUrl,
    api_key: apiKey,
    assessment_instructions: ASSESSMENT_INSTRUCTIONS,
    current_time: currentTime,
    initial_state_summary: EMPTY_SUMMARY,
  };
}

export function turnStart(turnNumber: number, currentTime: string, eventsProcessed = 0) {
  return {
    message_type: 'turn_start',
    turn_number: turnNumber,
    current_time: currentTime,
    events_processed: eventsProcessed,
  };
}

export function assessmentComplete(reason = 'scenario_complete') {
  return { message_type: 'assessment_complete', reason };
}
