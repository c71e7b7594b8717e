import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseResults } from '../../src/protocol/index.js';
import { TEST_SCENARIOS_DIR } from '../support/green-harness.js';
import {
  answerAnn,
  startScriptedPurple,
  turnComplete,
  type ScriptedPurple,
} from '../support/scripted-purple.js';
import { uesChildrenOf } from '../support/ues-children.js';
import { runCli } from './run-cli.js';

/**
 * `run` against a purple while its simulator child is killed (SIGKILL) in the middle of the
 * purple's second turn, from outside, as an OOM killer would: the run folder still gets the
 * partial results, what they were scored on, and a report; the command says why and exits 1.
 */

let root: string;
let purple: ScriptedPurple | undefined;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'ues-cli-death-'));
});

afterAll(async () => {
  await purple?.close();
  await rm(root, { recursive: true, force: true });
});

describe('run, when the simulator dies mid-turn', () => {
  it('writes the partial results, their evaluation input and the report to the run folder', async () => {
    const out = join(root, 'run');
    // The CLI's process, parent of the green's simulator child.
    const cliProcess: { pid?: number } = {};
    purple = await startScriptedPurple({
      async onTurn({ turn, ues }) {
        if (turn.turn_number === 1) {
          await answerAnn(ues);
        }
        await ues.chat.send({
          role: 'assistant',
          content: `Summary ${turn.turn_number}.`,
          conversation_id: 'user-assistant',
        });
        if (turn.turn_number === 2) {
          const [pid, ...others] = await uesChildrenOf(cliProcess.pid!);
          expect(pid, 'the green’s one simulator child').toBeDefined();
          expect(others).toEqual([]);
          process.kill(pid!, 'SIGKILL');
          // The purple notices too: its simulator is gone.
          await expect(ues.email.state()).rejects.toThrow();
        }
        return turnComplete();
      },
    });
    const cli = runCli([
      'run',
      '--purple',
      purple.url,
      '--scenario',
      'mini_inbox',
      '--scenarios-dir',
      TEST_SCENARIOS_DIR,
      '--out',
      out,
    ]);
    cliProcess.pid = cli.child.pid;
    expect(await cli.exited, cli.output()).toBe(1);
    expect(cli.output()).toMatch(
      /Not a valid score — status failed: the green failed during the run; the UES child process was killed by SIGKILL/,
    );
    expect(cli.output()).toContain(`Results written to ${join(out, 'results.json')}`);
    expect(cli.output()).toContain(`Report written to ${join(out, 'report.html')}`);

    const results = parseResults(JSON.parse(await readFile(join(out, 'results.json'), 'utf8')));
    expect(results.status).toBe('failed');
    // Turn 1 in full; turn 2 interrupted, its actions lost with the simulator's event log.
    expect(results.turns_taken).toBe(2);
    expect(results.action_log.map((action) => [action.turn, action.action])).toEqual([
      [1, 'email.send'],
      [1, 'chat.send_message'],
    ]);
    expect(results.metadata?.['partial_evaluation']).toMatchObject({ read_after_turn: 1 });
    expect(results.criteria_results.find((c) => c.criterion_id === 'replied_to_ann')).toMatchObject({
      score: 10,
    });

    const input = JSON.parse(await readFile(join(out, 'evaluation-input.json'), 'utf8')) as {
      assessment_id: string;
      final_state_read_after_turn: number;
      turns: Array<{ turn_number: number; error: string | null }>;
    };
    expect(input.assessment_id).toBe(results.assessment_id);
    expect(input.final_state_read_after_turn).toBe(1);
    expect(input.turns.map((turn) => [turn.turn_number, turn.error?.split(':')[0] ?? null])).toEqual([
      [1, null],
      [2, 'interrupted'],
    ]);

    const html = await readFile(join(out, 'report.html'), 'utf8');
    expect(html).toContain('status-failed');
    expect(html).toContain('failed: interrupted: ');
    expect(html).toContain('“after” is the last state the green read, after turn 1’s actions');
  }, 60_000);
});
