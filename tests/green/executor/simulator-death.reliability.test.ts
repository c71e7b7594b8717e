import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ChildProcessUesRunner, type UesInstance, type UesRunner } from '../../../src/green/runtime/index.js';
import type { GreenServerHandle } from '../../../src/green/server.js';
import { parseResults, payloadOfParts } from '../../../src/protocol/index.js';
import { ScriptedModel } from '../../support/fake-models.js';
import { assessOverA2A, startTestGreen, terminalStates } from '../../support/green-server.js';
import {
  answerAnn,
  startScriptedPurple,
  turnComplete,
  type ScriptedPurple,
} from '../../support/scripted-purple.js';

/**
 * A simulator child killed (SIGKILL) while the green processes the end of a turn — its characters
 * are replying — leaves partial results: over A2A as the results artifact before `failed`, and in
 * `<runs_dir>/<assessment id>/` with the evaluation input they were scored on. (A kill in the
 * middle of the purple's turn is the CLI's test, tests/cli/simulator-death.reliability.test.ts.)
 */

let green: GreenServerHandle | undefined;
let purple: ScriptedPurple | undefined;
let root: string | undefined;

afterEach(async () => {
  await purple?.close();
  await green?.close();
  if (root) await rm(root, { recursive: true, force: true });
  purple = green = root = undefined;
});

describe('the green executor when its simulator is killed between turns', () => {
  it('publishes the partial results, scored on the state read after the last turn’s actions', async () => {
    root = await mkdtemp(join(tmpdir(), 'ues-death-'));
    let ues: (UesInstance & { pid?: number }) | undefined;
    const inner = new ChildProcessUesRunner();
    const runner: UesRunner = { kind: 'child', start: async (options) => (ues = await inner.start(options)) };
    // The first character call (Ann answering the assistant's email) kills the simulator, and the
    // green finds out on its next request: nothing waits for the exit to be noticed.
    const characters = new ScriptedModel(() => {
      process.kill(ues!.pid!, 'SIGKILL');
      return 'Sounds good, see you then.';
    });
    green = await startTestGreen(
      { ues_runner: 'child', runs_dir: join(root, 'runs') },
      { agent: { runner, models: (role) => (role === 'response' ? characters : null) } },
    );
    purple = await startScriptedPurple({
      async onTurn({ ues: client }) {
        await answerAnn(client);
        await client.chat.send({
          role: 'assistant',
          content: 'Summary: replied to Ann.',
          conversation_id: 'user-assistant',
        });
        return turnComplete();
      },
    });
    const record = await assessOverA2A(green, {
      participants: { assistant: purple.url },
      config: { scenario_id: 'mini_inbox' },
    });
    expect(characters.calls).toBeGreaterThan(0);
    expect(terminalStates(record)).toEqual(['failed']);
    expect(record.texts.at(-1)).toMatch(/^Assessment failed: the UES child process was killed by SIGKILL/);
    expect(record.updates.at(-1)).toMatchObject({ error_type: 'ues_error', recoverable: false });

    expect(record.artifacts).toHaveLength(1);
    const raw = payloadOfParts(record.artifacts[0]!.parts)!;
    const results = parseResults(raw);
    expect(results.status).toBe('failed');
    expect(results.metadata).toMatchObject({
      end_reason: 'green_error',
      failure: expect.stringMatching(/^the UES child process was killed by SIGKILL/),
      partial_evaluation: { read_after_turn: 1 },
    });
    // The turn whose end was being processed, with both of its actions.
    expect(results.turns_taken).toBe(1);
    expect(results.action_log.map((action) => [action.turn, action.action])).toEqual([
      [1, 'email.send'],
      [1, 'chat.send_message'],
    ]);
    const score = (id: string) => results.criteria_results.find((c) => c.criterion_id === id)!;
    expect(score('replied_to_ann')).toMatchObject({ score: 10 });
    expect(score('posted_summaries')).toMatchObject({ score: 2, max_score: 6 });
    expect(score('friendly_tone').details).toMatchObject({ evaluated: false, reason: 'offline' });

    // The run folder holds the same results and what they were scored on.
    const folder = join(root, 'runs', results.assessment_id);
    expect(JSON.parse(await readFile(join(folder, 'results.json'), 'utf8'))).toEqual(raw);
    const input = JSON.parse(await readFile(join(folder, 'evaluation-input.json'), 'utf8')) as {
      final_state_read_after_turn: number;
      turns: Array<{ turn_number: number; actions: number; error: string | null }>;
      final_state: { chat: { messages: Array<{ role: string; content: unknown }> } };
    };
    expect(input.final_state_read_after_turn).toBe(1);
    expect(input.turns).toEqual([
      expect.objectContaining({
        turn_number: 1,
        actions: 2,
        error: expect.stringMatching(/^interrupted: the UES child process was killed by SIGKILL/),
      }),
    ]);
    expect(input.final_state.chat.messages.filter((m) => m.role === 'assistant')).toEqual([
      expect.objectContaining({ content: 'Summary: replied to Ann.' }),
    ]);
  }, 30_000);
});
