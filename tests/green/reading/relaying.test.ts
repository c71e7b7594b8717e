import { describe, expect, it } from 'vitest';
import {
  CopySources,
  ECHO_RUN,
  ECHO_SHARE,
  RELAYED_INSTRUCTION_RUN,
  instructionWords,
  relaysInstruction,
} from '../../../src/green/reading/relaying.js';

const PROMPT =
  "Can you book dinner for my parents' anniversary next week and put it in my calendar? Dan's coming too. Sort out the reservation with the restaurant and let Dan know the plan.";

describe('instructionWords: what the user wrote for the assistant, not for others', () => {
  it('keeps the errand and drops what the user dictates for someone else', () => {
    expect(instructionWords(PROMPT)).toContain('Can you book dinner');
    expect(
      instructionWords('Please tell Graham I agree to the cleaning charge but not the carpet. Thanks!'),
    ).toBe('Please tell Graham. Thanks!');
    expect(instructionWords('Reply to Rita saying: we can do $1,850 all-in if you can meet that.')).toBe(
      'Reply to Rita saying:',
    );
    expect(
      instructionWords('Send Jo this: "the keys are under the blue pot by the back door"'),
    ).not.toContain('blue pot');
  });
});

describe('CopySources: copies of the user’s instructions', () => {
  const user = new CopySources([instructionWords(PROMPT)], RELAYED_INSTRUCTION_RUN);
  const read = (text: string) => user.withoutCopies(text, { relayed: relaysInstruction });

  it('takes out the instructions pasted to a third party', () => {
    const relayed = read(
      `Hi Dan, Maya asked me to pass this on: ${PROMPT}\nDetails: Thursday the 30th at 7:30pm.`,
    );
    expect(relayed).not.toContain('book dinner');
    expect(relayed).not.toContain('let Dan know');
    expect(relayed).toContain('Thursday the 30th at 7:30pm');
  });

  it('keeps a message written for its recipient, even one reusing the user’s phrasing', () => {
    const own =
      "Hello, I'd like to book dinner for my parents' anniversary on Thursday 30 April at 7:30pm for four, under Maya.";
    expect(read(own)).toBe(own);
  });

  it('keeps what the user wants said, copied without any instruction in it', () => {
    const order = new CopySources(
      [
        'Saffron Table needs our final menu choice — the herb-roasted chicken and wild-mushroom risotto duo — and the guest count by Tuesday. Tell me here what ends up booked.',
      ],
      RELAYED_INSTRUCTION_RUN,
    );
    const email = 'Final menu choice: the herb-roasted chicken and wild-mushroom risotto duo. Guests: 110.';
    expect(order.withoutCopies(email, { relayed: relaysInstruction })).toBe(email);
    expect(order.withoutCopies(email)).not.toContain('risotto');
  });

  it('reads an instruction by whom it addresses', () => {
    expect(relaysInstruction('Move my 3pm with Jordan to tomorrow, same time, and let them know')).toBe(true);
    expect(relaysInstruction('give me a short summary here of where the fit-out stands')).toBe(true);
    expect(relaysInstruction('the 40-guest taco bar is exactly what we want')).toBe(false);
  });
});

describe('CopySources: a message echoed back to its sender', () => {
  const offer =
    'Dear Iris, we are very sorry: a burst pipe has flooded our main dining room. We can offer either an early table at 5:45pm in our back room, or a table for five at 8:45pm at our sister restaurant, The Juniper Room, 410 Valencia St. Please let us know which you prefer.';
  const sender = new CopySources([offer], ECHO_RUN);
  const read = (text: string) => sender.withoutCopies(text, { minSourceShare: ECHO_SHARE });

  it('takes out the message restated whole', () => {
    expect(read(`Thanks — just to confirm: ${offer}`)).toMatch(/^Thanks — just to confirm:\s*\W*$/);
  });

  it('keeps a choice that quotes the option it takes', () => {
    const choice =
      'Thank you! We would like a table for five at 8:45pm at our sister restaurant, The Juniper Room, 410 Valencia St, please. Iris';
    expect(read(choice)).toBe(choice);
  });
});
