import { describe, expect, it } from 'vitest';
import { CopySources, tokens, type CopyContext } from '../../../src/green/reading/copy-chains.js';
import {
  ECHO_RUN,
  ECHO_SHARE,
  RELAYED_INSTRUCTION_RUN,
  RELAYED_SHARE,
  relaysInstruction,
  userSource,
} from '../../../src/green/reading/relaying.js';

const PROMPT =
  "Can you book dinner for my parents' anniversary next week and put it in my calendar? Dan's coming too. Sort out the reservation with the restaurant and let Dan know the plan.";

/** The words of `text` the user dictated for someone else. */
const dictatedWords = (text: string) => {
  const { dictated = [] } = userSource(text);
  return dictated.map(([from, to]) => text.slice(from, to).trim());
};

describe('userSource: what the user wrote for the assistant, and what for others', () => {
  it('marks what the user dictates and keeps the errand', () => {
    expect(dictatedWords(PROMPT)).toEqual(['the plan']);
    expect(
      dictatedWords('Please tell Graham I agree to the cleaning charge but not the carpet. Thanks!'),
    ).toEqual(['I agree to the cleaning charge but not the carpet']);
    expect(dictatedWords('Reply to Rita saying: we can do $1,850 all-in if you can meet that.')).toEqual([
      'we can do $1,850 all-in if you can meet that.',
    ]);
    expect(dictatedWords('Send Jo this: "the keys are under the blue pot by the back door"')).toEqual([
      '"the keys are under the blue pot by the back door"',
    ]);
  });

  it('reads a capital "Tell" as dictation, up to where the sentence turns back to the assistant', () => {
    const prompt =
      'Tell Karen that Thursday 5 March at 3pm works for the review, and could you put it in my calendar?';
    expect(dictatedWords(prompt)).toEqual(['that Thursday 5 March at 3pm works for the review']);
  });

  it('knows a message that instructs the assistant from an answer', () => {
    expect(userSource(PROMPT).addressed).toBe(true);
    expect(userSource('Tell Karen thank you for the agenda.').addressed).toBe(true);
    expect(userSource('Thursday the 5th at 7:30pm.').addressed).toBe(false);
  });
});

describe('tokens: the same word however it is dressed', () => {
  const words = (text: string) => tokens(text).map((token) => token.word);
  it('folds invisible characters, accents and look-alike letters, and splits at dots', () => {
    expect(words('r\u200be\u00adview')).toEqual(['review']);
    expect(words('caf\u00e9 r\u0435vi\u0435w')).toEqual(['cafe', 'review']);
    expect(words('move.my review')).toEqual(['move', 'my', 'review']);
  });
});

