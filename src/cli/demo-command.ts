import { join } from 'node:path';
import type { Command } from 'commander';
import { OFFLINE_MODEL } from '../llm/index.js';
import { runAssessment } from './assessment/run-assessment.js';
import { defaultRunDirectory } from './assessment/results-file.js';
import { httpUrlOption, parseIntegerOption, requestConfig, withInterrupt } from './options.js';
import { startLocalGreen, startLocalPurple } from './local-agents.js';

interface DemoFlags {
  scenario: string;
  agent: string;
  purpleModel?: string;
  purpleBaseUrl?: string;
  model: string;
  judgeModel?: string;
  baseUrl?: string;
  judgeBaseUrl?: string;
  seed?: number;
  maxTurns?: number;
  uesRunner?: 'child' | 'in-process';
  out?: string;
}

/**
 * `ues-agentbeats demo`: the whole benchmark on one machine — a green agent with its simulator and a
 * baseline purple on free loopback ports, one assessment over real A2A and HTTP, then shutdown.
 */
export function registerDemoCommand(program: Command, env: Record<string, string | undefined>): void {
  program
    .command('demo')
    .description('Run a full demo assessment: local green agent + simulator + baseline assistant')
    .option('--scenario <id>', 'scenario to run', 'email_triage_basic')
    .option('--agent <name>', 'purple agent to assess (rule-based, llm, noop, oracle, …)', 'rule-based')
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
    .option('--max-turns <n>', 'turn limit', parseIntegerOption('--max-turns'))
    .option('--ues-runner <runner>', 'run the simulator as a child process or in-process', undefined)
    .option('--out <dir>', 'directory for results.json and logs (default runs/<timestamp>-<scenario>/)')
    .action(async (flags: DemoFlags) => {
      const outDir = flags.out ?? defaultRunDirectory(flags.scenario);
      const green = await startLocalGreen({
        model: flags.model,
        judgeModel: flags.judgeModel,
        baseUrl: flags.baseUrl,
        judgeBaseUrl: flags.judgeBaseUrl,
        seed: flags.seed,
        uesRunner: flags.uesRunner,
        logFile: join(outDir, 'green.log'),
        env,
      });
      try {
        const purple = await startLocalPurple({
          agent: flags.agent,
          model: flags.purpleModel,
          baseUrl: flags.purpleBaseUrl,
          seed: flags.seed,
          scenarioId: flags.scenario,
          logFile: join(outDir, 'purple.log'),
          env,
        });
        try {
          console.log(`UES AgentBeats demo — scenario ${flags.scenario}`);
          console.log(`  green  ${green.url} (characters and judge: ${flags.judgeModel ?? flags.model})`);
          console.log(`  purple ${purple.url} (agent: ${purple.agentName})`);
          console.log(`  logs   ${outDir}\n`);
          const report = await withInterrupt((signal) =>
            runAssessment({
              greenUrl: green.url,
              purpleUrl: purple.url,
              role: 'personal_assistant',
              scenarioId: flags.scenario,
              config: requestConfig(flags),
              outDir,
              out: process.stdout,
              signal,
              headers: green.headers,
            }),
          );
          if (!report.ok) process.exitCode = 1;
        } finally {
          await purple.close();
        }
      } finally {
        await green.close();
      }
    });
}
