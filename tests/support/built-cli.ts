import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { staleReason } from '../../scripts/build-stamp.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Vitest's global setup: tests start the CLI from dist/ as a user does (through tsx, every child
 * process compiled the source again — a third of the CLI tests' time), so dist/ must be this
 * source. `npm ci` builds it; after an edit it is rebuilt here, once, before any test starts.
 */
export default function ensureBuiltCli(): void {
  const reason = staleReason();
  if (reason === undefined) return;
  const started = Date.now();
  process.stdout.write(`building dist/ for the CLI tests (${reason}) … `);
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) {
    throw new Error(`npm run build failed, so the CLI tests cannot run:\n${build.stdout}${build.stderr}`);
  }
  process.stdout.write(`done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
