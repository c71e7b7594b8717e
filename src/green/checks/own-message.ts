import type { EvalContext } from '../judge/types.js';
import { withoutQuotedOriginal } from '../reading/own-words.js';
import { CopySources, cut, type SourceInput } from '../reading/copy-chains.js';
import {
  ECHO_RUN,
  ECHO_SHARE,
  RELAYED_INSTRUCTION_RUN,
  RELAYED_SHARE,
  WHOLE_COPY_MIN_WORDS,
  WHOLE_COPY_SHARE,
  relaysInstruction,
  userSource,
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
  source: SourceInput;
}

interface Received extends Written {
  /** Who already has it: its sender and other recipients (by key; the user left out). */
  audience: Set<string>;
}

interface RunSources {
  /** The user's chat messages, oldest first. */
  user: Written[];
  /** What each sender (by person id, or `@address`) wrote to the user, oldest first. */
  bySender: Map<string, Received[]>;
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
  const bySender = new Map<string, Received[]>();
  const add = (address: string, at: string | null | undefined, text: string, to: readonly string[]): void => {
    if (ctx.world.isUserAddress(address)) return;
    const key = senderKey(ctx, address);
    const ms = Date.parse(at ?? ctx.scenario.start_time);
    const audience = new Set(
      [address, ...to]
        .filter((other) => !ctx.world.isUserAddress(other))
        .map((other) => senderKey(ctx, other)),
    );
    bySender.set(key, [...(bySender.get(key) ?? []), { ms, source: { text }, audience }]);
  };
  for (const email of Object.values(ctx.finalState.email.emails)) {
    const text = withoutQuotedOriginal(`${email.subject}\n${email.body_text ?? ''}`);
    add(email.from_address, email.received_at ?? email.sent_at, text, [
      ...email.to_addresses,
      ...email.cc_addresses,
    ]);
  }
  for (const sms of Object.values(ctx.finalState.sms.messages))
    add(sms.from_number, sms.sent_at, sms.body, sms.to_numbers ?? []);
  for (const written of bySender.values()) written.sort(byTime);
  sources = {
    user: ctx.finalState.chat.messages
      .filter((message) => message.role === 'user')
      .map((message) => ({
        ms: Date.parse(message.timestamp),
        source: userSource(contentText(message.content)),
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
      before.map((written) => written.source),
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
  // An echo restates to its recipients what they all already have: one member's words passed to
  // the rest of a group tell them something.
  const theirs = keys
    .flatMap((key) => sources.bySender.get(key) ?? [])
    .filter((written) => keys.every((key) => written.audience.has(key)))
    .sort(byTime);
  if (options.ownWordsOnly) {
    // Anyone's words, forwarded or pasted, state nothing for the assistant.
    const everyone = [...sources.bySender.values()].flat().sort(byTime);
    text = reader(sources, '*', everyone, ms, ECHO_RUN).withoutCopies(text);
  }
  const user = reader(sources, 'user', sources.user, ms, RELAYED_INSTRUCTION_RUN);
  const echo = reader(sources, keys.join(','), theirs, ms, ECHO_RUN);
  // The user's words: an answer relayed whole, or any copy carrying an instruction to the assistant.
  const whole = user.copiedMask(text, { minSourceShare: RELAYED_SHARE, unaddressedOnly: true });
  const instructions = user.copiedMask(text, { relayed: relaysInstruction });
  const mask = whole.mask.map((copied, i) => copied || instructions.mask[i]!);
  if (whole.any || instructions.any) {
    // Caught relaying, a message loses the user's short answers it passes on too.
    user.wholeCopies(text, WHOLE_COPY_SHARE, WHOLE_COPY_MIN_WORDS).forEach((copied, i) => {
      if (copied) mask[i] = true;
    });
  }
  return echo.withoutCopies(cut(text, whole.toks, mask), { minSourceShare: ECHO_SHARE });
}

/**
 * A chat post to the user without the user's own messages restated back whole ("Plan, as you
 * said: <their answer>"): telling the user what they said tells them nothing. Short restatements
 * ("Friday 19 June, as you chose") stay.
 */
export function ownChatText(ctx: EvalContext, text: string, ms: number): string {
  const sources = sourcesOf(ctx);
  return reader(sources, 'user-echo', sources.user, ms, ECHO_RUN).withoutCopies(text, {
    minSourceShare: ECHO_SHARE,
  });
}
