// The payment panel's arithmetic: round notes above the total, amounts typed with "," or ".", change
// in whole cents, too little cash refused.
import { describe, expect, it } from 'vitest';
import { parseAmount, paymentSummary, quickAmounts, type Method } from './tender.ts';

const ui = (given: string, method: Method = 'cash') => ({ method, given });

describe('payment', () => {
  it('offers the next round notes at or above the total, in the notes of the currency', () => {
    expect(quickAmounts(387.5, 'CZK')).toEqual([400, 500, 1000, 2000, 5000]);
    expect(quickAmounts(501.8, 'CZK')).toEqual([600, 1000, 2000, 5000]);
    expect(quickAmounts(42, 'CZK')).toEqual([100, 200, 500, 1000, 2000]);
    expect(quickAmounts(500, 'CZK')).toEqual([500, 600, 1000, 2000, 5000]);
    // Euro notes start at 5: a 12,50 EUR sale is not offered 100 EUR first.
    expect(quickAmounts(12.5, 'EUR')).toEqual([15, 20, 50, 100, 200]);
    expect(quickAmounts(0.9, 'EUR')).toEqual([5, 10, 20, 50, 100]);
  });

  it('falls back to the 1-2-5 series for a currency it has no notes for, or none', () => {
    expect(quickAmounts(387.5, null)).toEqual([388, 390, 400, 500, 1000]);
    expect(quickAmounts(12.5, 'XYZ')).toEqual([13, 14, 15, 20, 50]);
  });

  it('reads "," or "." as the decimal separator; anything else is no amount', () => {
    expect(parseAmount('412,5')).toBe(412.5);
    expect(parseAmount('412.50')).toBe(412.5);
    expect(parseAmount('')).toBeUndefined();
    expect(parseAmount('4,1,2')).toBeNaN();
    expect(parseAmount('1.234')).toBeNaN();
  });

  it('works out the change in whole cents; too little cash is short, card is the total', () => {
    expect(paymentSummary(ui('500'), 387.3)).toMatchObject({ change: 112.7, valid: true });
    expect(paymentSummary(ui(''), 387.3)).toMatchObject({ given: 387.3, change: 0, valid: true });
    expect(paymentSummary(ui('300'), 387.3)).toMatchObject({ short: 87.3, valid: false });
    expect(paymentSummary(ui('0.3'), 0.3)).toMatchObject({ change: 0, valid: true });
    expect(paymentSummary(ui('1', 'card'), 387.3)).toMatchObject({ given: 387.3, change: 0, valid: true });
  });
});
