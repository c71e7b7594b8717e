import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { mergeShardFolders, ShardInputError } from '../../../src/cli/assessment/merge-shards.js';
import { shardSlice } from '../../../src/green/suite/selection.js';
import { parseSuiteResults, type ScenarioTrials } from '../../../src/protocol/index.js';
import { fakeScenarioTrials, fakeShardSuite } from '../../green/suite/fake-scenarios.js';

const IDS = ['a', 'b', 'c'];

/** Shard `index` of `count` as `run --shard` leaves it: summary, trial folders and logs. */
async function writeShard(root: string, index: number, count: number): Promise<string> {
  const dir = join(root, `shard-${index}`);
  const scenarios: ScenarioTrials[] = [];
  for (const id of shardSlice(IDS, { index, count })) {
    const trials = fakeScenarioTrials(id, 'triage', [0.5, 1]);
    for (const trial of trials.trials) {
      await mkdir(join(dir, id, `trial-${trial.trial}`), { recursive: true });
      await writeFile(join(dir, id, `trial-${trial.trial}`, 'results.json'), `{"scenario_id":"${id}"}`);
    }
    scenarios.push({
      ...trials,
      trials: trials.trials.map((t) => ({ ...t, results_file: `${id}/trial-${t.trial}/results.json` })),
    });
  }
  const suite = fakeShardSuite(IDS, scenarios, { index, count }, 2);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'suite_results.json'), JSON.stringify(suite));
  await writeFile(join(dir, 'green.log'), `green of shard ${index}\n`);
  return dir;
}

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'merge-shards-'));
});

describe('mergeShardFolders', () => {
  it('lays the merged suite out like an unsharded run: trials, summary linking them, logs', async () => {
    const shards = [await writeShard(root, 0, 2), await writeShard(root, 1, 2)];
    const out = join(root, 'merged');
    const merged = await mergeShardFolders([shards[1]!, join(shards[0]!, 'suite_results.json')], out);
    expect(merged.suite.scenario_ids).toEqual(IDS);
    expect((await readdir(out)).sort()).toEqual(['a', 'b', 'c', 'shards', 'suite_results.json']);
    const written = parseSuiteResults(JSON.parse(await readFile(merged.path, 'utf8')));
    expect(written).toEqual(merged.suite);
    for (const scenario of written.scenarios) {
      for (const trial of scenario.trials) {
        expect(JSON.parse(await readFile(join(out, trial.results_file!), 'utf8'))).toEqual({
          scenario_id: scenario.scenario_id,
        });
      }
    }
    expect(await readFile(join(out, 'shards', '1', 'green.log'), 'utf8')).toBe('green of shard 1\n');
  });

  it('names the folder and the problem, and writes nothing', async () => {
    const [first, second] = [await writeShard(root, 0, 2), await writeShard(root, 1, 2)];
    const out = join(root, 'merged');
    const failsWith = async (paths: string[], message: string): Promise<void> => {
      await expect(mergeShardFolders(paths, out)).rejects.toThrow(message);
      await expect(readdir(out)).rejects.toThrow('ENOENT');
    };
    await failsWith([first!, join(root, 'nowhere')], `${join(root, 'nowhere')}: no suite_results.json`);
    await failsWith([first!], 'missing shard 1/2 (b): run it (--shard 1/2) and merge its folder too');
    await failsWith([first!, first!], `shard 0/2 is given twice: ${first} and ${first}`);

    await rm(join(second!, 'b', 'trial-2', 'results.json'));
    await failsWith([first!, second!], `${second}: b/trial-2/results.json is missing (b trial 2)`);

    await writeFile(join(second!, 'suite_results.json'), '{"message_type": "suite_results", "seed": -1');
    await expect(mergeShardFolders([first!, second!], out)).rejects.toThrow(ShardInputError);
    await failsWith([first!, second!], 'suite_results.json: not a valid suite_results.json:');
    await writeFile(join(second!, 'suite_results.json'), '{"message_type": "suite_results"}');
    await failsWith([first!, second!], 'not a valid suite_results.json: suite_results.suite_id: is required');
  });

  it('refuses an output folder that is not empty', async () => {
    const shards = [await writeShard(root, 0, 2), await writeShard(root, 1, 2)];
    await expect(mergeShardFolders(shards, shards[0]!)).rejects.toThrow(
      `-o ${shards[0]} is not empty; give a new folder for the merged suite`,
    );
  });
});
