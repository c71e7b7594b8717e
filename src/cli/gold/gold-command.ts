import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { z } from 'zod';
import { runGoldGate } from '../../green/gold/gate.js';
import { GOLD_FORMAT_VERSION, goldVerdictSchema } from '../../green/gold/schema.js';
import { DEFAULT_GOLD_DIR, worldHash, writeGoldRun } from '../../green/gold/store.js';
import { readRunDirectory } from '../../green/run-record/run-directory.js';
import { ScenarioManager } from '../../green/scenarios/loader.js';
import { mutantLine, renderGoldReport, runLine, styleLine } from './gold-table.js';
import { refreshOracleRuns } from './refresh-oracles.js';

/**
 * `ues-agentbeats scenarios gold`: the checks against the gold set — reviewed runs of players who
 * never saw the scenario files, careless mutants of them, and the oracle in honest styles.
 *   scenarios gold [ids…]                 rescore everything, print the agreement (exit 1 unless it holds)
 *   scenarios gold add <run-dir> --verdict f   add a reviewed run
 *   scenarios gold oracles [ids…]         save each scenario's oracle run (the styles rewrite it)
 */

const GOLD_DIR_ENV = 'UES_AGENTBEATS_GOLD_DIR';
const PARTS = ['runs', 'mutants', 'styles'] as const;
type Part = (typeof PARTS)[number];

function partsOption(value: string): Part[] {
  const parts = value.split(',').map((part) => part.trim());
  const unknown = parts.filter((part) => !(PARTS as readonly string[]).includes(part));
  if (unknown.length > 0) {
    throw new InvalidArgumentError(
      `--parts takes ${PARTS.join(', ')} (comma-separated), got "${unknown.join(', ')}"`,
    );
  }
  return parts as Part[];
}

/** A verdict to add: the gold verdict without what the run itself tells (scenario, variant, world). */
const verdictDraftSchema = goldVerdictSchema.extend({
  message_type: z.literal('gold_verdict').default('gold_verdict'),
  format_version: z.literal(GOLD_FORMAT_VERSION).default(GOLD_FORMAT_VERSION),
  scenario_id: z.string().optional(),
  variant_seed: z.number().int().min(0).optional(),
  world_hash: z.string().optional(),
});

