// What a newcomer read in Czech (issue 34, point 8): a label's amounts with decimal points ("123.45 …
// 434.90"), and "Nad limitem 0,00 Kč", which says nothing. Amounts the core sends as text are written
// in the cashier's locale; the limit says what it is about.
import { describe, expect, it } from 'vitest';
import { i18n } from './index.ts';

const values = { name: 'Vlašské ořechy', amount: '123.45', price: '434.90', unit: 'kg' };

describe('amounts in the core words', () => {
  it("a price label's refusal writes its amounts as the language does", () => {
    const cs = i18n.getFixedT('cs', 'core')('labelAmountNoQuantity', values);
    expect(cs).toContain('123,45');
    expect(cs).toContain('434,90');
    expect(cs).not.toMatch(/\d\.\d/);
    const en = i18n.getFixedT('en', 'core')('labelAmountNoQuantity', values);
    expect(en).toContain('123.45');
    expect(i18n.getFixedT('sk', 'core')('adjustPriceRange', { name: 'x', price: '0.125' })).toContain(
      '0,125',
    );
  });

  it('the limit of a difference says what it is about, and what a limit of 0 means', () => {
    const t = i18n.getFixedT('cs', 'shift');
    expect(t('overLimit', { limit: '50,00 Kč' })).toContain('PIN vedoucího');
    expect(t('overLimitZero')).not.toContain('0,00');
  });
});
