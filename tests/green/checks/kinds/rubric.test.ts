import { FakeListChatModel } from '@langchain/core/utils/testing';
import { describe, expect, it } from 'vitest';
import {
  checkSpecSchema,
  runCheck,
  verdictSchema,
  type RubricCheck,
} from '../../../../src/green/checks/index.js';
import { checkContext } from '../fixtures.js';

const rubric = (scale: unknown) =>
  checkSpecSchema.parse({ kind: 'rubric', prompt: 'Is it polite?', scale }) as RubricCheck;

describe('rubric', () => {
  it('the scale is part of the answer schema: a 0-or-10 rubric cannot record 7', () => {
    const schema = verdictSchema(rubric({ levels: [0, 10] }));
    expect(schema.safeParse({ score: 10, rationale: 'ok' }).success).toBe(true);
    expect(schema.safeParse({ score: 7, rationale: 'ok' }).success).toBe(false);
    expect(verdictSchema(rubric({ min: 0, max: 5 })).safeParse({ score: 6, rationale: 'x' }).success).toBe(
      false,
    );
  });

  it('scores on the scale with the judge’s rationale; an answer off the scale throws (the judge reports it not evaluated)', async () => {
    const ctx = {
      ...checkContext(),
      llm: new FakeListChatModel({ responses: ['{"score": 8, "rationale": "Warm."}'] }),
    };
    const outcome = await runCheck(ctx as never, rubric({ min: 0, max: 10 }));
    expect(outcome).toMatchObject({ fraction: 0.8, explanation: 'Warm.' });
    const off = {
      ...checkContext(),
      llm: new FakeListChatModel({ responses: ['{"score": 7, "rationale": "x"}'] }),
    };
    await expect(runCheck(off as never, rubric({ levels: [0, 10] }))).rejects.toThrow();
  });
});
