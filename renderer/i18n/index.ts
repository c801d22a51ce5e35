// The screens' words: one i18next instance with the catalogues of every language bundled (a till
// must speak offline, so nothing is fetched), switched in place when Settings changes the language:
// components using `useTranslation` render again, nothing restarts.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../contract/contract.ts';
import * as cs from './cs/index.ts';
import * as en from './en/index.ts';
import { LANGUAGES, localeOf, pickLanguage, type SpokenLanguage } from './languages.ts';
import * as sk from './sk/index.ts';

export { LANGUAGES, LANGUAGE_NAMES, type SpokenLanguage } from './languages.ts';

/** A language's catalogue: its folder's module of namespaces, as a plain object (i18next keeps it). */
const catalogue = <T extends object>(language: T): T => ({ ...language });

// Every language has each namespace English has (a compile error otherwise).
export const resources = {
  en: catalogue(en),
  cs: catalogue(cs),
  sk: catalogue(sk),
} as const satisfies Record<SpokenLanguage, Record<keyof typeof en, object>>;
export const NAMESPACES = Object.keys(en) as (keyof typeof en)[];

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof en;
  }
}

/** The OS's preferred languages as last read; undefined once they changed ('languagechange'). */
let preferred: readonly string[] | undefined;
let followingPreferred = false;

/**
 * The OS's preferred languages: the same array until they change. Chromium's navigator.languages is
 * a new array at every read, so it is read again only after the window's 'languagechange'.
 */
export function preferredLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (!followingPreferred && typeof window !== 'undefined') {
    followingPreferred = true;
    window.addEventListener('languagechange', () => (preferred = undefined));
  }
  preferred ??= navigator.languages;
  return preferred;
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources,
  lng: pickLanguage('system', preferredLanguages()),
  fallbackLng: 'en',
  supportedLngs: ['cs', 'sk', 'en'],
  ns: NAMESPACES,
  defaultNS: 'common',
  keySeparator: false,
  nsSeparator: ':',
  // React escapes what it renders; escaping here too would show &amp; in product names.
  interpolation: { escapeValue: false },
  initAsync: false,
  returnEmptyString: false,
});

// `{{at, when}}` and `{{day, day}}` in a message: an instant (ISO) written in the message language's
// locale and local time, a calendar date likewise (contract/core-words.ts says its times so).
// Text that is no time is shown as it came.
const dateFormats: Record<'when' | 'day', Intl.DateTimeFormatOptions> = {
  when: { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' },
  day: { dateStyle: 'medium' },
};
for (const [name, options] of Object.entries(dateFormats)) {
  i18n.services.formatter?.add(name, (value: unknown, lng: string | undefined) => {
    const text = String(value);
    const at = new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00` : text);
    if (Number.isNaN(at.getTime())) return text;
    const language = LANGUAGES.find((l) => l === lng) ?? currentLanguage();
    return new Intl.DateTimeFormat(localeOf(language, preferredLanguages()), options).format(at);
  });
}

// `{{amount, amount}}`: an amount the core sends as decimal text ("123.45", "434.90") written in the
// message language's locale ("123,45" in Czech), with its decimals and at least two. Text that is
// no such number is shown as it came.
i18n.services.formatter?.add('amount', (value: unknown, lng: string | undefined) => {
  const text = String(value);
  if (!/^-?\d+(\.\d+)?$/.test(text)) return text;
  const decimals = Math.max(2, text.split('.')[1]?.length ?? 0);
  const language = LANGUAGES.find((l) => l === lng) ?? currentLanguage();
  return new Intl.NumberFormat(localeOf(language, preferredLanguages()), {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  })
    .format(Number(text))
    .replace('-', '\u2212');
});

/** The language the screens speak now. */
export function currentLanguage(): SpokenLanguage {
  return LANGUAGES.find((language) => language === i18n.language) ?? 'en';
}

/** The last locale worked out, and what it was worked out from. */
let locale: { language: SpokenLanguage; preferred: readonly string[]; tag: string } | undefined;

/**
 * The locale numbers, money and dates are formatted with now. Worked out again only when the
 * language or the OS's languages changed (preferredLanguages is the same array until they do):
 * every amount on a screen asks, and canonicalising a tag each time cost ~0.15 ms per scan.
 */
export function currentLocale(): string {
  const language = currentLanguage();
  const preferred = preferredLanguages();
  if (locale?.language !== language || locale.preferred !== preferred)
    locale = { language, preferred, tag: localeOf(language, preferred) };
  return locale.tag;
}

/** Speaks `choice` (Settings' language; 'system' follows the OS), at once, without a restart. */
export async function applyLanguage(choice: Language): Promise<void> {
  const language = pickLanguage(choice, preferredLanguages());
  if (i18n.language !== language) await i18n.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
