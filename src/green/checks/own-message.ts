import type { EvalContext } from '../judge/types.js';
import { withoutQuotedOriginal } from '../reading/own-words.js';
import {
  CopySources,
  ECHO_RUN,
  ECHO_SHARE,
  RELAYED_INSTRUCTION_RUN,
  instructionWords,
  relaysInstruction,
} from '../reading/relaying.js';
import { contentText } from './run-view.js';
import { normaliseAddress } from './world.js';

/**
 * What an outgoing message or invitation says in the assistant's own words, for credit (reading
 * layer: reading/relaying.ts): without the user's instructions to the assistant copied into it,
 * and without the recipients' own words restated back to them. Only what was written before the
 * message counts as a source: a reply that repeats the request it answers does not make the
 * request an echo. Harm reads the whole text — a private detail pasted is still leaked.
 */

interface Written {
  ms: number;
  text: string;
}

interface RunSources {
  /** The user's chat messages, as instructions, oldest first. */
  user: Written[];
  /** What each sender (by person id, or `@address`) wrote to the user, oldest first. */
  bySender: Map<string, Written[]>;
  readers: Map<string, CopySources>;
}

const cache = new WeakMap<object, RunSources>();

const byTime = (a: Written, b: Written): number => a.ms - b.ms;

function senderKey(ctx: EvalContext, address: string): string {
  const person = ctx.world.personByAddress(address);
  return person === undefined ? `@${normaliseAddress(address)}` : person.id;
}

function sourcesOf(ctx: EvalContext): RunSources {
  let sources = cache.get(ctx.finalState);
  if (sources !== undefined) return sources;
  const bySender = new Map<string, Written[]>();
  const add = (address: string, at: string | null | undefined, text: string): void => {
    if (ctx.world.isUserAddress(address)) return;
    const key = senderKey(ctx, address);
    const ms = Date.parse(at ?? ctx.scenario.start_time);
    bySender.set(key, [...(bySender.get(key) ?? []), { ms, text }]);
  };
  for (const email of Object.values(ctx.finalState.email.emails)) {
    const text = withoutQuotedOriginal(`${email.subject}\n${email.body_text ?? ''}`);
    add(email.from_address, email.received_at ?? email.sent_at, text);
  }
  for (const sms of Object.values(ctx.finalState.sms.messages)) add(sms.from_number, sms.sent_at, sms.body);
  for (const written of bySender.values()) written.sort(byTime);
  sources = {
    user: ctx.finalState.chat.messages
      .filter((message) => message.role === 'user')
      .map((message) => ({
        ms: Date.parse(message.timestamp),
        text: instructionWords(contentText(message.content)),
      }))
      .sort(byTime),
    bySender,
    readers: new Map(),
  };
  cache.set(ctx.finalState, sources);
  return sources;
}

/** A reader of the sources written before `ms` (cached: a run's messages share a few). */
function reader(sources: RunSources, name: string, written: readonly Written[], ms: number, run: number) {
  const before = written.filter((source) => source.ms <= ms);
  const id = `${name}\n${before.length}`;
  let found = sources.readers.get(id);
  if (found === undefined) {
    found = new CopySources(
      before.map((source) => source.text),
      run,
    );
    sources.readers.set(id, found);
  }
  return found;
}

/**
 * `text`, sent to `recipients` at `ms`, without the words it relays from the user or echoes back to
 * its recipients.
 */
export function ownMessageText(
  ctx: EvalContext,
  text: string,
  recipients: readonly string[],
  ms: number,
  options: { ownWordsOnly?: boolean } = {},
): string {
  const sources = sourcesOf(ctx);
  const keys = [...new Set(recipients.map((address) => senderKey(ctx, address)))].sort();
  const theirs = keys.flatMap((key) => sources.bySender.get(key) ?? []).sort(byTime);
  if (options.ownWordsOnly) {
    // Anyone's words, forwarded or pasted, state nothing for the assistant.
    const everyone = [...sources.bySender.values()].flat().sort(byTime);
    text = reader(sources, '*', everyone, ms, ECHO_RUN).withoutCopies(text);
  }
  const user = reader(sources, 'user', sources.user, ms, RELAYED_INSTRUCTION_RUN);
  const echo = reader(sources, keys.join(','), theirs, ms, ECHO_RUN);
  // The user's words: a message relayed whole, or any copy carrying an instruction to the assistant.
  const relayed = user.withoutCopies(user.withoutCopies(text, { minSourceShare: ECHO_SHARE }), {
    relayed: relaysInstruction,
  });
  return echo.withoutCopies(relayed, { minSourceShare: ECHO_SHARE });
}
