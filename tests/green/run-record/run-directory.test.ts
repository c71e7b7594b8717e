import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRunDirectory, runFolderName } from '../../../src/green/run-record/run-directory.js';
import { startAgentHarness } from '../../support/green-harness.js';
import { MINI_INBOX_PURPLE } from '../../support/run-directories.js';
import { startScriptedPurple } from '../../support/scripted-purple.js';

/** A green with `runs_dir` leaves a run folder per assessment, which rescore and report read. */

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'ues-runs-dir-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('a green with runs_dir', () => {
  it('writes results.json and evaluation-input.json to <runs_dir>/<assessment id>/', async () => {
    const runsDir = join(root, 'runs');
    const harness = await startAgentHarness({ config: { runs_dir: runsDir } });
    const purple = await startScriptedPurple(MINI_INBOX_PURPLE);
    try {
      const results = await harness.agent.run({
        taskId: 'task/with odd:chars',
        participantRole: 'assistant',
        purpleUrl: purple.url,
        scenario: await harness.scenarios.load('mini_inbox'),
        config: { scenario_id: 'mini_inbox', seed: 4 },
        emitter: harness.recorder().emitter,
        signal: new AbortController().signal,
      });
      expect(await readdir(runsDir)).toEqual(['task_with_odd_chars']);
      const saved = await readRunDirectory(join(runsDir, 'task_with_odd_chars'), {
        requireEvaluationInput: true,
      });
      expect(saved.results).toEqual(results);
      expect(saved.evaluationInput).toMatchObject({
        message_type: 'evaluation_input',
        assessment_id: 'task/with odd:chars',
        scenario_id: 'mini_inbox',
        seed: 4,
        read_count: results.metadata?.['reads_taken'],
      });
      expect(saved.evaluationInput!.turns).toHaveLength(results.turns_taken);
      expect(saved.evaluationInput!.action_log).toEqual(results.action_log);
    } finally {
      await purple.close();
      await harness.close();
    }
  }, 60_000);

  it('names folders safely', () => {
    expect(runFolderName('5f0c7d7e-1111-4222-8333-944445555666')).toBe(
      '5f0c7d7e-1111-4222-8333-944445555666',
    );
    expect(runFolderName('../../etc')).toBe('__.._etc');
    expect(runFolderName('')).toBe('assessment');
  });
});
