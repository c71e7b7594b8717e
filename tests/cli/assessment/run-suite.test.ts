import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runSuiteAssessment } from '../../../src/cli/assessment/run-suite.js';
import { ScenarioManager } from '../../../src/green/scenarios/index.js';
import type { GreenServerHandle } from '../../../src/green/server.js';
import { parseResults, parseSuiteResults } from '../../../src/protocol/index.js';
import { startTestGreen } from '../../support/green-server.js';
import { startInboxPurple } from '../../support/inbox-purple.js';
import type { ScriptedPurple } from '../../support/scripted-purple.js';
import { makeSuiteScenarios, type SuiteScenarios } from '../../support/suite-scenarios.js';

class Buffer {
  text = '';
  write(chunk: string): void {
    this.text += chunk;
  }
}

let green: GreenServerHandle | undefined;
let purple: ScriptedPurple | undefined;
let scenarios: SuiteScenarios | undefined;

afterEach(async () => {
  await purple?.close();
  await green?.close();
  await scenarios?.close();
  green = purple = scenarios = undefined;
});

async function setup(broken: string[] = []) {
  scenarios = await makeSuiteScenarios(
    [
      { id: 'inbox_a', family: 'triage' },
      { id: 'inbox_b', family: 'scheduling' },
    ],
    broken,
  );
  green = await startTestGreen({}, { scenarios: new ScenarioManager(scenarios.dir) });
  // The second assessment to arrive skips Ann: with concurrency 1 that is inbox_a's trial 2.
  purple = await startInboxPurple((assessment) => assessment === 2);
}

describe('runSuiteAssessment against a real green', () => {
  it('writes every trial’s results and the linked summary, and prints the tables', async () => {
    await setup();
    const out = new Buffer();
    const dir = await mkdtemp(join(tmpdir(), 'suite-'));
    const report = await runSuiteAssessment({
      greenUrl: green!.url,
      purpleUrl: purple!.url,
      role: 'personal_assistant',
      config: { scenarios: 'all', trials: 2, seed: 3 },
      outDir: dir,
      out,
    });
    expect(report.ok).toBe(true);
    expect(report.reason).toBe('');
    expect(report.resultsPaths.sort()).toEqual(
      ['inbox_a/trial-1', 'inbox_a/trial-2', 'inbox_b/trial-1', 'inbox_b/trial-2'].map((d) =>
        join(dir, d, 'results.json'),
      ),
    );
    const suite = parseSuiteResults(JSON.parse(await readFile(join(dir, 'suite_results.json'), 'utf8')));
    expect(suite.scenarios[0]?.trials.map((t) => t.results_file)).toEqual([
      join('inbox_a', 'trial-1', 'results.json'),
      join('inbox_a', 'trial-2', 'results.json'),
    ]);
    for (const trial of suite.scenarios.flatMap((s) => s.trials)) {
      const results = parseResults(JSON.parse(await readFile(join(dir, trial.results_file!), 'utf8')));
      expect(results.assessment_id).toBe(trial.assessment_id);
      expect(results.metadata?.seed).toBe(trial.seed);
    }
    expect(suite.scenarios.map((s) => [s.scenario_id, s.trials_passed, s.pass_at_k, s.pass_hat_k])).toEqual([
      ['inbox_a', 1, 1, 0],
      ['inbox_b', 2, 1, 1],
    ]);

    const text = out.text;
    expect(text).toContain('▶ inbox_a #1');
    expect(text).toMatch(/■ inbox_a #2\s+completed\s+50 %\s+✗ fail\s+\(2\/4 done\)/);
    expect(text).toMatch(/inbox_a\s+triage\s+1\/2\s+75\.0 % \[0–100\]\s+100 %\s+0 %\s+completed/);
    expect(text).toMatch(/inbox_b\s+scheduling\s+2\/2\s+100\.0 % \[100–100\]\s+100 %\s+100 %\s+completed/);
    expect(text).toMatch(/all\s+2\s+(\S+ %\s+){3}88 %\s+50 %/);
    expect(text).toContain(`Suite summary written to ${join(dir, 'suite_results.json')}`);
    // No terminal: no status line was drawn.
    expect(text).not.toContain('\r');
  });

  it('is not ok when a scenario does not load, and says which', async () => {
    await setup(['broken_one']);
    const out = new Buffer();
    const dir = await mkdtemp(join(tmpdir(), 'suite-'));
    const report = await runSuiteAssessment({
      greenUrl: green!.url,
      purpleUrl: purple!.url,
      role: 'personal_assistant',
      config: { scenarios: ['inbox_b', 'broken_one'] },
      outDir: dir,
      out,
    });
    expect(report.ok).toBe(false);
    expect(report.reason).toMatch(/^status partial: broken_one did not load: /);
    expect(out.text).toContain('Not every trial completed — status partial: broken_one did not load');
    expect(report.suite?.scenarios.map((s) => s.status)).toEqual(['error', 'completed']);
  });

  it('is not ok when the green rejects the suite, and writes nothing', async () => {
    await setup();
    const out = new Buffer();
    const dir = join(await mkdtemp(join(tmpdir(), 'suite-')), 'out');
    const report = await runSuiteAssessment({
      greenUrl: green!.url,
      purpleUrl: purple!.url,
      role: 'personal_assistant',
      config: { scenarios: 'family:safety' },
      outDir: dir,
      out,
    });
    expect(report).toMatchObject({ ok: false, suitePath: undefined, resultsPaths: [] });
    expect(report.reason).toContain('the assessment ended rejected without suite results');
    expect(out.text).toContain('no scenario of family "safety"; families present: scheduling, triage');
  });
});
