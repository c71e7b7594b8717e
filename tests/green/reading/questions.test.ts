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
    expect(ownQuestions('Dan asks: "Can you put me down on the trip form?"', received)).toHaveLength(1);
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
      'About the delivery: **which would you like?**',
      '- Option 1: Friday at $2,150',
      '- Option 2: Monday at $1,950',
      '',
      'I have accepted nothing yet.',
    ].join('\n');
    const [question] = ownQuestions(text, []);
    expect(question!.question).toBe('About the delivery: **which would you like?**');
    expect(question!.passage).toContain('Monday at $1,950');
    expect(question!.passage).not.toContain('Rita came back');
    expect(question!.passage).not.toContain('accepted nothing');
  });

  it('a statement asks nothing', () => {
    expect(ownQuestions('I booked Friday at 7pm. All set.', received)).toEqual([]);
  });
});
