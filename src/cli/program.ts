import { Command } from 'commander';
import { PACKAGE_VERSION } from '../version.js';
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

/** The `ues-agentbeats` command line; each part registers its own subcommands. */
export function buildProgram(env: Record<string, string | undefined> = process.env): Command {
  const program = new Command('ues-agentbeats')
    .description('UES AgentBeats: a benchmark for AI personal assistants')
    .version(PACKAGE_VERSION)
    .showHelpAfterError();
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
