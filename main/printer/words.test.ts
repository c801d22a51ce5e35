// Paper says what the screens say: the printer's words are read from common/words, the screens' one
// source per language, not held beside them.
import { describe, expect, it } from 'vitest';
import * as cs from '../../common/words/cs.ts';
import { fill, printLanguage, PRINT_WORDS, REPORT_WORDS } from './words.ts';

describe("the printed receipt's words", () => {
  it("are the screens' words", () => {
    expect(PRINT_WORDS.cs.total).toBe(cs.receipt.total);
    expect(PRINT_WORDS.cs.vatRate).toBe(cs.vatTable.vatRate);
    expect(REPORT_WORDS.cs.state_sent).toBe(cs.report.state_sent);
  });

  it('fill in their placeholders, passing over the format the screens name', () => {
    expect(fill(PRINT_WORDS.cs.customer, { name: 'Žofie' })).toBe('Zákazník: Žofie');
    expect(fill(REPORT_WORDS.en.drawerOpening_manager, { at: '08:02' })).toBe('08:02, manager PIN');
    expect(fill(REPORT_WORDS.en.cashierLine, { sales: '3', voids: '1' })).toBe('3 sales, 1 voided');
  });

  it("are the screens' language, and for 'system' the OS's when Counter speaks it", () => {
    expect(printLanguage('sk', 'en-US')).toBe('sk');
    expect(printLanguage('system', 'cs-CZ')).toBe('cs');
    expect(printLanguage('system', 'de-DE')).toBe('en');
  });
});
