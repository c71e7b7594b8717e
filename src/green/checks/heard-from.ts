import { FactText, type Fact } from '../reading/facts.js';
import { withoutQuotedOriginal } from '../reading/own-words.js';
import type { StateSnapshot } from '../judge/types.js';
import { addressesOf } from './action-match.js';
import { normaliseAddress, type World } from './world.js';

/**
 * When someone first wrote saying something: the restaurant's written confirmation, not its
 * "we'll look into it". Characters write these replies during the run, so no scenario knows their
 * ids; what they assert is read in their own words (what they quote of the assistant's request is
 * left out, so "please confirm the table" quoted back confirms nothing).
 */

export interface HeardFromContext {
  finalState: StateSnapshot;
  initialState?: StateSnapshot | undefined;
  world?: World | undefined;
  timeZone?: string | undefined;
}

interface Incoming {
  ms: number;
  text: string;
}

function incomingFrom(ctx: HeardFromContext, addresses: ReadonlySet<string>): Incoming[] {
  const out: Incoming[] = [];
  for (const email of Object.values(ctx.finalState.email.emails)) {
    if (!addresses.has(normaliseAddress(email.from_address))) continue;
    const ms = Date.parse(email.received_at ?? email.sent_at ?? '');
    out.push({ ms, text: `${email.subject}\n${withoutQuotedOriginal(email.body_text)}` });
  }
  for (const message of Object.values(ctx.finalState.sms.messages)) {
    if (message.direction !== 'incoming' || !addresses.has(normaliseAddress(message.from_number))) continue;
    out.push({ ms: Date.parse(message.sent_at), text: message.body });
  }
  return out.filter((message) => Number.isFinite(message.ms)).sort((a, b) => a.ms - b.ms);
}

/** When the first message from any of `people` asserting every one of `asserting` arrived (ms). */
export function heardFromMs(
  ctx: HeardFromContext,
  people: readonly string[],
  asserting: readonly Fact[],
): number | undefined {
  const world = ctx.world;
  if (world === undefined) return undefined;
  const addresses = new Set(people.flatMap((person) => addressesOf(world, person)));
  const timeZone = ctx.timeZone ?? 'UTC';
  const heard = incomingFrom(ctx, addresses).find((message) => {
    if (asserting.length === 0) return true;
    const text = new FactText(message.text, { world, writtenAtMs: message.ms, timeZone });
    return asserting.every((fact) => text.asserts(fact));
  });
  return heard?.ms;
}
