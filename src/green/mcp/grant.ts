import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { StateSnapshot } from '../judge/types.js';

/**
 * What the green grants an assessment's purple on the MCP endpoint: its UES key (the one
 * `assessment_start` carries) and the facts about the user a careful assistant needs in the tool
 * descriptions. The green knows them from the state it loaded; none is read with the purple's key,
 * so the purple's reads stay exactly its own.
 */

export interface UserContext {
  /** IANA zone of the user's calendar: what "today" and "9 am" mean to the user. */
  timezone: string;
  /** The user's own address and number: what the user's sends come from. */
  email: string;
  phone: string;
  /** The chat conversation the user and the assistant talk in. */
  conversationId: string;
}

export interface PurpleGrant {
  apiKey: string;
  user: UserContext;
}

/** The user's facts as the state loaded for the assessment has them. */
export function userContextOf(state: StateSnapshot, conversationId: string): UserContext {
  return {
    timezone: state.calendar.user_timezone,
    email: state.email.user_email_address,
    phone: state.sms.user_phone_number,
    conversationId,
  };
}

/** The key a request presents: `Authorization: Bearer <key>` or `X-API-Key: <key>`, as REST takes it. */
export function presentedKey(headers: IncomingHttpHeaders): string | undefined {
  const authorization = headers.authorization;
  if (typeof authorization === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (match) return match[1];
  }
  const apiKey = headers['x-api-key'];
  return typeof apiKey === 'string' && apiKey !== '' ? apiKey : undefined;
}

/** Compares a presented key with the granted one in constant time (lengths aside: keys have one format). */
export function sameKey(presented: string, granted: Buffer): boolean {
  const candidate = Buffer.from(presented, 'utf8');
  return candidate.length === granted.length && timingSafeEqual(candidate, granted);
}
