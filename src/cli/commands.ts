import { Command, Help } from 'commander';
import { PACKAGE_VERSION } from '../version.js';

/**
 * The command line as the `ues-agentbeats` binary builds it: only the command being run is loaded
 * (its module and what that imports: the green server, the providers, the report renderer…); the
 * others are listed by name and description. `--help` then costs commander and this table, not
 * every command's dependencies — every CLI call, container start and test process pays its start.
 *
 * `program.ts` builds the same program with every command loaded (for tests and tools that read
 * the options); a test checks that both print the same help, so a command added there and not
 * here is caught.
 */

type Env = Record<string, string | undefined>;
type Register = (program: Command, env: Env) => void;

export interface CommandEntry {
  name: string;
  /** How the root help lists it (commander's `subcommandTerm` of the loaded command). */
  term: string;
  description: string;
  load(): Promise<Register>;
}

export const DESCRIPTION = 'UES AgentBeats: a benchmark for AI personal assistants';

/** Every command, in the order help lists them. */
export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'ues',
    term: 'ues [options]',
    description: 'Start a User Environment Simulator (UES) HTTP server',
    load: async () => (await import('./ues-command.js')).registerUesCommand,
  },
  {
    name: 'green',
    term: 'green [options]',
    description: 'Serve the green (evaluator) agent over A2A for UES AgentBeats assessments',
    load: async () => (await import('./green-command.js')).registerGreenCommand,
  },
  {
    name: 'purple',
    term: 'purple [options]',
    description: 'Serve a purple (assistant) agent over A2A for UES AgentBeats assessments',
    load: async () => (await import('./purple-command.js')).registerPurpleCommand,
  },
  {
    name: 'scenarios',
    term: 'scenarios',
    description: 'List, validate and check (validity gate) evaluation scenarios',
    load: async () => (await import('./scenarios-command.js')).registerScenariosCommand,
  },
  {
    name: 'run',
    term: 'run [options]',
    description: 'Assess a running purple agent (starts a local green agent unless --green is given)',
    load: async () => (await import('./run-command.js')).registerRunCommand,
  },
  {
    name: 'demo',
    term: 'demo [options]',
    description: 'Run a full demo assessment: local green agent + simulator + baseline assistant',
    load: async () => (await import('./demo-command.js')).registerDemoCommand,
  },
  {
    name: 'rescore',
    term: 'rescore [options] <run-dir>',
    description: 'Recompute the scores of a finished run from its saved files (no purple, no simulator)',
    load: async () => (await import('./rescore-command.js')).registerRescoreCommand,
  },
  {
    name: 'report',
    term: 'report [options] <paths...>',
    description: 'Write a self-contained HTML report of a run or a suite of runs (reads files only)',
    load: async () => (await import('./report-command.js')).registerReportCommand,
  },
  {
    name: 'merge',
    term: 'merge [options] <dirs...>',
    description: 'Merge the output folders of a suite’s shards (run --shard i/n) into one suite and report',
    load: async () => (await import('./merge-command.js')).registerMergeCommand,
  },
  {
    name: 'manual',
    term: 'manual',
    description:
      'Play an assessment by hand or by script: the side of a purple started with --agent manual --manual-dir <dir>',
    load: async () => (await import('./manual/manual-command.js')).registerManualCommand,
  },
];

/** The root command, without subcommands. */
export function rootCommand(): Command {
  return new Command('ues-agentbeats').description(DESCRIPTION).version(PACKAGE_VERSION).showHelpAfterError();
}

/**
 * The program for `args` (the arguments after the script): the command they name — directly or
 * as `help <command>` — is loaded and registered in full, every other one as a stub that help
 * lists exactly as the loaded command would be listed.
 */
export async function programFor(args: readonly string[], env: Env): Promise<Command> {
  const named = args[0] === 'help' ? args[1] : args[0];
  const program = rootCommand();
  const stubs = new Map<Command, string>();
  program.configureHelp({
    subcommandTerm(this: Help, command: Command): string {
      return stubs.get(command) ?? Help.prototype.subcommandTerm.call(this, command);
    },
  });
  for (const entry of COMMANDS) {
    if (entry.name === named) {
      (await entry.load())(program, env);
      continue;
    }
    stubs.set(program.command(entry.name).description(entry.description), entry.term);
  }
  return program;
}
