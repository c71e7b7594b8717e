import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_SCENARIOS_DIR,
  ScenarioManager,
  ScenarioValidationError,
} from '../../../src/green/scenarios/index.js';
import { loadOraclePlan } from '../../../src/green/scenarios/oracle-file.js';
import { isActionStep, isPostStep, isReadStep, type OraclePostStep } from '../../../src/protocol/index.js';

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
interface GroundTruth {
  emails: { email_id: string; sender_name: string; urgency: string; is_noise: boolean }[];
  marks: {
    mark: string;
    substantive_email_ids: string[];
    noise_email_ids: string[];
    is_quiet_hour: boolean;
  }[];
}

describe('the email_triage_basic oracle', () => {
  const dir = join(DEFAULT_SCENARIOS_DIR, 'email_triage_basic');

  it('is valid for its scenario: one read and one post per hourly mark, nothing sent', async () => {
    const { config } = await new ScenarioManager().load('email_triage_basic');
    const plan = (await loadOraclePlan(dir, config))!;
    const truth = JSON.parse(await readFile(join(dir, 'ground_truth.json'), 'utf8')) as GroundTruth;
    const marks = truth.marks.map((mark) => Date.parse(mark.mark));
    const at = (kind: (step: (typeof plan.steps)[number]) => boolean) =>
      plan.steps.filter(kind).map((step) => Date.parse(step.at));
    expect(at(isReadStep)).toEqual(marks);
    expect(at(isPostStep)).toEqual(marks);
    expect(plan.steps.filter(isActionStep)).toEqual([]);
  });

  it('reports each hour’s substantive mail with its urgency label and sender, and names what it left out', async () => {
    const plan = (await loadOraclePlan(dir))!;
    const truth = JSON.parse(await readFile(join(dir, 'ground_truth.json'), 'utf8')) as GroundTruth;
    const byId = new Map(truth.emails.map((email) => [email.email_id, email]));
    const posts = plan.steps.filter(isPostStep);
    truth.marks.forEach((mark, index) => {
      const post: OraclePostStep = posts[index]!;
      const emails = mark.substantive_email_ids.map((id) => byId.get(id)!);
      for (const email of emails)
        expect(post.post, `${mark.mark}: ${email.email_id}`).toContain(email.sender_name);
      for (const label of ['High', 'Medium', 'Low']) {
        const expected = emails.filter((email) => email.urgency === label.toLowerCase()).length;
        expect(post.post.split(`[${label}]`).length - 1, `${mark.mark}: ${label}`).toBe(expected);
      }
      // Most urgent first: the labels appear in order High, Medium, Low.
      const order = [...post.post.matchAll(/\[(High|Medium|Low)\]/g)].map((match) => match[1]);
      expect(order, mark.mark).toEqual([...order].sort((a, b) => rank(a!) - rank(b!)));
      if (mark.is_quiet_hour) expect(post.post).toMatch(/^Quiet hour/);
      expect(post.post).toMatch(/\nLeft out: .+$/);
      // The paraphrase uses headings, not labels.
      expect(post.paraphrase).not.toMatch(/\[(High|Medium|Low)\]/);
    });
  });
});

function rank(label: string): number {
  return ['High', 'Medium', 'Low'].indexOf(label);
}
