/**
 * How an offline character answers a message: in their own words, to the kind of message it is
 * (a question, a request, news, thanks), in their voice — never quoting the message back as if its
 * first words were a subject, never cutting text, never promising what it cannot know. The words
 * are picked by a hash of who answers what, so the same prompt always gets the same reply while
 * different characters and messages do not all sound alike.
 */

export interface ReplyInput {
  /** The character answering (first name used for the sign-off). */
  character: string;
  personality: string;
  medium: 'email' | 'sms';
  /** Whoever sent the message (first name used in the greeting). */
  sender: string;
  latest: string;
}

export type MessageKind = 'question' | 'request' | 'news' | 'thanks';

const BARE_ACKNOWLEDGEMENT =
  /^(thanks|thank you|thx|ty|got it|ok|okay|noted|sounds good|great|perfect|cheers|will do|understood|👍)\b/i;
const REQUEST = /\b(can you|could you|would you|please|let me know|confirm|are you|do you)\b/i;

/** What kind of message it is, which decides what a person says back. */
export function messageKind(latest: string): MessageKind {
  const text = latest.trim();
  if (text.length <= 80 && !text.includes('?') && BARE_ACKNOWLEDGEMENT.test(text)) return 'thanks';
  if (text.includes('?')) return 'question';
  if (REQUEST.test(text)) return 'request';
  return 'news';
}

/** Whole sentences only: each ends with its own punctuation, none is cut. */
const WORDS: Record<MessageKind, readonly string[]> = {
  question: [
    'Let me check on that and come back to you.',
    "Good question. I'll find out and let you know.",
    "I'll look at it and get back to you with an answer.",
  ],
  request: [
    "I'll look at this and get back to you.",
    "Understood. I'll see what I can do and let you know.",
    "Noted. I'll come back to you on it.",
  ],
  news: ['Thanks for letting me know.', 'Good to know, thank you.', 'Thanks for the update.'],
  thanks: ['You’re welcome!', 'Any time.', 'No problem at all.'],
};

interface Voice {
  greeting: string;
  signOff: string | null;
  emoji: boolean;
  /** A sentence this kind of person adds to an email, or null. */
  extra: string | null;
}

/** Greeting, sign-off and flourishes from personality keywords, so characters sound different. */
function voiceOf(personality: string): Voice {
  const p = personality.toLowerCase();
  const emoji = /emoji/.test(p);
  if (/casual|laid-back|relaxed|warm|bubbly|informal|playful/.test(p)) {
    return { greeting: 'Hey', signOff: 'Cheers', emoji, extra: null };
  }
  if (/impatient|terse|curt|busy|concise/.test(p)) return { greeting: '', signOff: null, emoji, extra: null };
  if (/formal|authoritative|direct|professional/.test(p)) {
    return { greeting: 'Hi', signOff: 'Regards', emoji, extra: null };
  }
  if (/thorough|verbose|detailed|technical/.test(p)) {
    return {
      greeting: 'Hi',
      signOff: 'Best',
      emoji,
      extra: 'I want to go through everything properly first.',
    };
  }
  if (/anxious|hedg|diplomatic|nervous/.test(p)) {
    return { greeting: 'Hi', signOff: 'Thanks', emoji, extra: 'I hope that works on your side.' };
  }
  return { greeting: 'Hi', signOff: 'Best', emoji, extra: null };
}

/** A first name from a display name or an address ("jordan.lee@x" → "Jordan"). */
export function firstName(name: string | undefined): string {
  const trimmed = name?.trim();
  if (!trimmed) return 'there';
  const local = trimmed.includes('@') ? trimmed.split('@')[0]!.split(/[._]/)[0]! : trimmed.split(/\s+/)[0]!;
  return local.charAt(0).toUpperCase() + local.slice(1);
}

const ORGANISATION =
  /[’']s\b|&|\b(?:ltd|inc|llc|co|pharmacy|clinic|surgery|team|support|services|bank|studio|school|office|hotel|restaurant|cafe|café|desk|department|agency|group)\b/i;

/** Words that describe a business rather than a person: "restaurant", "bookings desk", "caterer". */
const BUSINESS =
  /\b(?:restaurant|caterer|catering|florist|venue|desk|team|company|firm|bakery|pharmacy|shop|supplier|studio|office|club|airline|automated|notifications?|newsletter|promotions|dispatch)\b/i;

/**
 * Whether a personality describes a business ("Polite restaurant host", "Venue bookings desk",
 * "The client’s account team"), not a person who works at one ("Account manager at a packaging
 * supplier", "Designer on Nadia’s team", "Front-desk coordinator"): its first clause names the
 * business, not after a preposition nor inside a compound.
 */
function describesBusiness(personality: string): boolean {
  const first = personality.split(/[.;,]/)[0] ?? '';
  const match = BUSINESS.exec(first);
  if (match === null || first.charAt(match.index - 1) === '-') return false;
  return !/\b(?:at|on|in|from|with|for|of)\b/i.test(first.slice(0, match.index));
}

/**
 * How a character signs: a person by first name, an organisation in full ("Lynch’s Pharmacy", and
 * "Bella Vista" when its personality says it is a restaurant — not "Bella").
 */
function signature(name: string, personality: string): string {
  return ORGANISATION.test(name) || describesBusiness(personality) ? name.trim() : firstName(name);
}

/** FNV-1a: a stable choice among phrasings for the same character and message. */
function pick<T>(options: readonly T[], key: string): T {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index += 1) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return options[(hash >>> 0) % options.length]!;
}

/** The character's reply: an email with greeting and sign-off, or a short text. */
export function offlineReply(input: ReplyInput): string {
  const voice = voiceOf(input.personality);
  const kind = messageKind(input.latest);
  const said = pick(WORDS[kind], `${input.character}\n${input.latest}`);
  const sender = firstName(input.sender);
  const smile = voice.emoji ? ' 🙂' : '';
  if (input.medium === 'sms') {
    return `${voice.greeting ? `${voice.greeting} ${sender}! ` : ''}${said}${smile}`;
  }
  const body = kind === 'question' || kind === 'request' ? `Thanks for your email. ${said}` : said;
  const lines = [voice.greeting ? `${voice.greeting} ${sender},` : `${sender},`, '', `${body}${smile}`];
  if (voice.extra && kind !== 'thanks') lines.push('', voice.extra);
  lines.push(
    '',
    ...(voice.signOff ? [`${voice.signOff},`] : []),
    signature(input.character, input.personality),
  );
  return lines.join('\n');
}
