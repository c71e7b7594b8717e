import { z } from 'zod';
import { notFound } from '../../core/errors.js';
import type { SimulatorEvent } from '../../core/event.js';
import { zDateTime } from '../../core/time.js';
import { actionResponse } from '../../http/action.js';
import type { UesRouter } from '../../http/router.js';
import { echoQuery, withoutNulls } from '../../http/query-echo.js';
import { zQueryBool } from '../../http/validation.js';
import { forwardBody, forwardInput } from './forward.js';
import { EMAIL_PRIORITIES, zEmailAddress } from './input.js';
import { appliedEmailOrder, EMAIL_SORT_FIELDS, emailQuerySchema, queryEmails } from './query.js';
import type { EmailState } from './state.js';
import { fullStateView, summaryStateView } from './views.js';

const stateQuery = z.object({
  summary: zQueryBool.default(false),
  /** An alias of `summary`, for consistency with the other modalities. */
  compact: zQueryBool.default(false),
});

const attachmentBody = z.object({
  filename: z.string(),
  size: z.number().int().positive(),
  mime_type: z.string(),
  content_id: z.string().nullish(),
});

/**
 * The original accepts an empty subject or body here and then fails inside the input model with a
 * 500; our port names the field with a 422 instead (decision e).
 */
const composeBody = z.object({
  from_address: zEmailAddress.describe('the user’s own address (GET /email/state: user_email_address)'),
  to_addresses: z.array(zEmailAddress).min(1),
  cc_addresses: z.array(zEmailAddress).default([]),
  bcc_addresses: z.array(zEmailAddress).default([]),
  reply_to_address: zEmailAddress.nullish(),
  subject: z.string().min(1),
  body_text: z.string().min(1),
  body_html: z.string().nullish(),
  attachments: z.array(attachmentBody).default([]),
  thread_id: z.string().nullish(),
  in_reply_to: z.string().nullish().describe('message_id of the email answered (with thread_id: a reply)'),
  references: z.array(z.string()).default([]),
  priority: z.enum(EMAIL_PRIORITIES).default('normal'),
});

const receiveBody = composeBody.extend({ sent_at: zDateTime.nullish() });

const messageIdsBody = z.object({ message_ids: z.array(z.string()).min(1) });
const labelBody = messageIdsBody.extend({ labels: z.array(z.string()).min(1) });
const moveBody = messageIdsBody.extend({ folder: z.string().min(1) });

interface BulkRoute {
  path: string;
  permission: string;
  operation: string;
  success: (count: number) => string;
  failureVerb: string;
}

const BULK_ROUTES: readonly BulkRoute[] = [
  {
    path: '/email/read',
    permission: 'email:read',
    operation: 'mark_read',
    success: (count) => `Marked ${count} email(s) as read`,
    failureVerb: 'mark emails as read',
  },
  {
    path: '/email/unread',
    permission: 'email:unread',
    operation: 'mark_unread',
    success: (count) => `Marked ${count} email(s) as unread`,
    failureVerb: 'mark emails as unread',
  },
  {
    path: '/email/star',
    permission: 'email:star',
    operation: 'star',
    success: (count) => `Starred ${count} email(s)`,
    failureVerb: 'star emails',
  },
  {
    path: '/email/unstar',
    permission: 'email:unstar',
    operation: 'unstar',
    success: (count) => `Unstarred ${count} email(s)`,
    failureVerb: 'unstar emails',
  },
  {
    path: '/email/archive',
    permission: 'email:archive',
    operation: 'archive',
    success: (count) => `Archived ${count} email(s)`,
    failureVerb: 'archive emails',
  },
  {
    path: '/email/delete',
    permission: 'email:delete',
    operation: 'delete',
    success: (count) => `Deleted ${count} email(s)`,
    failureVerb: 'delete emails',
  },
];

export function registerEmailRoutes(router: UesRouter): void {
  const { engine } = router.context;
  const email = (): EmailState => engine.states.get('email') as EmailState;
  const act = (data: Record<string, unknown>, keyId: string): SimulatorEvent =>
    engine.executeImmediate('email', data, keyId);

  router.get('/email/state', { permission: 'email:state', query: stateQuery }, ({ query }) =>
    query.summary || query.compact
      ? summaryStateView(email(), engine.now)
      : fullStateView(email(), engine.now),
  );

  router.post('/email/query', { permission: 'email:query', body: emailQuerySchema }, ({ body, raw }) => ({
    modality_type: 'email',
    ...queryEmails(email(), body),
    query: echoQuery(body, appliedEmailOrder(body), { raw: raw.body, sortable: EMAIL_SORT_FIELDS }),
  }));

  router.post('/email/send', { permission: 'email:send', body: composeBody }, ({ body, key }) => {
    const event = act({ operation: 'send', ...withoutNulls(body) }, key.key_id);
    if (event.status === 'executed') {
      engine.broadcast('email.sent', {
        email_id: event.event_id,
        to: body.to_addresses,
        subject: body.subject,
      });
    }
    return actionResponse(event, 'Email sent successfully', 'send email');
  });

  router.post('/email/forward', { permission: 'email:send', body: forwardBody }, ({ body, key }) => {
    const state = email();
    const original = state.emails.get(body.message_id);
    if (original === undefined) throw notFound(`Email ${body.message_id} not found: nothing to forward`);
    const input = forwardInput(original, body, body.from_address ?? state.userEmailAddress);
    const event = act(input, key.key_id);
    if (event.status === 'executed') {
      engine.broadcast('email.sent', {
        email_id: event.event_id,
        to: body.to_addresses,
        subject: input['subject'],
      });
    }
    return actionResponse(event, 'Email forwarded successfully', 'forward email');
  });

  router.post('/email/receive', { permission: 'email:receive', body: receiveBody }, ({ body, key }) => {
    // Our port (decision c): a given sent_at travels in the event data and stamps the email.
    const event = act({ operation: 'receive', ...withoutNulls(body) }, key.key_id);
    if (event.status === 'executed') {
      engine.broadcast('email.received', {
        email_id: event.event_id,
        from: body.from_address,
        subject: body.subject,
      });
    }
    return actionResponse(event, 'Email received successfully', 'receive email');
  });

  for (const route of BULK_ROUTES) {
    router.post(route.path, { permission: route.permission, body: messageIdsBody }, ({ body, key }) => {
      const event = act({ operation: route.operation, message_ids: body.message_ids }, key.key_id);
      return actionResponse(event, route.success(body.message_ids.length), route.failureVerb);
    });
  }

  router.post('/email/label', { permission: 'email:label', body: labelBody }, ({ body, key }) => {
    const event = act({ operation: 'add_label', ...body }, key.key_id);
    return actionResponse(
      event,
      `Added ${body.labels.length} label(s) to ${body.message_ids.length} email(s)`,
      'add labels',
    );
  });

  router.post('/email/unlabel', { permission: 'email:unlabel', body: labelBody }, ({ body, key }) => {
    const event = act({ operation: 'remove_label', ...body }, key.key_id);
    return actionResponse(
      event,
      `Removed ${body.labels.length} label(s) from ${body.message_ids.length} email(s)`,
      'remove labels',
    );
  });

  router.post('/email/move', { permission: 'email:move', body: moveBody }, ({ body, key }) => {
    const event = act({ operation: 'move', ...body }, key.key_id);
    return actionResponse(
      event,
      `Moved ${body.message_ids.length} email(s) to ${body.folder}`,
      'move emails',
    );
  });
}
