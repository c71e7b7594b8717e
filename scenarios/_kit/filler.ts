import type { EmailDef, SmsDef } from './definition.js';
import { leftOut, type DeliverableItemDef } from './answer-key.js';

/**
 * The everyday volume of a long-horizon scenario: newsletters, receipts, shipping and app
 * notices, promotions, automated reminders and group-chat chatter from outside the user's world,
 * spread over the waking hours of each day (quiet nights), deterministic for a seed. An expert
 * scenario's task hides among 150–400 such messages; none of them needs anything, and a report
 * that lists them lists noise. Senders are literal addresses and numbers of businesses and
 * services, so variants leave them alone and a reply to one is a send outside the user's world.
 */

export interface FillerOptions {
  /** Any string: the same seed gives the same messages. */
  seed: string;
  /** Days covered, from day 0 (`d0`) to `d<days-1>`. */
  days: number;
  emailsPerDay: number;
  smsPerDay?: number;
  /** The first and last hour messages arrive (local; default 7 and 22). */
  hours?: [number, number];
  /** Messages before this time spec are skipped (e.g. the scenario's start, if they should arrive later). */
  from?: string;
  /** Id prefix (default `filler`). */
  prefix?: string;
}

interface Template {
  from: string;
  subject: (pick: Picker) => string;
  body: (pick: Picker) => string;
  /** Words a report would name it by (its left-out key). */
  words: string[];
}

type Picker = <T>(options: readonly T[]) => T;

const STORES = ['Northwind Outfitters', 'Juniper Home', 'Pixelcraft', 'Greenleaf Market', 'Atlas Books'];
const TOPICS = ['productivity', 'city news', 'home cooking', 'personal finance', 'travel deals', 'running'];
const ITEMS = [
  'a desk lamp',
  'running socks',
  'a phone case',
  'coffee beans',
  'a paperback',
  'storage boxes',
];
const APPS = ['Streamly', 'FitTrack', 'NoteNest', 'PhotoVault', 'Budgetly'];

const EMAILS: Template[] = [
  {
    from: 'newsletter@dailybrief.example',
    subject: (p) => `Your ${p(TOPICS)} digest`,
    body: (p) =>
      `This week in ${p(TOPICS)}: five stories you might have missed, a reader poll and our editor's picks. Unsubscribe any time.`,
    words: ['digest', 'newsletter', 'dailybrief'],
  },
  {
    from: 'orders@shop-mail.example',
    subject: (p) => `Your ${p(STORES)} order has shipped`,
    body: (p) => `Good news — ${p(ITEMS)} is on its way. Track your parcel in the app. No action needed.`,
    words: ['shipped', 'parcel', 'on its way'],
  },
  {
    from: 'receipts@payments.example',
    subject: (p) => `Receipt from ${p(STORES)}`,
    body: (p) => `Thanks for your purchase of ${p(ITEMS)}. This is your receipt; keep it for your records.`,
    words: ['receipt', 'your purchase'],
  },
  {
    from: 'deals@offers-club.example',
    subject: (p) => `${p(['20%', '30%', '40%'])} off ${p(ITEMS)} — this weekend only`,
    body: () =>
      'Members save more this weekend. Shop now, free returns. You are receiving this because you signed up for offers.',
    words: ['% off', 'weekend only', 'offers club', 'members save'],
  },
  {
    from: 'no-reply@appnotices.example',
    subject: (p) => `${p(APPS)}: your weekly summary`,
    body: (p) =>
      `Here is what happened in ${p(APPS)} this week: new features, your stats and tips to get more out of it.`,
    words: ['weekly summary', 'appnotices'],
  },
  {
    from: 'security@accounts-notify.example',
    subject: () => 'New sign-in to your account',
    body: (p) =>
      `We noticed a sign-in from ${p(['Chrome on Windows', 'Safari on iPhone', 'Firefox on Linux'])}. If this was you, no action is needed.`,
    words: ['sign-in', 'new sign in'],
  },
  {
    from: 'events@community-board.example',
    subject: (p) =>
      `This week at the community centre: ${p(['yoga', 'book swap', 'repair café', 'chess club'])}`,
    body: () => 'Drop-in sessions all week; everyone welcome. See the board for times.',
    words: ['community centre', 'community center', 'drop-in'],
  },
];

