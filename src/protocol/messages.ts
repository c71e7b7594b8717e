import { z } from 'zod';
import {
  ianaTimeZoneString,
  isoDateTimeString,
  isoDurationString,
  nonNegativeInt,
  positiveInt,
} from './schema-helpers.js';

/**
 * AgentBeats assessment messages exchanged between the green (evaluator) and a purple
 * (assistant under test). Each is a JSON object whose `message_type` names its schema; it
 * travels in an A2A DataPart (see docs/PROTOCOL.md). Unknown extra keys are ignored on parse so
 * that newer peers stay compatible.
 */

/** The only instruction text the green may send; the user's real tasks arrive through UES chat. */
export const ASSESSMENT_INSTRUCTIONS =
  "Act as the user's personal assistant. The user's specific tasks are provided via the chat modality; read chat and complete those tasks.";

/** Default simulated time a purple asks to advance after a turn. */
export const DEFAULT_TIME_STEP = 'PT1H';

export const emailSummarySchema = z
  .object({
    message_type: z.literal('email_summary'),
    total_emails: nonNegativeInt(),
    total_threads: nonNegativeInt(),
    unread: nonNegativeInt(),
    draft_count: nonNegativeInt(),
  })
  .meta({ id: 'EmailSummary', title: 'email_summary', description: 'Counts for the email modality.' });

export const calendarSummarySchema = z
  .object({
    message_type: z.literal('calendar_summary'),
    event_count: nonNegativeInt(),
    calendar_count: nonNegativeInt(),
    events_today: nonNegativeInt().describe('Events whose start date equals the simulated date.'),
  })
  .meta({
    id: 'CalendarSummary',
    title: 'calendar_summary',
    description: 'Counts for the calendar modality.',
  });

export const smsSummarySchema = z
  .object({
    message_type: z.literal('sms_summary'),
    total_messages: nonNegativeInt(),
    total_conversations: nonNegativeInt(),
    unread: nonNegativeInt(),
  })
  .meta({ id: 'SmsSummary', title: 'sms_summary', description: 'Counts for the SMS modality.' });

export const chatSummarySchema = z
  .object({
    message_type: z.literal('chat_summary'),
    total_messages: nonNegativeInt(),
    conversation_count: nonNegativeInt(),
  })
  .meta({
    id: 'ChatSummary',
    title: 'chat_summary',
    description: 'Counts for the chat modality (chat has no unread concept).',
  });

export const initialStateSummarySchema = z
  .object({
    message_type: z.literal('initial_state_summary'),
    email: emailSummarySchema,
    calendar: calendarSummarySchema,
    sms: smsSummarySchema,
    chat: chatSummarySchema,
  })
  .meta({
    id: 'InitialStateSummary',
    title: 'initial_state_summary',
    description: 'Counts describing the UES state at the start of the assessment.',
  });

/**
 * Optional additions (issue 20): a green may omit them and a purple may ignore them, so
 * purples and greens written before them keep working.
 */
function userTimezoneField() {
  return ianaTimeZoneString()
    .optional()
    .describe(
      'The user’s time zone (IANA). Times on the wire are UTC; "2pm" for the user means 2pm here. Optional.',
    );
}

/**
 * The scenario's natural check-in step (issue 29): the efficiency budgets are computed at it, so an
 * assistant that is never told it may spend twice the turns for the same care. Optional, like the
 * fields above.
 */
function suggestedTimeStepField() {
  return isoDurationString()
    .optional()
    .describe(
      'The scenario’s natural check-in step (ISO 8601 duration). The efficiency budgets assume a turn at every step of it, with the chat and every modality in play read each turn; answering turn_complete with it as time_step checks in at that pace (a finer step costs turns, a coarser one may miss what the user needs on time). Optional.',
    );
}

export const assessmentStartSchema = z
  .object({
    message_type: z.literal('assessment_start'),
    ues_url: z.url({ protocol: /^https?$/ }).describe('Base URL of this assessment’s UES instance.'),
    api_key: z
      .string()
      .min(1)
      .describe(
        'User-level UES key; send it as the X-API-Key header (or as a bearer token), to REST and MCP alike.',
      ),
    mcp_url: z
      .url({ protocol: /^https?$/ })
      .optional()
      .describe(
        'This assessment’s MCP server (Streamable HTTP): the same actions as the UES REST API, as MCP tools, with the same key. Absent from greens without one; purples that do not use MCP ignore it.',
      ),
    assessment_instructions: z.literal(ASSESSMENT_INSTRUCTIONS),
    current_time: isoDateTimeString().describe('Simulated time at the start of the assessment.'),
    initial_state_summary: initialStateSummarySchema,
    user_timezone: userTimezoneField(),
    suggested_time_step: suggestedTimeStepField(),
  })
  .meta({
    title: 'assessment_start',
    description: 'Green → purple: the assessment begins; gives UES access. The reply is ignored.',
  });

