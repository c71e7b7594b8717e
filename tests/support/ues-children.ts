import { readFile, readdir } from 'node:fs/promises';

/**
 * The simulator child processes (`ues-cli`) of a process, found in /proc: tests that kill a UES
 * child from outside, as an OOM killer or an operator would, when the green runs in a process of
 * its own. Linux only, as the CI machine.
 */
export async function uesChildrenOf(parentPid: number): Promise<number[]> {
  const found: number[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = await readFile(`/proc/${name}/stat`, 'utf8');
      // "pid (command) state ppid …": the command may hold spaces and parentheses.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== parentPid) continue;
      if ((await readFile(`/proc/${name}/cmdline`, 'utf8')).includes('ues-cli')) found.push(Number(name));
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}
