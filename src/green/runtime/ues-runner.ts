import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';

/**
 * A UES the green owns for one A2A context. Two runners produce it: a child process (the default,
 * so a crashing or leaking simulator cannot take the green down) and in-process (fast; tests).
 * Either way the green talks to it only over HTTP through `UesClient`.
 */

export interface UesInstance {
  /** Loopback base URL, e.g. `http://127.0.0.1:41234` (never handed to a purple: see UesProxy). */
  readonly url: string;
  /** The proctor (admin) key secret, chosen by the green. */
  readonly adminKey: string;
  /** Which runner started it, for logs and errors. */
  readonly runner: UesRunnerKind;
  /**
   * Set once the simulator died on its own (child runner only): the error names the exit code or
   * signal and quotes its last output lines.
   */
  readonly failure: Error | undefined;
  /**
   * Resolves true once the simulator's exit has been noticed (then `failure` says how it died), or
   * false after `timeoutMs` while it still runs. A refused connection can reach the green before
   * the exit does; an in-process simulator has none (undefined).
   */
  waitForExit?(timeoutMs: number): Promise<boolean>;
  /** Stops the simulator; safe to call twice. */
  stop(): Promise<void>;
}

export type UesRunnerKind = 'child' | 'in-process';

export interface UesStartOptions {
  logger?: Logger;
  /** Gives up waiting for the simulator to become healthy after this long. Default 30 000 ms. */
  startupTimeoutMs?: number;
  signal?: AbortSignal;
}

export interface UesRunner {
  readonly kind: UesRunnerKind;
  start(options?: UesStartOptions): Promise<UesInstance>;
}

/** The simulator could not be started; the message says why, with its output when there is any. */
export class UesStartError extends Error {
  override readonly name = 'UesStartError';
  readonly runner: UesRunnerKind;
  /** The simulator's last output lines (child runner). */
  readonly output: readonly string[];

  constructor(
    runner: UesRunnerKind,
    message: string,
    output: readonly string[] = [],
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.runner = runner;
    this.output = output;
  }
}

/** The simulator process exited while the green still needed it. */
export class UesExitedError extends Error {
  override readonly name = 'UesExitedError';
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly output: readonly string[];

  constructor(
    exitCode: number | null,
    signal: NodeJS.Signals | null,
    output: readonly string[],
    tail: string,
  ) {
    const how = signal !== null ? `was killed by ${signal}` : `exited with code ${String(exitCode)}`;
    super(`the UES child process ${how} unexpectedly. Its last output:\n${tail}`);
    this.exitCode = exitCode;
    this.signal = signal;
    this.output = output;
  }
}

/** A random 64-hex-character admin secret (UES needs at least 32 characters). */
export function generateAdminKey(): string {
  return randomBytes(32).toString('hex');
}
