import { splitBlocks } from './blocks.js';
import { contentWords } from './copying.js';
import { FactText } from './fact-text.js';
import { type ExpectedValues, type Fact, type FactContext, type StatedText } from './facts.js';
import type { HedgeAllowance } from './hedging.js';

/**
 * A chat report read for facts: a report to the user legitimately holds many dates and times, one
 * or two per item, so hedging is judged per block (bullet, paragraph) rather than over the whole
 * post. Consecutive blocks that hold nothing but values ("- Monday Sep 21", "- Tuesday Sep 22"…)
 * are one list, judged together: splitting a flood into bullets does not make it an answer.
 */

const VALUE_WORDS =
  /^(?:\d.*|jan\w*|feb\w*|mar\w*|apr\w*|may|june?|july?|aug\w*|sep\w*|oct\w*|nov\w*|dec\w*|mon\w*|tue\w*|wed\w*|thu\w*|fri\w*|sat\w*|sun\w*|am|pm|a\.m|p\.m|noon|midnight|today|tomorrow|tonight|usd|eur|gbp|dollars?|k)$/;

/** Whether a block holds only values (dates, times, figures) and at most one other word. */
function bare(raw: string): boolean {
  return contentWords(raw).filter((word) => !VALUE_WORDS.test(word)).length < 2;
}

export class ReportText implements StatedText {
  private readonly whole: FactText;
  private readonly units: FactText[];

  constructor(raw: string, ctx: FactContext) {
    this.whole = new FactText(raw, ctx);
    const groups: string[][] = [];
    let run: string[] | null = null;
    for (const block of splitBlocks(raw)) {
      if (bare(block.raw)) {
        if (run === null) {
          run = [];
          groups.push(run);
        }
        run.push(block.raw);
      } else {
        run = null;
        groups.push([block.raw]);
      }
    }
    this.units = groups.map((lines) => new FactText(lines.join('\n'), ctx));
  }

  has(fact: Fact): boolean {
    return this.whole.has(fact);
  }

  asserts(fact: Fact): boolean {
    return this.whole.asserts(fact);
  }

  mentions(fact: Fact): boolean {
    return this.whole.mentions(fact);
  }

  assertsWrong(fact: Fact, expected: ExpectedValues): boolean {
    return this.whole.assertsWrong(fact, expected);
  }

  hedges(fact: Fact, allowance: HedgeAllowance, expected: ExpectedValues): boolean {
    return this.units.every((unit) => !unit.has(fact) || unit.hedges(fact, allowance, expected));
  }
}
