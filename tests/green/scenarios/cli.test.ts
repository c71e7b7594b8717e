import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/run-cli.js';
import { EVALUATORS_TS, minimalScenario, tempScenarios, type TempScenarios } from './fixtures.js';

async function run(
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<{ code: number | null; output: string }> {
  const cli = runCli(args, { AGENTBEATS_GREEN_SCENARIOS_DIR: undefined, ...env });
  const code = await cli.exited;
  return { code, output: cli.output() };
}

describe('ues-agentbeats scenarios', () => {
  let temp: TempScenarios;
  beforeEach(async () => {
    temp = await tempScenarios();
  });
  afterEach(() => temp.close());

  it('validate (default folder): email_triage_basic is valid, with its LLM warning', async () => {
    const { code, output } = await run(['scenarios', 'validate']);
    expect(output).toContain(
      'email_triage_basic: OK with 1 warning(s) (15 criteria, 220 points, 15 library checks, 0 evaluators, oracle with 24 steps)',
    );
    expect(output).toContain(
      'warning: 4 of 15 criteria need an LLM judge and are reported as not evaluated offline (40 of 220 points): triage_format_compliance, no_sensitive_data_exposure, summary_writing_quality, urgency_tone_appropriateness',
    );
    expect(code).toBe(0);
  });

  it('list prints the catalogue (family, modalities, difficulty, what it tests) and flags invalid ones', async () => {
    await temp.write('alpha');
    await temp.write('beta', { scenario: '{' });
    const { code, output } = await run(['scenarios', 'list', '--scenarios-dir', temp.root]);
    expect(code).toBe(0);
    expect(output).toMatch(/^scenario\s+family\s+modalities\s+difficulty\s+what it tests$/m);
    expect(output).toMatch(/^alpha\s+unassigned\s+email\s+—\s+A small scenario for loader tests\.$/m);
    expect(output).toMatch(/^beta\s+\?.*INVALID: .*beta[\\/]scenario\.json: is not valid JSON/m);
    expect(output).toContain('2 scenario(s), 1 invalid');
  });

  it('list (default folder) shows the pilots with their families and modalities', async () => {
    const { code, output } = await run(['scenarios', 'list']);
    expect(code).toBe(0);
    expect(output).toMatch(/^email_triage_basic\s+triage\s+email,chat\s+medium\s+/m);
    expect(output).toMatch(
      /^scheduling_kickoff_three_way\s+scheduling\s+email,sms,calendar,contacts\s+medium\s+/m,
    );
    expect(output).toMatch(
      /^ask_back_anniversary_dinner\s+ask_back\s+email,sms,calendar,contacts,chat\s+easy\s+/m,
    );
  });

  it('validate reports errors with file and field, and exits 1', async () => {
    await temp.write('good');
    const bad = minimalScenario('bad');
    (bad.criteria as Record<string, unknown>[])[2]!.max_score = 500;
    await temp.write('bad', { scenario: bad });
    const { code, output } = await run(['scenarios', 'validate', '--scenarios-dir', temp.root]);
    expect(code).toBe(1);
    expect(output).toContain('good: OK with 2 warning(s)');
    expect(output).toContain('warning: no oracle.json: "scenarios check" fails a scenario without an oracle');
    expect(output).toContain('bad: ERROR (ScenarioValidationError)');
    expect(output).toMatch(/bad[\\/]scenario\.json: criteria\[2\]\.max_score: Too big/);
    expect(output).toContain('1 of 2 scenario(s) valid');
  });

  it('validate takes ids (unknown ones are errors) and the folder from the environment', async () => {
    await temp.write('good');
    const { code, output } = await run(['scenarios', 'validate', 'good', 'missing_one'], {
      AGENTBEATS_GREEN_SCENARIOS_DIR: temp.root,
    });
    expect(code).toBe(1);
    expect(output).toContain('good: OK');
    expect(output).toContain('missing_one: ERROR (ScenarioNotFoundError)');
    expect(output).toContain('scenario "missing_one" not found');
    expect(output).toContain('(available: good)');
  });

  it('validate reports an invalid oracle.json with file and field, and counts a valid one', async () => {
    const files = (id: string, at: string) => ({
      'evaluators.ts': EVALUATORS_TS,
      'helper.ts': 'export const weight: number = 2;\n',
      'data.json': '{"label": "from data.json"}',
      'oracle.json': JSON.stringify({
        scenario_id: id,
        description: 'The ideal assistant.',
        steps: [{ at, post: 'All quiet.', paraphrase: 'Nothing new.' }],
      }),
    });
    await temp.write('with_oracle', { files: files('with_oracle', '2026-02-01T10:00:00Z') });
    await temp.write('bad_oracle', { files: files('bad_oracle', '2026-02-01T13:00:00Z') });
    const { code, output } = await run(['scenarios', 'validate', '--scenarios-dir', temp.root]);
    expect(code).toBe(1);
    expect(output).toContain(
      'with_oracle: OK with 1 warning(s) (5 criteria, 30 points, 0 library checks, 4 evaluators, oracle with 1 steps)',
    );
    expect(output).toContain('bad_oracle: ERROR (ScenarioValidationError)');
    expect(output).toMatch(
      /bad_oracle[\\/]oracle\.json: steps\[0\]\.at: 2026-02-01T13:00:00Z is outside the scenario/,
    );
  });

  it('validate reports an evaluator module that does not load', async () => {
    await temp.write('broken_eval', { files: { 'evaluators.ts': 'export async function (' } });
    const { code, output } = await run(['scenarios', 'validate', '--scenarios-dir', temp.root]);
    expect(code).toBe(1);
    expect(output).toContain('broken_eval: ERROR (EvaluatorLoadError)');
    expect(output).toMatch(/broken_eval[\\/]evaluators\.ts: could not be loaded/);
  });

  it('an empty folder is an error for validate and a note for list', async () => {
    expect(await run(['scenarios', 'validate', '--scenarios-dir', temp.root])).toMatchObject({ code: 1 });
    const listed = await run(['scenarios', 'list', '--scenarios-dir', temp.root]);
    expect(listed.code).toBe(0);
    expect(listed.output).toContain('No scenarios in');
  });
});
