import { fileURLToPath } from 'node:url';

/**
 * How to launch our own CLI as a child process: the compiled `dist/cli.js` when this module runs
 * from `dist/`, otherwise `src/cli.ts` through tsx (vitest, `tsx` during development). A missing
 * entry point shows up as the child's own "Cannot find module" output in the start error.
 */
export interface CliCommand {
  command: string;
  args: string[];
  /** The package root, so `--import tsx` resolves from our own node_modules. */
  cwd: string;
}

export function ownCliCommand(moduleUrl: string = import.meta.url): CliCommand {
  const fromSource = moduleUrl.endsWith('.ts');
  // This module lives at <root>/{src,dist}/green/runtime/, two levels below the CLI entry point.
  const entry = fileURLToPath(new URL(fromSource ? '../../cli.ts' : '../../cli.js', moduleUrl));
  const cwd = fileURLToPath(new URL('../../../', moduleUrl));
  return {
    command: process.execPath,
    args: fromSource ? ['--import', 'tsx', entry] : [entry],
    cwd,
  };
}
