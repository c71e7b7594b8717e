// Prints `N passed, N failed` from vitest's JSON report. A failing command whose report shows
// no failed test (lint, typecheck or install failed, or a suite failed to load) counts as one
// failure so CI never reads a broken run as green.
import { readFileSync } from 'node:fs';

const [reportPath = '.vitest-report.json', statusArg = '0'] = process.argv.slice(2);
const status = Number(statusArg);
let passed = 0;
let failed = 0;
try {
  const report = JSON.parse(readFileSync(reportPath, 'utf8'));
  passed = report.numPassedTests ?? 0;
  failed = report.numFailedTests ?? 0;
  // A test file that failed without a failed test (it did not load) counts as one failure.
  for (const file of report.testResults ?? []) {
    const tests = file.assertionResults ?? [];
    if (file.status === 'failed' && !tests.some((t) => t.status === 'failed')) failed += 1;
  }
} catch {
  // No report: the tests never ran.
}
if (status !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(status === 0 ? 0 : 1);