export function registerGoldCommand(
  scenarios: Command,
  env: Record<string, string | undefined>,
  resolveDir: (flags: { scenariosDir?: string }) => string,
  dirOption: readonly [string, string],
): void {
  const goldDirOption = [
    '--gold-dir <dir>',
    `the gold set (env ${GOLD_DIR_ENV}; default: the repository's gold/)`,
  ] as const;
  const goldDir = (flags: { goldDir?: string }): string =>
    resolve(flags.goldDir ?? env[GOLD_DIR_ENV] ?? DEFAULT_GOLD_DIR);
  const gold = scenarios
    .command('gold')
    .description(
      'The checks against the gold set: reviewed blind runs, careless mutants, the oracle in honest styles',
    );

  gold
    .command('check', { isDefault: true })
    .description(
      'Rescore every gold run, mutant and style and print the agreement (exit code 1 unless the gate holds)',
    )
    .argument('[ids...]', 'scenario ids (default: every scenario)')
    .option(...dirOption)
    .option(...goldDirOption)
    .option('--parts <list>', `what to measure: ${PARTS.join(', ')}`, partsOption, [...PARTS])
    .option('--json <file>', 'write every row to this JSON file')
    .option('--verbose', 'print every row as it is measured')
    .action(
      async (
        ids: string[],
        flags: { scenariosDir?: string; goldDir?: string; parts: Part[]; json?: string; verbose?: boolean },
      ) => {
        const report = await runGoldGate({
          goldDir: goldDir(flags),
          scenariosDir: resolveDir(flags),
          ids,
          parts: flags.parts,
          onRow: (row) => {
            if (!flags.verbose) return;
            console.log(
              'mutant_id' in row ? mutantLine(row) : 'style' in row ? styleLine(row) : runLine(row),
            );
          },
        });
        console.log(renderGoldReport(report, { verbose: flags.verbose === true }));
        if (flags.json !== undefined) {
          const file = resolve(flags.json);
          await mkdir(dirname(file), { recursive: true });
          await writeFile(file, `${JSON.stringify(report, null, 2)}\n`, 'utf8');
          console.log(`Report written to ${file}`);
        }
        if (!report.ok) process.exitCode = 1;
      },
    );

  gold
    .command('add')
    .description('Add a finished, reviewed run to the gold set (its saved files and the verdict)')
    .argument('<run-dir>', 'the run folder (results.json, evaluation-input.json)')
    .requiredOption(
      '--verdict <file>',
      'the verdict: the fair points of every criterion, with why (docs/EVALUATION_CRITERIA.md §7)',
    )
    .option('--turns <file>', "the manual purple's turns.jsonl, kept beside the run")
    .option(...dirOption)
    .option(...goldDirOption)
    .action(
      async (
        runDir: string,
        flags: { verdict: string; turns?: string; scenariosDir?: string; goldDir?: string },
      ) => {
        const run = await readRunDirectory(runDir, { requireEvaluationInput: true });
        const variantSeed = Number(run.results.metadata?.['variant_seed'] ?? 0);
        const scenario = await new ScenarioManager(resolveDir(flags)).load(run.results.scenario_id, {
          variantSeed,
        });
        // Scored by an older check library, a run of these same files was still played in this world.
        const playedUnder = run.results.metadata?.['check_library_version'];
        const sameFiles =
          run.evaluationInput!.content_hash === scenario.contentHash ||
          (typeof playedUnder === 'string' &&
            scenario.contentHashAt !== undefined &&
            run.evaluationInput!.content_hash === (await scenario.contentHashAt(playedUnder)));
        if (!sameFiles) {
          throw new Error(
            `${runDir} was played on another version of ${scenario.config.scenario_id} than the one at hand: a gold run records the world it was played in, so add it with the scenarios it was played with (--scenarios-dir)`,
          );
        }
        const parsed = verdictDraftSchema.safeParse(JSON.parse(await readFile(flags.verdict, 'utf8')));
        if (!parsed.success) throw new Error(`${flags.verdict}: ${z.prettifyError(parsed.error)}`);
        const verdict = goldVerdictSchema.parse({
          ...parsed.data,
          scenario_id: scenario.config.scenario_id,
          variant_seed: variantSeed,
          world_hash: worldHash(scenario),
        });
        const max = new Map(scenario.config.criteria.map((c) => [c.criterion_id, c.max_score]));
        for (const [id, judged] of Object.entries(verdict.criteria)) {
          if (!max.has(id)) throw new Error(`${flags.verdict}: the scenario has no criterion "${id}"`);
          if (judged.fair > max.get(id)!)
            throw new Error(`${flags.verdict}: ${id} fair ${judged.fair} > its max ${max.get(id)}`);
        }
        const dir = await writeGoldRun(goldDir(flags), runDir, verdict, flags.turns);
        console.log(`Added ${verdict.scenario_id}/${verdict.run_id} → ${dir}`);
      },
    );

  gold
    .command('oracles')
    .description("Save each scenario's oracle run (offline, seed 1) for the styles, where missing or stale")
    .argument('[ids...]', 'scenario ids (default: every scenario)')
    .option('--force', 'play and save even where the saved run is current')
    .option(...dirOption)
    .option(...goldDirOption)
    .action(async (ids: string[], flags: { force?: boolean; scenariosDir?: string; goldDir?: string }) => {
      const rows = await refreshOracleRuns({
        goldDir: goldDir(flags),
        scenariosDir: resolveDir(flags),
        ids,
        force: flags.force === true,
        env,
        onRow: (row) => console.log(`${row.status.padEnd(6)} ${row.scenario_id}: ${row.detail}`),
      });
      if (rows.some((row) => row.status === 'failed')) process.exitCode = 1;
    });
}
