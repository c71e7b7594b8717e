import type { Command } from 'commander';
import { pino } from 'pino';
import { startGreenServer } from '../green/server.js';
// The config modules themselves, not the protocol's index: this is a green's start path.
import { addGreenOptions } from '../protocol/config/commander.js';
import type { ConfigFlags } from '../protocol/config/fields.js';
import { loadGreenConfig } from '../protocol/config/green.js';
import { onShutdownSignal } from './signals.js';

/**
 * `ues-agentbeats green`: serve the green (evaluator) agent over A2A until SIGINT/SIGTERM, then
 * cancel running assessments and stop every UES. Flag and env problems end with a message naming
 * the flag or variable (printed by the CLI entry point) and exit code 1.
 */
export function registerGreenCommand(program: Command, env: Record<string, string | undefined>): void {
  const command = program
    .command('green')
    .description('Serve the green (evaluator) agent over A2A for UES AgentBeats assessments');
  addGreenOptions(command);
  command.action(async (flags: ConfigFlags) => {
    const config = loadGreenConfig(flags, env);
    const logger = pino({ level: config.log_level }, pino.destination(2));
    const server = await startGreenServer(config, { logger, env });
    console.log(
      `Green agent listening on ${server.url} (card URL ${server.cardUrl}; purples reach UES via ${server.publicUrl}ues/<contextId>)`,
    );
    await onShutdownSignal(() => server.close());
  });
}
