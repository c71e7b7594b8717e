import type { Command } from 'commander';
import { ReportInputError, writeReport } from '../report/index.js';

/**
 * `ues-agentbeats report <path…> [-o report.html]`: one self-contained HTML file of a run (its
 * folder or results.json) or of a suite (a folder of runs, with its suite_results.json when there
 * is one). Reads files only. See docs/REPORTS.md.
 */
export function registerReportCommand(program: Command): void {
  program
    .command('report')
    .description('Write a self-contained HTML report of a run or a suite of runs (reads files only)')
    .argument('<paths...>', 'a run folder (with results.json), a results.json, or a folder of runs')
    .option('-o, --out <file>', 'where the HTML goes (default report.html in the run or suite folder)')
    .action(async (paths: string[], flags: { out?: string }) => {
      const written = await writeReport(paths, flags.out);
      console.log(
        `Report of ${written.runs} run${written.runs === 1 ? '' : 's'} written to ${written.path} (${Math.ceil(written.bytes / 1024)} KB)`,
      );
    });
}

/**
 * The report `demo` and `run` write beside results.json (or a suite's). A run without results has
 * nothing to report; a report that cannot be written is a warning: the run and its results stand.
 */
export async function writeRunReport(outDir: string): Promise<void> {
  try {
    const written = await writeReport([outDir]);
    console.log(`Report written to ${written.path}`);
  } catch (error) {
    if (error instanceof ReportInputError) return;
    console.log(`Could not write the HTML report: ${error instanceof Error ? error.message : String(error)}`);
  }
}
