import { defineConfig } from 'vitest/config';
import { SummaryReporter } from './test/support/summary-reporter.ts';

const E2E = 'test/e2e/**/*.test.ts';
/** e2e files that choose their own languages (the browser locale per case): run once, not per language. */
const OWN_LANGUAGE = ['test/e2e/sale-languages.test.ts', 'test/e2e/language.test.ts'];
/**
 * The languages the e2e suite runs in (test/e2e/lang.ts): each a project of its own, the browser's
 * locale that language's: all three by default; COUNTER_E2E_LANGS=cs runs one, e.g. while working
 * on a screen.
 */
const E2E_LANGS = (process.env.COUNTER_E2E_LANGS ?? 'en,cs,sk').split(',').filter((l) => l !== '');

export default defineConfig({
  test: {
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
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['**/*.test.ts', '**/*.test.tsx'],
          exclude: ['node_modules/**', 'dist/**', E2E],
        },
      },
      ...E2E_LANGS.map((language, i) => ({
        extends: true,
        test: {
          name: `e2e-${language}`,
          include: [E2E],
          exclude: ['node_modules/**', 'dist/**', ...(i === 0 ? [] : OWN_LANGUAGE)],
          env: { COUNTER_E2E_LANG: language },
        },
      })),
    ],
  },
});
