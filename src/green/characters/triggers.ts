import type { Logger } from 'pino';
import type { CalendarEvent, Email, SmsMessage } from '../../ues/client/index.js';
import { findCharacter, type CharacterProfile, type ScenarioConfig } from '../scenarios/schema.js';
import { skipReason } from './skip.js';

/**
 * Which new items the characters answer. Only what the assistant sent on the user's behalf
 * triggers replies: emails from the user's address, outgoing SMS from the user's phone, and
 * invitations the user organises. Scripted arrivals (even those CC'd to other characters) never
 * do — otherwise unscripted LLM replies would pile into the inbox (the original's bug 7).
 */

export interface Responder {
  id: string;
  profile: CharacterProfile;
}

export interface TriggerContext {
  scenario: ScenarioConfig;
  userEmail: string;
  userPhone: string;
  logger?: Logger;
}

function sameAddress(a: string | null | undefined, b: string | null | undefined): boolean {
  return Boolean(a && b && a.trim().toLowerCase() === b.trim().toLowerCase());
}

/** A scenario character other than the user who has not opted out of replying, or undefined. */
function eligible(
  ctx: TriggerContext,
  contact: { email?: string; phone?: string },
  about: Record<string, unknown>,
): Responder | undefined {
  const found = findCharacter(ctx.scenario, contact);
  if (!found || found.id === ctx.scenario.user_character) return undefined;
  if (sameAddress(contact.email, ctx.userEmail) || (contact.phone && contact.phone === ctx.userPhone)) {
    return undefined;
  }
  const skip = skipReason(found.profile);
  if (skip) {
    ctx.logger?.debug(
      { ...about, character_id: found.id, phrase: skip },
      'character skipped by special instructions',
    );
    return undefined;
  }
  return { id: found.id, profile: found.profile };
}

export function isFromUser(email: Email, ctx: TriggerContext): boolean {
  return sameAddress(email.from_address, ctx.userEmail) && email.folder !== 'drafts';
}

/**
 * The characters who may answer `email`: its to/cc/bcc recipients that are characters, once
 * each, when the user sent it. `bcc` marks a blind-copied responder, who answers the sender only.
 */
export function emailResponders(
  email: Email,
  ctx: TriggerContext,
): Array<{ responder: Responder; bcc: boolean }> {
  if (!isFromUser(email, ctx)) return [];
  const about = { message_id: email.message_id };
  const seen = new Set<string>();
  const found: Array<{ responder: Responder; bcc: boolean }> = [];
  const visible = [...email.to_addresses, ...email.cc_addresses].map((address) => ({ address, bcc: false }));
  const hidden = email.bcc_addresses.map((address) => ({ address, bcc: true }));
  for (const { address, bcc } of [...visible, ...hidden]) {
    const responder = eligible(ctx, { email: address }, about);
    if (!responder || seen.has(responder.id)) continue;
    seen.add(responder.id);
    found.push({ responder, bcc });
  }
  return found;
}

export function isOutgoingSms(message: SmsMessage, ctx: TriggerContext): boolean {
  return !message.is_deleted && (message.direction === 'outgoing' || message.from_number === ctx.userPhone);
}

/** The characters among an outgoing SMS's recipients, once each. */
export function smsResponders(message: SmsMessage, ctx: TriggerContext): Responder[] {
  if (!isOutgoingSms(message, ctx)) return [];
  const about = { message_id: message.message_id };
  const found: Responder[] = [];
  for (const number of message.to_numbers) {
    const responder = eligible(ctx, { phone: number }, about);
    if (responder && !found.some((other) => other.id === responder.id)) found.push(responder);
  }
  return found;
}

/**
 * An invitation the user organises: the user is the organizer, or no organizer is named (an event
 * the assistant created in the user's calendar). Scenario authors give scripted invitations from
 * other people an organizer, so they never trigger RSVPs.
 */
export function isUsersInvitation(event: CalendarEvent, ctx: TriggerContext): boolean {
  if (event.status === 'cancelled' || event.deleted_at) return false;
  return !event.organizer || sameAddress(event.organizer, ctx.userEmail);
}

/** Character attendees of the user's invitation who have not answered yet (`needs-action`). */
export function calendarResponders(
  event: CalendarEvent,
  ctx: TriggerContext,
): Array<{ responder: Responder; attendeeEmail: string }> {
  if (!isUsersInvitation(event, ctx)) return [];
  const about = { event_id: event.event_id };
  const found: Array<{ responder: Responder; attendeeEmail: string }> = [];
  for (const attendee of event.attendees) {
    if (attendee.response !== 'needs-action' || sameAddress(attendee.email, event.organizer)) continue;
    const responder = eligible(ctx, { email: attendee.email }, about);
    if (responder && !found.some((other) => other.responder.id === responder.id)) {
      found.push({ responder, attendeeEmail: attendee.email });
    }
  }
  return found;
}

/** The characters who send the scripted arrivals (by their address or number). */
export function scriptedSenders(
  scenario: ScenarioConfig,
  scripted: ReadonlyArray<{ modality: string; data: Record<string, unknown> }>,
): Set<string> {
  const ids = new Set<string>();
  for (const { data } of scripted) {
    const email = typeof data['from_address'] === 'string' ? data['from_address'] : undefined;
    const phone = typeof data['from_number'] === 'string' ? data['from_number'] : undefined;
    const found = findCharacter(scenario, { ...(email ? { email } : {}), ...(phone ? { phone } : {}) });
    if (found) ids.add(found.id);
  }
  return ids;
}
