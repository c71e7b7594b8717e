import type { Command } from 'commander';
import { mergeShardFolders } from './assessment/merge-shards.js';
import { renderSuiteTables } from './assessment/suite-table.js';
import { writeRunReport } from './report-command.js';

/**
 * `ues-agentbeats merge <dirs…> -o <dir>`: the shards of a suite run on several machines
 * (`run --shard i/n`) as one suite: one suite_results.json, every trial, one report.
 */
export function registerMergeCommand(program: Command): void {
  program
    .command('merge')
    .description('Merge the output folders of a suite’s shards (run --shard i/n) into one suite and report')
    .argument('<dirs...>', 'each shard’s --out folder (or its suite_results.json)')
    .requiredOption(
      '-o, --out <dir>',
      'a new folder for the merged suite_results.json, trials and report.html',
    )
    .action(async (dirs: string[], flags: { out: string }) => {
      const merged = await mergeShardFolders(dirs, flags.out);
      console.log(renderSuiteTables(merged.suite));
      console.log(`\nMerged ${dirs.length} shard${dirs.length === 1 ? '' : 's'} into ${merged.path}`);
      await writeRunReport(flags.out);
      if (merged.suite.status !== 'completed') {
        console.log('Not every trial completed (status partial); see the table above.');
        process.exitCode = 1;
      }
    });
}
