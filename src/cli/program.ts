import { Command } from 'commander';
import { PACKAGE_VERSION } from '../version.js';

/** The `ues-agentbeats` command line; each part registers its own subcommands. */
export function buildProgram(): Command {
  const program = new Command('ues-agentbeats')
    .description('UES AgentBeats: a benchmark for AI personal assistants')
    .version(PACKAGE_VERSION)
    .showHelpAfterError()
    .exitOverride();
  return program;
}
