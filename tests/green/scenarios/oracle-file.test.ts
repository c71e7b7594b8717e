import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_SCENARIOS_DIR,
  ScenarioManager,
  ScenarioValidationError,
} from '../../../src/green/scenarios/index.js';
import { loadOraclePlan } from '../../../src/green/scenarios/oracle-file.js';
import { deadlinesOf } from '../../../src/green/checks/index.js';
import { isActionStep, isPostStep, isReadStep } from '../../../src/protocol/index.js';

const BOUNDS = { scenario_id: 'alpha', start_time: '2026-01-28T06:00:00Z', end_time: '2026-01-28T09:00:00Z' };

describe('loadOraclePlan', () => {
  let root: string;
  let dir: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'oracle-file-'));
    dir = join(root, 'alpha');
    await mkdir(dir);
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  const write = (content: unknown) =>
    writeFile(join(dir, 'oracle.json'), typeof content === 'string' ? content : JSON.stringify(content));

  it('is undefined when the scenario has no oracle.json', async () => {
    expect(await loadOraclePlan(dir)).toBeUndefined();
  });

  it('parses a plan and checks it against the scenario when given', async () => {
    await write({
      scenario_id: 'alpha',
      description: 'Reads and reports.',
      steps: [{ at: '2026-01-28T07:00:00Z', post: 'All quiet.', paraphrase: 'Nothing new.' }],
    });
    expect((await loadOraclePlan(dir, BOUNDS))?.steps).toHaveLength(1);
    const late = { ...BOUNDS, end_time: '2026-01-28T06:30:00Z' };
    await expect(loadOraclePlan(dir, late)).rejects.toThrow(
      /alpha[\\/]oracle\.json: steps\[0\]\.at: 2026-01-28T07:00:00Z is outside the scenario/,
    );
  });

  it('names the file and the field of each problem', async () => {
    await write('{ not json');
    const error = await loadOraclePlan(dir).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ScenarioValidationError);
    expect((error as Error).message).toMatch(/alpha[\\/]oracle\.json: is not valid JSON/);

    await write({
      scenario_id: 'alpha',
      description: 'x',
      steps: [{ at: '2026-01-28T07:00:00Z', post: 'Hi' }],
    });
    await expect(loadOraclePlan(dir)).rejects.toThrow(
      /alpha[\\/]oracle\.json: steps\[0\]\.paraphrase: Invalid input: expected string, received undefined/,
    );
  });
});

/** The ground truth of email_triage_basic, as far as this test reads it. */
describe('the email_triage_basic oracle', () => {
  const dir = join(DEFAULT_SCENARIOS_DIR, 'email_triage_basic');

  it('is valid for its scenario: one read and one post per deadline of the hourly report, nothing sent; budgets from a watcher', async () => {
    const loaded = await new ScenarioManager().load('email_triage_basic');
    const plan = (await loadOraclePlan(dir, loaded.config))!;
    const report = loaded.groundTruth.deliverables[0]!;
    const marks = deadlinesOf(report, Date.parse(loaded.config.end_time));
    const at = (kind: (step: (typeof plan.steps)[number]) => boolean) =>
      plan.steps.filter(kind).map((step) => Date.parse(step.at));
    expect(at(isReadStep)).toEqual(marks);
    expect(at(isPostStep)).toEqual(marks);
    expect(plan.steps.filter(isActionStep)).toEqual([]);
    // The budgets' baseline is an honest watcher's: 13 turns (hourly, 07:00–19:00), each reading
    // the chat and the email (26 reads), and the oracle's 12 posts.
    expect(loaded.oracleBaseline).toEqual({ calls: 38, reads: 26, writes: 12, turns: 13 });
  });

  it('says every post twice: the paraphrase uses headings, not the labels of the plain post', async () => {
    const plan = (await loadOraclePlan(dir))!;
    const posts = plan.steps.filter(isPostStep);
    expect(posts.some((post) => /\[(HIGH|MEDIUM|LOW)\]/.test(post.post))).toBe(true);
    for (const post of posts) {
      expect(post.paraphrase).not.toMatch(/\[(High|Medium|Low|HIGH|MEDIUM|LOW)\]/);
      expect(post.paraphrase).not.toEqual(post.post);
    }
  });
});
