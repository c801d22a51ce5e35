// The core's words in the screens' language, by key; the core's English where a key is not known.
import { afterEach, describe, expect, it } from 'vitest';
import { english, say } from '../../contract/contract.ts';
import { i18n } from './index.ts';
import { spoken } from './spoken.ts';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('spoken', () => {
  const said = [say('unknownCode', { code: 'X1' }), say('cardServiceNotAsked')];

  it("says the core's English in English, the same as the core's message", async () => {
    await i18n.changeLanguage('en');
    expect(spoken(said, english(said))).toBe(english(said));
    expect(english(said)).toBe(
      '"X1" is neither a product nor a customer card we know. The service could not be asked about customer cards just now.',
    );
  });

  it('says it in Czech and Slovak with the values in place', async () => {
    await i18n.changeLanguage('cs');
    expect(spoken(said, english(said))).toBe(
      '„X1“ není zboží ani zákaznická karta, kterou známe. Službu se teď nepodařilo zeptat na zákaznické karty.',
    );
    await i18n.changeLanguage('sk');
    expect(spoken([say('emptySession')], 'x')).toBe(
      'Pred odoslaním objednávky naskenujte aspoň jeden tovar.',
    );
  });

  it("keeps the core's English for a key it does not know, and for words without keys", async () => {
    await i18n.changeLanguage('cs');
    expect(spoken([{ key: 'fromANewerCore' }], 'Newer words.')).toBe('Newer words.');
    expect(spoken(undefined, 'The instance said: quantity must be positive')).toBe(
      'The instance said: quantity must be positive',
    );
  });
});
