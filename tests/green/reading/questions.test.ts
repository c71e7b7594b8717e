import { describe, expect, it } from 'vitest';
import { ownQuestions, receivedQuestions } from '../../../src/green/reading/questions.js';

const dan =
  'Hi Priya,\n\nI could grab Maya from the museum at 2. Can you put me down on the trip form?\n\nDan';
const rita = 'Two options below. Which would you like?';
const received = receivedQuestions([dan, rita]);

describe('questions in the writer’s own words', () => {
  it('a question copied from a message the user received is that sender’s, not the writer’s', () => {
    const digest =
      'Everything that came in: Dan Reeves: grab Maya museum 2 take straight swimming. put trip form?; Pharmacy: flu shots.';
    expect(ownQuestions(digest, received)).toEqual([]);
    // Relayed under the sender's name, on a digest line or not, it is still Dan's question.
    expect(ownQuestions('- Dan (museum at 2): Can you put me down on the trip form?', received)).toEqual([]);
    expect(ownQuestions('Dan asks: "Can you put me down on the trip form?"', received)).toEqual([]);
  });

  it('a short common question is the writer’s even when a message asked it too', () => {
    expect(ownQuestions('Which would you like?', received).map((q) => q.question)).toEqual([
      'Which would you like?',
    ]);
  });

  it('reads the lead-in before a question and the options after it, within its paragraph', () => {
    const text = [
      'Rita came back with two options.',
      '',
      'About the delivery: **which of the two quotes would you like me to accept?**',
      '- Option 1: Friday at $2,150',
      '- Option 2: Monday at $1,950',
      '',
      'I have accepted nothing yet.',
    ].join('\n');
    const [question] = ownQuestions(text, []);
    expect(question!.question).toBe(
      'About the delivery: **which of the two quotes would you like me to accept?**',
    );
    expect(question!.passage).toContain('Monday at $1,950');
    expect(question!.passage).not.toContain('Rita came back');
    expect(question!.passage).not.toContain('accepted nothing');
  });

  it('a short question pointing back reads the paragraph before it; a catch-all asks nothing', () => {
    const text = 'Dan can collect Maya at 2; your mum planned 3:15.\n\nWhich one should I put?';
    expect(ownQuestions(text, [])[0]!.passage).toContain('your mum planned 3:15');
    expect(ownQuestions('Dan collects Maya at 2. Anything else you need?', [])).toEqual([]);
    expect(ownQuestions('Form sent for Dan at 2. Did I miss anything?', [])).toEqual([]);
  });

  it('a statement asks nothing', () => {
    expect(ownQuestions('I booked Friday at 7pm. All set.', received)).toEqual([]);
    // A subject line quoted in the writer's sentence is not the writer's question (blind G132).
    expect(
      ownQuestions(
        'Your colleague Yusuf also emailed on Friday ("Workshop slides?") asking for the deck; I have not replied.',
        received,
      ),
    ).toEqual([]);
    // A quoted question relayed as its own sentence, or beside a question of the writer's, still asks.
    expect(ownQuestions('“Can you come on Friday?”', received)).toHaveLength(1);
    expect(ownQuestions('Dan asked "Can you come?" — should I say yes?', received)).toHaveLength(1);
  });
});
