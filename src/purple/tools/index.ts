import { CALENDAR_TOOLS } from './calendar-tools.js';
import { CONTACT_TOOLS } from './contact-tools.js';
import type { AssistantTool } from './define.js';
import { EMAIL_TOOLS } from './email-tools.js';
import { CHAT_TOOLS, TIME_TOOLS } from './chat-tools.js';
import { PLACE_TOOLS } from './place-tools.js';
import { SMS_TOOLS } from './sms-tools.js';

/**
 * The assistant's UES tools: what the purple key may do, as typed tools (a zod schema each,
 * validated before anything touches UES). The llm baseline binds them to its model; the green's
 * per-assessment MCP server serves the same tools, so both kinds of assistant see one tool set.
 */

export { ToolArgumentsError, type AssistantTool } from './define.js';

/** Every UES tool; together they use exactly the purple key's permissions. */
export const UES_TOOLS: readonly AssistantTool[] = [
  ...CHAT_TOOLS,
  ...EMAIL_TOOLS,
  ...CALENDAR_TOOLS,
  ...SMS_TOOLS,
  ...TIME_TOOLS,
  ...CONTACT_TOOLS,
  ...PLACE_TOOLS,
];
