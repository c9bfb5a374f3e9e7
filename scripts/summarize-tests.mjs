// Totals the JSON reports of vitest and Playwright in test-results/ into one closing line.
import { readdirSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
let flaky = 0;
for (const file of readdirSync('test-results').filter((name) => name.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(`test-results/${file}`, 'utf8'));
  const counts =
    report.stats && 'expected' in report.stats
      ? // Playwright
        {
          passed: report.stats.expected + report.stats.flaky,
          failed: report.stats.unexpected,
          skipped: report.stats.skipped,
          flaky: report.stats.flaky,
        }
      : // vitest
        {
          passed: report.numPassedTests,
          failed: report.numFailedTests,
          skipped: report.numPendingTests + report.numTodoTests,
          flaky: 0,
        };
  passed += counts.passed;
  failed += counts.failed;
  skipped += counts.skipped;
  flaky += counts.flaky;
  const flakyNote = counts.flaky ? ` (${counts.flaky} only on a retry: flaky, to be fixed)` : '';
  console.log(`${file.replace(/\.json$/, '')}: ${counts.passed} passed${flakyNote}, ${counts.failed} failed`);
}
console.log(
  `\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}${flaky ? `, ${flaky} flaky` : ''}`,
);
process.exit(failed > 0 ? 1 : 0);
