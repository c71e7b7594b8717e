import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseResults } from '../../src/protocol/index.js';
import { runCli } from './run-cli.js';

describe('demo and run commands', () => {
  it('demo runs a whole assessment, prints progress and scores, and writes results.json', async () => {
    const out = await mkdtemp(join(tmpdir(), 'demo-'));
    const cli = runCli(['demo', '--out', out, '--ues-runner', 'in-process', '--max-turns', '3']);
    expect(await cli.exited, cli.output()).toBe(0);
    const text = cli.output();
    expect(text).toContain('UES AgentBeats demo — scenario email_triage_basic');
    expect(text).toContain('● turn 3  08:00');
    expect(text).toMatch(/overall\s+\d+/);
    expect(text).toContain(`Results written to ${join(out, 'results.json')}`);
    const results = parseResults(JSON.parse(await readFile(join(out, 'results.json'), 'utf8')));
    expect(results).toMatchObject({ turns_taken: 3, scenario_id: 'email_triage_basic' });
    expect(await readFile(join(out, 'green.log'), 'utf8')).toContain('green agent listening');
  });

  it('run refuses bad flags with a message naming them', async () => {
    const missing = runCli(['run', '--scenario', 'email_triage_basic']);
    expect(await missing.exited).toBe(1);
    expect(missing.output()).toContain(
      'run needs exactly one of --purple <url> (a running purple agent) and --agent <name> (a local one)',
    );
    const badUrl = runCli(['run', '--scenario', 'x', '--purple', 'ftp://nowhere']);
    expect(await badUrl.exited).toBe(1);
    expect(badUrl.output()).toContain('--purple must be an http(s) URL, got "ftp://nowhere"');
    const badTurns = runCli(['demo', '--max-turns', 'many']);
    expect(await badTurns.exited).toBe(1);
    expect(badTurns.output()).toContain('--max-turns must be a non-negative integer, got "many"');
  });

  it('run reports an unknown scenario as rejected and exits 1', async () => {
    const out = await mkdtemp(join(tmpdir(), 'run-'));
    const cli = runCli(['run', '--scenario', 'no_such', '--purple', 'http://127.0.0.1:9/', '--out', out]);
    expect(await cli.exited).toBe(1);
    expect(cli.output()).toContain('rejected');
    expect(cli.output()).toContain('no_such');
  });
});
