import {
  isOracleRef,
  oracleRefSchema,
  type OracleJson,
  type OracleParams,
  type OracleRef,
} from '../../../protocol/index.js';
import type { CallOptions } from '../../../ues/client/index.js';
import type { PurpleUESClient } from '../../ues/purple-ues-client.js';
import { OracleStepError } from './errors.js';

/**
 * Resolving `{"$ref": …}` values of an oracle step's parameters to ids, at run time, through the
 * purple's own UES client: the newest item that matches every given field.
 */

const lower = (value: string | undefined): string | undefined => value?.toLowerCase();

async function newestEmailId(
  ues: PurpleUESClient,
  ref: NonNullable<OracleRef['email']>,
  options: CallOptions,
) {
  const page = await ues.client.email.query(
    {
      ...(ref.from === undefined ? {} : { from_address: ref.from }),
      ...(ref.to === undefined ? {} : { to_address: ref.to }),
      ...(ref.subject_contains === undefined ? {} : { subject_contains: ref.subject_contains }),
      ...(ref.body_contains === undefined ? {} : { body_contains: ref.body_contains }),
      sort_by: 'date',
      sort_order: 'desc',
      limit: 1,
    },
    options,
  );
  return page.emails[0]?.message_id;
}

async function newestSmsId(ues: PurpleUESClient, ref: NonNullable<OracleRef['sms']>, options: CallOptions) {
  const page = await ues.client.sms.query(
    {
      ...(ref.from === undefined ? {} : { from_number: ref.from }),
      ...(ref.body_contains === undefined ? {} : { body_contains: ref.body_contains }),
      sort_by: 'sent_at',
      sort_order: 'desc',
      limit: 1,
    },
    options,
  );
  return page.messages[0]?.message_id;
}

async function newestEventId(ues: PurpleUESClient, ref: NonNullable<OracleRef['calendar']>) {
  const title = lower(ref.title_contains);
  const start = ref.start === undefined ? undefined : Date.parse(ref.start);
  const events = await ues.queryCalendar(
    ref.title_contains === undefined ? {} : { search: ref.title_contains },
  );
  const matching = events.filter(
    (event) =>
      (title === undefined || event.title.toLowerCase().includes(title)) &&
      (start === undefined || Date.parse(event.start) === start),
  );
  matching.sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
  return matching[0]?.event_id;
}

async function newestContactId(ues: PurpleUESClient, ref: NonNullable<OracleRef['contact']>) {
  const name = lower(ref.name);
  const email = lower(ref.email);
  // The simulator's search matches one field at a time ("Ann Lee" is in none): filter here.
  const contacts = await ues.queryContacts();
  const matching = contacts.filter(
    (contact) =>
      (name === undefined || contact.resolved_display_name.toLowerCase().includes(name)) &&
      (email === undefined ||
        contact.identifiers.some(
          (identifier) => identifier.identifier_type === 'email' && identifier.value.toLowerCase() === email,
        )),
  );
  matching.sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
  return matching[0]?.contact_id;
}

/** The id a reference names; throws OracleStepError when nothing matches. */
export async function resolveRef(
  ues: PurpleUESClient,
  raw: unknown,
  options: CallOptions,
  step: string,
): Promise<string> {
  const parsed = oracleRefSchema.safeParse(raw);
  if (!parsed.success) {
    throw new OracleStepError(
      step,
      `invalid $ref ${JSON.stringify(raw)}: ${parsed.error.issues[0]?.message}`,
    );
  }
  const ref = parsed.data;
  let id: string | undefined;
  if (ref.email !== undefined) id = await newestEmailId(ues, ref.email, options);
  else if (ref.sms !== undefined) id = await newestSmsId(ues, ref.sms, options);
  else if (ref.calendar !== undefined) id = await newestEventId(ues.withSignal(options.signal), ref.calendar);
  else id = await newestContactId(ues.withSignal(options.signal), ref.contact!);
  if (id === undefined) throw new OracleStepError(step, `$ref ${JSON.stringify(raw)} matches nothing`);
  return id;
}

/** A copy of `value` with every `{"$ref": …}` inside replaced by the id it names. */
export async function resolveRefs(
  ues: PurpleUESClient,
  value: OracleJson,
  options: CallOptions,
  step: string,
): Promise<OracleJson> {
  if (isOracleRef(value)) return resolveRef(ues, value.$ref, options, step);
  if (Array.isArray(value)) {
    const resolved: OracleJson[] = [];
    for (const entry of value) resolved.push(await resolveRefs(ues, entry, options, step));
    return resolved;
  }
  if (typeof value === 'object' && value !== null) {
    const resolved: OracleParams = {};
    for (const [key, entry] of Object.entries(value)) {
      resolved[key] = await resolveRefs(ues, entry as OracleJson, options, step);
    }
    return resolved;
  }
  return value;
}
