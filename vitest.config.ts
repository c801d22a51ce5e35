import { defineConfig } from 'vitest/config';
import { SummaryReporter } from './test/support/summary-reporter.ts';

export default defineConfig({
  test: {
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['node_modules/**', 'dist/**'],
    reporters: ['default', new SummaryReporter()],
    globalSetup: ['./test/support/global-setup.ts'],
    // A backstop for a hung test, not a speed limit: tests that spawn processes and sync take several
    // times longer on two cores shared with a CPU hog (seen: 30 s exceeded by pos sync tests).
    testTimeout: 120_000,
    // expect.poll waits for a state; its 1 s default is a machine-speed assumption on 2 busy cores.
    expect: { poll: { timeout: 30_000, interval: 25 } },
    hookTimeout: 120_000,
    // Two cores on CI: keep forks bounded so integration tests with a sim each do not starve.
    pool: 'forks',
    maxWorkers: 2,
  },
});
