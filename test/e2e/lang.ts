// The language an e2e run speaks: COUNTER_E2E_LANG (cs, sk or en; en when unset) sets the browser's
// locale, so Settings' language on 'system' picks it as a cashier's OS would, and the tests expect
// the words of that language's catalogue, never a literal English text. vitest.config.ts says which
// files run in which languages.
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { i18n } from '../../renderer/i18n/index.ts';
import { LANGUAGES, type SpokenLanguage } from '../../renderer/i18n/languages.ts';
import { watchPage } from './page-log.ts';

function fromEnv(): SpokenLanguage {
  const wanted = process.env.COUNTER_E2E_LANG ?? 'en';
  const found = LANGUAGES.find((l) => l === wanted);
  if (found === undefined)
    throw new Error(`COUNTER_E2E_LANG=${wanted}: expected one of ${LANGUAGES.join(', ')}`);
  return found;
}

export const E2E_LANGUAGE: SpokenLanguage = fromEnv();
/** The browser locale of the run (the region numbers and dates follow). */
export const E2E_LOCALE = { cs: 'cs-CZ', sk: 'sk-SK', en: 'en-GB' }[E2E_LANGUAGE];

/**
 * The run's words: `say('sale:added', { name })` is what the screen shows in the run's language.
 * Typed as `i18n.t` (keys with their namespace): getFixedT's type only takes the default namespace's.
 */
export const say: typeof i18n.t = i18n.getFixedT(E2E_LANGUAGE, null);

/** The same words, untyped: for keys built at run time (a state's label key). */
const sayAny = say as unknown as (key: string, values?: Record<string, unknown>) => string;

/** The run's words as a pattern, each named value's place matching anything (names, ids, amounts). */
export function sayPattern(key: string, placeholders: readonly string[] = []): RegExp {
  const marks = Object.fromEntries(placeholders.map((p, i) => [p, `@@${i}@@`]));
  const text = sayAny(key, marks);
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/@@\d+@@/g, '.*?'));
}

/** A page in the run's locale (its other options as given). */
export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  return watchPage(await browser.newPage({ locale: E2E_LOCALE, ...options }));
}
