import { join } from 'node:path';
import type { Command } from 'commander';
import { OFFLINE_MODEL } from '../llm/index.js';
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
  suiteDescription,
  type SuiteFlags,
} from './suite-options.js';

interface DemoFlags extends SuiteFlags, RecordingFlags {
  scenario: string;
  agent: string;
  purpleModel?: string;
  purpleBaseUrl?: string;
  model: string;
  judgeModel?: string;
  baseUrl?: string;
  judgeBaseUrl?: string;
  seed?: number;
  variantSeed?: number;
  maxTurns?: number;
  turnTimeoutSeconds?: number;
  manualDir?: string;
  uesRunner?: 'child' | 'in-process';
  out?: string;
}

/**
 * `ues-agentbeats demo`: the whole benchmark on one machine — a green agent with its simulator and a
 * baseline purple on free loopback ports, one assessment over real A2A and HTTP, then shutdown.
 */
export function registerDemoCommand(program: Command, env: Record<string, string | undefined>): void {
  const command = program
    .command('demo')
    .description('Run a full demo assessment: local green agent + simulator + baseline assistant')
    .option('--scenario <id>', 'scenario to run', 'email_triage_basic')
    .option('--agent <name>', 'purple agent to assess (rule-based, llm, mcp, noop, oracle, …)', 'rule-based')
    .option('--purple-model <model>', 'model for an LLM purple agent')
    .option(
      '--purple-base-url <url>',
      'base URL of the purple model’s server',
      httpUrlOption('--purple-base-url'),
    )
    .option('--model <model>', 'green model for character replies and the judge', OFFLINE_MODEL)
    .option('--judge-model <model>', 'judge model, when it should differ from --model')
    .option(
      '--base-url <url>',
      'base URL of the green models’ server (e.g. an OpenAI-compatible server for --model openai:<name>)',
      httpUrlOption('--base-url'),
    )
    .option(
      '--judge-base-url <url>',
      'base URL of the judge’s server, when it differs',
      httpUrlOption('--judge-base-url'),
    )
    .option('--seed <n>', 'seed for reply timing and LLM calls', parseIntegerOption('--seed'))
    .option(
      '--variant-seed <n>',
      'a seeded variant of the scenario: people renamed, times shifted (0: canonical)',
      parseIntegerOption('--variant-seed'),
    )
    .option('--max-turns <n>', 'turn limit', parseIntegerOption('--max-turns'))
    .addOption(turnTimeoutOption())
    .addOption(manualDirOption())
    .option('--ues-runner <runner>', 'run the simulator as a child process or in-process', undefined)
    .option(
      '--out <dir>',
      'directory for results.json (or a suite’s results) and logs (default runs/<timestamp>-<scenario or suite>/)',
    )
    .addOption(recordOption())
    .addOption(replayOption())
    .addOption(replayFallthroughOption());
  addSuiteOptions(command).action(async (flags: DemoFlags, self: Command) => {
    if (flags.scenarios !== undefined && self.getOptionValueSource('scenario') === 'cli') {
      throw new Error(
        'demo takes --scenario <id> (one scenario) or --scenarios <selection> (a suite), not both',
      );
    }
    const suite = isSuite(flags);
    if (suite && flags.variantSeed)
      throw new Error('--variant-seed applies to one scenario (--scenario), not to a suite');
    const outDir = flags.out ?? defaultRunDirectory(runLabel(flags));
    const oracleScenario = oracleScenarioOf(flags, flags.agent);
    const green = await startLocalGreen({
      model: flags.model,
      judgeModel: flags.judgeModel,
      baseUrl: flags.baseUrl,
      judgeBaseUrl: flags.judgeBaseUrl,
      seed: flags.seed,
      uesRunner: flags.uesRunner,
      logFile: join(outDir, 'green.log'),
      maxContexts: localMaxContexts(flags),
      ...localGreenRecording(flags, outDir, suite),
      env,
    });
    try {
      const purple = await startLocalPurple({
        agent: flags.agent,
        model: flags.purpleModel,
        baseUrl: flags.purpleBaseUrl,
        seed: flags.seed,
        scenarioId: oracleScenario,
        variantSeed: flags.variantSeed,
        logFile: join(outDir, 'purple.log'),
        manualDir: flags.manualDir,
        env,
      });
      try {
        console.log(`UES AgentBeats demo — ${suiteDescription(flags)}`);
        console.log(`  green  ${green.url} (characters and judge: ${flags.judgeModel ?? flags.model})`);
        console.log(`  purple ${purple.url} (agent: ${purple.agentName})`);
        console.log(`  logs   ${outDir}\n`);
        const report = await withInterrupt<{ ok: boolean }>((signal) => {
          const common = {
            greenUrl: green.url,
            purpleUrl: purple.url,
            role: 'personal_assistant',
            outDir,
            out: process.stdout,
            signal,
            headers: green.headers,
          };
          return suite
            ? runSuiteAssessment({
                ...common,
                config: { ...requestConfig(flags), ...scenarioRequestConfig(flags) },
              })
            : runAssessment({ ...common, scenarioId: flags.scenario, config: requestConfig(flags) });
        });
        if (suite) await placeEvaluationInputs(outDir);
        await writeRunReport(outDir);
        if (!report.ok) process.exitCode = 1;
      } finally {
        await purple.close();
      }
    } finally {
      await green.close();
    }
  });
}
