// Every key of the English source in every language, in that language's own plural forms, with the
// same placeholders; nothing a language has that English does not. A missing key would show English
// (the fallback) on a Czech till without anyone noticing.
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages.ts';
import { NAMESPACES, i18n, resources } from './index.ts';

const PLURAL = /_(zero|one|two|few|many|other)$/;
const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1] ?? '').sort();

type Namespace = Record<string, string>;
const catalogue = (language: (typeof LANGUAGES)[number], ns: string): Namespace =>
  (resources[language] as unknown as Record<string, Namespace>)[ns] ?? {};

/** The keys a language must have for the English namespace: plural ones in its own categories. */
function expectedKeys(language: string, english: Namespace): string[] {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const keys = new Set<string>();
  for (const key of Object.keys(english)) {
    const base = key.replace(PLURAL, '');
    if (base === key) keys.add(key);
    else for (const c of categories) keys.add(`${base}_${c}`);
  }
  return [...keys].sort();
}

describe('message catalogues', () => {
  it('has the namespaces of English in every language', () => {
    for (const language of LANGUAGES)
      expect(Object.keys(resources[language]).sort()).toEqual([...NAMESPACES].sort());
  });

  for (const language of LANGUAGES) {
    for (const ns of NAMESPACES) {
      it(`${language}:${ns} has every key, in ${language}'s plural forms, and no other`, () => {
        const english = catalogue('en', ns);
        const own = catalogue(language, ns);
        expect(Object.keys(own).sort()).toEqual(expectedKeys(language, english));
        for (const [key, text] of Object.entries(own)) {
          expect(text.trim(), `${language}:${ns}:${key} is empty`).not.toBe('');
          const source = english[key] ?? english[`${key.replace(PLURAL, '')}_other`] ?? '';
          // A plural's one-form may say "one" instead of {{count}}; every other placeholder stays.
          const needed = placeholders(source).filter((p) => !(p === 'count' && PLURAL.test(key)));
          for (const p of needed)
            expect(placeholders(text), `${language}:${ns}:${key} lacks {{${p}}}`).toContain(p);
        }
      });
    }
  }

  it("the VAT table's column headers each read differently, in every language", () => {
    for (const language of LANGUAGES) {
      const sale = catalogue(language, 'sale');
      const headers = ['vatRate', 'vatBase', 'vatAmount', 'vatGross'].map((k) => sale[k]);
      expect(new Set(headers).size, `${language}: ${headers.join(' | ')}`).toBe(4);
    }
  });

  it('Czech takes three plural forms and a fourth for decimals', () => {
    const lines = (count: number) => i18n.getFixedT('cs', 'common')('lines', { count });
    expect(new Intl.PluralRules('cs').resolvedOptions().pluralCategories).toEqual(
      expect.arrayContaining(['one', 'few', 'many', 'other']),
    );
    expect([lines(1), lines(3), lines(1.5), lines(5)]).toEqual([
      '1 řádek',
      '3 řádky',
      '1,5 řádku',
      '5 řádků',
    ]);
  });
});
