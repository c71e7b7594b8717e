import { join } from 'node:path';
import type { Command } from 'commander';
import { OFFLINE_MODEL } from '../llm/index.js';
import type { PurpleServerHandle } from '../purple/index.js';
import { runAssessment } from './assessment/run-assessment.js';
import { runSuiteAssessment } from './assessment/run-suite.js';
import { defaultRunDirectory } from './assessment/results-file.js';
import {
  httpUrlOption,
  parseIntegerOption,
  requestConfig,
  withInterrupt,
  manualDirOption,
  turnTimeoutOption,
} from './options.js';
import { startLocalGreen, startLocalPurple } from './local-agents.js';
import {
  hasRecordingFlags,
  localGreenRecording,
  placeEvaluationInputs,
  recordOption,
  replayFallthroughOption,
  replayOption,
  type RecordingFlags,
} from './recording-options.js';
import { writeRunReport } from './report-command.js';
import {
  addSuiteOptions,
  isSuite,
  localMaxContexts,
  oracleScenarioOf,
  runLabel,
  scenarioRequestConfig,
  shardOption,
  suiteDescription,
  type SuiteFlags,
} from './suite-options.js';

interface RunFlags extends SuiteFlags, RecordingFlags {
  scenario?: string;
  purple?: string;
  agent?: string;
  green?: string;
  greenToken?: string;
  role: string;
  model: string;
  judgeModel?: string;
  baseUrl?: string;
  judgeBaseUrl?: string;
  seed?: number;
  variantSeed?: number;
  maxTurns?: number;
  turnTimeoutSeconds?: number;
  manualDir?: string;
  scenariosDir?: string;
  out?: string;
}

const GREEN_TOKEN_ENV = 'AGENTBEATS_GREEN_AUTH_TOKEN';

/** `ues-agentbeats run`: assess any running purple agent, with a given or a local green. */
export function registerRunCommand(program: Command, env: Record<string, string | undefined>): void {
  const command = program
    .command('run')
    .description('Assess a running purple agent (starts a local green agent unless --green is given)')
    .option('--scenario <id>', 'scenario to run (or --scenarios for a suite)')
    .option('--purple <url>', 'A2A URL of the purple agent to assess', httpUrlOption('--purple'))
    .option('--agent <name>', 'assess a built-in purple agent started locally instead (oracle, noop, …)')
    .option('--green <url>', 'A2A URL of a running green agent', httpUrlOption('--green'))
    .option('--green-token <token>', `bearer token of a --green that requires one (env ${GREEN_TOKEN_ENV})`)
    .option('--role <name>', 'participant role name of the purple agent', 'personal_assistant')
    .option('--model <model>', 'model of a local green for character replies and the judge', OFFLINE_MODEL)
    .option('--judge-model <model>', 'judge model of a local green, when it should differ from --model')
    .option('--base-url <url>', 'base URL of a local green’s model server', httpUrlOption('--base-url'))
    .option(
      '--judge-base-url <url>',
      'base URL of a local green’s judge server',
      httpUrlOption('--judge-base-url'),
    )
    .option('--scenarios-dir <dir>', 'scenarios folder of a local green')
    .option('--seed <n>', 'seed for reply timing and LLM calls', parseIntegerOption('--seed'))
    .option(
      '--variant-seed <n>',
      'a seeded variant of the scenario: people renamed, times shifted (0: canonical)',
      parseIntegerOption('--variant-seed'),
    )
    .option('--max-turns <n>', 'turn limit', parseIntegerOption('--max-turns'))
    .addOption(turnTimeoutOption())
    .addOption(manualDirOption())
    .option(
      '--out <dir>',
      'directory for results.json, or for a suite its trials’ results and suite_results.json (default runs/<timestamp>-<scenario or suite>/)',
    )
    .addOption(recordOption())
    .addOption(replayOption())
    .addOption(replayFallthroughOption())
    .addOption(shardOption());
  addSuiteOptions(command).action(async (flags: RunFlags) => {
    if ((flags.purple === undefined) === (flags.agent === undefined)) {
      throw new Error(
        'run needs exactly one of --purple <url> (a running purple agent) and --agent <name> (a local one)',
      );
    }
    if ((flags.scenario === undefined) === (flags.scenarios === undefined)) {
      throw new Error(
        'run needs exactly one of --scenario <id> (one scenario) and --scenarios <selection> (a suite)',
      );
    }
    if (flags.green && hasRecordingFlags(flags)) {
      throw new Error(
        '--record/--replay configure a local green; give a remote green --record-dir/--replay-dir',
      );
    }
    const suite = isSuite(flags);
    if (suite && flags.variantSeed)
      throw new Error('--variant-seed applies to one scenario (--scenario), not to a suite');
    const outDir = flags.out ?? defaultRunDirectory(runLabel(flags));
    const oracleScenario = flags.agent === undefined ? undefined : oracleScenarioOf(flags, flags.agent);
    const local = flags.green
      ? undefined
      : await startLocalGreen({
          model: flags.model,
          judgeModel: flags.judgeModel,
          baseUrl: flags.baseUrl,
          judgeBaseUrl: flags.judgeBaseUrl,
          seed: flags.seed,
          scenariosDir: flags.scenariosDir,
          logFile: join(outDir, 'green.log'),
          maxContexts: localMaxContexts(flags),
          ...localGreenRecording(flags, outDir, suite),
          env,
        });
    let localPurple: PurpleServerHandle | undefined;
    try {
      if (flags.agent !== undefined) {
        localPurple = await startLocalPurple({
          agent: flags.agent,
          scenarioId: oracleScenario,
          scenariosDir: flags.scenariosDir,
          variantSeed: flags.variantSeed,
          logFile: join(outDir, 'purple.log'),
          manualDir: flags.manualDir,
          env,
        });
      }
      const purpleUrl = flags.purple ?? localPurple!.url;
      const greenUrl = flags.green ?? local!.url;
      const token = flags.greenToken ?? env[GREEN_TOKEN_ENV]?.trim();
      const headers = local?.headers ?? (token ? { authorization: `Bearer ${token}` } : undefined);
      console.log(
        `Assessing ${flags.agent ?? purpleUrl} as "${flags.role}" on ${suite ? suiteDescription(flags) : flags.scenario} (green ${greenUrl})\n`,
      );
      const report = await withInterrupt<{ ok: boolean }>((signal) => {
        const common = {
          greenUrl,
          purpleUrl,
          role: flags.role,
          outDir,
          out: process.stdout,
          signal,
          ...(headers ? { headers } : {}),
        };
        return suite
          ? runSuiteAssessment({
              ...common,
              config: { ...requestConfig(flags), ...scenarioRequestConfig(flags) },
            })
          : runAssessment({ ...common, scenarioId: flags.scenario!, config: requestConfig(flags) });
      });
      if (suite) await placeEvaluationInputs(outDir);
      await writeRunReport(outDir);
      if (!report.ok) process.exitCode = 1;
    } finally {
      await localPurple?.close();
      await local?.close();
    }
  });
}