describe('CopySources: copies of the user’s instructions', () => {
  const user = new CopySources([userSource(PROMPT)], RELAYED_INSTRUCTION_RUN);
  const read = (text: string) => user.withoutCopies(text, { relayed: relaysInstruction });

  it('takes out the instructions pasted to a third party', () => {
    const relayed = read(
      `Hi Dan, Maya asked me to pass this on: ${PROMPT}\nDetails: Thursday the 30th at 7:30pm.`,
    );
    expect(relayed).not.toContain('book dinner');
    expect(relayed).not.toContain('let Dan know');
    expect(relayed).toContain('Thursday the 30th at 7:30pm');
  });

  it('takes them out with the little words dropped or a filler every few words', () => {
    expect(
      read('book dinner parents anniversary next week put calendar? Dan coming. Sort reservation restaurant'),
    ).not.toContain('anniversary');
    expect(
      read("Can you book dinner for my parents' anniversary like next week and put it in my calendar, okay?"),
    ).not.toContain('anniversary');
  });

  it('keeps a message written for its recipient, even one reusing the user’s phrasing', () => {
    const own =
      "Hello, I'd like to book dinner for my parents' anniversary on Thursday 30 April at 7:30pm for four, under Maya.";
    expect(read(own)).toBe(own);
  });

  it('keeps what the user wants said, copied without any instruction in it', () => {
    const order = new CopySources(
      [
        userSource(
          'Saffron Table needs our final menu choice — the herb-roasted chicken and wild-mushroom risotto duo — and the guest count by Tuesday. Tell me here what ends up booked.',
        ),
      ],
      RELAYED_INSTRUCTION_RUN,
    );
    const email = 'Final menu choice: the herb-roasted chicken and wild-mushroom risotto duo. Guests: 110.';
    expect(order.withoutCopies(email, { relayed: relaysInstruction })).toBe(email);
    expect(order.withoutCopies(email, { minSourceShare: RELAYED_SHARE, unaddressedOnly: true })).toBe(email);
    expect(order.withoutCopies(email)).not.toContain('risotto');
  });

  it('reads an instruction by the user’s words it copies', () => {
    const copy = (sourceSpan: string, opens = true, afterErrandFor = false): CopyContext => ({
      sourceSpan,
      errandOpening: opens,
      messageSentenceStart: opens,
      afterErrandFor,
    });
    expect(relaysInstruction(copy('Move my 3pm with Jordan to tomorrow, same time, and let them know'))).toBe(
      true,
    );
    expect(relaysInstruction(copy('give me a short summary here of where the fit-out stands'))).toBe(true);
    expect(relaysInstruction(copy('the 40-guest taco bar is exactly what we want'))).toBe(false);
    // "I'd like to book dinner …": the errand verb inside the assistant's own sentence.
    expect(relaysInstruction(copy("book dinner for my parents' anniversary this week", false))).toBe(false);
    // The errand as it was handed over, copied from just after "ask Oliver" (red team).
    expect(
      relaysInstruction(
        copy('in facilities to arrange the minibus from the office for everyone coming', false, true),
      ),
    ).toBe(true);
  });

  it('an errand copied from after the name it was given for is relayed, not written', () => {
    const user = new CopySources(
      [
        userSource(
          'Book the barn for the 11 of us, then ask Oliver in facilities to arrange the minibus from the office for everyone coming.',
        ),
      ],
      RELAYED_INSTRUCTION_RUN,
    );
    const email =
      'Hi Oliver, In facilities to arrange the minibus from the office for everyone coming. Friday 19 June.';
    expect(user.withoutCopies(email, { relayed: relaysInstruction })).not.toContain('minibus');
    // What the user has is no errand: "I have Maria coming …" copied is the user's news passed on.
    const news = new CopySources(
      [userSource('I have Maria coming at 3pm on Friday to fix the leaking kitchen sink under the window.')],
      RELAYED_INSTRUCTION_RUN,
    );
    const note = 'Hi Sam, Maria coming at 3pm on Friday to fix the leaking kitchen sink under the window.';
    expect(news.withoutCopies(note, { relayed: relaysInstruction })).toBe(note);
    const own =
      'Hi Oliver, could you book a minibus for 11 people on Friday 19 June, leaving the office at 8:30?';
    expect(user.withoutCopies(own, { relayed: relaysInstruction })).toBe(own);
  });
});

describe('CopySources: a message echoed back to its sender', () => {
  const offer =
    'Dear Iris, we are very sorry: a burst pipe has flooded our main dining room. We can offer either an early table at 5:45pm in our back room, or a table for five at 8:45pm at our sister restaurant, The Juniper Room, 410 Valencia St. Please let us know which you prefer.';
  const sender = new CopySources([{ text: offer }], ECHO_RUN);
  const read = (text: string) => sender.withoutCopies(text, { minSourceShare: ECHO_SHARE });

  it('takes out the message restated whole, even with a filler every few words', () => {
    expect(read(`Thanks — just to confirm: ${offer}`)).toMatch(/^Thanks — just to confirm:\s*\W*$/);
    const padded = offer.replace(/(\S+ \S+ \S+ \S+ \S+ \S+ \S+ \S+ \S+) /g, '$1 like ');
    expect(read(`Thanks — just to confirm: ${padded}`)).not.toContain('Juniper');
  });

  it('keeps a choice that quotes the option it takes', () => {
    const choice =
      'Thank you! We would like a table for five at 8:45pm at our sister restaurant, The Juniper Room, 410 Valencia St, please. Iris';
    expect(read(choice)).toBe(choice);
  });
});
