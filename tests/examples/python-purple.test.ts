import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runAssessment } from '../../src/cli/assessment/run-assessment.js';
import { startLocalGreen } from '../../src/cli/local-agents.js';
import { parseResults, type AssessmentResults } from '../../src/protocol/index.js';
import { runCli } from '../cli/run-cli.js';

/**
 * examples/python-purple, run with the system python3 exactly as its README says: its own unit
 * tests (JSON-RPC errors for bad input, both A2A versions, the UES client, decide_turn), then real
 * assessments through the green — one per A2A version the green speaks. Skipped, with a message,
 * where there is no python3 (`.ci/run` installs it).
 */

const TEMPLATE = fileURLToPath(new URL('../../examples/python-purple/', import.meta.url));
const PYTHON = process.env['PYTHON'] ?? 'python3';
const HAVE_PYTHON = spawnSync(PYTHON, ['--version']).status === 0;
if (!HAVE_PYTHON) {
  console.error(`Python purple tests skipped: no ${PYTHON} (apt-get install python3, or set PYTHON)`);
}

interface PythonPurple {
  child: ChildProcess;
  url: string;
  log(): string;
}

const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) child.kill('SIGTERM');
});

/** `python3 assistant.py --port 0 …`, resolved once it prints the URL it listens on. */
function startPythonPurple(args: string[] = []): Promise<PythonPurple> {
  const child = spawn(PYTHON, ['assistant.py', '--port', '0', ...args], {
    cwd: TEMPLATE,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /listening on (http:\/\/\S+\/)/.exec(stdout);
      if (match) resolve({ child, url: match[1]!, log: () => stderr });
    });
    child.on('exit', (code) =>
      reject(new Error(`python purple exited (${code}) before listening:\n${stderr}`)),
    );
  });
}

/** What a purple that read its task and reported the inbox leaves in the results. */
function expectReportedInbox(results: AssessmentResults, turns: number): void {
  expect(results.status).toBe('completed');
  expect(results.turns_taken).toBe(turns);
  const chat = results.action_log.filter((entry) => entry.action === 'chat.send_message');
  expect(chat).toHaveLength(turns);
  expect(String(chat[0]!.parameters['content'])).toMatch(
    /^Update at \d\d:\d\d \(\d+ new emails?, 0 new texts\):\n• /,
  );
  expect(results.action_log.some((entry) => entry.action === 'email.mark_read' && entry.success)).toBe(true);
  expect(results.action_log.every((entry) => entry.success)).toBe(true);
  // Not a do-nothing score: the summaries earn accuracy (noop's is 0).
  expect(results.scores.dimensions.accuracy!.score).toBeGreaterThan(0);
}

describe.skipIf(!HAVE_PYTHON)('the Python purple template (examples/python-purple)', () => {
  it('passes its own unit tests', () => {
    const run = spawnSync(PYTHON, ['-m', 'unittest', 'discover', '-s', 'tests', '-t', 'tests'], {
      cwd: TEMPLATE,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stderr).toMatch(/Ran \d+ tests[\s\S]*\nOK\n/);
  });

  it('is assessed end to end through the green: A2A 1.0 with `run --purple`, A2A 0.3 with a 0.3 card', async () => {
    const [current, legacy] = await Promise.all([
      startPythonPurple(),
      startPythonPurple(['--card-protocol', '0.3']),
    ]);
    const out = await mkdtemp(join(tmpdir(), 'python-purple-'));

    // As the README runs it: the CLI's `run` with a local green.
    const cli = runCli([
      'run',
      '--purple',
      current.url,
      '--scenario',
      'email_triage_basic',
      '--max-turns',
      '2',
      '--seed',
      '3',
      '--out',
      join(out, 'v1'),
    ]);
    // Meanwhile, a green in this process assesses the purple whose card offers only A2A 0.3.
    const green = await startLocalGreen({ model: 'offline', env: {} });
    let text = '';
    const report = await runAssessment({
      greenUrl: green.url,
      purpleUrl: legacy.url,
      role: 'personal_assistant',
      scenarioId: 'email_triage_basic',
      config: { max_turns: 3, seed: 3 },
      outDir: join(out, 'v03'),
      out: { write: (chunk: string) => void (text += chunk) },
      headers: green.headers,
    }).finally(() => green.close());
    expect(report.ok, `${report.reason}\n${text}\n${legacy.log()}`).toBe(true);
    expectReportedInbox(report.outcome.results!, 3);
    expect(legacy.log()).toContain('A2A 0.3 message/send');
    expect(legacy.log()).not.toContain('A2A 1.0');

    expect(await cli.exited, `${cli.output()}\n${current.log()}`).toBe(0);
    expect(cli.output()).toContain('Results — email_triage_basic — personal_assistant — status completed');
    const results = parseResults(JSON.parse(await readFile(join(out, 'v1', 'results.json'), 'utf8')));
    expectReportedInbox(results, 2);
    expect(current.log()).toContain('A2A 1.0 SendMessage');
    expect(current.log()).not.toContain('A2A 0.3');

    // Both still serve after their assessments ended.
    for (const purple of [current, legacy]) {
      expect(purple.child.exitCode).toBeNull();
      const card = await fetch(new URL('.well-known/agent-card.json', purple.url));
      expect(card.status).toBe(200);
    }
  }, 120_000);
});
