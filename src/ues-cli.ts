#!/usr/bin/env node
import { Command } from 'commander';
import { registerUesCommand } from './cli/ues-command.js';
import { PACKAGE_VERSION } from './version.js';

/**
 * A standalone simulator entry point (`node dist/ues-cli.js ues …`): the main CLI's `ues` command
 * without loading the green, purple and LLM code, so the simulator the green agent starts for every
 * assessment context is up in a fraction of the time.
 */
const program = new Command('ues-agentbeats-ues').description('UES simulator').version(PACKAGE_VERSION);
registerUesCommand(program, process.env);
program.parseAsync(process.argv).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
