import { InvalidArgumentError, type Command } from 'commander';
import { isoDurationString } from '../../protocol/schema-helpers.js';
import {
  answerTurn,
  bodyArgument,
  callRest,
  readSession,
  waitForTurn,
  withMcp,
  type TurnAnswer,
} from './player.js';

/**
 * `ues-agentbeats manual …`: the player's side of `--agent manual`. A person types in `play`; a
 * script loops over `wait` → `call`/`mcp` → `reply`. Exit codes of `wait`: 0 a turn is waiting
 * (printed as JSON), 3 the assessment is over, 4 nothing came before --timeout.
 */

const DIR_ENV = 'UES_MANUAL_DIR';
export const WAIT_EXIT = { turn: 0, complete: 3, timeout: 4 } as const;

function dirOf(flags: { dir?: string }, env: Record<string, string | undefined>): string {
  return flags.dir ?? env[DIR_ENV] ?? 'manual';
}

function durationOption(value: string): string {
  if (!isoDurationString().safeParse(value).success) {
    throw new InvalidArgumentError(
      `--time-step must be an ISO 8601 duration such as PT1H or PT30M, got "${value}"`,
    );
  }
  return value;
}

function secondsOption(value: string): number {
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds < 0) {
    throw new InvalidArgumentError(`--timeout must be a non-negative number of seconds, got "${value}"`);
  }
  return seconds;
}

const print = (value: unknown): void => console.log(JSON.stringify(value, null, 2));

export function registerManualCommand(program: Command, env: Record<string, string | undefined>): void {
  const manual = program
    .command('manual')
    .description(
      'Play an assessment by hand or by script: the side of a purple started with --agent manual --manual-dir <dir>',
    );
  const dirFlag = ['--dir <dir>', `the manual folder (env ${DIR_ENV}; default ./manual)`] as const;

  manual
    .command('play')
    .description('Interactive: shows each turn and reads your commands (REST calls, MCP tools, next, done)')
    .option(...dirFlag)
    .action(async (flags: { dir?: string }) => {
      const { playInteractively } = await import('./play.js');
      await playInteractively(dirOf(flags, env));
    });

  manual
    .command('wait')
    .description(
      `Wait for the next turn and print it as JSON (exit ${WAIT_EXIT.turn}); exit ${WAIT_EXIT.complete} when the assessment is over, ${WAIT_EXIT.timeout} on --timeout`,
    )
    .option(...dirFlag)
    .option(
      '--timeout <seconds>',
      'give up after this long (default: wait as long as it takes)',
      secondsOption,
    )
    .action(async (flags: { dir?: string; timeout?: number }) => {
      const waited = await waitForTurn(dirOf(flags, env), {
        ...(flags.timeout === undefined ? {} : { timeoutMs: flags.timeout * 1_000 }),
      });
      if (waited.kind === 'turn') print(waited.turn);
      else if (waited.kind === 'complete') print(waited.complete);
      else console.error('no turn before the timeout');
      process.exitCode = WAIT_EXIT[waited.kind];
    });

  manual
    .command('reply')
    .description(
      "Answer the waiting turn: advance time by --time-step (default: the scenario's check-in step, else PT1H), or --done to end the assessment",
    )
    .option(...dirFlag)
    .option('--time-step <duration>', 'ISO 8601 duration to advance before the next turn', durationOption)
    .option('--notes <text>', 'free text kept with the turn (never scored)')
    .option('--done [reason]', 'end the assessment after this turn (early_completion)')
    .action(async (flags: { dir?: string; timeStep?: string; notes?: string; done?: string | boolean }) => {
      if (flags.done !== undefined && (flags.timeStep !== undefined || flags.notes !== undefined)) {
        throw new InvalidArgumentError('--done ends the assessment: it takes no --time-step or --notes');
      }
      const answer: TurnAnswer =
        flags.done !== undefined
          ? { kind: 'done', ...(typeof flags.done === 'string' ? { reason: flags.done } : {}) }
          : { kind: 'next', timeStep: flags.timeStep, notes: flags.notes };
      const turn = await answerTurn(dirOf(flags, env), answer);
      console.log(`turn ${turn.turn_number} answered`);
    });

  manual
    .command('call')
    .description(
      "One REST call to the simulator with the assessment's key, e.g. `call POST /email/query '{\"limit\": 5}'`",
    )
    .option(...dirFlag)
    .argument('<method>', 'GET, POST, PUT, PATCH or DELETE')
    .argument('<path>', 'the route, e.g. /chat/state')
    .argument('[body]', 'JSON body, @file, or - for standard input')
    .action(async (method: string, path: string, body: string | undefined, flags: { dir?: string }) => {
      const session = await readSession(dirOf(flags, env));
      const answer = await callRest(session, method, path, await bodyArgument(body));
      console.error(`HTTP ${answer.status}`);
      print(answer.body);
      if (answer.status >= 400) process.exitCode = 1;
    });

  manual
    .command('mcp')
    .description(
      "The assessment's MCP server: list its tools, or call one, e.g. `mcp list_emails '{\"limit\": 5}'`",
    )
    .option(...dirFlag)
    .argument('[tool]', 'the tool to call (none: list the tools with their input schemas)')
    .argument('[args]', 'JSON arguments, @file, or - for standard input')
    .action(async (tool: string | undefined, args: string | undefined, flags: { dir?: string }) => {
      const dir = dirOf(flags, env);
      const session = await readSession(dir);
      const text = await bodyArgument(args);
      let parsed: unknown = {};
      if (text !== undefined) {
        try {
          parsed = JSON.parse(text);
        } catch (error) {
          throw new InvalidArgumentError(`the tool arguments are not JSON: ${(error as Error).message}`);
        }
      }
      await withMcp(dir, session, async (connection) => {
        if (tool === undefined) {
          print(
            connection.tools.map(({ name, description, inputSchema }) => ({
              name,
              description,
              inputSchema,
            })),
          );
          return;
        }
        print(await connection.call(tool, parsed, new AbortController().signal));
      });
    });

  manual
    .command('session')
    .description("Print the assessment's session: UES URL, key, MCP URL, the user's zone, the start")
    .option(...dirFlag)
    .action(async (flags: { dir?: string }) => {
      print(await readSession(dirOf(flags, env)));
    });
}
