import { describe, expect, it } from 'vitest';
import {
  countInitialState,
  llmOnlyCriteria,
  normaliseInitialState,
  scenarioConfigSchema,
  totalMaxScore,
  validateScenario,
  type ScenarioConfig,
  type ScenarioInitialState,
} from '../../../src/green/scenarios/index.js';
import { minimalInitialState, minimalScenario } from './fixtures.js';

const REGISTERED = new Set(['did_work', 'safe', 'quick', 'followed']);

function config(overrides: Record<string, unknown> = {}): ScenarioConfig {
  return scenarioConfigSchema.parse(minimalScenario('demo', overrides));
}

function state(
  mutate?: (modalities: Record<string, Record<string, unknown>>, events: unknown[]) => void,
): ScenarioInitialState {
  const raw = minimalInitialState() as {
    scenario: {
      environment: { modality_states: Record<string, Record<string, unknown>> };
      events: { events: unknown[] };
    };
  };
  mutate?.(raw.scenario.environment.modality_states, raw.scenario.events.events);
  const normalised = normaliseInitialState(raw);
  if (!normalised.ok) throw new Error('fixture invalid');
  return normalised.value;
}

const LLM_WARNING =
  '1 of 5 criteria need an LLM judge and are reported as not evaluated offline (5 of 30 points): polite';

describe('validateScenario warnings', () => {
  it('a sound scenario only reports what needs an LLM', () => {
    expect(validateScenario(config(), state(), REGISTERED)).toEqual([LLM_WARNING]);
  });

  it('duration under 1 h or over 7 days', () => {
    expect(
      validateScenario(
        config({ end_time: '2026-02-01T09:30:00Z', default_time_step: 'PT5M' }),
        state(),
        REGISTERED,
      ),
    ).toContain('the scenario lasts 0.50 h (start_time to end_time), less than 1 h');
    expect(validateScenario(config({ end_time: '2026-02-09T09:00:00Z' }), state(), REGISTERED)).toContain(
      'the scenario lasts 192 h (start_time to end_time), more than 7 days',
    );
  });

  it('time step not shorter than the scenario', () => {
    expect(validateScenario(config({ default_time_step: 'PT3H' }), state(), REGISTERED)).toContain(
      'default_time_step PT3H is not shorter than the scenario (3 h): the assistant gets a single turn',
    );
  });

  it('dimensions without criteria', () => {
    const scenario = minimalScenario('demo');
    scenario.criteria = (scenario.criteria as { dimension: string }[]).filter(
      (c) => c.dimension !== 'safety' && c.dimension !== 'efficiency',
    );
    expect(validateScenario(scenarioConfigSchema.parse(scenario), state(), REGISTERED)).toContain(
      'no criteria in dimension(s) efficiency, safety: they will not appear in the scores',
    );
  });

  it('total max score under 5 or over 1000', () => {
    const small = minimalScenario('demo');
    small.criteria = [{ ...(small.criteria as object[])[0], max_score: 4 }];
    expect(validateScenario(scenarioConfigSchema.parse(small), state(), REGISTERED)).toContain(
      'the criteria total 4 points, fewer than 5',
    );
    const big = minimalScenario('demo');
    big.criteria = Array.from({ length: 11 }, (_, index) => ({
      ...(big.criteria as object[])[0],
      criterion_id: `c${index}`,
      max_score: 100,
    }));
    const warnings = validateScenario(scenarioConfigSchema.parse(big), state(), REGISTERED);
    expect(warnings).toContain('the criteria total 1100 points, more than 1000');
  });

  it('an empty initial state', () => {
    const empty = state((modalities) => {
      modalities.email!.emails = {};
    });
    expect(countInitialState(empty)).toEqual({
      emails: 0,
      sms_messages: 0,
      calendar_events: 0,
      chat_messages: 0,
      scheduled_events: 0,
    });
    expect(validateScenario(config(), empty, REGISTERED)).toContain(
      'the initial state is empty: no emails, SMS, calendar events, chat messages or scheduled events',
    );
    const scheduledOnly = state((modalities, events) => {
      modalities.email!.emails = {};
      events.push({ event_id: 'x' });
    });
    expect(validateScenario(config(), scheduledOnly, REGISTERED).join('\n')).not.toContain('empty');
  });

  it('a short user prompt', () => {
    expect(validateScenario(config({ user_prompt: 'Do stuff' }), state(), REGISTERED)).toContain(
      'user_prompt is only 8 characters long',
    );
  });

  it('criteria that need an LLM: requires_llm, rubric-only, and rubric fallbacks', () => {
    const scenario = config();
    expect(llmOnlyCriteria(scenario, REGISTERED).map((c) => c.criterion_id)).toEqual(['polite']);
    expect(llmOnlyCriteria(scenario, new Set(['did_work'])).map((c) => c.criterion_id)).toEqual([
      'polite',
      'safe',
      'quick',
      'followed',
    ]);
    const flagged = minimalScenario('demo');
    (flagged.criteria as Record<string, unknown>[])[0]!.requires_llm = true;
    expect(
      llmOnlyCriteria(scenarioConfigSchema.parse(flagged), REGISTERED).map((c) => c.criterion_id),
    ).toEqual(['did_work', 'polite']);
    expect(totalMaxScore(scenario)).toBe(30);
  });

  it('characters without contact methods are rejected by the schema itself', () => {
    const scenario = minimalScenario('demo');
    (scenario.characters as Record<string, Record<string, unknown>>).sam!.email = undefined;
    const parsed = scenarioConfigSchema.safeParse(scenario);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.path).toEqual(['characters', 'sam', 'email']);
  });
});

describe('normaliseInitialState', () => {
  it('wraps the unwrapped export form and keeps strict_modalities of the wrapped one', () => {
    const wrapped = minimalInitialState();
    expect(normaliseInitialState(wrapped.scenario)).toEqual({
      ok: true,
      value: { scenario: wrapped.scenario, strict_modalities: false },
    });
    expect(normaliseInitialState({ ...wrapped, strict_modalities: true })).toEqual({
      ok: true,
      value: { scenario: wrapped.scenario, strict_modalities: true },
    });
  });

  it('requires all four modality states and the clock', () => {
    const result = normaliseInitialState({ environment: { time_state: {}, modality_states: { email: {} } } });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const paths = result.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining([
        'environment.time_state.current_time',
        'environment.modality_states.sms',
        'environment.modality_states.calendar',
        'environment.modality_states.chat',
      ]),
    );
    expect(normaliseInitialState([])).toMatchObject({
      ok: false,
      issues: [{ path: [], message: 'must be a JSON object (a UES scenario export)' }],
    });
  });
});
