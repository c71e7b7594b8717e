import { z } from 'zod';
import type { SimulatorEvent } from '../../core/event.js';
import { formatTime } from '../../core/time.js';
import { actionResponse } from '../../http/action.js';
import { withoutNulls } from '../../http/query-echo.js';
import type { UesRouter } from '../../http/router.js';
import { zQueryBool } from '../../http/validation.js';
import {
  zBirthday,
  zContactIdentifier,
  zGroupNames,
  zPostalAddress,
  type ContactsOperation,
} from './input.js';
import { contactsQuerySchema, queryContacts } from './query.js';
import type { ContactsState } from './state.js';

const stateQuery = z.object({ compact: zQueryBool.default(false) });

const scalarFields = {
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  display_name: z.string().nullish(),
  nickname: z.string().nullish(),
  company: z.string().nullish(),
  job_title: z.string().nullish(),
  birthday: zBirthday.nullish(),
  notes: z.string().nullish(),
  photo_url: z.string().nullish(),
};

const createBody = z.object({
  ...scalarFields,
  identifiers: z.array(zContactIdentifier).min(1),
  addresses: z.array(zPostalAddress).default([]),
  is_favorite: z.boolean().default(false),
  is_blocked: z.boolean().default(false),
  groups: zGroupNames.default([]),
});

const updateBody = z.object({
  contact_id: z.string().min(1),
  ...scalarFields,
  is_favorite: z.boolean().nullish(),
  is_blocked: z.boolean().nullish(),
  identifiers: z.array(zContactIdentifier).nullish(),
  add_identifiers: z.array(zContactIdentifier).nullish(),
  remove_identifiers: z.array(zContactIdentifier).nullish(),
  addresses: z.array(zPostalAddress).nullish(),
  add_addresses: z.array(zPostalAddress).nullish(),
  remove_addresses: z.array(zPostalAddress).nullish(),
  groups: zGroupNames.nullish(),
  add_groups: zGroupNames.nullish(),
  remove_groups: zGroupNames.nullish(),
});

const targetBody = z.object({ contact_id: z.string().min(1) });
const groupBody = targetBody.extend({
  group_name: z.string().refine((name) => name.trim() !== '', 'group_name must be a non-empty string'),
});
const mergeBody = z.object({
  primary_contact_id: z.string().min(1),
  secondary_contact_id: z.string().min(1),
});

/** The simple one-contact actions: operation, permission, broadcast and wording. */
const TARGETED: {
  path: string;
  operation: ContactsOperation;
  broadcast: string;
  action?: string;
  done: string;
  verb: string;
}[] = [
  {
    path: 'delete',
    operation: 'delete_contact',
    broadcast: 'contacts.deleted',
    done: 'deleted',
    verb: 'delete',
  },
  {
    path: 'block',
    operation: 'block_contact',
    broadcast: 'contacts.blocked',
    done: 'blocked',
    verb: 'block',
  },
  {
    path: 'unblock',
    operation: 'unblock_contact',
    broadcast: 'contacts.unblocked',
    done: 'unblocked',
    verb: 'unblock',
  },
  {
    path: 'favorite',
    operation: 'favorite_contact',
    broadcast: 'contacts.updated',
    action: 'favorited',
    done: 'favorited',
    verb: 'favorite',
  },
  {
    path: 'unfavorite',
    operation: 'unfavorite_contact',
    broadcast: 'contacts.updated',
    action: 'unfavorited',
    done: 'unfavorited',
    verb: 'unfavorite',
  },
];

