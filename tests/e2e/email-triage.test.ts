import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAssessment } from '../../src/cli/assessment/run-assessment.js';
import { startLocalGreen, startLocalPurple, type LocalGreen } from '../../src/cli/local-agents.js';
import { parseResults, type AssessmentResults } from '../../src/protocol/index.js';

const discard = { write: () => undefined };

/** Programmatic (evaluated) score of each criterion. */
const programmaticScores = (results: AssessmentResults): Record<string, number> =>
  Object.fromEntries(
    results.criteria_results
      .filter((criterion) => criterion.details?.evaluated !== false)
      .map((criterion) => [criterion.criterion_id, criterion.score]),
  );

describe('end to end: email_triage_basic over real A2A and HTTP, offline', () => {
  let green: LocalGreen;
  beforeAll(async () => {
    green = await startLocalGreen({ model: 'offline', uesRunner: 'in-process', env: {} });
  });
  afterAll(() => green.close());

  async function assess(agent: string, seed: number): Promise<{ results: AssessmentResults; file: string }> {
    const purple = await startLocalPurple({ agent, env: {} });
    try {
      const outDir = await mkdtemp(join(tmpdir(), `e2e-${agent}-`));
      const report = await runAssessment({
        greenUrl: green.url,
        purpleUrl: purple.url,
        role: 'personal_assistant',
        scenarioId: 'email_triage_basic',
        config: { seed },
        outDir,
        out: discard,
        headers: green.headers,
      });
      expect(
        report.ok,
        `assessment of ${agent} ended ${report.outcome.state}: ${report.outcome.statusText}`,
      ).toBe(true);
      return { results: report.outcome.results!, file: report.resultsPath! };
    } finally {
      await purple.close();
    }
  }

  it('scores the rule-based baseline above noop, deterministically for a seed', async () => {
    const ruleBased = await assess('rule-based', 7);
    const again = await assess('rule-based', 7);
    const noop = await assess('noop', 7);

    // The file is the exact artifact and validates against the schema.
    const fromFile = parseResults(JSON.parse(await readFile(ruleBased.file, 'utf8')));
    expect(fromFile).toEqual(ruleBased.results);

    expect(ruleBased.results).toMatchObject({
      status: 'completed',
      turns_taken: 13,
      participant: 'personal_assistant',
    });
    expect(ruleBased.results.judge).toMatchObject({ model: 'offline', criteria_not_evaluated: 4 });
    expect(ruleBased.results.metadata).toMatchObject({ scenario_id: 'email_triage_basic', seed: 7 });
    const actions = new Set(ruleBased.results.action_log.map((entry) => entry.action));
    expect(actions).toEqual(new Set(['chat.send_message', 'email.mark_read']));

    const total = (scores: Record<string, number>) =>
      Object.values(scores).reduce((sum, score) => sum + score, 0);
    const rule = programmaticScores(ruleBased.results);
    const none = programmaticScores(noop.results);
    expect(Object.keys(rule)).toHaveLength(11);
    expect(total(rule)).toBeGreaterThan(total(none));
    // Its keyword rules still triage most mail (about 69 % offline); not an oracle.
    expect(total(rule)).toBeGreaterThan(0.5 * ruleBased.results.scores.overall.max_score);
    expect(total(rule)).toBeLessThan(0.9 * ruleBased.results.scores.overall.max_score);
    expect(total(none)).toBe(0);
    expect(noop.results.action_log).toEqual([]);

    expect(programmaticScores(again.results)).toEqual(rule);
    expect(again.results.action_log.map((entry) => [entry.turn, entry.action, entry.timestamp])).toEqual(
      ruleBased.results.action_log.map((entry) => [entry.turn, entry.action, entry.timestamp]),
    );
  });
});
