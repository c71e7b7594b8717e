import { z } from 'zod';
import { badRequest } from '../../core/errors.js';
import type { SimulatorEvent } from '../../core/event.js';
import { zDateTime } from '../../core/time.js';
import { actionResponse } from '../../http/action.js';
import type { UesRouter } from '../../http/router.js';
import { echoQuery, withoutNulls } from '../../http/query-echo.js';
import { optionalBody, zQueryBool } from '../../http/validation.js';
import { MESSAGE_TYPES } from './model.js';
import { appliedSmsOrder, querySmsMessages, SMS_SORT_FIELDS, smsQuerySchema } from './query.js';
import type { SmsState } from './state.js';
import { smsCompactStateView, smsStateView } from './views.js';

const zPhoneNumber = z.string().min(1);

const stateQuery = z.object({ compact: zQueryBool.default(false) });

const attachmentBody = z.object({
  filename: z.string(),
  size: z.number().int().gt(0),
  mime_type: z.string(),
  thumbnail_url: z.string().nullish(),
  duration: z.number().int().min(0).nullish(),
});

const sendBody = z.object({
  from_number: zPhoneNumber.describe('the user’s own number (GET /sms/state: user_phone_number)'),
  to_numbers: z.array(zPhoneNumber).min(1),
  body: z.string(),
  message_type: z.enum(MESSAGE_TYPES).default('sms'),
  attachments: z.array(attachmentBody).default([]),
  replied_to_message_id: z.string().nullish(),
});

const receiveBody = sendBody.extend({ sent_at: zDateTime.nullish() });

const messageIdsBody = z.object({ message_ids: z.array(z.string().min(1)).min(1) });

const reactBody = z.object({
  message_id: z.string().min(1),
  phone_number: zPhoneNumber.describe('who reacts: the user’s own number'),
  emoji: z.string().min(1),
});

const conversationBody = z.object({
  thread_id: z.string().min(1),
  pin: z.boolean().nullish(),
  mute: z.boolean().nullish(),
  archive: z.boolean().nullish(),
  mark_all_read: z.boolean().nullish(),
  draft_message: z.string().nullish(),
});

const preview = (body: string): string => (body.length > 50 ? `${body.slice(0, 50)}...` : body);

/** The conversation route's reply, e.g. "Conversation pinned, draft cleared". */
function describeConversationUpdate(body: z.infer<typeof conversationBody>): string {
  const updates: string[] = [];
  const toggle = (value: boolean | null | undefined, on: string, off: string): void => {
    if (value === true) updates.push(on);
    else if (value === false) updates.push(off);
  };
  toggle(body.pin, 'pinned', 'unpinned');
  toggle(body.mute, 'muted', 'unmuted');
  toggle(body.archive, 'archived', 'unarchived');
  if (body.mark_all_read) updates.push('marked all read');
  if (body.draft_message !== null && body.draft_message !== undefined) {
    updates.push(body.draft_message ? 'draft saved' : 'draft cleared');
  }
  return updates.length ? `Conversation ${updates.join(', ')}` : 'Conversation updated';
}

export function registerSmsRoutes(router: UesRouter): void {
  const { engine } = router.context;
  const sms = (): SmsState => engine.states.get('sms') as SmsState;
  const existingCount = (ids: string[]): number => {
    const messages = sms().messages;
    return new Set(ids.filter((id) => messages.has(id))).size;
  };

  router.get('/sms/state', { permission: 'sms:state', query: stateQuery }, ({ query }) =>
    query.compact ? smsCompactStateView(sms()) : smsStateView(sms(), engine.now),
  );

  router.post(
    '/sms/query',
    { permission: 'sms:query', body: optionalBody(smsQuerySchema) },
    ({ body, raw }) => {
      const { page, total } = querySmsMessages(sms().messages.values(), body);
      return {
        modality_type: 'sms',
        messages: page,
        total_count: total,
        returned_count: page.length,
        query: echoQuery(body, appliedSmsOrder(body), { raw: raw.body, sortable: SMS_SORT_FIELDS }),
      };
    },
  );

  router.post('/sms/send', { permission: 'sms:send', body: sendBody }, ({ body, key }) => {
    const event = engine.executeImmediate('sms', { operation: 'send_message', ...body }, key.key_id);
    if (event.status === 'executed') {
      engine.broadcast('sms.sent', {
        message_id: event.event_id,
        to: body.to_numbers,
        preview: preview(body.body),
      });
    }
    return actionResponse(event, 'SMS message sent successfully', 'send SMS');
  });

  router.post('/sms/receive', { permission: 'sms:receive', body: receiveBody }, ({ body, key }) => {
    const event = engine.executeImmediate('sms', { operation: 'receive_message', ...body }, key.key_id);
    if (event.status === 'executed') {
      engine.broadcast('sms.received', {
        message_id: event.event_id,
        from: body.from_number,
        preview: preview(body.body),
      });
    }
    return actionResponse(event, 'SMS message received successfully', 'receive SMS');
  });

  /*
   * read/unread/delete: the original mutated every message directly and then recorded an event for
   * the first id only. Here one event carries all ids (`message_ids`) and applies them, so undo and
   * the action log see every change; `message_id` keeps the original's first-id shape.
   */
  const bulk = (
    operation: string,
    extra: Record<string, unknown>,
    ids: string[],
    keyId: string,
  ): SimulatorEvent =>
    engine.executeImmediate('sms', { operation, message_id: ids[0], message_ids: ids, ...extra }, keyId);

  router.post('/sms/read', { permission: 'sms:read', body: messageIdsBody }, ({ body, key }) => {
    const count = existingCount(body.message_ids);
    const event = bulk('update_delivery_status', { new_status: 'read' }, body.message_ids, key.key_id);
    return actionResponse(event, `Marked ${count} message(s) as read`, 'mark messages as read');
  });

  router.post('/sms/unread', { permission: 'sms:unread', body: messageIdsBody }, ({ body, key }) => {
    const count = existingCount(body.message_ids);
    const event = bulk('update_delivery_status', { new_status: 'delivered' }, body.message_ids, key.key_id);
    return actionResponse(event, `Marked ${count} message(s) as unread`, 'mark messages as unread');
  });

  router.post('/sms/delete', { permission: 'sms:delete', body: messageIdsBody }, ({ body, key }) => {
    const count = existingCount(body.message_ids);
    const event = bulk('delete_message', {}, body.message_ids, key.key_id);
    return actionResponse(event, `Deleted ${count} message(s)`, 'delete messages');
  });

  router.post('/sms/react', { permission: 'sms:react', body: reactBody }, ({ body, key }) => {
    const event = engine.executeImmediate('sms', { operation: 'add_reaction', ...body }, key.key_id);
    return actionResponse(event, `Added reaction '${body.emoji}' to message`, 'add reaction');
  });

  router.post(
    '/sms/conversation',
    { permission: 'sms:conversation', body: conversationBody },
    ({ body, key }) => {
      const { thread_id: threadId, ...updates } = body;
      if (!Object.values(updates).some((value) => value !== null && value !== undefined)) {
        throw badRequest(
          'At least one update field (pin, mute, archive, mark_all_read, draft_message) must be specified',
        );
      }
      const event = engine.executeImmediate(
        'sms',
        { operation: 'update_conversation', thread_id: threadId, ...withoutNulls(updates) },
        key.key_id,
      );
      return actionResponse(event, describeConversationUpdate(body), 'update conversation');
    },
  );
}
