// The payment panel's arithmetic: round notes above the total, amounts typed with "," or ".", change
// in whole cents, too little cash refused.
import { minor } from '../../common/money.ts';
import { describe, expect, it } from 'vitest';
import { settleTender } from '../../main/counter/tender.ts';
import { parseAmount, paymentSummary, quickAmounts, type Method } from './tender.ts';

const ui = (given: string, method: Method = 'cash', card = '') => ({ method, given, card });

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
    // The core's rule (common/money.ts parseMajor): digit groups, a bare separator, ten digits at most.
    expect(parseAmount('1 000,50')).toBe(1000.5);
    expect(parseAmount('12,')).toBe(12);
    expect(parseAmount('12345678901')).toBeNaN();
  });

  it('works out the change in whole cents; too little cash is short, card is the total', () => {
    expect(paymentSummary(ui('500'), 387.3)).toMatchObject({ change: 112.7, valid: true });
    expect(paymentSummary(ui(''), 387.3)).toMatchObject({ given: 387.3, change: 0, valid: true });
    expect(paymentSummary(ui('300'), 387.3)).toMatchObject({ short: 87.3, valid: false });
    expect(paymentSummary(ui('0.3'), 0.3)).toMatchObject({ change: 0, valid: true });
    expect(paymentSummary(ui('1', 'card'), 387.3)).toMatchObject({ given: 387.3, change: 0, valid: true });
  });

  it('sends cash and card as Money: the amounts typed in the currency, two decimals at most', () => {
    expect(paymentSummary(ui('500'), 387.3).tender).toEqual({ method: 'cash', given: 500 });
    expect(paymentSummary(ui(''), 387.3).tender).toEqual({ method: 'cash', given: 387.3 });
    expect(paymentSummary(ui('500', 'card'), 387.3).tender).toEqual({ method: 'card' });
    expect(paymentSummary(ui('300'), 387.3).tender).toBeUndefined();
  });

  it('splits: the card part, the rest in cash with change; or the cash given, and the card pays the rest', () => {
    // Card 200, the rest 187.30 in cash from 500: 312.70 back.
    expect(paymentSummary(ui('500', 'split', '200'), 387.3)).toMatchObject({
      card: 200,
      rest: 187.3,
      change: 312.7,
      valid: true,
      tender: { method: 'split', card: 200, given: 500 },
    });
    // Nothing given: the exact rest.
    expect(paymentSummary(ui('', 'split', '87,30'), 387.3)).toMatchObject({
      rest: 300,
      change: 0,
      tender: { method: 'split', card: 87.3, given: 300 },
    });
    // Only the cash given (below the total): the card pays what it does not.
    expect(paymentSummary(ui('300', 'split'), 387.3)).toMatchObject({
      card: 87.3,
      rest: 300,
      change: 0,
      tender: { method: 'split', card: 87.3, given: 300 },
    });
    // Cash short of the rest: short by what is missing of the rest, not of the total.
    expect(paymentSummary(ui('100', 'split', '200'), 387.3)).toMatchObject({
      valid: false,
      short: 87.3,
      problem: { kind: 'short', given: 100, due: 187.3, short: 87.3 },
    });
  });

  it('refuses a split the card part of which is nothing, the whole total or more, or no amount', () => {
    for (const card of ['0', '387,30', '400']) {
      expect(paymentSummary(ui('', 'split', card), 387.3)).toMatchObject({
        valid: false,
        problem: { kind: 'card-part' },
      });
    }
    expect(paymentSummary(ui('', 'split', ''), 387.3).problem).toEqual({
      kind: 'card-part',
      card: undefined,
    });
    // Cash covering the whole total leaves nothing to the card.
    expect(paymentSummary(ui('400', 'split', ''), 387.3).problem?.kind).toBe('card-part');
    expect(paymentSummary(ui('', 'split', '1.2.3'), 387.3).problem).toEqual({
      kind: 'not-amount',
      field: 'card',
      text: '1.2.3',
    });
  });

  it('rounds the cash to the cash step: 706.17 Kč is 706 Kč in cash, enough with 706 given, change in whole crowns', () => {
    const CROWN = minor(100);
    expect(paymentSummary(ui('706'), 706.17, CROWN)).toMatchObject({
      due: 706,
      rounding: -0.17,
      change: 0,
      valid: true,
      tender: { method: 'cash', given: 706 },
    });
    expect(paymentSummary(ui('1000'), 706.17, CROWN)).toMatchObject({ change: 294, valid: true });
    // Nothing typed: the rounded amount, exactly.
    expect(paymentSummary(ui(''), 706.17, CROWN).tender).toEqual({ method: 'cash', given: 706 });
    // Half a crown goes up; short of the rounded amount is short.
    expect(paymentSummary(ui('706,5'), 706.5, CROWN)).toMatchObject({
      due: 707,
      rounding: 0.5,
      valid: false,
      problem: { kind: 'short', given: 706.5, due: 707, short: 0.5 },
    });
    // A card is charged the exact total.
    expect(paymentSummary(ui('', 'card'), 706.17, CROWN)).toMatchObject({ due: 706.17, rounding: 0 });
    // 0.05 (euro where Settings say so), and no step: exact.
    expect(paymentSummary(ui(''), 12.33, minor(5))).toMatchObject({ due: 12.35, rounding: 0.02 });
    expect(paymentSummary(ui(''), 706.17)).toMatchObject({ due: 706.17, rounding: 0 });
  });

  it('rounds only the cash part of a split; a card part that leaves less than a coin is refused', () => {
    expect(paymentSummary(ui('600', 'split', '200'), 706.17, minor(100))).toMatchObject({
      card: 200,
      rest: 506,
      due: 506,
      rounding: -0.17,
      change: 94,
      valid: true,
      tender: { method: 'split', card: 200, given: 600 },
    });
    expect(paymentSummary(ui('', 'split', '706'), 706.17, minor(100))).toMatchObject({
      valid: false,
      problem: { kind: 'card-part', card: 706 },
    });
  });
});

describe('the panel and the core', () => {
  it('say the same cash due, rounding and change: one computation (common/money.ts cashPaid)', () => {
    for (const step of [1, 5, 100].map(minor)) {
      for (const total of [0.01, 12.33, 87.3, 706.17, 706.5, 1999.99]) {
        for (const typed of ['', '100', '706,5', '1000', '2000']) {
          const panel = paymentSummary(ui(typed), total, step);
          if (panel.tender === undefined) continue;
          const kept = settleTender(panel.tender, total, step);
          expect(kept.parts).toEqual([{ method: 'cash', amount: panel.due, given: panel.given }]);
          expect(kept.change).toBe(panel.change);
          expect(kept.rounding ?? 0).toBe(panel.rounding);
        }
        const split = paymentSummary(ui('500', 'split', '0,5'), total, step);
        if (split.tender !== undefined) {
          const kept = settleTender(split.tender, total, step);
          expect(kept.parts[1]).toEqual({ method: 'cash', amount: split.due, given: split.given });
          expect(kept.change).toBe(split.change);
        }
      }
    }
  });
});