export function registerContactsRoutes(router: UesRouter): void {
  const { engine } = router.context;
  const contacts = (): ContactsState => engine.states.get('contacts') as ContactsState;
  const announce = (event: SimulatorEvent, type: string, data: Record<string, unknown>): void => {
    if (event.status === 'executed') engine.broadcast(type, { event_id: event.event_id, ...data });
  };

  router.get('/contacts/state', { permission: 'contacts:state', query: stateQuery }, ({ query }) => {
    const state = contacts();
    const { favorites, blocked } = state.counts();
    if (query.compact) {
      return {
        modality_type: 'contacts',
        last_updated: formatTime(state.lastUpdated),
        update_count: state.updateCount,
        summary: state.summary(),
        total_contacts: state.contacts.size,
        favorites_count: favorites,
        blocked_count: blocked,
        groups: state.groupCounts(),
        recent_contacts: state.recentContacts(engine.now),
      };
    }
    return {
      modality_type: 'contacts',
      current_time: formatTime(engine.now),
      contacts: Object.fromEntries(state.contacts),
      total_count: state.contacts.size,
      favorites_count: favorites,
      blocked_count: blocked,
      groups: Object.keys(state.groupCounts()),
    };
  });

  router.post('/contacts/query', { permission: 'contacts:query', body: contactsQuerySchema }, ({ body }) => ({
    modality_type: 'contacts',
    ...queryContacts(contacts().contacts.values(), body),
    query: withoutNulls(body),
  }));

  router.post('/contacts/create', { permission: 'contacts:create', body: createBody }, ({ body, key }) => {
    const event = engine.executeImmediate('contacts', { operation: 'create_contact', ...body }, key.key_id);
    const contactId = event.data.contact_id as string;
    const created = contacts().contacts.get(contactId);
    announce(event, 'contacts.created', { contact_id: contactId, name: created?.resolved_display_name });
    // `contact_id` is our addition: the original leaves the new id to a state query.
    return {
      ...actionResponse(event, `Contact created successfully (contact_id: ${contactId})`, 'create contact'),
      contact_id: event.status === 'executed' ? contactId : null,
    };
  });

  router.post('/contacts/update', { permission: 'contacts:update', body: updateBody }, ({ body, key }) => {
    const event = engine.executeImmediate('contacts', { operation: 'update_contact', ...body }, key.key_id);
    announce(event, 'contacts.updated', { contact_id: body.contact_id });
    return actionResponse(event, `Contact ${body.contact_id} updated successfully`, 'update contact');
  });

  for (const route of TARGETED) {
    router.post(
      `/contacts/${route.path}`,
      { permission: `contacts:${route.path}`, body: targetBody },
      ({ body, key }) => {
        const event = engine.executeImmediate(
          'contacts',
          { operation: route.operation, ...body },
          key.key_id,
        );
        announce(event, route.broadcast, {
          contact_id: body.contact_id,
          ...(route.action ? { action: route.action } : {}),
        });
        return actionResponse(
          event,
          `Contact ${body.contact_id} ${route.done} successfully`,
          `${route.verb} contact`,
        );
      },
    );
  }

  for (const [path, operation, done, action] of [
    ['add', 'add_to_group', 'added to', 'added_to_group'],
    ['remove', 'remove_from_group', 'removed from', 'removed_from_group'],
  ] as const) {
    router.post(
      `/contacts/group/${path}`,
      { permission: `contacts:group:${path}`, body: groupBody },
      ({ body, key }) => {
        const event = engine.executeImmediate('contacts', { operation, ...body }, key.key_id);
        announce(event, 'contacts.updated', { contact_id: body.contact_id, group: body.group_name, action });
        return actionResponse(
          event,
          `Contact ${body.contact_id} ${done} group '${body.group_name}' successfully`,
          `${path} ${path === 'add' ? 'to' : 'from'} group`,
        );
      },
    );
  }

  router.post('/contacts/merge', { permission: 'contacts:merge', body: mergeBody }, ({ body, key }) => {
    const event = engine.executeImmediate('contacts', { operation: 'merge_contacts', ...body }, key.key_id);
    announce(event, 'contacts.merged', body);
    return actionResponse(
      event,
      `Contacts merged successfully (primary: ${body.primary_contact_id})`,
      'merge contacts',
    );
  });
}
