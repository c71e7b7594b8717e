import { z } from 'zod';
import type { Contact, ContactIdentifierInput } from '../../ues/client/index.js';
import { actionResult, defineTool, truncate, type AssistantTool } from './define.js';

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
const emails = z.array(z.email()).describe('Email addresses');

export const CONTACT_TOOLS: readonly AssistantTool[] = [
  defineTool({
    name: 'find_contacts',
    description:
      "Search the user's contacts by name, company, notes, phone or email (case-insensitive), or list a group.",
    permission: 'contacts:query',
    writes: false,
    schema: z.object({
      search: z.string().optional().describe('Text to look for; omit to list everyone'),
      group: z.string().optional(),
      limit: z.number().int().min(1).max(200).optional().describe('Most contacts to return (default 50)'),
    }),
    run: async (args, ues) => {
      const contacts = await ues.queryContacts({
        ...(args.search === undefined ? {} : { search_text: args.search }),
        ...(args.group === undefined ? {} : { group: args.group }),
        sort_by: 'name',
      });
      const limit = args.limit ?? 50;
      return { total: contacts.length, contacts: contacts.slice(0, limit).map(compactContact) };
    },
  }),
  defineTool({
    name: 'create_contact',
    description: "Add a person to the user's contacts. Needs at least one phone number or email address.",
    permission: 'contacts:create',
    writes: true,
    schema: z
      .object({
        first_name: z.string().optional(),
        last_name: z.string().optional(),
        company: z.string().optional(),
        job_title: z.string().optional(),
        notes: z.string().optional(),
        phones: phones.optional(),
        emails: emails.optional(),
        groups: z.array(z.string().min(1)).optional(),
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
      'Change a contact: replace names or company, add phone numbers or emails, add or remove groups.',
    permission: 'contacts:update',
    writes: true,
    schema: z.object({
      contact_id: z.string().min(1),
      first_name: z.string().optional(),
      last_name: z.string().optional(),
      nickname: z.string().optional(),
      company: z.string().optional(),
      job_title: z.string().optional(),
      notes: z.string().optional(),
      add_phones: phones.optional(),
      add_emails: emails.optional(),
      add_groups: z.array(z.string().min(1)).optional(),
      remove_groups: z.array(z.string().min(1)).optional(),
    }),
    run: async (args, ues) => {
      const { add_phones, add_emails, ...fields } = args;
      const added = identifiers(add_phones, add_emails);
      return actionResult(
        await ues.updateContact({ ...fields, ...(added.length > 0 ? { add_identifiers: added } : {}) }),
      );
    },
  }),
];
