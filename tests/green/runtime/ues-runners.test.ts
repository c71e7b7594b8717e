import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ChildProcessUesRunner,
  InProcessUesRunner,
  UesExitedError,
  UesStartError,
  ownCliCommand,
  type UesInstance,
} from '../../../src/green/runtime/index.js';
import { UesClient } from '../../../src/ues/client/index.js';
import { testLogger } from '../../support/logger.js';

const started: UesInstance[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((instance) => instance.stop()));
});

async function expectAdminAccess(instance: UesInstance): Promise<void> {
  const client = new UesClient({ baseUrl: instance.url, apiKey: instance.adminKey, retry: false });
  expect((await client.health()).status).toBe('healthy');
  const keys = await client.keys.list();
  expect(keys.total).toBeGreaterThanOrEqual(1);
}

describe('InProcessUesRunner', () => {
  it('starts a healthy loopback UES with a fresh 64-hex admin key and stops it', async () => {
    const instance = await new InProcessUesRunner().start({ logger: testLogger() });
    started.push(instance);
    expect(instance.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(instance.adminKey).toMatch(/^[0-9a-f]{64}$/);
    expect(instance.runner).toBe('in-process');
    await expectAdminAccess(instance);
    await instance.stop();
    await instance.stop();
    await expect(fetch(`${instance.url}/health`)).rejects.toThrow();
  });
});

describe('ChildProcessUesRunner', () => {
  it('launches our own simulator CLI from source under vitest', () => {
    const command = ownCliCommand();
    expect(command.args).toEqual([
      '--import',
      'tsx',
      '--import',
      expect.stringMatching(/^file:.*src\/green\/runtime\/parent-watch\.ts$/),
      expect.stringMatching(/src[/\\]ues-cli\.ts$/),
    ]);
    const fromDist = ownCliCommand('file:///repo/dist/green/runtime/child-process-ues-runner.js');
    expect(fromDist).toMatchObject({
      args: ['--import', 'file:///repo/dist/green/runtime/parent-watch.js', '/repo/dist/ues-cli.js'],
      cwd: '/repo/',
    });
  });

  it('runs the ues subcommand as a child, reports an unexpected exit with its output, stops on demand', async () => {
    const instance = (await new ChildProcessUesRunner().start({ logger: testLogger() })) as UesInstance & {
      pid: number;
    };
    started.push(instance);
    expect(instance.runner).toBe('child');
    expect(instance.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await expectAdminAccess(instance);
    expect(instance.failure).toBeUndefined();

    // Something else kills the simulator: the instance must say so, quoting what it printed.
    const exited = new Promise<void>((resolve) => {
      const poll = (): void => {
        if (instance.failure !== undefined) resolve();
        else setImmediate(poll);
      };
      poll();
    });
    process.kill(instance.pid, 'SIGKILL');
    await exited;
    expect(instance.failure).toBeInstanceOf(UesExitedError);
    expect(instance.failure!.message).toContain('was killed by SIGKILL');
    expect(instance.failure!.message).toContain('UES listening on');
    await instance.stop();
  });

  it('stops on SIGTERM by itself: the stdin watcher does not keep the child alive', async () => {
    // A suite starts and stops one simulator per trial; a child that needed SIGKILL cost the
    // whole grace period each time.
    const warnings: string[] = [];
    const logger = pino(
      { level: 'warn' },
      { write: (line: string) => warnings.push((JSON.parse(line) as { msg: string }).msg) },
    );
    const instance = await new ChildProcessUesRunner({ stopGraceMs: 60_000 }).start({ logger });
    await instance.stop();
    expect(warnings).toEqual([]);
  });

  it('reports a child that dies during startup with its last output lines', async () => {
    const runner = new ChildProcessUesRunner({
      command: {
        command: process.execPath,
        args: ['-e', 'console.error("config error: port in use"); process.exit(3)', '--'],
        cwd: process.cwd(),
      },
    });
    const error = await runner.start().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UesStartError);
    expect((error as UesStartError).message).toContain('exited before it was ready (code 3');
    expect((error as UesStartError).message).toContain('config error: port in use');
    expect((error as UesStartError).output).toEqual(['config error: port in use']);
  });

  it('gives up on a child that never announces its URL and kills it', async () => {
    const runner = new ChildProcessUesRunner({
      command: {
        command: process.execPath,
        args: ['-e', 'console.log("starting…"); setInterval(() => {}, 1000)', '--'],
        cwd: process.cwd(),
      },
      stopGraceMs: 2_000,
    });
    // Long enough for a child node to start and print on a loaded machine: the output is the point.
    const error = await runner.start({ startupTimeoutMs: 5_000 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UesStartError);
    expect((error as Error).message).toMatch(/did not announce its URL within 5000 ms[\s\S]*starting…/);
  });
});
