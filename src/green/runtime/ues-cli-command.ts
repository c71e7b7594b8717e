import { fileURLToPath } from 'node:url';

/**
 * How to launch our own simulator CLI as a child process: the compiled `dist/ues-cli.js` when this
 * module runs from `dist/`, otherwise `src/ues-cli.ts` through tsx (vitest, `tsx` during
 * development). That entry has only the `ues` command, so a child does not load the green, purple
 * and LLM code. A missing entry point shows up as the child's own "Cannot find module" output in
 * the start error. A preloaded watcher (parent-watch) makes the child exit when the green dies.
 */
/** Set in a UES child's environment to make its preloaded watcher exit with its parent. */
export const PARENT_WATCH_ENV = 'UES_EXIT_WITH_PARENT';

export interface CliCommand {
  command: string;
  args: string[];
  /** The package root, so `--import tsx` resolves from our own node_modules. */
  cwd: string;
}

export function ownCliCommand(moduleUrl: string = import.meta.url): CliCommand {
  const fromSource = moduleUrl.endsWith('.ts');
  // This module lives at <root>/{src,dist}/green/runtime/, two levels below the CLI entry point.
  const entry = fileURLToPath(new URL(fromSource ? '../../ues-cli.ts' : '../../ues-cli.js', moduleUrl));
  const watch = new URL(fromSource ? './parent-watch.ts' : './parent-watch.js', moduleUrl).href;
  const cwd = fileURLToPath(new URL('../../../', moduleUrl));
  return {
    command: process.execPath,
    args: fromSource ? ['--import', 'tsx', '--import', watch, entry] : ['--import', watch, entry],
    cwd,
  };
}
