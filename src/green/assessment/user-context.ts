import { isIanaTimeZone, type ActionLogEntryWithTurn } from '../../protocol/index.js';
import type { ScenarioInitialState } from '../scenarios/initial-state.js';

/**
 * The user's side of an assessment that the green sets up and watches: the chat conversation the
 * user reads, and the user's time zone.
 *
 * A chat post without `conversation_id` goes to the simulator's default conversation, which the
 * original UES calls "default" and the user never reads; posts would silently vanish. The green
 * makes the user's conversation the default at setup, and names every post that still lands
 * elsewhere (an explicit other `conversation_id`) in the action log, the turn record and the
 * results.
 */

/**
 * The initial state with the user's conversation as the chat modality's default conversation. A
 * state without a chat modality is returned as it is: the simulator's import names what is wrong.
 */
export function withUserConversationAsDefault(
  initialState: ScenarioInitialState,
  conversationId: string,
): ScenarioInitialState {
  const environment = initialState.scenario['environment'] as
    { modality_states?: Record<string, unknown> } | undefined;
  const states = environment?.modality_states;
  const chat = states?.['chat'];
  if (typeof chat !== 'object' || chat === null) return initialState;
  return {
    ...initialState,
    scenario: {
      ...initialState.scenario,
      environment: {
        ...environment,
        modality_states: { ...states, chat: { ...chat, default_conversation_id: conversationId } },
      },
    },
  };
}

/** A chat post of the assistant that the user cannot see. */
export interface UnseenChatPost {
  turn: number;
  timestamp: string;
  conversation_id: string;
  message_id: string | null;
}

/** The conversation a `chat.send_message` entry went to, when it is not the user's. */
function outsideConversation(
  entry: Pick<ActionLogEntryWithTurn, 'action' | 'parameters' | 'success'>,
  userConversationId: string,
): string | undefined {
  if (entry.action !== 'chat.send_message' || !entry.success) return undefined;
  const conversation = entry.parameters['conversation_id'];
  return typeof conversation === 'string' && conversation !== userConversationId ? conversation : undefined;
}

/** What is said of a post to `conversation`, which the user does not read. */
function unseenNote(conversation: string, userConversationId: string): string {
  return `posted to chat conversation "${conversation}", which the user does not read (the user's conversation is "${userConversationId}")`;
}

/** The note an action log entry carries when its chat post landed out of the user's sight. */
export function unseenChatNote(
  entry: Pick<ActionLogEntryWithTurn, 'action' | 'parameters' | 'success'>,
  userConversationId: string,
): string | undefined {
  const conversation = outsideConversation(entry, userConversationId);
  return conversation === undefined ? undefined : unseenNote(conversation, userConversationId);
}

/** Every successful chat post of `actions` that went to a conversation other than the user's. */
export function unseenChatPosts(
  actions: readonly ActionLogEntryWithTurn[],
  userConversationId: string,
): UnseenChatPost[] {
  return actions.flatMap((entry) => {
    const conversation = outsideConversation(entry, userConversationId);
    if (conversation === undefined) return [];
    const messageId = entry.parameters['message_id'];
    return [
      {
        turn: entry.turn,
        timestamp: entry.timestamp,
        conversation_id: conversation,
        message_id: typeof messageId === 'string' ? messageId : null,
      },
    ];
  });
}

/** One line per unseen post, for a turn's record. */
export function unseenChatTurnNotes(
  actions: readonly ActionLogEntryWithTurn[],
  userConversationId: string,
): string[] {
  return unseenChatPosts(actions, userConversationId).map(
    (post) => `A chat message was ${unseenNote(post.conversation_id, userConversationId)}.`,
  );
}

/**
 * The user's time zone as the purple is told it: the calendar's `user_timezone` (what
 * `GET /calendar/state` answers), else the scenario's `timezone`.
 */
export function userTimeZone(calendarZone: unknown, scenarioZone: string): string {
  return isIanaTimeZone(calendarZone) ? calendarZone : scenarioZone;
}
