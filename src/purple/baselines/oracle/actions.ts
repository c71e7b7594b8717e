import type { OracleActionName, OracleJson, OracleParams } from '../../../protocol/index.js';
import type {
  CalendarEventFields,
  CallOptions,
  ModalityActionResponse,
  SendEmailRequest,
  SendSmsRequest,
  UpdateCalendarEventRequest,
  AttendeeResponse,
  DeleteCalendarEventRequest,
} from '../../../ues/client/index.js';
import { requireExecuted } from '../../ues/action-results.js';
import type { PurpleUESClient } from '../../ues/purple-ues-client.js';
import { OracleStepError } from './errors.js';
import { forwardRequest } from './forward.js';

/**
 * How each oracle action name (src/protocol/oracle-plan.ts) becomes a UES call: its route and the
 * body built from the step's (resolved) parameters, with the user's own address, number and RSVP
 * identity filled in. Parameters use the wire names of the route; the UES validates the rest and
 * answers 422 naming the field, which the oracle reports in the turn's notes.
 */

export interface ActionContext {
  /** The purple's UES client, bound to the turn's signal. */
  ues: PurpleUESClient;
  options: CallOptions;
  /** `step 3 (email.reply)`, for error messages. */
  step: string;
}

export interface OracleActionSpec {
  /** `POST /email/send` — what the action calls. */
  route: string;
  run(context: ActionContext, params: OracleParams): Promise<ModalityActionResponse>;
}

// ---- parameter readers -------------------------------------------------------------------------

function requireString(context: ActionContext, params: OracleParams, key: string): string {
  const value = params[key];
  if (typeof value !== 'string' || value === '') {
    throw new OracleStepError(
      context.step,
      `params.${key} must be a non-empty string, got ${JSON.stringify(value)}`,
    );
  }
  return value;
}

function optionalString(context: ActionContext, params: OracleParams, key: string): string | undefined {
  return params[key] === undefined ? undefined : requireString(context, params, key);
}

/** A string or an array of strings, as a list (`to_addresses: "a@b.c"` is allowed). */
function stringList(context: ActionContext, params: OracleParams, key: string, min = 1): string[] {
  const value: OracleJson | undefined = params[key];
  const list = typeof value === 'string' ? [value] : value === undefined ? [] : value;
  if (!Array.isArray(list) || list.some((entry) => typeof entry !== 'string') || list.length < min) {
    throw new OracleStepError(
      context.step,
      `params.${key} must be a string or a list of ${min > 0 ? 'at least one ' : ''}string(s), got ${JSON.stringify(value)}`,
    );
  }
  return list as string[];
}

/** `message_ids`, or a single `message_id`. */
function messageIds(context: ActionContext, params: OracleParams): string[] {
  return params['message_ids'] === undefined
    ? [requireString(context, params, 'message_id')]
    : stringList(context, params, 'message_ids');
}

function without(params: OracleParams, ...keys: string[]): OracleParams {
  const copy = { ...params };
  for (const key of keys) delete copy[key];
  return copy;
}

// ---- actions -----------------------------------------------------------------------------------

async function sendEmail(context: ActionContext, params: OracleParams): Promise<ModalityActionResponse> {
  const { ues, options } = context;
  const request = {
    ...params,
    from_address: await ues.getUserEmailAddress(),
    to_addresses: stringList(context, params, 'to_addresses'),
    cc_addresses: stringList(context, params, 'cc_addresses', 0),
    bcc_addresses: stringList(context, params, 'bcc_addresses', 0),
    subject: requireString(context, params, 'subject'),
    body_text: requireString(context, params, 'body_text'),
  } as SendEmailRequest;
  return requireExecuted('POST /email/send', await ues.client.email.send(request, options));
}

function reply(replyAll: boolean) {
  return async (context: ActionContext, params: OracleParams): Promise<ModalityActionResponse> => {
    const messageId = requireString(context, params, 'message_id');
    const body = requireString(context, params, 'body_text');
    const cc = stringList(context, params, 'cc_addresses', 0);
    return context.ues.replyToEmail(messageId, body, { replyAll, cc });
  };
}

async function forwardEmail(context: ActionContext, params: OracleParams): Promise<ModalityActionResponse> {
  const { ues, options } = context;
  const messageId = requireString(context, params, 'message_id');
  const original = await ues.getEmail(messageId);
  if (original === undefined)
    throw new OracleStepError(context.step, `no email with id ${JSON.stringify(messageId)}`);
  const request = forwardRequest(
    original,
    await ues.getUserEmailAddress(),
    stringList(context, params, 'to_addresses'),
    {
      note: optionalString(context, params, 'body_text'),
      cc: stringList(context, params, 'cc_addresses', 0),
    },
  );
  return requireExecuted('POST /email/send', await ues.client.email.send(request, options));
}

type EmailBulk = 'read' | 'unread' | 'star' | 'unstar' | 'archive' | 'delete';

function emailBulk(action: EmailBulk): OracleActionSpec {
  return {
    route: `POST /email/${action}`,
    run: async (context, params) =>
      requireExecuted(
        `POST /email/${action}`,
        await context.ues.client.email[action]({ message_ids: messageIds(context, params) }, context.options),
      ),
  };
}

function emailLabels(action: 'label' | 'unlabel'): OracleActionSpec {
  return {
    route: `POST /email/${action}`,
    run: async (context, params) =>
      requireExecuted(
        `POST /email/${action}`,
        await context.ues.client.email[action](
          { message_ids: messageIds(context, params), labels: stringList(context, params, 'labels') },
          context.options,
        ),
      ),
  };
}

