// The printed receipt says what the screen's receipt says: the words they share are the same text as
// the renderer's catalogues (receipt and the VAT table's head in sale).
import { describe, expect, it } from 'vitest';
import { receipt as csReceipt } from '../../renderer/i18n/cs/receipt.ts';
import { sale as csSale } from '../../renderer/i18n/cs/sale.ts';
import { receipt as enReceipt } from '../../renderer/i18n/en/receipt.ts';
import { sale as enSale } from '../../renderer/i18n/en/sale.ts';
import { receipt as skReceipt } from '../../renderer/i18n/sk/receipt.ts';
import { sale as skSale } from '../../renderer/i18n/sk/sale.ts';
import { shift as csShift } from '../../renderer/i18n/cs/shift.ts';
import { shift as enShift } from '../../renderer/i18n/en/shift.ts';
import { shift as skShift } from '../../renderer/i18n/sk/shift.ts';
import { fill, printLanguage, PRINT_WORDS, REPORT_WORDS } from './words.ts';

/** The receipt's words, and the VAT table's head from sale (whose other words are the Sale screen's). */
const vatHead = (s: Readonly<Record<'vatRate' | 'vatBase' | 'vatAmount' | 'vatGross', string>>) => ({
  vatRate: s.vatRate,
  vatBase: s.vatBase,
  vatAmount: s.vatAmount,
  vatGross: s.vatGross,
});
const SCREEN = {
  cs: { ...csReceipt, ...vatHead(csSale) },
  sk: { ...skReceipt, ...vatHead(skSale) },
  en: { ...enReceipt, ...vatHead(enSale) },
} as const;
const OWN = ['copyInterrupted', 'testPage', 'testPrinter', 'testPaper', 'testEnd'];

describe("the printed receipt's words", () => {
  for (const language of ['cs', 'sk', 'en'] as const) {
    it(`are the screen's words in ${language}`, () => {
      const printed = PRINT_WORDS[language];
      const screen: Readonly<Record<string, string>> = SCREEN[language];
      for (const [key, text] of Object.entries(printed)) {
        if (OWN.includes(key)) continue;
        expect({ key, text }).toEqual({ key, text: screen[key] });
      }
    });
  }

  /** The shift report's words the Shift screen says too (its placeholders without their format). */
  const SHIFT_SHARED = [
    'drawerOpenings',
    'drawerOpening_manager',
    'drawerOpening_till',
    'cashierLine',
    'move_in',
    'move_out',
    'saleNumber',
    'state_sent',
    'state_queued',
    'state_sending',
    'state_in-doubt',
    'state_needs-fix',
    'state_blocked',
    'state_cancelled',
    'state_discarded',
    'acknowledgedAt',
    'followUp',
  ] as const;
  const SHIFT_SCREEN = { cs: csShift, sk: skShift, en: enShift } as const;
  for (const language of ['cs', 'sk', 'en'] as const) {
    it(`on the shift report are the Shift screen's words in ${language}`, () => {
      const screen: Readonly<Record<string, string>> = SHIFT_SCREEN[language];
      for (const key of SHIFT_SHARED) {
        const said = screen[key]?.replace(/\{\{(\w+), \w+\}\}/g, '{{$1}}');
        expect({ key, text: REPORT_WORDS[language][key] }).toEqual({ key, text: said });
      }
    });
  }

  it('fill in their placeholders', () => {
    expect(fill(PRINT_WORDS.cs.customer, { name: 'Žofie' })).toBe('Zákazník: Žofie');
  });

  it("are the screens' language, and for 'system' the OS's when Counter speaks it", () => {
    expect(printLanguage('sk', 'en-US')).toBe('sk');
    expect(printLanguage('system', 'cs-CZ')).toBe('cs');
    expect(printLanguage('system', 'de-DE')).toBe('en');
  });
});