export const turnStartSchema = z
  .object({
    message_type: z.literal('turn_start'),
    turn_number: positiveInt(),
    current_time: isoDateTimeString().describe('Simulated time at the start of the turn.'),
    events_processed: nonNegativeInt().describe('UES events executed by the previous time advance.'),
    user_timezone: userTimezoneField(),
    end_time: isoDateTimeString()
      .optional()
      .describe(
        'The scenario’s end: simulated time never passes it, and a turn starting at it is the last. Optional.',
      ),
    is_final_turn: z
      .boolean()
      .optional()
      .describe(
        'True when no turn_start follows this one (it starts at end_time, or is the last turn allowed). Optional.',
      ),
    suggested_time_step: suggestedTimeStepField(),
  })
  .meta({
    title: 'turn_start',
    description: 'Green → purple: act now. Reply with turn_complete or early_completion.',
  });

export const turnCompleteSchema = z
  .object({
    message_type: z.literal('turn_complete'),
    notes: z.string().nullish().describe('Free text; recorded, never scored.'),
    time_step: isoDurationString()
      .default(DEFAULT_TIME_STEP)
      .describe('Simulated time to advance before the next turn (ISO 8601 duration).'),
  })
  .meta({ title: 'turn_complete', description: 'Purple → green: the turn is done; advance time.' });

export const earlyCompletionSchema = z
  .object({
    message_type: z.literal('early_completion'),
    reason: z.string().nullish(),
  })
  .meta({
    title: 'early_completion',
    description: 'Purple → green: the tasks are finished; end the assessment after this turn.',
  });

export const ASSESSMENT_END_REASONS = ['scenario_complete', 'early_completion', 'timeout', 'error'] as const;
export const assessmentEndReasonSchema = z.enum(ASSESSMENT_END_REASONS);

export const assessmentCompleteSchema = z
  .object({
    message_type: z.literal('assessment_complete'),
    reason: assessmentEndReasonSchema,
  })
  .meta({
    title: 'assessment_complete',
    description: 'Green → purple: the assessment is over. The reply is ignored.',
  });

export type EmailSummary = z.infer<typeof emailSummarySchema>;
export type CalendarSummary = z.infer<typeof calendarSummarySchema>;
export type SmsSummary = z.infer<typeof smsSummarySchema>;
export type ChatSummary = z.infer<typeof chatSummarySchema>;
export type InitialStateSummary = z.infer<typeof initialStateSummarySchema>;
export type AssessmentStartMessage = z.infer<typeof assessmentStartSchema>;
export type TurnStartMessage = z.infer<typeof turnStartSchema>;
export type TurnCompleteMessage = z.infer<typeof turnCompleteSchema>;
export type EarlyCompletionMessage = z.infer<typeof earlyCompletionSchema>;
export type AssessmentCompleteMessage = z.infer<typeof assessmentCompleteSchema>;
export type AssessmentEndReason = z.infer<typeof assessmentEndReasonSchema>;

/** Every message schema, keyed by its `message_type`. */
export const MESSAGE_SCHEMAS = {
  assessment_start: assessmentStartSchema,
  initial_state_summary: initialStateSummarySchema,
  turn_start: turnStartSchema,
  turn_complete: turnCompleteSchema,
  early_completion: earlyCompletionSchema,
  assessment_complete: assessmentCompleteSchema,
} as const;

export type MessageType = keyof typeof MESSAGE_SCHEMAS;
export type MessageByType = { [K in MessageType]: z.infer<(typeof MESSAGE_SCHEMAS)[K]> };
export type AgentBeatsMessage = MessageByType[MessageType];

/** Messages the green sends to a purple. */
export const GREEN_TO_PURPLE_MESSAGE_TYPES = [
  'assessment_start',
  'turn_start',
  'assessment_complete',
] as const;
/** Replies a purple may give to `turn_start`. */
export const PURPLE_REPLY_MESSAGE_TYPES = ['turn_complete', 'early_completion'] as const;
export type PurpleReply = MessageByType[(typeof PURPLE_REPLY_MESSAGE_TYPES)[number]];
export type GreenToPurpleMessage = MessageByType[(typeof GREEN_TO_PURPLE_MESSAGE_TYPES)[number]];
