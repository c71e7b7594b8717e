import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIOS_DIR, ScenarioManager } from '../../src/green/scenarios/loader.js';
import {
  briefAnswer,
  briefTopicsAsked,
  CLARIFY_REPLY,
  DONT_KNOW_REPLY,
  YES_REPLY,
} from '../../src/llm/user-brief-answers.js';
import { answered, repeated, said, units, type FullBrief } from './brief-reply-units.js';

/**
 * The offline user against every scenario with a brief: the oracle's ask-back questions, a
 * question on each topic, a topic only mentioned beside a question on another, and a reference
 * quoted in a question. Each reply is made of whole answers from the brief (or yes, or "I don't
 * know"), one per question — never a splice of answers, never a topic that was not asked.
 */

interface Briefed {
  id: string;
  brief: FullBrief;
  /** The oracle's chat posts that ask the user something. */
  asks: string[];
}

describe('the offline user answers what is asked', () => {
  const scenarios: Briefed[] = [];

  beforeAll(async () => {
    const manager = new ScenarioManager(DEFAULT_SCENARIOS_DIR);
    for (const id of await manager.listIds()) {
      const { config, dir } = await manager.load(id);
      if (!config.user_brief) continue;
      const oracle = JSON.parse(await readFile(join(dir, 'oracle.json'), 'utf8')) as {
        steps: Array<{ post?: string }>;
        mutants?: Array<{ steps: Array<{ post?: string }> }>;
      };
      const posts = [...oracle.steps, ...(oracle.mutants ?? []).flatMap((mutant) => mutant.steps)]
        .map((step) => step.post)
        .filter((post): post is string => typeof post === 'string' && post.includes('?'));
      scenarios.push({ id, brief: config.user_brief, asks: [...new Set(posts)] });
    }
  });

  it('to the oracle’s questions: whole answers on the one or two topics asked, nothing spliced', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(15);
    let asked = 0;
    for (const { id, brief, asks } of scenarios) {
      for (const question of asks) {
        const reply = briefAnswer(brief, question);
        const where = `${id}: ${question} → ${reply}`;
        expect(reply, where).not.toBe(CLARIFY_REPLY);
        expect(units(reply, brief), where).toBeDefined();
        expect(repeated(reply, brief), where).toEqual([]);
        const topics = briefTopicsAsked(brief, question);
        expect(topics, where).toBeGreaterThanOrEqual(1);
        expect(topics, where).toBeLessThanOrEqual(2);
        asked += 1;
      }
    }
    expect(asked).toBeGreaterThanOrEqual(10);
  });

  it('to a question on each topic: that topic’s answer, as a whole', () => {
    for (const { id, brief } of scenarios) {
      for (const entry of brief.answers) {
        const cue = entry.about[0]!;
        const question = `What about the ${cue}?`;
        const reply = briefAnswer(brief, question);
        const where = `${id}: ${question} → ${reply}`;
        expect(answered(reply, entry), where).toBe(true);
        expect(units(reply, brief), where).toBeDefined();
      }
    }
  });

  it('not to a topic only mentioned beside the question, nor to a reference the question quotes', () => {
    let pairs = 0;
    for (const { id, brief } of scenarios) {
      for (const asked of brief.answers) {
        for (const mentioned of brief.answers) {
          if (mentioned === asked) continue;
          const cue = asked.about[0]!;
          // The mention's cue must not be one of the asked topic's own cues.
          // An interrogative cue ("when") asks wherever it stands; a mention is a noun or a name.
          const aside = mentioned.about.find(
            (candidate) =>
              !/^(?:which|what|when|where|who|how)\b/i.test(candidate) &&
              !asked.about.some((own) => own.toLowerCase() === candidate.toLowerCase()),
          );
          if (aside === undefined) continue;
          for (const question of [
            `I saw the ${aside} in your mail earlier. What about the ${cue}?`,
            `Given the ${aside} you mentioned, what about the ${cue}?`,
          ]) {
            const reply = briefAnswer(brief, question);
            const where = `${id}: ${question} → ${reply}`;
            expect(answered(reply, asked), where).toBe(true);
            if (!asked.about.some((own) => mentioned.about.includes(own)))
              expect(answered(reply, mentioned), where).toBe(false);
            pairs += 1;
          }
        }
      }
    }
    expect(pairs).toBeGreaterThan(20);
    // The reported case: the PO number quoted in a question about the headcount.
    const donor = scenarios.find((scenario) => scenario.id === 'ask_back_donor_breakfast_headcount')!;
    const reply = briefAnswer(donor.brief, 'For PO 4471, how many breakfasts should I order?');
    expect(reply).toBe(donor.brief.answers[0]!.answer);
  });

  it('to a short question that points back: about the options laid out around it', () => {
    const tree = scenarios.find((scenario) => scenario.id === 'ask_back_tree_surgeon_split')!;
    const question =
      'Malik wants a different split: he proposes he pays £160 while you and Ruth pay £280 each. How would you like to handle it? I can hold him to £240, accept his proposal, or put a different figure to him.';
    expect(briefAnswer(tree.brief, question)).toBe(tree.brief.answers[0]!.answer);
    // Bold after the question mark, a lead-in before a wh-question, options listed after a short one.
    expect(
      briefAnswer(
        tree.brief,
        'Malik wants £160.\n\n**Your call — how should I answer Malik?**\n- Accept £160 / £280\n- Keep £240',
      ),
    ).toBe(tree.brief.answers[0]!.answer);
    expect(
      briefAnswer(tree.brief, "Sorry — which do you mean? A. Accept Malik's split. B. Keep £240 each."),
    ).toBe(tree.brief.answers[0]!.answer);
    // A question that points nowhere still gets the brief's otherwise.
    expect(briefAnswer(tree.brief, 'Malik wants a different split. Is the weather fine for Saturday?')).toBe(
      tree.brief.otherwise?.trim(),
    );
  });

  it('says what it does not know: the brief’s otherwise, or "I don’t know" without one', () => {
    for (const { id, brief } of scenarios) {
      const reply = briefAnswer(brief, 'Should I book a taxi to the zoo?');
      expect(reply, id).toBe(brief.otherwise ? said(brief.otherwise) : DONT_KNOW_REPLY);
      expect(briefAnswer({ answers: brief.answers }, 'Is the aquarium trip on?'), id).toBe(DONT_KNOW_REPLY);
    }
  });

  it('answers a yes/no question once: yes, the brief’s own yes or no, or no with what it wants instead', () => {
    const offsite = scenarios.find((scenario) => scenario.id === 'coordination_offsite_which_friday')!;
    const date = offsite.brief.answers[0]!.answer;
    // The reported splice: a proposal on the date that mentions lunch is answered on the date alone.
    expect(briefAnswer(offsite.brief, 'Shall I book Thursday 18 June for the offsite and order lunch?')).toBe(
      `No — ${date}`,
    );
    expect(briefAnswer(offsite.brief, 'Shall I book Friday 19 June?')).toBe(YES_REPLY);
    const deposit = scenarios.find((scenario) => scenario.id === 'follow_up_deposit_refund_chase')!;
    expect(briefAnswer(deposit.brief, 'Do you want to dispute the $450?')).toBe(
      deposit.brief.answers[0]!.answer,
    );
    // A proposal naming only an option is about the topic its lead-in sets (blind run G100).
    const dinner = scenarios.find((scenario) => scenario.id === 'ask_back_anniversary_dinner')!;
    const restaurant = dinner.brief.answers.find((entry) => entry.about.includes('restaurant'))!.answer;
    expect(
      briefAnswer(
        dinner.brief,
        'Dan suggested Trattoria Nonna, and Bella Vista is your usual restaurant. Should I go with Trattoria Nonna?',
      ),
    ).toBe(`No — ${restaurant}`);
    // The lead-in may take two sentences and name the option the user wants only by its name (G103).
    expect(
      briefAnswer(
        dinner.brief,
        'For the restaurant, Dan emailed that your mum would love Italian and suggested Trattoria Nonna. Your contacts also have Bella Vista saved as your favourite. Should I go with Trattoria Nonna?',
      ),
    ).toBe(`No — ${restaurant}`);
    // A choice between options is answered with the option, not "yes" (G117, G125).
    const choice =
      'Also, Dan emailed that your mum would love Italian and suggested Trattoria Nonna (your call). Go with Trattoria Nonna, or Bella Vista?';
    expect(briefAnswer(dinner.brief, choice)).toBe(restaurant);
    expect(
      briefAnswer(dinner.brief, 'Do you want me to keep waiting on them, or try Bella Vista instead?'),
    ).toBe(restaurant);
    // "… or not?" still asks yes or no.
    expect(briefAnswer(dinner.brief, 'Should I book Bella Vista or not?')).toBe(YES_REPLY);
  });

  it('is deterministic', () => {
    for (const { brief, asks } of scenarios) {
      for (const question of asks) expect(briefAnswer(brief, question)).toBe(briefAnswer(brief, question));
    }
  });
});
