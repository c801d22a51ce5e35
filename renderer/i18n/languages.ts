// Which language the screens speak: the one chosen in Settings, or for 'system' the first of the
// OS's preferred languages Counter has (Electron's navigator.languages follow the OS locale; the
// web shell's, the browser's), else English.
import type { Language } from '../../contract/contract.ts';

export const LANGUAGES = ['cs', 'sk', 'en'] as const;
export type SpokenLanguage = (typeof LANGUAGES)[number];

/** Each language's own name, as a language menu shows it (never translated). */
export const LANGUAGE_NAMES: Record<SpokenLanguage, string> = {
  cs: 'Čeština',
  sk: 'Slovenčina',
  en: 'English',
};

/** The region a language's numbers and dates follow when the OS names none for it. */
const DEFAULT_LOCALE: Record<SpokenLanguage, string> = { cs: 'cs-CZ', sk: 'sk-SK', en: 'en-GB' };

function primary(tag: string): string {
  return tag.toLowerCase().split(/[-_]/)[0] ?? '';
}

function isSpoken(code: string): code is SpokenLanguage {
  return (LANGUAGES as readonly string[]).includes(code);
}

export function pickLanguage(choice: Language, preferred: readonly string[]): SpokenLanguage {
  if (choice !== 'system') return choice;
  for (const tag of preferred) {
    const code = primary(tag);
    if (isSpoken(code)) return code;
  }
  return 'en';
}

/**
 * The BCP 47 locale numbers, money and dates are formatted with: the OS's own tag when it is the
 * same language (en-US keeps its region), else the language's home region (cs-CZ: `1 110,90`).
 */
export function localeOf(language: SpokenLanguage, preferred: readonly string[]): string {
  const own = preferred.find((tag) => primary(tag) === language);
  if (own !== undefined) {
    try {
      return Intl.getCanonicalLocales(own.replace('_', '-'))[0] ?? DEFAULT_LOCALE[language];
    } catch {
      return DEFAULT_LOCALE[language];
    }
  }
  return DEFAULT_LOCALE[language];
}
