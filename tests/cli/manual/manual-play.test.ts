import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ManualPlayerError,
  answerTurn,
  callRest,
  readSession,
  waitForTurn,
  withMcp,
} from '../../../src/cli/manual/player.js';
import { runCli, type CliProcess } from '../run-cli.js';

/**
 * `run --agent manual`: each turn is handed through a folder to a player — here a script using the
 * player library, as a person would with `manual play` — who reads and acts over REST and MCP with
 * the turn's key and answers the turn; the run is scored like any other.
 */

const FIXTURES = 'tests/support/scenarios/check';
const TIMEOUT_MS = 120_000;

describe('the manual purple', () => {
  let temp: string;
  const running: CliProcess[] = [];
  beforeEach(async () => {
    temp = await mkdtemp(join(tmpdir(), 'manual-'));
  });
  afterEach(async () => {
    for (const cli of running.splice(0)) {
      if (cli.child.exitCode === null) {
        cli.child.kill('SIGTERM');
        await cli.exited;
      }
    }
    await rm(temp, { recursive: true, force: true });
  });

  it(
    'hands each turn to a player who acts over REST and MCP, and scores what the player did',
    async () => {
      const turns = join(temp, 'turns');
      const out = join(temp, 'run');
      const cli = runCli([
        'run',
        '--scenario',
        'check_gate',
        '--scenarios-dir',
        FIXTURES,
        '--agent',
        'manual',
        '--manual-dir',
        turns,
        '--turn-timeout-seconds',
        '600',
        '--out',
        out,
      ]);
      running.push(cli);
      const first = await waitForTurn(turns, { timeoutMs: 60_000 });
      expect(first.kind).toBe('turn');
      const session = await readSession(turns);
      expect(session.mcp_url).not.toBeNull();

      // A bad answer is refused with the reason, and the turn keeps waiting for a good one.
      await expect(answerTurn(turns, { kind: 'next', timeStep: 'soon' })).rejects.toThrow(
        /time_step: "soon" is not an ISO 8601 duration/,
      );
      const chat = await callRest(session, 'GET', '/chat/state', undefined);
      expect(chat.status).toBe(200);
      expect(JSON.stringify(chat.body)).toContain('Every hour');
      const inbox = await callRest(session, 'POST', '/email/query', '{}');
      expect(JSON.stringify(inbox.body)).toContain('4411');
      // The user's key may not speak for the simulator: a refused call is shown, not hidden.
      expect(
        (await callRest(session, 'POST', '/simulator/time/advance', '{"duration": "PT1H"}')).status,
      ).toBe(403);
      await withMcp(turns, session, (mcp) =>
        mcp.call(
          'send_chat_message',
          { content: 'Invoice 4411 from Ann: $950 due. Parking permit 7731, bay B12, renew by 21:00.' },
          new AbortController().signal,
        ),
      );
      await answerTurn(turns, { kind: 'next', timeStep: 'PT1H', notes: 'first report' });

      const second = await waitForTurn(turns, { timeoutMs: 60_000 });
      expect(second).toMatchObject({ kind: 'turn', turn: { turn_number: 2 } });
      await answerTurn(turns, { kind: 'done', reason: 'reported' });
      const end = await waitForTurn(turns, { timeoutMs: 60_000 });
      expect(end).toMatchObject({ kind: 'complete', complete: { reason: 'early_completion', turns: 2 } });
      expect(await cli.exited, cli.output()).toBe(0);

      const results = JSON.parse(await readFile(join(out, 'results.json'), 'utf8')) as {
        criteria_results: { criterion_id: string; score: number; max_score: number }[];
      };
      const facts = results.criteria_results.find((c) => c.criterion_id === 'facts_reported');
      expect(facts?.score).toBe(facts?.max_score);
      const log = (await readFile(join(turns, 'turns.jsonl'), 'utf8')).trim().split('\n');
      expect(
        log.map((line) => (JSON.parse(line) as { reply: { message_type: string } }).reply.message_type),
      ).toEqual(['turn_complete', 'early_completion']);
    },
    TIMEOUT_MS,
  );

  it('says what is missing instead of failing obscurely', async () => {
    await expect(readSession(temp)).rejects.toBeInstanceOf(ManualPlayerError);
    await expect(answerTurn(temp, { kind: 'next' })).rejects.toThrow(/no turn is waiting/);
    await writeFile(join(temp, 'session.json'), '{"message_type": "manual_session"', 'utf8');
    await expect(readSession(temp)).rejects.toThrow(/session.json is not JSON/);
    const cli = runCli([
      'run',
      '--scenario',
      'check_gate',
      '--scenarios-dir',
      FIXTURES,
      '--agent',
      'manual',
      '--out',
      temp,
    ]);
    running.push(cli);
    expect(await cli.exited).not.toBe(0);
    expect(cli.output()).toMatch(/manual_dir: .*--manual-dir/);
  });

  it('refuses a bad --turn-timeout-seconds by name', async () => {
    const cli = runCli([
      'run',
      '--scenario',
      'check_gate',
      '--agent',
      'noop',
      '--turn-timeout-seconds',
      'forever',
    ]);
    running.push(cli);
    expect(await cli.exited).not.toBe(0);
    expect(cli.output()).toContain(
      '--turn-timeout-seconds must be a number from 0.1 to 86400, got "forever"',
    );
  });
});
