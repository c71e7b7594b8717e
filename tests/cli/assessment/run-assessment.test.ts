import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAssessment } from '../../../src/cli/assessment/run-assessment.js';
import { defaultRunDirectory } from '../../../src/cli/assessment/results-file.js';
import { renderScoreTable } from '../../../src/cli/assessment/score-table.js';
import { sampleResults, startFakeGreen } from './fake-green.js';

class Buffer {
  text = '';
  write(chunk: string): void {
    this.text += chunk;
  }
}

describe('runAssessment against a green over A2A', () => {
  let green: Awaited<ReturnType<typeof startFakeGreen>>;
  beforeAll(async () => {
    green = await startFakeGreen();
  });
  afterAll(() => green.server.close());

  /** One run of email_triage_basic against the fake green, written to a new run directory. */
  async function assess(config: Record<string, unknown>, out = new Buffer()) {
    const dir = await mkdtemp(join(tmpdir(), 'run-'));
    const report = await runAssessment({
      greenUrl: green.server.url,
      purpleUrl: 'http://127.0.0.1:1/',
      role: 'personal_assistant',
      scenarioId: 'email_triage_basic',
      config,
      outDir: dir,
      out,
    });
    return { report, dir };
  }

  it('streams live progress, prints the score table and writes the exact artifact', async () => {
    const out = new Buffer();
    const { report, dir } = await assess({ max_turns: 3 }, out);
    expect(report.ok).toBe(true);
    expect(green.executor.requests.at(-1)).toEqual({
      participants: { personal_assistant: 'http://127.0.0.1:1/' },
      config: { max_turns: 3, scenario_id: 'email_triage_basic' },
    });
    expect(report.outcome.updates.map((update) => update.message_type)).toEqual([
      'update_turn_started',
      'update_action_observed',
      'update_criterion_evaluated',
      'update_assessment_completed',
    ]);
    // The green's own end reason (max_turns), not what the purple was told (scenario_complete).
    expect(out.text).toContain('■ finished (max_turns) after 1 turns');
    // A check's method is not guessed from the update: only rubrics are labelled live.
    expect(out.text).not.toContain('[programmatic]');
    expect(out.text).toMatch(/noise_exclusion\s+30\s+40\s+accuracy\s+heuristic/);
    expect(report.reason).toBe('');
    expect(out.text).toContain('● turn 1  06:00  (42 events pending)');
    expect(out.text).toContain('✓ chat.send_message “Quiet hour.”');
    expect(out.text).toContain('noise_exclusion');
    expect(out.text).toMatch(/overall\s+30\s+40\s+75 %/);
    expect(out.text).toContain(`Results written to ${join(dir, 'results.json')}`);
    const written = JSON.parse(await readFile(join(dir, 'results.json'), 'utf8'));
    expect(written).toEqual(JSON.parse(JSON.stringify(sampleResults('personal_assistant'))));
  });

  it('reads results too large for one stream event from the task', async () => {
    // Over 4 MiB of JSON: the SDK's client refuses such a stream event.
    const { report, dir } = await assess({ fake_action_log_entries: 26_000 });
    expect(report.ok).toBe(true);
    expect(report.outcome.state).toBe('completed');
    const written = await readFile(join(dir, 'results.json'), 'utf8');
    expect(written.length).toBeGreaterThan(4 * 1024 * 1024);
    expect(JSON.parse(written).action_log).toHaveLength(26_000);
    expect(report.outcome.trialResults).toHaveLength(1);
  });

  it('is not ok — and says why — when the results status is anything but completed', async () => {
    const out = new Buffer();
    const { report } = await assess({ fake_status: 'failed' }, out);
    expect(report.ok).toBe(false);
    expect(report.reason).toBe(
      'status failed: the assistant failed too many turns in a row (max_consecutive_turn_failures)',
    );
    expect(out.text).toContain(`Not a valid score — ${report.reason}`);
  });

  it('reports a rejected request with the green’s reason and writes nothing', async () => {
    const out = new Buffer();
    const report = await runAssessment({
      greenUrl: green.server.url,
      purpleUrl: 'http://127.0.0.1:1/',
      role: 'personal_assistant',
      scenarioId: 'no_such_scenario',
      out,
    });
    expect(report).toMatchObject({ ok: false, resultsPath: undefined });
    expect(report.outcome.state).toBe('rejected');
    expect(out.text).toContain('Unknown scenario "no_such_scenario"');
  });
});

describe('score table and run directory', () => {
  it('marks criteria that were not evaluated and leaves them out of the totals', () => {
    const table = renderScoreTable(sampleResults('personal_assistant'));
    expect(table).toMatch(/accuracy\s+30\s+40\s+75 %/);
    expect(table).not.toMatch(/^\s+politeness\s+\d/m);
    expect(table).toMatch(/summary_writing_quality\s+n\/e\s+20/);
    expect(table).toContain('1 criteria need an LLM judge');
  });

  it('names run directories by time and scenario', () => {
    expect(defaultRunDirectory('email_triage_basic', new Date('2026-11-22T10:11:12.345Z'))).toMatch(
      /runs\/2026-11-22T10-11-12Z-email_triage_basic$/,
    );
  });
});
