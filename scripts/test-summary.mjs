// Prints the closing lines of a run from the JSON reports the test runs wrote: each failed test (its file, its
// name and the first line of its error), then one line "tests: N passed, N failed". The failures come last so a
// log shown only by its tail still names them.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const dir = process.argv[2] ?? 'test-results';
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
for (const name of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(join(dir, name), 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const file of report.testResults ?? []) {
    const path = relative(process.cwd(), file.name ?? '');
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const test of failedTests) {
      const message = String(test.failureMessages?.[0] ?? '')
        .split('\n')[0]
        .slice(0, 300);
      failures.push(`${name.replace(/\.json$/, '')}: ${path} › ${test.fullName ?? test.title}\n    ${message}`);
    }
    // a file that failed outside any test (an import error, a hook) has no failed test to name it
    if (file.status === 'failed' && failedTests.length === 0) {
      failures.push(
        `${name.replace(/\.json$/, '')}: ${path}\n    ${String(file.message ?? '')
          .split('\n')[0]
          .slice(0, 300)}`,
      );
    }
  }
}
for (const line of failures) console.log(`failed: ${line}`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || failures.length > 0 || passed === 0 ? 1 : 0);
