// The core's words in the screens' language, by key; the core's English where a key is not known.
import { afterEach, describe, expect, it } from 'vitest';
import { english, say } from '../../contract/contract.ts';
import { currentLocale, i18n } from './index.ts';
import { spoken, spokenFields } from './spoken.ts';

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

describe("times and days in the core's words", () => {
  // An instant the core says travels as ISO; each language writes it in its own format, local time.
  const at = '2026-11-26T00:57:00.000Z';
  const local = new Date(at);
  const said = [say('unknownProductSyncedAt', { code: '123', at })];

  // (The locale is the language's, in the region the OS prefers: Node says en-US.)
  it("writes a sync time in the language's own format and local time, never as UTC", async () => {
    await i18n.changeLanguage('cs');
    const cs = spoken(said, english(said));
    expect(cs).not.toContain('UTC');
    expect(cs).not.toContain('2026-11-26');
    expect(cs).toContain(
      new Intl.DateTimeFormat(currentLocale(), {
        dateStyle: 'medium',
        timeStyle: 'short',
        hourCycle: 'h23',
      }).format(local),
    );
    await i18n.changeLanguage('en');
    expect(spoken(said, english(said))).toContain(
      new Intl.DateTimeFormat(currentLocale(), {
        dateStyle: 'medium',
        timeStyle: 'short',
        hourCycle: 'h23',
      }).format(local),
    );
  });

  it('keeps the English of the CLI and the log in UTC', () => {
    expect(english(said)).toBe(
      'Unknown product 123: no product with this barcode in the offline catalog (synced 2026-11-26 00:57 UTC).',
    );
  });

  it("writes a card's days as the language writes dates", async () => {
    await i18n.changeLanguage('cs');
    expect(spoken([say('cardExpired', { day: '2026-05-31' })], 'x')).toBe(
      'Platnost této karty skončila 31. 5. 2026.',
    );
    await i18n.changeLanguage('sk');
    expect(spoken([say('cardNotYetValid', { day: '2026-06-01' })], 'x')).toBe(
      'Táto karta platí až od 1. 6. 2026.',
    );
    expect(english([say('cardExpired', { day: '2026-05-31' })])).toBe('This card expired on 2026-05-31.');
  });
});

describe('spokenFields', () => {
  it("says Counter's field errors in the screens' language, the instance's as they came", async () => {
    await i18n.changeLanguage('cs');
    expect(
      spokenFields({
        fieldErrors: { instanceUrl: ['Invalid URL'], customerId: ['The customer is not known.'] },
        fieldSaid: { instanceUrl: [say('notAUrl')] },
      }),
    ).toEqual({
      instanceUrl: ['Toto není webová adresa: napište ji celou, například https://shop.example.com.'],
      customerId: ['The customer is not known.'],
    });
  });
});
