import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The one slow test: `npm run check:images` performs both images' build and start steps in a
 * clean copy of the build context (two `npm ci` runs per image, from the npm cache when warm).
 */
describe('npm run check:images', () => {
  it(
    'builds and starts both images as their Dockerfiles say, and they assess together',
    async () => {
      const child = spawn(process.execPath, ['scripts/check-images.mjs'], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
        // Before the test's own timeout: SIGTERM makes the check stop its processes and clean up.
        timeout: 9 * 60_000,
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));

      expect(code, output).toBe(0);
      const lines = output.trimEnd().split('\n');
      expect(lines.at(-1)).toBe('check:images: OK (green, purple)');
      for (const role of ['green', 'purple']) {
        const of = (pattern: RegExp) =>
          lines.filter((line) => line.startsWith(`[${role}]`) && pattern.test(line));
        expect(of(/RUN npm run build: ok/), role).toHaveLength(1);
        expect(of(/RUN apt-get update .*: skipped/), role).toHaveLength(1);
        expect(of(/none of the \d+ dev-only packages/), role).toHaveLength(1);
        expect(of(/entrypoint --help: ok/), role).toHaveLength(1);
        expect(
          of(/^\[\w+\] start: node dist\/cli\.js \w+ --host 127\.0\.0\.1 --port \d+ --card-url /),
          role,
        ).toHaveLength(1);
        expect(of(/healthcheck: ok/), role).toHaveLength(1);
        expect(of(/SIGTERM: exited 0/), role).toHaveLength(1);
      }
      expect(
        lines.some((line) => /^\[green\] scenarios validate: .*\bemail_triage_basic: OK/.test(line)),
      ).toBe(true);
      expect(lines.some((line) => /^\[assessor\] assessment through both images: completed/.test(line))).toBe(
        true,
      );
    },
    10 * 60_000,
  );
});
