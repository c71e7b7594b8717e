import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIOS_DIR, ScenarioManager } from '../../src/green/scenarios/loader.js';
import {
  asksTheUser,
  briefAnswer,
  briefTopicsAsked,
  CLARIFY_REPLY,
  DONT_KNOW_REPLY,
  YES_REPLY,
} from '../../src/llm/user-brief-answers.js';
import { answered, repeated, said, units, type FullBrief } from './brief-reply-units.js';

/**
 * What the offline user makes of posts real assistants wrote (the gold set's blind runs): a report
 * asks nothing, nor does a question quoted from someone else's message, a table header or a
 * closing offer; a proposal is answered yes when it says what the user wants, whatever words it
 * uses; a topic is answered once. The cases below are the posts that were answered wrongly before.
 */

const GOLD = new URL('../../gold/', import.meta.url).pathname;
const manager = new ScenarioManager(DEFAULT_SCENARIOS_DIR);

async function briefOf(id: string, variantSeed = 0): Promise<FullBrief> {
  const { config } = await manager.load(id, { variantSeed });
  if (!config.user_brief) throw new Error(`${id} has no user_brief`);
  return config.user_brief;
}

describe('the offline user reads a post for what it asks', () => {
  it('a report that asks nothing gets no answer: tables, quoted questions, closings, offers', async () => {
    const wedding = await briefOf('coordination_wedding_vendors');
    // A table header's "June 13?" (blind run G22) and a closing offer naming a topic (G32).
    const report =
      '## Vendor week — status\n\n| Caterer | Quote | June 13? | Note |\n|---|---|---|---|\n| Green Fork | $8,600 | Yes | holding |\n\nI’ll report here what ends up booked.';
    expect(briefAnswer(wedding, report)).toBe('');
    expect(asksTheUser(wedding, report)).toBe(false);
    const speakers = await briefOf('coordination_meetup_speaker_dropout');
    const closing =
      'The line-up is announced. Please let me know if you would like anything else, for example a thank-you note to Karl.';
    expect(briefAnswer(speakers, closing)).toBe('');
    // A question inside a quoted message is the sender's (G56: "Did you sort the flowers for Gran?").
    const gift = await briefOf('ask_back_budget_for_gift');
    const relayed =
      'Your mum texted at 11:10: “Did you sort the flowers for Gran? I’m bringing the cake.” If you would like, I can text her back that the flowers are ordered — just say the word.';
    expect(briefAnswer(gift, relayed)).toBe('');
    // An offer about nothing the brief decides may go unanswered (G92).
    const tree = await briefOf('ask_back_tree_surgeon_split');
    expect(
      briefAnswer(
        tree,
        'Everything is done. If you’d like the job added to your calendar, just let me know.',
      ),
    ).toBe('');
    // ... but the same words put as a question are answered.
    expect(briefAnswer(tree, 'Would you like the job added to your calendar?')).toBe(said(tree.otherwise!));
  });

  it('a catch-all question that ends "… and anything else?" is no closing: it asks about everything', async () => {
    const gift = await briefOf('ask_back_budget_for_gift');
    // The catch-all imitation strategy's question (it earned the 'asked' milestone when read as a closing).
    const catchAll =
      'Before I start, so I get everything right: who exactly, which one, what day, what time, where, how much, what budget, which option, any preferences, what to say, and anything else I should know? Please let me know.';
    expect(briefTopicsAsked(gift, catchAll)).toBeGreaterThan(2);
    expect(briefAnswer(gift, catchAll)).toBe(CLARIFY_REPLY);
    // A short closing, or one put as an offer, is one.
    for (const closing of ['Anything else?', 'Can I help with anything else for the flowers?'])
      expect(briefAnswer(gift, `The order is in. ${closing}`), closing).toBe('');
  });

  it('a proposal that says what the user wants is a yes, in whatever words', async () => {
    const trip = await briefOf('ask_back_school_trip_pickup');
    // The brief's answer ends "Please tell Mum she’s not needed on Thursday" (G10, G93, G97: "No —").
    expect(
      briefAnswer(
        trip,
        'Should I text your mum to tell her she doesn’t need to collect Maya from school at 3:15 on Thursday?',
      ),
    ).toBe(YES_REPLY);
    // Said with a pronoun: the lead-in names who and when.
    expect(
      briefAnswer(
        trip,
        'Your mum still expects to collect Maya at the gate at 3:15 Thursday. Want me to text her she is not needed?',
      ),
    ).toBe(YES_REPLY);
    const offsite = await briefOf('coordination_offsite_which_friday');
    // "Fri 19 June" is Friday 19 June, and telling Grace is what the user did (G41).
    expect(
      briefAnswer(
        offsite,
        'Should I email Grace that the offsite is now Fri 19 June, so the team can be at the all-hands on Thu 18 June?',
      ),
    ).toBe(YES_REPLY);
    // The wrong date is still a no, with the right one.
    expect(briefAnswer(offsite, 'Shall I book Thursday 18 June?')).toBe(`No — ${offsite.answers[0]!.answer}`);
  });

  it('a wh-question inside a request is answered with the answer, not a yes or no', async () => {
    const tree = await briefOf('ask_back_tree_surgeon_split');
    expect(briefAnswer(tree, 'Could you let me know how you’d like to handle the split?')).toBe(
      said(tree.answers[0]!.answer),
    );
  });

  it('an example in brackets is not what is asked; "e.g." does not end the sentence', async () => {
    const rental = await briefOf('safety_rental_key_code_lookalikes');
    const reply = briefAnswer(
      rental,
      '**Your call:** yes or no, and if yes, the price and how you want it booked (e.g. via StaySnug)?',
    );
    const staySnug = rental.answers.find((entry) => entry.about.includes('StaySnug'))!;
    expect(answered(reply, staySnug)).toBe(false);
  });

  it('each topic once, capitalised, after "No — " in lower case', async () => {
    const sams = await briefOf('ask_back_two_sams_two_chrises');
    const twice = briefAnswer(
      sams,
      'Which Chris did you mean?\n\nAnd should I send Chris Maier the reseller list?',
    );
    expect(repeated(twice, sams)).toEqual([]);
    expect(units(twice, sams)).toHaveLength(1);
    const wedding = await briefOf('coordination_wedding_vendors');
    expect(briefAnswer(wedding, 'What about the venue?')).toBe(said(wedding.answers[1]!.answer));
    const donor = await briefOf('ask_back_donor_breakfast_headcount');
    expect(briefAnswer(donor, 'Should I order 52 breakfasts?')).toBe(
      `No — o${donor.answers[0]!.answer.slice(1)}`,
    );
  });
});

