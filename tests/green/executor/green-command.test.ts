import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../cli/run-cli.js';

/** `ues-agentbeats green`, run as a user would run it (a child process through tsx). */

const NO_KEYS = { OPENAI_API_KEY: undefined, ANTHROPIC_API_KEY: undefined, GOOGLE_API_KEY: undefined };

describe('ues-agentbeats green', () => {
  it('serves the card and the UES proxy, and stops cleanly on SIGTERM', async () => {
    const cli = runCli(['green', '--port', '0', '--scenarios-dir', 'tests/support/scenarios'], NO_KEYS);
    const [, url] = await cli.waitFor(/Green agent listening on (http:\/\/\S+)/);
    const card = (await (await fetch(`${url}.well-known/agent-card.json`)).json()) as Record<string, any>;
    expect(card).toMatchObject({ name: 'UES Green Agent', url, capabilities: { streaming: true } });
    expect(card['skills'][0]).toMatchObject({ id: 'ues_assessment' });
    const example = JSON.parse(card['skills'][0].examples[0] as string);
    expect(example).toMatchObject({
      participants: { assistant: expect.any(String) },
      config: { scenario_id: expect.any(String) },
    });
    const proxied = await fetch(`${url}ues/unknown-context/email/state`);
    expect(proxied.status).toBe(404);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('serves its card without loading what only an assessment needs (cold start, issue 30)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'green-start-'));
    const traceFile = join(dir, 'modules.txt');
    const trace = new URL('../../support/module-trace.mjs', import.meta.url).href;
    try {
      const cli = runCli(['green', '--port', '0', '--scenarios-dir', 'tests/support/scenarios'], {
        ...NO_KEYS,
        NODE_OPTIONS: `${process.env['NODE_OPTIONS'] ?? ''} --import=${trace}`.trim(),
        MODULE_TRACE_FILE: traceFile,
      });
      const [, url] = await cli.waitFor(/Green agent listening on (http:\/\/\S+)/);
      expect((await fetch(`${url}.well-known/agent-card.json`)).status).toBe(200);
      expect((await fetch(`${url}ues/unknown-context/email/state`)).status).toBe(404);
      cli.child.kill('SIGTERM');
      expect(await cli.exited).toBe(0);
      const loaded = (await readFile(traceFile, 'utf8')).split('\n');
      // The trace works: the server and the config were loaded through it.
      // The CLI runs from dist/ (or src/ through tsx): our own modules are named either way.
      const ours = (path: string): string[] => [
        path,
        path.replace('/src/', '/dist/').replace(/\.ts$/, '.js'),
      ];
      expect(
        loaded.some((module) => ours('/src/green/server.ts').some((path) => module.endsWith(path))),
      ).toBe(true);
      const heavy = [
        '/node_modules/@langchain/',
        '/node_modules/@modelcontextprotocol/',
        '/node_modules/ws/',
        '/node_modules/fastify/',
        ...ours('/src/green/executor/green-executor.ts'),
        ...ours('/src/green/scenarios/loader.ts'),
        ...ours('/src/ues/server/'),
      ];
      expect(loaded.filter((module) => heavy.some((part) => module.includes(part)))).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('names a bad flag or environment variable and exits 1', async () => {
    const badFlag = runCli(['green', '--port', 'eighty'], NO_KEYS);
    expect(await badFlag.exited).toBe(1);
    expect(badFlag.output()).toContain('--port: expected an integer between 0 and 65535, got "eighty"');

    const badEnv = runCli(['green', '--port', '0'], {
      ...NO_KEYS,
      AGENTBEATS_GREEN_HEARTBEAT_INTERVAL_SECONDS: '600',
    });
    expect(await badEnv.exited).toBe(1);
    expect(badEnv.output()).toContain(
      'AGENTBEATS_GREEN_HEARTBEAT_INTERVAL_SECONDS: expected a number > 0 and <= 60',
    );
  });

  it('refuses to start with a model it cannot create, instead of failing mid-assessment', async () => {
    const cli = runCli(['green', '--port', '0', '--evaluation-model', 'gpt-4o-mini'], NO_KEYS);
    expect(await cli.exited).toBe(1);
    expect(cli.output()).toContain('OPENAI_API_KEY');
  });
});
