#!/usr/bin/env node
/**
 * The `ues-agentbeats` command. Only the command being run is loaded (see cli/commands.ts): every
 * CLI call, container start and test process pays for what it imports before it can do anything.
 */

const fail = (error: unknown): void => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
};

const { programFor } = await import('./cli/commands.js');
const program = await programFor(process.argv.slice(2), process.env).catch((error: unknown) => {
  fail(error);
  return undefined;
});
await program?.parseAsync(process.argv).catch(fail);
