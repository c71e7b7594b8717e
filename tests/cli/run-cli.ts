import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface CliProcess {
  child: ChildProcess;
  /** Everything printed so far. */
  output(): string;
  /** Resolves with the first stdout match of `pattern`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

/**
 * Runs the CLI as a child process, as a user would run it: the build in dist/, which the test
 * setup (tests/support/built-cli.ts) keeps in step with src/. `UES_TEST_CLI_FROM=source` runs
 * src/cli.ts through tsx instead (slower: every child compiles the source again).
 */
export function runCli(args: string[], env: Record<string, string | undefined> = {}): CliProcess {
  const entry =
    process.env.UES_TEST_CLI_FROM === 'source' ? ['--import', 'tsx', 'src/cli.ts'] : ['dist/cli.js'];
  const child = spawn(process.execPath, [...entry, ...args], {
    cwd: ROOT,
    env: { ...process.env, UES_ADMIN_KEY: undefined, UES_ADMIN_KEY_FILE: undefined, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer): void => {
    text += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => text,
    exited,
    waitFor(pattern, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          const match = text.match(pattern);
          if (match) {
            listeners.delete(check);
            clearTimeout(timer);
            resolve(match);
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`timed out waiting for ${pattern}; output so far:\n${text}`));
        }, timeoutMs);
        listeners.add(check);
        void exited.then(() => {
          check();
          if (listeners.has(check)) {
            listeners.delete(check);
            clearTimeout(timer);
            reject(new Error(`process exited before ${pattern}; output:\n${text}`));
          }
        });
        check();
      });
    },
  };
}
