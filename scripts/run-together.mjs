// Runs npm scripts side by side and prints each one's output whole, in the order given, once it
// ends (interleaved lines would hide which check said what). Exits 1 when any failed. `npm test`
// uses it for lint and typecheck: each is mostly one core, and CI has two.
//   node scripts/run-together.mjs lint typecheck
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: node scripts/run-together.mjs <npm script> [<npm script> …]');
  process.exit(2);
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const runs = names.map(
  (name) =>
    new Promise((resolve) => {
      const child = spawn(npm, ['run', name], {
        stdio: ['ignore', 'pipe', 'pipe'],
        shell: process.platform === 'win32',
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('error', (error) => resolve({ name, code: 1, output: `${output}${error.message}\n` }));
      child.on('close', (code) => resolve({ name, code: code ?? 1, output }));
    }),
);
let failed = false;
for (const run of runs) {
  const { name, code, output } = await run;
  process.stdout.write(output);
  if (code !== 0) {
    failed = true;
    console.error(`npm run ${name} failed (exit code ${code})`);
  }
}
process.exit(failed ? 1 : 0);