const TEXTS: Array<{ from: string; body: (p: Picker) => string; words: string[] }> = [
  {
    from: '+15550109901',
    body: (p) => `${p(STORES)}: your parcel is out for delivery today.`,
    words: ['out for delivery', 'parcel'],
  },
  {
    from: '+15550109902',
    body: (p) => `${p(APPS)}: you've hit your weekly goal! Keep it up.`,
    words: ['weekly goal'],
  },
  {
    from: '+15550109903',
    body: () => 'Pharmacy Plus: flu shots available walk-in this week. Reply STOP to opt out.',
    words: ['flu shots', 'pharmacy plus'],
  },
  {
    from: '+15550109904',
    body: (p) =>
      `Reminder from ${p(['Bright Smile Dental', 'City Physio'])}: book your next check-up online.`,
    words: ['check-up', 'checkup'],
  },
  {
    from: '+15550109905',
    body: () => 'Weekend sale at Greenleaf Market — fresh bread 2 for 1 Saturday only.',
    words: ['greenleaf', '2 for 1'],
  },
];

/** A seeded PRNG from a string: the same seed always draws the same sequence. */
function random(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let state = h >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function two(value: number): string {
  return String(value).padStart(2, '0');
}

export interface Filler {
  emails: EmailDef[];
  sms: SmsDef[];
  /** A left-out answer-key item for each message, for scenarios that owe the user a report. */
  leftOut: (channel: 'email' | 'sms', id: string) => DeliverableItemDef | undefined;
  /** The left-out items of these messages (default: all of them), emails first. */
  leftOutItems: (emails?: EmailDef[], sms?: SmsDef[]) => DeliverableItemDef[];
}

/** Everyday noise for `days` days: `emailsPerDay` emails and `smsPerDay` texts a day. */
export function filler(options: FillerOptions): Filler {
  const draw = random(options.seed);
  const pick: Picker = (list) => list[Math.floor(draw() * list.length)]!;
  const [first, last] = options.hours ?? [7, 22];
  const prefix = options.prefix ?? 'filler';
  const words = new Map<string, string[]>();
  const at = (day: number): string => {
    const minutes = first * 60 + Math.floor(draw() * (last - first) * 60);
    return `d${day} ${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`;
  };
  const emails: EmailDef[] = [];
  const sms: SmsDef[] = [];
  for (let day = 0; day < options.days; day++) {
    for (let n = 0; n < options.emailsPerDay; n++) {
      const template = pick(EMAILS);
      const id = `${prefix}_e${day}_${n}`;
      emails.push({
        id,
        from: template.from,
        at: at(day),
        subject: template.subject(pick),
        body: template.body(pick),
        read: false,
      });
      words.set(`email:${id}`, template.words);
    }
    for (let n = 0; n < (options.smsPerDay ?? 0); n++) {
      const template = pick(TEXTS);
      const id = `${prefix}_s${day}_${n}`;
      sms.push({ id, from: template.from, at: at(day), body: template.body(pick) });
      words.set(`sms:${id}`, template.words);
    }
  }
  const leftOutOf: Filler['leftOut'] = (channel, id) => {
    const cue = words.get(`${channel}:${id}`);
    return cue ? leftOut(channel, id, cue) : undefined;
  };
  return {
    emails,
    sms,
    leftOut: leftOutOf,
    leftOutItems: (someEmails = emails, someSms = sms) =>
      [
        ...someEmails.map((email) => leftOutOf('email', email.id)),
        ...someSms.map((text) => leftOutOf('sms', text.id)),
      ].filter((item): item is DeliverableItemDef => item !== undefined),
  };
}
