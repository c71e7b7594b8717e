import { createInterface } from 'node:readline/promises';
import { McpToolError } from '../../purple/baselines/mcp/mcp-connection.js';
import { answerTurn, callRest, readSession, waitForTurn, withMcp, type TurnAnswer } from './player.js';

/**
 * `manual play`: a person at a terminal plays the assessment. Each turn is shown, then commands are
 * read until the turn is answered:
 *   GET /chat/state · POST /email/query {"limit": 5} · mcp <tool> {json} · tools
 *   next [PT1H] [notes…] · done [reason…] · session · help
 */

const HELP = `Commands (one per line):
  GET|POST|PUT|PATCH|DELETE <path> [json]   a REST call with the assessment's key
  mcp <tool> [json]                         an MCP tool call;  tools: list them
  next [duration] [notes…]                  end the turn, advance time (default: the check-in step)
  done [reason…]                            end the assessment after this turn
  session                                   the UES URL, key and MCP URL
  help`;

function parseAnswer(words: string[]): TurnAnswer | undefined {
  const [verb, ...rest] = words;
  if (verb === 'done') return { kind: 'done', ...(rest.length > 0 ? { reason: rest.join(' ') } : {}) };
  if (verb !== 'next') return undefined;
  const [first, ...notes] = rest;
  if (first !== undefined && /^P/i.test(first)) {
    return {
      kind: 'next',
      timeStep: first.toUpperCase(),
      ...(notes.length > 0 ? { notes: notes.join(' ') } : {}),
    };
  }
  return { kind: 'next', ...(rest.length > 0 ? { notes: rest.join(' ') } : {}) };
}

export async function playInteractively(dir: string): Promise<void> {
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  try {
    console.log(`Waiting for turns in ${dir} … (${HELP.split('\n')[0]} "help" lists them)`);
    for (;;) {
      const waited = await waitForTurn(dir);
      if (waited.kind === 'complete') {
        console.log(
          `The assessment is over (${waited.complete.reason}) after ${waited.complete.turns} turns.`,
        );
        return;
      }
      if (waited.kind !== 'turn') continue;
      const { turn } = waited;
      console.log(
        `\n── turn ${turn.turn_number} at ${turn.current_time} (${turn.user_timezone ?? 'UTC'})` +
          `, ${turn.events_processed} events since the last turn${turn.is_final_turn ? ', FINAL TURN' : ''}` +
          `${turn.end_time ? `, ends ${turn.end_time}` : ''}` +
          `${turn.suggested_time_step ? `, check-in step ${turn.suggested_time_step}` : ''}`,
      );
      for (;;) {
        const line = (await terminal.question(`turn ${turn.turn_number}> `)).trim();
        if (line === '') continue;
        const words = line.split(/\s+/);
        const answer = parseAnswer(words);
        try {
          if (answer !== undefined) {
            await answerTurn(dir, answer);
            break;
          }
          await runCommand(dir, line, words);
        } catch (error) {
          console.log(`error: ${error instanceof McpToolError ? error.text : (error as Error).message}`);
        }
      }
    }
  } finally {
    terminal.close();
  }
}

async function runCommand(dir: string, line: string, words: string[]): Promise<void> {
  const [verb = ''] = words;
  if (verb === 'help') return console.log(HELP);
  const session = await readSession(dir);
  if (verb === 'session') return console.log(JSON.stringify(session, null, 2));
  if (verb === 'tools' || verb === 'mcp') {
    const tool = verb === 'mcp' ? words[1] : undefined;
    const args = verb === 'mcp' ? line.replace(/^\s*mcp\s+\S+\s*/, '') : '';
    await withMcp(dir, session, async (connection) => {
      if (tool === undefined) {
        for (const item of connection.tools) console.log(`${item.name} — ${item.description ?? ''}`);
        return;
      }
      const result = await connection.call(
        tool,
        args === '' ? {} : JSON.parse(args),
        new AbortController().signal,
      );
      console.log(JSON.stringify(result, null, 2));
    });
    return;
  }
  if (/^(GET|POST|PUT|PATCH|DELETE)$/i.test(verb) && words[1] !== undefined) {
    const body = line.replace(/^\s*\S+\s+\S+\s*/, '');
    const answer = await callRest(session, verb, words[1], body === '' ? undefined : body);
    console.log(`HTTP ${answer.status}\n${JSON.stringify(answer.body, null, 2)}`);
    return;
  }
  console.log(`unknown command "${verb}"; "help" lists them`);
}