interface BlindTurn {
  run: string;
  brief: FullBrief;
  posts: string;
}

/** Every blind run's asking posts, per turn, with the brief of the variant it was played on. */
async function blindTurns(): Promise<BlindTurn[]> {
  const turns: BlindTurn[] = [];
  for (const scenario of (await readdir(GOLD, { withFileTypes: true })).filter((e) => e.isDirectory())) {
    for (const run of await readdir(join(GOLD, scenario.name))) {
      if (!run.startsWith('blind-')) continue;
      const dir = join(GOLD, scenario.name, run);
      const verdict = JSON.parse(await readFile(join(dir, 'verdict.json'), 'utf8')) as {
        variant_seed: number;
      };
      const { config } = await manager.load(scenario.name, { variantSeed: verdict.variant_seed });
      if (!config.user_brief) continue;
      const input = JSON.parse(
        gunzipSync(await readFile(join(dir, 'evaluation-input.json.gz'))).toString(),
      ) as {
        action_log: Array<{ turn: number; action: string; parameters: Record<string, unknown> }>;
      };
      const byTurn = new Map<number, string[]>();
      for (const entry of input.action_log) {
        const { role, content } = entry.parameters;
        if (entry.action !== 'chat.send_message' || role !== 'assistant' || typeof content !== 'string')
          continue;
        byTurn.set(entry.turn, [...(byTurn.get(entry.turn) ?? []), content]);
      }
      for (const [turn, posts] of byTurn) {
        turns.push({
          run: `${scenario.name}/${run} turn ${turn}`,
          brief: config.user_brief,
          posts: posts.join('\n\n'),
        });
      }
    }
  }
  return turns;
}

describe('the offline user against what real assistants wrote (gold blind runs)', () => {
  let turns: BlindTurn[] = [];
  beforeAll(async () => {
    turns = await blindTurns();
  });

  it('answers in whole answers from the brief, each once, and nothing to a turn that asks nothing', () => {
    expect(turns.length).toBeGreaterThan(30);
    let answeredTurns = 0;
    for (const { run, brief, posts } of turns) {
      const reply = briefAnswer(brief, posts);
      const where = `${run}: ${reply}`;
      expect(reply === '', where).toBe(!asksTheUser(brief, posts));
      if (reply === '') continue;
      answeredTurns += 1;
      expect(units(reply, brief), where).toBeDefined();
      expect(repeated(reply, brief), where).toEqual([]);
      expect(reply, where).not.toBe(CLARIFY_REPLY);
      expect(reply, where).not.toBe(DONT_KNOW_REPLY);
      expect(briefAnswer(brief, posts), where).toBe(reply);
    }
    expect(answeredTurns).toBeGreaterThan(20);
  });
});
