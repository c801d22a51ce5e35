// Ends the test run with one plain line, "tests: N passed, N failed, N skipped", which CI reads.
import type { Reporter, TestModule } from 'vitest/node';

export class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: readonly TestModule[]): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const mod of testModules) {
      // A module that failed to load has no test cases: count it as a failure so it cannot hide.
      if (mod.state() === 'failed' && [...mod.children.allTests()].length === 0) counts.failed += 1;
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') counts.failed += 1;
        else counts.skipped += 1;
      }
    }
    process.stdout.write(
      `\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`,
    );
  }
}
