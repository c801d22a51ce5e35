import { defineConfig } from 'vitest/config';
import { SummaryReporter } from './test/support/summary-reporter.ts';

const E2E = 'test/e2e/**/*.test.ts';
/** e2e files that choose their own languages (the browser locale per case): run once, not per language. */
const OWN_LANGUAGE = ['test/e2e/sale-languages.test.ts', 'test/e2e/language.test.ts'];
/** e2e files that prove something of each language's screens (accessible names): in every language. */
const EVERY_LANGUAGE = ['test/e2e/a11y.test.ts'];
/**
 * The languages the e2e suite runs in (test/e2e/lang.ts), each a project with its browser in that
 * language's locale. By default the whole suite runs once in Czech, the most demanding of the three
 * (comma decimals, three plural forms, diacritics), and the per-language proofs (EVERY_LANGUAGE) in
 * English and Slovak too; the catalogue tests and OWN_LANGUAGE prove every language's words.
 * COUNTER_E2E_LANGS=all runs the whole suite in each language (before changing words or screens);
 * COUNTER_E2E_LANGS=sk runs it in one.
 */
const ALL_LANGS = ['cs', 'en', 'sk'];
const wanted = process.env.COUNTER_E2E_LANGS;
const WHOLE_SUITE_LANGS =
  wanted === undefined ? ['cs'] : wanted === 'all' ? ALL_LANGS : wanted.split(',').filter((l) => l !== '');
const E2E_PROJECTS = (wanted === undefined ? ALL_LANGS : WHOLE_SUITE_LANGS).map((language) => {
  const whole = WHOLE_SUITE_LANGS.includes(language);
  const first = language === WHOLE_SUITE_LANGS[0];
  return {
    extends: true as const,
    test: {
      name: `e2e-${language}`,
      include: whole ? [E2E] : EVERY_LANGUAGE,
      exclude: ['node_modules/**', 'dist/**', ...(first ? [] : OWN_LANGUAGE)],
      env: { COUNTER_E2E_LANG: language },
    },
  };
});

export default defineConfig({
  test: {
    exclude: ['node_modules/**', 'dist/**'],
    reporters: ['default', new SummaryReporter()],
    globalSetup: ['./test/support/global-setup.ts'],
    setupFiles: ['./test/support/setup-file.ts'],
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
      ...E2E_PROJECTS,
    ],
  },
});
