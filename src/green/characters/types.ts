import { z } from 'zod';
import type { CalendarEvent, Email, SmsMessage } from '../../ues/client/index.js';

/**
 * Everything that appeared or changed in the simulator since the last collection. The collector
 * (agent loop) fills it; the response generator decides which items are the assistant's own
 * outgoing messages and answers only those.
 */
export interface NewMessages {
  emails: Email[];
  sms: SmsMessage[];
  calendarEvents: CalendarEvent[];
}

/** `chat`: the reactive user answering the assistant (scenarios with a `user_brief`). */
export type ReplyModality = 'email' | 'sms' | 'calendar' | 'chat';

/** A character's reply, to be scheduled as a future UES event (see `scheduleReplies`). */
export interface ScheduledReply {
  character_id: string;
  character_name: string;
  modality: ReplyModality;
  /** Simulated time the reply arrives (ISO 8601, UTC): `now` plus the character's drawn delay. */
  scheduled_time: string;
  /** Ours: the email/SMS/chat message id or calendar event id this reply answers. */
  reply_to: string;
  /** The `POST /events` payload: `modality` and its `data` (email receive, sms receive_message, calendar respond, chat send_message). */
  event: { modality: string; data: Record<string, unknown> };
}

/** A reply a character could not write (its model call failed): lost, but never silently. */
export interface ReplyFailure {
  character_id: string;
  character_name: string;
  modality: ReplyModality;
  /** The email/SMS message id or calendar event id the reply would have answered. */
  reply_to: string;
  error: Error;
}

/** What the should-respond prompt asks the model for. */
export const shouldRespondSchema = z.object({
  should_respond: z.boolean(),
  reasoning: z.string(),
});
export type ShouldRespondDecision = z.infer<typeof shouldRespondSchema>;

export const RSVP_STATUSES = ['accepted', 'declined', 'tentative'] as const;

/** What the calendar RSVP prompt asks the model for. All keys required (strict JSON-schema providers). */
export const rsvpDecisionSchema = z.object({
  status: z.enum(RSVP_STATUSES),
  comment: z.string().nullable(),
  reasoning: z.string(),
});
export type RsvpDecision = z.infer<typeof rsvpDecisionSchema>;
