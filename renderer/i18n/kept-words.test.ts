// The kept words say what i18next says for the same call, each saying apart (a value's kind and text
// tell it from another), in the language they were asked in.
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './index.ts';
import { wordsOf } from './kept-words.ts';

const language = i18n.language;
afterEach(async () => {
  await i18n.changeLanguage(language);
});

describe('kept words', () => {
  it('say what i18next says: a key alone, with values, in plural forms, asked again', async () => {
    await i18n.changeLanguage('cs');
    const said = i18n.getFixedT('cs', 'sale');
    const kept = wordsOf('sale');
    for (let round = 0; round < 2; round++) {
      expect(kept('columnItem')).toBe(said('columnItem'));
      expect(kept('added', { name: 'Mléko' })).toBe('Přidáno: Mléko');
      expect(kept('percent', { value: 21 })).toBe(said('percent', { value: 21 }));
      for (const count of [1, 2, 5, 1.5])
        expect(kept('payLines', { count })).toBe(said('payLines', { count }));
    }
  });

  it('tell values apart by their kind and text, however they are written', async () => {
    await i18n.changeLanguage('en');
    const kept = wordsOf('sale');
    expect(kept('added', { name: '1' })).toBe('Added: 1');
    expect(kept('added', { name: 1 as unknown as string })).toBe('Added: 1');
    // A name that looks like the id of another saying is that name, never the other saying.
    expect(kept('added', { name: 'a\u0000name\u0000string1:b' })).toBe('Added: a\u0000name\u0000string1:b');
    expect(kept('added', { name: 'a' })).toBe('Added: a');
    // A value missing: said as i18next says it (typed away: the typed t requires the name).
    const noName = {} as { name: string };
    expect(kept('added', noName)).toBe(i18n.getFixedT('en', 'sale')('added', noName));
  });

  it('follow the language: asked after a change, they speak the new one', async () => {
    await i18n.changeLanguage('cs');
    expect(wordsOf('sale')('added', { name: 'x' })).toBe('Přidáno: x');
    await i18n.changeLanguage('en');
    expect(wordsOf('sale')('added', { name: 'x' })).toBe('Added: x');
  });

  it('pass a call they do not keep (values that are not plain) to i18next as it is', async () => {
    await i18n.changeLanguage('en');
    const at = new Date(0);
    expect(wordsOf('sale')('added', { name: at as unknown as string })).toBe(
      i18n.getFixedT('en', 'sale')('added', { name: at as unknown as string }),
    );
  });
});
