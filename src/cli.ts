#!/usr/bin/env node
/**
 * The `ues-agentbeats` command. `manual …` is called once per player action (a REST call, a turn's
 * answer), so it loads only what it needs instead of every command's modules.
 */

const fail = (error: unknown): void => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
};

if (process.argv[2] === 'manual') {
  const { Command } = await import('commander');
  const { registerManualCommand } = await import('./cli/manual/manual-command.js');
  const program = new Command('ues-agentbeats').showHelpAfterError();
  registerManualCommand(program, process.env);
  await program.parseAsync(process.argv).catch(fail);
} else {
  const { buildProgram } = await import('./cli/program.js');
  await buildProgram().parseAsync(process.argv).catch(fail);
}
