import { z } from 'zod';
import { hasPermission } from '../../auth/permissions.js';
import { UesError } from '../../core/errors.js';
import { formatTime, parseTime, zDateTime } from '../../core/time.js';
import { actionResponse } from '../../http/action.js';
import { withoutNulls } from '../../http/query-echo.js';
import type { UesRouter } from '../../http/router.js';
import { zQueryBool } from '../../http/validation.js';
import { CHAT_ROLES, zChatContent } from './input.js';
import { chatText, type ChatState } from './state.js';

const stateQuery = z.object({ compact: zQueryBool.default(false) });

/**
 * Speaking as the user is the simulator's side of the conversation (the proctor posts the user's
 * requests); an assistant's key holds `chat:send` and may only answer as the assistant.
 */
export const CHAT_SEND_AS_USER_PERMISSION = 'chat:send_as_user';

/**
 * Without `conversation_id` a message goes to the state's default conversation
 * (`default_conversation_id`): "default", as in the original, unless the scenario names another —
 * in an assessment the green makes it the user's conversation, so no post lands out of sight.
 */
const defaultConversation = z
  .string()
  .min(1)
  .optional()
  .describe('default: the default conversation (GET /chat/state, default_conversation_id)');

const sendBody = z.object({
  role: z.enum(CHAT_ROLES),
  content: zChatContent,
  conversation_id: defaultConversation,
  metadata: z.record(z.string(), z.unknown()).default({}),
});

const queryBody = z.object({
  conversation_id: z.string().nullish(),
  role: z.enum(CHAT_ROLES).nullish(),
  since: zDateTime.nullish(),
  until: zDateTime.nullish(),
  search: z.string().nullish(),
  limit: z.number().int().min(1).max(1000).nullish(),
  offset: z.number().int().min(0).default(0),
  sort_by: z.enum(['timestamp', 'role', 'conversation_id']).default('timestamp'),
  sort_order: z.enum(['asc', 'desc']).default('asc'),
});

export function registerChatRoutes(router: UesRouter): void {
  const { engine } = router.context;
  const chat = (): ChatState => engine.states.get('chat') as ChatState;

  router.get('/chat/state', { permission: 'chat:state', query: stateQuery }, ({ query }) => {
    const state = chat();
    const conversations = Object.fromEntries(state.conversations);
    // Ours: where a send without conversation_id goes (the original keeps it out of the answer).
    const defaultConversationId = { default_conversation_id: state.defaultConversationId };
    if (query.compact) {
      return {
        modality_type: 'chat',
        last_updated: formatTime(state.lastUpdated),
        update_count: state.updateCount,
        conversations,
        total_message_count: state.messages.length,
        conversation_count: state.conversations.size,
        ...defaultConversationId,
      };
    }
    return {
      modality_type: 'chat',
      current_time: formatTime(engine.now),
      conversations,
      messages: state.messages,
      total_message_count: state.messages.length,
      conversation_count: state.conversations.size,
      max_history_size: state.maxHistorySize,
      ...defaultConversationId,
    };
  });

  router.post('/chat/query', { permission: 'chat:query', body: queryBody }, ({ body }) => {
    const since = body.since ? parseTime(body.since)! : undefined;
    const until = body.until ? parseTime(body.until)! : undefined;
    const search = body.search?.toLowerCase();
    const matches = chat().messages.filter((message) => {
      if (body.conversation_id && message.conversation_id !== body.conversation_id) return false;
      if (body.role && message.role !== body.role) return false;
      const at = Date.parse(message.timestamp);
      if (since !== undefined && at < since) return false;
      if (until !== undefined && at > until) return false;
      if (search && !chatText(message.content).toLowerCase().includes(search)) return false;
      return true;
    });
    const direction = body.sort_order === 'asc' ? 1 : -1;
    const key = body.sort_by;
    matches.sort((a, b) => {
      const order =
        key === 'timestamp'
          ? Date.parse(a.timestamp) - Date.parse(b.timestamp)
          : a[key].localeCompare(b[key]);
      return order * direction;
    });
    const page = matches.slice(body.offset, body.limit ? body.offset + body.limit : undefined);
    return {
      modality_type: 'chat',
      messages: page,
      total_count: matches.length,
      returned_count: page.length,
      query: withoutNulls(body),
    };
  });

  router.post('/chat/send', { permission: 'chat:send', body: sendBody }, ({ body, key }) => {
    if (body.role === 'user' && !hasPermission(key.permissions, CHAT_SEND_AS_USER_PERMISSION)) {
      throw new UesError(
        403,
        `Permission denied. Required permission: ${CHAT_SEND_AS_USER_PERMISSION} (to send with role "user"; this key may send only as the assistant)`,
      );
    }
    const conversationId = body.conversation_id ?? chat().defaultConversationId;
    const event = engine.executeImmediate(
      'chat',
      { operation: 'send_message', ...body, conversation_id: conversationId },
      key.key_id,
    );
    if (event.status === 'executed') {
      const text = chatText(body.content);
      engine.broadcast('chat.message', {
        conversation_id: conversationId,
        role: body.role,
        message_id: event.data.message_id,
        preview: text.length > 100 ? `${text.slice(0, 100)}...` : text,
      });
    }
    return actionResponse(
      event,
      `Sent ${body.role} message to conversation ${conversationId}`,
      'send chat message',
    );
  });

  router.post(
    '/chat/delete',
    { permission: 'chat:delete', body: z.object({ message_id: z.string().min(1) }) },
    ({ body, key }) => {
      const event = engine.executeImmediate('chat', { operation: 'delete_message', ...body }, key.key_id);
      return actionResponse(event, `Deleted chat message ${body.message_id}`, 'delete chat message');
    },
  );

  router.post(
    '/chat/clear',
    { permission: 'chat:clear', body: z.object({ conversation_id: defaultConversation }) },
    ({ body, key }) => {
      const conversationId = body.conversation_id ?? chat().defaultConversationId;
      const event = engine.executeImmediate(
        'chat',
        { operation: 'clear_conversation', conversation_id: conversationId },
        key.key_id,
      );
      return actionResponse(event, `Cleared conversation ${conversationId}`, 'clear conversation');
    },
  );
}
