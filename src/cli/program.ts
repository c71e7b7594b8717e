import type { Command } from 'commander';
import { rootCommand } from './commands.js';
import { registerDemoCommand } from './demo-command.js';
import { registerGreenCommand } from './green-command.js';
import { registerManualCommand } from './manual/manual-command.js';
import { registerMergeCommand } from './merge-command.js';
import { registerPurpleCommand } from './purple-command.js';
import { registerReportCommand } from './report-command.js';
import { registerRescoreCommand } from './rescore-command.js';
import { registerRunCommand } from './run-command.js';
import { registerScenariosCommand } from './scenarios-command.js';
import { registerUesCommand } from './ues-command.js';

/**
 * The `ues-agentbeats` command line with every command loaded; each part registers its own
 * subcommands. The binary loads only the command it runs (commands.ts): a command added here
 * must be added to its table too (a test compares their help).
 */
export function buildProgram(env: Record<string, string | undefined> = process.env): Command {
  const program = rootCommand();
  registerUesCommand(program, env);
  registerGreenCommand(program, env);
  registerPurpleCommand(program, env);
  registerScenariosCommand(program, env);
  registerRunCommand(program, env);
  registerDemoCommand(program, env);
  registerRescoreCommand(program, env);
  registerReportCommand(program);
  registerMergeCommand(program);
  registerManualCommand(program, env);
  return program;
}
