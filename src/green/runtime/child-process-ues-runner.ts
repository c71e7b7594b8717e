import { spawn, type ChildProcess } from 'node:child_process';
import type { Logger } from 'pino';
import { waitForHealthy } from '../../ues/client/index.js';
import { OutputRingBuffer } from './output-ring-buffer.js';
import { PARENT_WATCH_ENV, ownCliCommand, type CliCommand } from './ues-cli-command.js';
import {
  UesExitedError,
  UesStartError,
  generateAdminKey,
  type UesInstance,
  type UesRunner,
  type UesStartOptions,
} from './ues-runner.js';

const LISTENING_LINE = /UES listening on (https?:\/\/\S+)/;

export interface ChildProcessUesRunnerOptions {
  /** Override the launched command (tests); default: our own CLI (`ues` subcommand appended). */
  command?: CliCommand;
  /** How long `stop()` waits after SIGTERM before SIGKILL. Default 5 000 ms. */
  stopGraceMs?: number;
  /** UES log level passed to the child. Default `warn`. */
  logLevel?: string;
}

/**
 * Runs `ues-agentbeats ues --host 127.0.0.1 --port 0` as a child process with the admin key in
 * `UES_ADMIN_KEY`, reads the URL from its `UES listening on <url>` line, then polls `/health`.
 * Its output is drained into a ring buffer that error messages quote.
 */
export class ChildProcessUesRunner implements UesRunner {
  readonly kind = 'child' as const;

  constructor(private readonly options: ChildProcessUesRunnerOptions = {}) {}

  async start(options: UesStartOptions = {}): Promise<UesInstance> {
    const adminKey = generateAdminKey();
    const command = this.options.command ?? ownCliCommand();
    const output = new OutputRingBuffer();
    const logger = options.logger?.child({ component: 'ues-child' });
    const args = [
      ...command.args,
      'ues',
      '--host',
      '127.0.0.1',
      '--port',
      '0',
      '--log-level',
      this.options.logLevel ?? 'warn',
    ];
    const env: NodeJS.ProcessEnv = { ...process.env, UES_ADMIN_KEY: adminKey, [PARENT_WATCH_ENV]: '1' };
    delete env['UES_ADMIN_KEY_FILE'];
    let child: ChildProcess;
    try {
      // stdin is a pipe the child watches: it ends when this process dies, however it dies.
      child = spawn(command.command, args, { cwd: command.cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    } catch (error) {
      throw new UesStartError('child', `could not spawn the UES child process: ${(error as Error).message}`);
    }
    const instance = new ChildUesInstance(child, adminKey, output, this.options.stopGraceMs ?? 5_000, logger);
    try {
      const url = await instance.waitForListening(options.startupTimeoutMs ?? 30_000, options.signal);
      await waitForHealthy(url, {
        timeoutMs: options.startupTimeoutMs ?? 30_000,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      logger?.debug({ url, pid: child.pid }, 'UES child process is healthy');
      return instance;
    } catch (error) {
      await instance.stop();
      if (error instanceof UesStartError) throw error;
      if (options.signal?.aborted) throw options.signal.reason;
      throw new UesStartError(
        'child',
        `the UES child process did not become healthy: ${(error as Error).message}\n${output.describeTail()}`,
        output.tail(),
        { cause: error },
      );
    }
  }
}

class ChildUesInstance implements UesInstance {
  readonly runner = 'child' as const;
  url = '';
  failure: Error | undefined;
  private exited = false;
  private stopping = false;
  private stopped: Promise<void> | undefined;
  private readonly exit: Promise<void>;

  constructor(
    private readonly child: ChildProcess,
    readonly adminKey: string,
    private readonly output: OutputRingBuffer,
    private readonly stopGraceMs: number,
    private readonly logger: Logger | undefined,
  ) {
    // Never written to; the child watches it to exit when this process dies.
    child.stdin?.on('error', () => undefined);
    // Draining both pipes keeps the child from blocking on a full pipe buffer.
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk));
    this.exit = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.exited = true;
        LIVE_CHILDREN.delete(child);
        if (!this.stopping && this.url !== '') {
          this.failure = new UesExitedError(code, signal, output.tail(), output.describeTail());
          this.logger?.error({ code, signal, output: output.tail(20) }, this.failure.message);
        }
        resolve();
      });
      child.once('error', (error) => {
        output.push(`[spawn error] ${error.message}\n`);
        if (child.pid === undefined) {
          this.exited = true;
          resolve();
        }
      });
    });
    trackChild(child);
  }

  /** The child's process id (diagnostics and tests). */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Resolves with the URL the child announces, or rejects when it exits or times out first. */
  waitForListening(timeoutMs: number, signal: AbortSignal | undefined): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      const fail = (message: string) => new UesStartError('child', message, this.output.tail());
      const timer = setTimeout(() => {
        finish(() =>
          reject(
            fail(
              `the UES child process did not announce its URL within ${timeoutMs} ms; its output:\n${this.output.describeTail()}`,
            ),
          ),
        );
      }, timeoutMs);
      const finish = (outcome: () => void): void => {
        clearTimeout(timer);
        this.child.stdout?.off('data', onData);
        signal?.removeEventListener('abort', onAbort);
        outcome();
      };
      const onData = (): void => {
        // Only complete lines: a chunk may end in the middle of the URL.
        const match = LISTENING_LINE.exec(this.output.completeLines().join('\n'));
        if (match?.[1] !== undefined) {
          this.url = match[1].replace(/\/+$/, '');
          finish(() => resolve(this.url));
        }
      };
      const onAbort = (): void => finish(() => reject(signal?.reason));
      this.child.stdout?.on('data', onData);
      signal?.addEventListener('abort', onAbort, { once: true });
      void this.exit.then(() =>
        finish(() =>
          reject(
            fail(
              `the UES child process exited before it was ready (code ${String(this.child.exitCode)}, signal ${String(this.child.signalCode)}); its output:\n${this.output.describeTail()}`,
            ),
          ),
        ),
      );
      onData();
    });
  }

  async waitForExit(timeoutMs: number): Promise<boolean> {
    if (this.exited) return true;
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const exited = await Promise.race([this.exit.then(() => true as const), graceOver]);
    clearTimeout(timer);
    return exited;
  }

  stop(): Promise<void> {
    return (this.stopped ??= this.terminate());
  }

  private async terminate(): Promise<void> {
    this.stopping = true;
    if (this.exited) return;
    this.child.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), this.stopGraceMs);
    });
    const outcome = await Promise.race([this.exit.then(() => 'exited' as const), graceOver]);
    clearTimeout(timer);
    if (outcome === 'timeout') {
      this.logger?.warn({ pid: this.child.pid }, 'UES child ignored SIGTERM; sending SIGKILL');
      this.child.kill('SIGKILL');
      await this.exit;
    }
  }
}

/**
 * Children still running when the green's process exits (even on a crash) are killed, so no
 * simulator outlives the green. A SIGKILL runs no hook: then the child's stdin watcher ends it.
 */
const LIVE_CHILDREN = new Set<ChildProcess>();
let exitHookInstalled = false;

function trackChild(child: ChildProcess): void {
  LIVE_CHILDREN.add(child);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const live of LIVE_CHILDREN) live.kill('SIGKILL');
  });
}
