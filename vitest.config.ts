import { defineConfig } from 'vitest/config';
import { SummaryReporter } from './test/support/summary-reporter.ts';

export default defineConfig({
  test: {
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['node_modules/**', 'dist/**'],
    reporters: ['default', new SummaryReporter()],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores on CI: keep forks bounded so integration tests with a sim each do not starve.
    pool: 'forks',
    maxWorkers: 2,
  },
});
