import type { Command } from 'commander';
import { DEFAULT_SCENARIOS_DIR, ScenarioManager } from '../green/scenarios/loader.js';
import { displayPath } from '../green/scenarios/errors.js';
import { ORACLE_FILE, loadOraclePlan } from '../green/scenarios/oracle-file.js';
import { totalMaxScore } from '../green/scenarios/validation.js';
import { catalogueRows, catalogueText } from '../green/scenarios/catalogue.js';
import { registerCheckCommand } from './check/check-command.js';
import { registerGoldCommand } from './gold/gold-command.js';

/**
 * `ues-agentbeats scenarios list|validate|check`: what scenarios exist, whether each loads (schema,
 * initial state, evaluator module, oracle plan) with which warnings, and (`check`, in check/)
 * whether its scoring ranks the oracle above the gaming strategies. `validate` exits 1 when any
 * scenario fails.
 */

const SCENARIOS_DIR_ENV = 'AGENTBEATS_GREEN_SCENARIOS_DIR';

interface DirFlags {
  scenariosDir?: string;
}

function resolveDir(flags: DirFlags, env: Record<string, string | undefined>): string {
  return flags.scenariosDir ?? env[SCENARIOS_DIR_ENV] ?? DEFAULT_SCENARIOS_DIR;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function indent(text: string, prefix = '    '): string {
  return text
    .split('\n')
    .map((line) => `${prefix}${line}`)
    .join('\n');
}

export function registerScenariosCommand(program: Command, env: Record<string, string | undefined>): void {
  const scenarios = program
    .command('scenarios')
    .description('List, validate and check (validity gate) evaluation scenarios');
  const dirOption = [
    '--scenarios-dir <dir>',
    `folder holding the scenarios (env ${SCENARIOS_DIR_ENV}; default: the package's scenarios/)`,
  ] as const;

  scenarios
    .command('list')
    .description(
      'The scenario catalogue: one row per scenario (family, modalities, difficulty, what it tests)',
    )
    .option(...dirOption)
    .action(async (flags: DirFlags) => {
      const manager = new ScenarioManager(resolveDir(flags, env));
      const rows = await catalogueRows(manager);
      if (rows.length === 0) {
        console.log(`No scenarios in ${displayPath(manager.scenariosDir)}`);
        return;
      }
      console.log(catalogueText(rows));
      const invalid = rows.filter((row) => row.error !== undefined);
      for (const row of invalid) console.log(`\n${row.id}: INVALID (run "scenarios validate ${row.id}")`);
      console.log(`\n${rows.length} scenario(s)${invalid.length > 0 ? `, ${invalid.length} invalid` : ''}`);
    });

  scenarios
    .command('validate')
    .description('Load scenarios and report OK, warnings or errors (exit code 1 on any error)')
    .argument('[ids...]', 'scenario ids (default: all)')
    .option(...dirOption)
    .action(async (ids: string[], flags: DirFlags) => {
      const manager = new ScenarioManager(resolveDir(flags, env));
      const targets = ids.length > 0 ? ids : await manager.listIds();
      if (targets.length === 0) {
        console.log(`No scenarios in ${displayPath(manager.scenariosDir)}`);
        process.exitCode = 1;
        return;
      }
      let failed = 0;
      for (const id of targets) {
        try {
          const loaded = await manager.load(id);
          const checks = loaded.config.criteria.filter((criterion) => criterion.check).length;
          const plan = await loadOraclePlan(loaded.dir, loaded.config);
          const warnings = [...loaded.warnings];
          if (plan === undefined)
            warnings.push(`no ${ORACLE_FILE}: "scenarios check" fails a scenario without an oracle`);
          const oracle = plan === undefined ? '' : `, oracle with ${plan.steps.length} steps`;
          const summary = `${loaded.config.criteria.length} criteria, ${totalMaxScore(loaded.config)} points, ${checks} library checks, ${loaded.evaluators.size} evaluators${oracle}`;
          if (warnings.length === 0) {
            console.log(`${id}: OK (${summary})`);
          } else {
            console.log(`${id}: OK with ${warnings.length} warning(s) (${summary})`);
            for (const warning of warnings) console.log(`  warning: ${warning}`);
          }
        } catch (error) {
          failed += 1;
          const name = error instanceof Error ? error.name : 'Error';
          console.log(`${id}: ERROR (${name})\n${indent(errorText(error))}`);
        }
      }
      const passed = targets.length - failed;
      console.log(`\n${passed} of ${targets.length} scenario(s) valid`);
      if (failed > 0) process.exitCode = 1;
    });

  registerCheckCommand(scenarios, env, (flags) => resolveDir(flags, env), dirOption);
  registerGoldCommand(scenarios, env, (flags) => resolveDir(flags, env), dirOption);
}
