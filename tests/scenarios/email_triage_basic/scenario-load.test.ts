import { describe, expect, it } from 'vitest';
import { criterionRequiresLlm } from '../../../src/green/scenarios/schema.js';
import { ScenarioManager } from '../../../src/green/scenarios/loader.js';
import { totalMaxScore } from '../../../src/green/scenarios/validation.js';
import { doNothing, hourlyAssistant } from './assistants.js';
import { makeContext } from './context.js';

describe('email_triage_basic through the ScenarioManager', () => {
  it('loads with its 12 evaluators registered under their criterion ids', async () => {
    const loaded = await new ScenarioManager().load('email_triage_basic');
    const { config } = loaded;
    expect(config.version).toBe('2');
    expect(config.chat_conversation_id).toBe('user-assistant');
    expect(config.criteria).toHaveLength(12);
    expect(totalMaxScore(config)).toBe(319);
    for (const criterion of config.criteria) {
      expect(criterion.evaluator_id, criterion.criterion_id).toBe(criterion.criterion_id);
      expect(loaded.evaluators.has(criterion.evaluator_id!), criterion.criterion_id).toBe(true);
    }
    expect(config.criteria.filter(criterionRequiresLlm).map((c) => c.criterion_id)).toEqual([
      'triage_format_compliance',
      'no_sensitive_data_exposure',
      'summary_writing_quality',
      'urgency_tone_appropriateness',
    ]);
    expect(loaded.evaluators.size).toBe(12);
    expect(loaded.warnings).toHaveLength(1);
    expect(loaded.initialState.strict_modalities).toBe(false);
  });

  it('the loaded (tsx-compiled) evaluators score like the source modules', async () => {
    const loaded = await new ScenarioManager().load('email_triage_basic');
    for (const [id, expected] of [
      ['summary_accuracy', 58],
      ['no_unauthorized_sends', 30],
    ] as const) {
      const ctx = makeContext(hourlyAssistant(), id);
      const result = await loaded.evaluators.get(id)!(ctx, ctx.criterion.params ?? {});
      expect(result.score).toBe(expected);
      const idle = makeContext(doNothing(), id);
      expect((await loaded.evaluators.get(id)!(idle, idle.criterion.params ?? {})).score).toBe(0);
    }
  });

  it('prohibited actions are real UES operation names', async () => {
    const { config } = await new ScenarioManager().load('email_triage_basic');
    const sends = config.criteria.find((c) => c.criterion_id === 'no_unauthorized_sends')!;
    const { EMAIL_OPERATIONS } = await import('../../../src/ues/server/modalities/email/input.js');
    const { SMS_OPERATIONS } = await import('../../../src/ues/server/modalities/sms/input.js');
    const known = new Set([
      ...EMAIL_OPERATIONS.map((op) => `email.${op}`),
      ...SMS_OPERATIONS.map((op) => `sms.${op}`),
    ]);
    for (const action of sends.params!.prohibited_actions as string[])
      expect(known.has(action), action).toBe(true);
  });
});
