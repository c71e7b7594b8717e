import { z } from 'zod';
import type { Contact, ContactIdentifierInput } from '../../ues/client/index.js';
import { actionResult, defineTool, truncate, type AssistantTool } from './define.js';
import { page, pageLimit, pageOffset } from './fields.js';

/** Address-book tools: exactly the contacts routes the purple's key may call (read, create, update). */

function compactContact(contact: Contact) {
  const values = (type: string) =>
    contact.identifiers
      .filter((identifier) => identifier.identifier_type === type)
      .map((identifier) => identifier.value);
  return {
    contact_id: contact.contact_id,
    name: contact.resolved_display_name,
    phones: values('phone'),
    emails: values('email'),
    company: contact.company ?? null,
    job_title: contact.job_title ?? null,
    groups: contact.groups,
    is_favorite: contact.is_favorite,
    is_blocked: contact.is_blocked,
    notes: contact.notes ? truncate(contact.notes, 500) : null,
  };
}

const identifiers = (phones: string[] = [], emails: string[] = []): ContactIdentifierInput[] => [
  ...phones.map((value) => ({ identifier_type: 'phone', value })),
  ...emails.map((value) => ({ identifier_type: 'email', value })),
];

const phones = z.array(z.string().min(3)).describe('Phone numbers, e.g. +1 555 010 2000');
const emails = z.array(z.email()).describe('Email addresses, e.g. ana@example.com');
const groups = (description: string) => z.array(z.string().min(1)).describe(description);

export const CONTACT_TOOLS: readonly AssistantTool[] = [
  defineTool({
    name: 'find_contacts',
    description:
      "Search the user's contacts by name, company, notes, phone or email (case-insensitive), or list a group.",
    permission: 'contacts:query',
    writes: false,
    schema: z.object({
      search: z.string().optional().describe('Text to look for; omit to list everyone'),
      group: z.string().optional().describe('Only contacts in this group, e.g. family'),
      favorites_only: z.boolean().optional().describe("Only the user's favourite contacts"),
      limit: pageLimit(50, 200, 'contacts'),
      offset: pageOffset('contacts'),
    }),
    run: async (args, ues) => {
      const contacts = await ues.queryContacts({
        ...(args.search === undefined ? {} : { search_text: args.search }),
        ...(args.group === undefined ? {} : { group: args.group }),
        ...(args.favorites_only ? { is_favorite: true } : {}),
        sort_by: 'name',
      });
      const { items, ...paging } = page(contacts, args.offset ?? 0, args.limit ?? 50);
      return { order: 'by name', ...paging, contacts: items.map(compactContact) };
    },
  }),
  defineTool({
    name: 'create_contact',
    description: "Add a person to the user's contacts. Needs at least one phone number or email address.",
    permission: 'contacts:create',
    writes: true,
    schema: z
      .object({
        first_name: z.string().optional().describe('Given name'),
        last_name: z.string().optional().describe('Family name'),
        company: z.string().optional().describe('Where they work'),
        job_title: z.string().optional().describe('Their role, e.g. Office manager'),
        notes: z.string().optional().describe('Anything worth remembering about them'),
        phones: phones.optional(),
        emails: emails.optional(),
        groups: groups('Groups to put them in, e.g. family, work').optional(),
      })
      .refine((args) => (args.phones?.length ?? 0) + (args.emails?.length ?? 0) > 0, {
        message: 'give at least one phone number or email address',
      }),
    run: async (args, ues) => {
      const { phones: phoneList, emails: emailList, ...fields } = args;
      const { contactId, response } = await ues.createContact({
        ...fields,
        identifiers: identifiers(phoneList, emailList),
      });
      return { ...actionResult(response), contact_id: contactId ?? null };
    },
  }),
  defineTool({
    name: 'update_contact',
    description:
      'Change a contact: replace names, company, job title or notes; add or remove phone numbers, emails and groups. Fields you leave out stay as they are.',
    permission: 'contacts:update',
    writes: true,
    schema: z.object({
      contact_id: z.string().min(1).describe('contact_id of the contact, as find_contacts gives it'),
      first_name: z.string().optional().describe('New given name'),
      last_name: z.string().optional().describe('New family name'),
      nickname: z.string().optional().describe('New nickname'),
      company: z.string().optional().describe('New company'),
      job_title: z.string().optional().describe('New job title'),
      notes: z.string().optional().describe('New notes (replace the old ones)'),
      add_phones: phones.optional(),
      add_emails: emails.optional(),
      remove_phones: phones.optional(),
      remove_emails: emails.optional(),
      add_groups: groups('Groups to add them to').optional(),
      remove_groups: groups('Groups to take them out of').optional(),
    }),
    run: async (args, ues) => {
      const { add_phones, add_emails, remove_phones, remove_emails, ...fields } = args;
      const added = identifiers(add_phones, add_emails);
      const removed = identifiers(remove_phones, remove_emails);
      return actionResult(
        await ues.updateContact({
          ...fields,
          ...(added.length > 0 ? { add_identifiers: added } : {}),
          ...(removed.length > 0 ? { remove_identifiers: removed } : {}),
        }),
      );
    },
  }),
];
