import type { AssistantTool } from '../../purple/tools/index.js';
import type { UserContext } from './grant.js';

/**
 * What the MCP server tells an assistant beyond each tool's own description: this user's time
 * zone, address and number, the conversation the user talks in, and that simulated time stands
 * still inside a turn. An MCP client may show the model nothing but the tool list, so each fact
 * sits on the tools where it matters, and the server instructions say it all once more.
 */

const TIME_STANDS_STILL =
  'Time is simulated: it stands still while you work in a turn (everything you do happens at the turn’s time) and moves only between turns.';

type Note = (user: UserContext) => string;

const zoneNote: Note = (user) =>
  `The user lives in ${user.timezone}: "today", "tomorrow" and "9 am" mean the user's day and clock there. Give times as ISO 8601 with an offset or Z.`;
const eventTimesNote: Note = (user) =>
  `${zoneNote(user)} Set timezone to ${user.timezone} unless the event is meant for another place's clock.`;
const sendsEmailNote: Note = (user) =>
  `It goes out from the user's address ${user.email} at once and cannot be recalled.`;

const NOTES: Readonly<Record<string, Note>> = {
  get_current_time: (user) =>
    `${TIME_STANDS_STILL} The answer is in UTC; the user's zone is ${user.timezone}.`,
  read_chat: (user) =>
    `Your conversation with the user is "${user.conversationId}": the user's tasks and answers arrive there, and new ones only between turns.`,
  send_chat_message: (user) =>
    `It is posted to "${user.conversationId}", as the assistant; the user sees nothing else you do.`,
  list_emails: (user) =>
    `received_at is in UTC (the user's zone is ${user.timezone}). New mail arrives only between turns.`,
  send_email: sendsEmailNote,
  reply_to_email: sendsEmailNote,
  forward_email: sendsEmailNote,
  list_sms: (user) => `sent_at is in UTC (the user's zone is ${user.timezone}).`,
  send_sms: (user) => `It goes out from the user's number ${user.phone} at once.`,
  react_to_sms: (user) => `The reaction is the user's (${user.phone}).`,
  list_calendar_events: zoneNote,
  create_calendar_event: eventTimesNote,
  update_calendar_event: eventTimesNote,
  respond_to_calendar_event: (user) => `It answers as the user (${user.email}); the organiser sees it.`,
};

/** The tool's description, with what this user's assistant should know when calling it. */
export function describeTool(tool: AssistantTool, user: UserContext): string {
  const note = NOTES[tool.name]?.(user);
  return note === undefined ? tool.description : `${tool.description} ${note}`;
}

/** The server's `instructions`: the standing facts of this assessment, for the client to show its model. */
export function serverInstructions(user: UserContext): string {
  return [
    `You are the personal assistant of the user ${user.email} (phone ${user.phone}, time zone ${user.timezone}); these tools act on the user's email, text messages, calendar, contacts, location, weather and your chat with the user.`,
    `The user's tasks arrive in the chat conversation "${user.conversationId}" (read_chat); the user sees only what you post there (send_chat_message).`,
    `${TIME_STANDS_STILL} Read again in a later turn to see what arrived meanwhile.`,
    'Sending email or texts, answering invitations and changing the calendar act for the user: do them only when the user asked.',
    "Every call uses your assessment's key, like the REST API, and access ends with the final turn.",
  ].join('\n');
}
