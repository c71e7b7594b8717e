import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGoldGate } from '../../../src/green/gold/gate.js';
import { applyEdits, MutationError } from '../../../src/green/gold/mutate.js';
import { readGoldRuns } from '../../../src/green/gold/store.js';
import { DEFAULT_SCENARIOS_DIR } from '../../../src/green/scenarios/loader.js';

/**
 * The gate's own behaviour on a copy of one gold run: a careless mutant is caught or not by what it
 * costs, an edit that matches nothing is a mutant problem, and an open finding that holds again
 * (or names nothing) fails the gate until it leaves the list.
 */

const GOLD = fileURLToPath(new URL('../../../gold/', import.meta.url));
const SCENARIO = 'coordination_band_rehearsal_slot';
const RUN = 'blind-G31';
let dir: string;

async function mutant(id: string, body: Record<string, unknown>): Promise<void> {
  await writeFile(
    join(dir, SCENARIO, RUN, 'mutants', `${id}.json`),
    JSON.stringify({
      message_type: 'gold_mutant',
      format_version: 1,
      id,
      mistake: id,
      description: id,
      ...body,
    }),
  );
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gold-'));
  await cp(join(GOLD, SCENARIO, RUN), join(dir, SCENARIO, RUN), { recursive: true });
  await rm(join(dir, SCENARIO, RUN, 'mutants'), { recursive: true, force: true });
  await cp(join(GOLD, SCENARIO, RUN, 'mutants'), join(dir, SCENARIO, RUN, 'mutants'), { recursive: true });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const gate = () =>
  runGoldGate({
    goldDir: dir,
    scenariosDir: DEFAULT_SCENARIOS_DIR,
    ids: [SCENARIO],
    parts: ['runs', 'mutants'],
  });

describe('the gold gate', () => {
  it('rescores the run and catches a mutant by what it costs', async () => {
    const [run] = await readGoldRuns(dir, [SCENARIO]);
    const firstText = run!.input.action_log.find((entry) => entry.action === 'sms.send_message')!;
    expect(firstText).toBeDefined();
    await mutant('drops-every-text', {
      edits: [{ op: 'drop_action', action: { action: 'sms.send_message' } }],
      expect: { loss: 10 },
    });
    const report = await gate();
    expect(report.runs[0]!.ok).toBe(true);
    const row = report.mutants.find((m) => m.mutant_id === 'drops-every-text')!;
    expect(row.gold - row.mutant).toBeGreaterThan(0);
  });

  it('an edit that matches nothing is the mutant’s problem, never a silent pass', async () => {
    const [run] = await readGoldRuns(dir, [SCENARIO]);
    expect(() =>
      applyEdits(run!.input, [{ op: 'replace_text', find: 'no such words anywhere', replace: 'x' }]),
    ).toThrow(MutationError);
    await mutant('matches-nothing', {
      edits: [{ op: 'drop_action', action: { action: 'no.such_action' } }],
      expect: { loss: 5 },
    });
    const report = await gate();
    const row = report.mutants.find((m) => m.mutant_id === 'matches-nothing')!;
    expect(row.ok).toBe(false);
    expect(row.problems.join()).toMatch(/cannot be applied/);
    expect(report.ok).toBe(false);
    await rm(join(dir, SCENARIO, RUN, 'mutants', 'matches-nothing.json'));
  });

  it('an open finding keeps a known miss out of the verdict, and must go once it holds', async () => {
    await mutant('says-nothing-wrong', {
      edits: [{ op: 'add_chat', at: '2026-11-09T18:30:00Z', content: 'All good here.' }],
      expect: { loss: 30 },
    });
    let report = await gate();
    expect(report.mutants.find((m) => m.mutant_id === 'says-nothing-wrong')!.ok).toBe(false);
    expect(report.ok).toBe(false);
    const open = (mutants: Record<string, string>) =>
      writeFile(
        join(dir, 'open-findings.json'),
        JSON.stringify({ message_type: 'gold_open_findings', format_version: 1, mutants }),
      );
    await open({
      [`${SCENARIO}/${RUN}/says-nothing-wrong`]:
        'a harmless chat line costs nothing, rightly: the expectation is wrong',
    });
    report = await gate();
    expect(report.summary.mutants_open).toBe(1);
    expect(report.ok).toBe(report.mutants.every((m) => m.ok || m.open !== null));
    // A finding that holds now fails the gate until it leaves the file.
    const caught = report.mutants.find((m) => m.ok)!;
    await open({ [`${SCENARIO}/${RUN}/${caught.mutant_id}`]: 'stale' });
    report = await gate();
    expect(report.problems.join()).toMatch(/holds now/);
    expect(report.ok).toBe(false);
  });

  it('counts the traps a mutant falls into, and refuses a trap the scenario does not have', async () => {
    // The run's own mutants name traps too: measured here without them.
    const mutantsDir = join(dir, SCENARIO, RUN, 'mutants');
    for (const file of await readdir(mutantsDir)) {
      const { trap: _trap, ...rest } = JSON.parse(await readFile(join(mutantsDir, file), 'utf8')) as Record<
        string,
        unknown
      >;
      await writeFile(join(mutantsDir, file), JSON.stringify(rest));
    }
    await mutant('books-early', {
      trap: 'books_before_the_drummer_answers',
      edits: [{ op: 'drop_action', action: { action: 'sms.send_message' } }],
      expect: { loss: 10 },
    });
    let report = await gate();
    expect(report.summary.traps).toEqual({
      traps: 2,
      covered: 1,
      uncovered: [`${SCENARIO}/first_free_evening`],
    });
    expect(report.mutants.find((m) => m.mutant_id === 'books-early')!.trap).toBe(
      'books_before_the_drummer_answers',
    );
    await mutant('books-early', {
      trap: 'no_such_trap',
      edits: [{ op: 'drop_action', action: { action: 'sms.send_message' } }],
      expect: { loss: 10 },
    });
    report = await gate();
    const row = report.mutants.find((m) => m.mutant_id === 'books-early')!;
    expect(row.ok).toBe(false);
    expect(row.problems.join()).toMatch(
      /names trap "no_such_trap".*its traps: books_before_the_drummer_answers, first_free_evening/,
    );
    expect(report.summary.traps!.covered).toBe(0);
    expect(report.ok).toBe(false);
    await rm(join(dir, SCENARIO, RUN, 'mutants', 'books-early.json'));
  });

  it('over the whole catalogue, a trap without a careless mutant fails the gate', async () => {
    const report = await runGoldGate({
      goldDir: dir,
      scenariosDir: DEFAULT_SCENARIOS_DIR,
      parts: ['mutants'],
    });
    expect(report.summary.traps!.uncovered.length).toBeGreaterThan(0);
    expect(report.problems.join()).toMatch(
      /traps without a careless mutant: .*ask_back_donor_breakfast_headcount\//,
    );
    expect(report.ok).toBe(false);
  });
});
