// Adds up the JSON reports of Vitest and Playwright into one closing line, "N passed, N failed". Above it,
// each failed test and each test that passed only on a retry, with the first line of its error: the end of
// the log is what a reader of a failed run sees first, and a count alone does not say what to fix.
import { existsSync, readFileSync } from 'node:fs';

/** The first line of an error, without the colour codes some runners keep. */
function firstLine(message = '') {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape that starts a colour code.
  const plain = message.replace(/\u001b\[[0-9;]*m/g, '').trim();
  return plain.split('\n')[0].slice(0, 240);
}

/** Vitest's failed tests: "file > title: first line of the error". */
function vitestFailures(report) {
  return report.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'failed')
      .map(
        (test) =>
          `${file.name.replace(`${process.cwd()}/`, '')} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`,
      ),
  );
}

/** Playwright's tests that failed, or passed only on a retry, each with its project and line. */
function playwrightProblems(report) {
  const problems = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const failedResult = test.results.find(
          (result) => result.status !== 'passed' && result.status !== 'skipped',
        );
        const error = failedResult?.error?.message ?? failedResult?.errors?.[0]?.message;
        const kind = test.status === 'flaky' ? 'passed on retry' : 'failed';
        problems.push(
          `${kind}: [${test.projectName}] ${spec.file}:${spec.line} ${spec.title} (${failedResult?.status}): ${firstLine(error)}`,
        );
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return problems;
}

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
    for (const failure of vitestFailures(report)) console.log(`  failed: ${failure}`);
  } else if (report.stats) {
    // Playwright: "expected" passed, "flaky" passed on retry, "unexpected" failed
    const ok = report.stats.expected + report.stats.flaky;
    passed += ok;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    console.log(`${file}: ${ok} passed, ${report.stats.unexpected} failed`);
    for (const problem of playwrightProblems(report)) console.log(`  ${problem}`);
  }
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
// The counts decide, whatever a runner's own exit code said.
process.exitCode = failed > 0 ? 1 : 0;
