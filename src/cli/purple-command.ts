import type { Command } from 'commander';
import { pino } from 'pino';
import { addPurpleOptions, loadPurpleConfig, type ConfigFlags } from '../protocol/index.js';
import { listPurpleAgents, startPurpleServer } from '../purple/index.js';
import { purpleServerOptions } from './local-agents.js';
import { onShutdownSignal } from './signals.js';

interface ScenarioFlags {
  scenario?: string;
  scenariosDir?: string;
}

/** `ues-agentbeats purple --agent <name>`: serve a registered purple agent over A2A until interrupted. */
export function registerPurpleCommand(program: Command, env: Record<string, string | undefined>): void {
  const command = program
    .command('purple')
    .description('Serve a purple (assistant) agent over A2A for UES AgentBeats assessments');
  addPurpleOptions(command);
  command
    .option(
      '--scenario <id>',
      'scenario whose oracle plan an oracle agent plays (--agent oracle, oracle-paraphrased)',
    )
    .option('--scenarios-dir <dir>', "folder holding the scenarios (default: the package's scenarios/)");
  command.addHelpText('after', () => {
    const agents = listPurpleAgents().map((agent) => `  ${agent.name.padEnd(12)} ${agent.description}`);
    return `\nRegistered agents:\n${agents.join('\n')}\n`;
  });
  command.action(async (flags: ConfigFlags & ScenarioFlags) => {
    const config = loadPurpleConfig(flags, env);
    const logger = pino({ level: config.log_level }, pino.destination(2));
    const server = await startPurpleServer(
      config,
      await purpleServerOptions(config, {
        scenarioId: flags.scenario,
        scenariosDir: flags.scenariosDir,
        logger,
        env,
      }),
    );
    console.log(`Purple agent "${server.agentName}" listening on ${server.url} (card URL ${server.cardUrl})`);
    await onShutdownSignal(() => server.close());
  });
}
