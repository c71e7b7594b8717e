import { describe, expect, it } from 'vitest';
import {
  InvalidAssessmentRequestError,
  REQUEST_EXAMPLE,
  SUITE_REQUEST_EXAMPLE,
  readAssessmentRequest,
  selectParticipant,
} from '../../../src/green/executor/index.js';
import { buildMessage, dataPart, textPart } from '../../../src/protocol/index.js';

const asText = (value: unknown) =>
  buildMessage([textPart(typeof value === 'string' ? value : JSON.stringify(value))]);

function rejection(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidAssessmentRequestError);
    return (error as Error).message;
  }
  throw new Error('expected a rejection');
}

describe('readAssessmentRequest', () => {
  it('reads the platform’s JSON TextPart (bug 10) and a DataPart alike, keeping extra config keys', () => {
    const request = {
      participants: { agent: 'http://purple:9009' },
      config: { scenario_id: 'email_triage_basic', max_turns: 13, shard_index: 0, num_shards: 2 },
    };
    const fromText = readAssessmentRequest(asText(`  ${JSON.stringify(request)}\n`));
    const fromData = readAssessmentRequest(buildMessage([dataPart(request)]));
    expect(fromText).toEqual(fromData);
    expect(fromText).toMatchObject({
      participantRole: 'agent',
      purpleUrl: 'http://purple:9009',
      config: { scenario_id: 'email_triage_basic', max_turns: 13, shard_index: 0, num_shards: 2 },
    });
  });

  it('accepts the examples it advertises on its agent card', () => {
    expect(readAssessmentRequest(asText(REQUEST_EXAMPLE)).plan.kind).toBe('single');
    const suite = readAssessmentRequest(asText(SUITE_REQUEST_EXAMPLE)).plan;
    expect(suite.kind).toBe('suite');
  });

  it('refuses a variant seed on a suite, naming the key', () => {
    const request = (config: Record<string, unknown>) =>
      asText({ participants: { assistant: 'http://127.0.0.1:9019/' }, config });
    expect(rejection(() => readAssessmentRequest(request({ scenarios: 'all', variant_seed: 2 })))).toBe(
      'invalid assessment request: config.variant_seed: applies to one scenario (scenario_id, one trial), not to a suite',
    );
    expect(
      rejection(() => readAssessmentRequest(request({ scenario_id: 'a', trials: 3, variant_seed: 1 }))),
    ).toContain('config.variant_seed');
    expect(readAssessmentRequest(request({ scenario_id: 'a', variant_seed: 1 })).plan.kind).toBe('single');
  });

  it('names what is wrong with a malformed request', () => {
    expect(rejection(() => readAssessmentRequest(asText('evaluate my agent')))).toMatch(
      /^the request text is not a JSON object; send \{"participants"/,
    );
    expect(rejection(() => readAssessmentRequest(buildMessage([])))).toMatch(
      /^the request holds no JSON object/,
    );
    expect(rejection(() => readAssessmentRequest(asText({ config: { scenario_id: 'x' } })))).toBe(
      'invalid assessment request: participants: is required',
    );
    expect(
      rejection(() => readAssessmentRequest(asText({ participants: {}, config: { scenario_id: 'x' } }))),
    ).toBe('invalid assessment request: participants: must name at least one participant');
    expect(
      rejection(() =>
        readAssessmentRequest(
          asText({
            participants: { assistant: 'ftp://x' },
            config: { scenario_id: 'x', max_turns: 2.5, seed: -1 },
          }),
        ),
      ),
    ).toBe(
      'invalid assessment request: participants.assistant: must be an absolute http(s) URL of the participant’s A2A endpoint; config.max_turns: must be an integer; config.seed: must be >= 0',
    );
  });
});

describe('selectParticipant', () => {
  it('takes the only participant whatever its role', () => {
    expect(selectParticipant({ whoever: 'http://a/' })).toEqual(['whoever', 'http://a/']);
  });

  it('prefers the one role named like the assistant', () => {
    expect(selectParticipant({ judge: 'http://j/', 'Personal-Assistant': 'http://p/' })).toEqual([
      'Personal-Assistant',
      'http://p/',
    ]);
    expect(selectParticipant({ other: 'http://o/', purple: 'http://p/' })[0]).toBe('purple');
  });

  it('rejects several candidates or none', () => {
    expect(rejection(() => selectParticipant({ assistant: 'http://a/', agent: 'http://b/' }))).toContain(
      'several assistant roles ("assistant", "agent")',
    );
    expect(rejection(() => selectParticipant({ pro: 'http://a/', con: 'http://b/' }))).toContain(
      'none is the assistant; name the assistant’s role one of assistant, purple, agent, personal_assistant',
    );
  });
});
