// The payment panel's arithmetic: round notes above the total, amounts typed with "," or ".", change
// in whole cents, too little cash refused.
import { describe, expect, it } from 'vitest';
import { parseAmount, paymentSummary, quickAmounts, type Method } from './tender.ts';

const ui = (given: string, method: Method = 'cash') => ({ method, given });

describe('payment', () => {
  it('offers the next round notes at or above the total, CZK-style', () => {
    expect(quickAmounts(387.5)).toEqual([400, 500, 1000, 2000, 5000]);
    expect(quickAmounts(501.8)).toEqual([600, 1000, 2000, 5000]);
    expect(quickAmounts(42)).toEqual([100, 200, 500, 1000, 2000]);
    expect(quickAmounts(500)).toEqual([500, 600, 1000, 2000, 5000]);
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
