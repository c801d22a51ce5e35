// Cash rounding: whole minor units in and out, half a step up, the rounding its own figure.
import { describe, expect, it } from 'vitest';
import { cashStep, roundCash } from './cash-rounding.ts';

describe('roundCash', () => {
  it('rounds a CZK cash total to whole crowns: 706.17 is 706 (rounding -0.17), 706.50 is 707', () => {
    const step = cashStep('currency', 'CZK');
    expect(step).toBe(100);
    expect(roundCash(70617, step)).toEqual({ dueMinor: 70600, roundingMinor: -17 });
    expect(roundCash(70649, step)).toEqual({ dueMinor: 70600, roundingMinor: -49 });
    expect(roundCash(70650, step)).toEqual({ dueMinor: 70700, roundingMinor: 50 });
    expect(roundCash(70699, step)).toEqual({ dueMinor: 70700, roundingMinor: 1 });
    expect(roundCash(70600, step)).toEqual({ dueMinor: 70600, roundingMinor: 0 });
  });

  it('rounds EUR to 0.05 only where Settings say so; otherwise not at all', () => {
    expect(cashStep('currency', 'EUR')).toBe(1);
    expect(roundCash(1232, cashStep('currency', 'EUR'))).toEqual({ dueMinor: 1232, roundingMinor: 0 });
    const step = cashStep('0.05', 'EUR');
    expect(step).toBe(5);
    expect(roundCash(1232, step)).toEqual({ dueMinor: 1230, roundingMinor: -2 });
    expect(roundCash(1233, step)).toEqual({ dueMinor: 1235, roundingMinor: 2 });
    expect(roundCash(1237, step)).toEqual({ dueMinor: 1235, roundingMinor: -2 });
    expect(roundCash(1238, step)).toEqual({ dueMinor: 1240, roundingMinor: 2 });
  });

  it("'none' never rounds, whatever the currency; no currency known means none either", () => {
    expect(cashStep('none', 'CZK')).toBe(1);
    expect(cashStep('currency', null)).toBe(1);
    expect(cashStep('1', 'EUR')).toBe(100);
    expect(roundCash(70617, 1)).toEqual({ dueMinor: 70617, roundingMinor: 0 });
  });

  it('rounds a negative total (a refund) the same way, away from nothing at half', () => {
    expect(roundCash(-70617, 100)).toEqual({ dueMinor: -70600, roundingMinor: 17 });
    expect(roundCash(-70650, 100)).toEqual({ dueMinor: -70700, roundingMinor: -50 });
    expect(Object.is(roundCash(-20, 100).dueMinor, 0)).toBe(true);
  });

  it('refuses what is no whole amount or no step', () => {
    expect(() => roundCash(706.17, 100)).toThrow(RangeError);
    expect(() => roundCash(70617, 0)).toThrow(RangeError);
    expect(() => roundCash(70617, 2.5)).toThrow(RangeError);
  });
});
