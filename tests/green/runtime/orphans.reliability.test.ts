import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';

/**
 * No simulator outlives its green: a UES child exits when its parent dies, also when the parent
 * is SIGKILLed (no exit hook runs then; the child sees its stdin pipe close).
 */

const PARENT_SCRIPT = fileURLToPath(new URL('../../support/orphan-parent.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Resolves once `pid` is gone; polls, since a non-child process's exit sends no event here. */
async function gone(pid: number): Promise<void> {
  while (alive(pid)) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('UES children of a dead green', () => {
  it('exit when the green is SIGKILLed', async () => {
    const parent = spawn(process.execPath, ['--import', 'tsx', PARENT_SCRIPT], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const [line] = (await once(createInterface({ input: parent.stdout! }), 'line')) as [string];
      const { parent: parentPid, child: childPid } = JSON.parse(line) as { parent: number; child: number };
      expect(alive(childPid)).toBe(true);
      process.kill(parentPid, 'SIGKILL');
      await once(parent, 'exit');
      await gone(childPid);
      expect(alive(childPid)).toBe(false);
    } finally {
      if (parent.exitCode === null && parent.signalCode === null) parent.kill('SIGKILL');
    }
  });
});