async function sendSms(context: ActionContext, params: OracleParams): Promise<ModalityActionResponse> {
  const { ues, options } = context;
  const request = {
    ...params,
    from_number: await ues.getUserPhoneNumber(),
    to_numbers: stringList(context, params, 'to_numbers'),
    body: requireString(context, params, 'body'),
  } as SendSmsRequest;
  return requireExecuted('POST /sms/send', await ues.client.sms.send(request, options));
}

function smsBulk(action: 'read' | 'unread' | 'delete'): OracleActionSpec {
  return {
    route: `POST /sms/${action}`,
    run: async (context, params) =>
      requireExecuted(
        `POST /sms/${action}`,
        await context.ues.client.sms[action]({ message_ids: messageIds(context, params) }, context.options),
      ),
  };
}

type ContactsMethod =
  | 'create'
  | 'update'
  | 'delete'
  | 'favorite'
  | 'unfavorite'
  | 'block'
  | 'unblock'
  | 'addToGroup'
  | 'removeFromGroup'
  | 'merge';

/**
 * Contacts routes (UES_API.md §3.11), parameters in their wire names. The purple's key may only
 * create and update contacts; the simulator refuses the rest with 403, which the oracle reports.
 */
function contacts(path: string, method: ContactsMethod): OracleActionSpec {
  const route = `POST /contacts/${path}`;
  return {
    route,
    run: async (context, params) => {
      if (method !== 'create' && method !== 'merge') requireString(context, params, 'contact_id');
      const call = context.ues.client.contacts[method].bind(context.ues.client.contacts) as (
        request: unknown,
        options: CallOptions,
      ) => Promise<ModalityActionResponse>;
      return requireExecuted(route, await call(params, context.options));
    },
  };
}

export const ORACLE_ACTIONS: Readonly<Record<OracleActionName, OracleActionSpec>> = {
  'email.send': { route: 'POST /email/send', run: sendEmail },
  'email.reply': { route: 'POST /email/send', run: reply(false) },
  'email.reply_all': { route: 'POST /email/send', run: reply(true) },
  'email.forward': { route: 'POST /email/send', run: forwardEmail },
  'email.mark_read': emailBulk('read'),
  'email.mark_unread': emailBulk('unread'),
  'email.star': emailBulk('star'),
  'email.unstar': emailBulk('unstar'),
  'email.archive': emailBulk('archive'),
  'email.delete': emailBulk('delete'),
  'email.add_label': emailLabels('label'),
  'email.remove_label': emailLabels('unlabel'),
  'email.move': {
    route: 'POST /email/move',
    run: async (context, params) =>
      requireExecuted(
        'POST /email/move',
        await context.ues.client.email.move(
          { message_ids: messageIds(context, params), folder: requireString(context, params, 'folder') },
          context.options,
        ),
      ),
  },
  'sms.send_message': { route: 'POST /sms/send', run: sendSms },
  'sms.mark_read': smsBulk('read'),
  'sms.mark_unread': smsBulk('unread'),
  'sms.delete_message': smsBulk('delete'),
  'sms.add_reaction': {
    route: 'POST /sms/react',
    run: async (context, params) =>
      context.ues.reactToSms(
        requireString(context, params, 'message_id'),
        requireString(context, params, 'emoji'),
      ),
  },
  'calendar.create': {
    route: 'POST /calendar/create',
    run: async (context, params) =>
      (await context.ues.createEvent(params as unknown as CalendarEventFields)).response,
  },
  'calendar.update': {
    route: 'POST /calendar/update',
    run: async (context, params) => {
      requireString(context, params, 'event_id');
      return context.ues.updateEvent(params as unknown as UpdateCalendarEventRequest);
    },
  },
  'calendar.delete': {
    route: 'POST /calendar/delete',
    run: async (context, params) => {
      requireString(context, params, 'event_id');
      return requireExecuted(
        'POST /calendar/delete',
        await context.ues.client.calendar.delete(
          params as unknown as DeleteCalendarEventRequest,
          context.options,
        ),
      );
    },
  },
  'calendar.respond': {
    route: 'POST /calendar/respond',
    run: async (context, params) => {
      const request = {
        ...without(params, 'attendee_email'),
        event_id: requireString(context, params, 'event_id'),
        response: requireString(context, params, 'response') as AttendeeResponse,
        attendee_email:
          optionalString(context, params, 'attendee_email') ?? (await context.ues.getUserEmailAddress()),
      };
      return requireExecuted(
        'POST /calendar/respond',
        await context.ues.client.calendar.respond(request, context.options),
      );
    },
  },
  'contacts.create_contact': contacts('create', 'create'),
  'contacts.update_contact': contacts('update', 'update'),
  'contacts.delete_contact': contacts('delete', 'delete'),
  'contacts.favorite_contact': contacts('favorite', 'favorite'),
  'contacts.unfavorite_contact': contacts('unfavorite', 'unfavorite'),
  'contacts.block_contact': contacts('block', 'block'),
  'contacts.unblock_contact': contacts('unblock', 'unblock'),
  'contacts.add_to_group': contacts('group/add', 'addToGroup'),
  'contacts.remove_from_group': contacts('group/remove', 'removeFromGroup'),
  'contacts.merge_contacts': contacts('merge', 'merge'),
};
