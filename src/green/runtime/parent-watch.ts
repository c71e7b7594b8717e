/**
 * Preloaded (`node --import`) into every UES child process the green starts. The green holds the
 * write end of the child's stdin and never writes to it; when the green dies — also by SIGKILL,
 * which runs no exit hook of its own — the pipe closes, stdin ends, and the child shuts itself
 * down (SIGTERM to itself, so the simulator's own shutdown runs; a hard exit shortly after in case
 * that hangs). No simulator outlives its green.
 */
import { PARENT_WATCH_ENV } from './ues-cli-command.js';

const HARD_EXIT_AFTER_MS = 3_000;

function exitWithParent(): void {
  let leaving = false;
  const leave = (): void => {
    if (leaving) return;
    leaving = true;
    setTimeout(() => process.exit(0), HARD_EXIT_AFTER_MS).unref();
    process.kill(process.pid, 'SIGTERM');
  };
  process.stdin.on('end', leave);
  process.stdin.on('close', leave);
  process.stdin.on('error', leave);
  process.stdin.resume();
  // Watching must not keep the child alive: once the simulator has shut down, the child exits.
  (process.stdin as { unref?: () => void }).unref?.();
}

if (process.env[PARENT_WATCH_ENV] === '1') exitWithParent();
