// Adds up the JSON reports of Vitest and Playwright into one closing line, "N passed, N failed".
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
// A report named with a leading '?' is optional (a run that may be skipped); any other missing report means
// its runner never finished, which counts as a failure.
for (const argument of process.argv.slice(2)) {
  const optional = argument.startsWith('?');
  const file = optional ? argument.slice(1) : argument;
  if (!existsSync(file)) {
    if (!optional) {
      failed += 1;
      console.log(`${file}: missing (the runner did not finish)`);
    }
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if ('numPassedTests' in report) {
    // Vitest
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
    console.log(`${file}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  } else if (report.stats) {
    // Playwright: "expected" passed, "flaky" passed on retry, "unexpected" failed
    const ok = report.stats.expected + report.stats.flaky;
    passed += ok;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    console.log(`${file}: ${ok} passed, ${report.stats.unexpected} failed`);
  }
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
// The counts decide, whatever a runner's own exit code said.
process.exitCode = failed > 0 ? 1 : 0;
