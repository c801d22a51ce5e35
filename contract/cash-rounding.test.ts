// Cash rounding: whole minor units in and out, half a step up, the rounding its own figure.
import { describe, expect, it } from 'vitest';
import type { Minor } from '../common/money.ts';
import { cashStep, roundCash } from './cash-rounding.ts';

/** A number taken as minor units unchecked: these cases test roundCash's own guard too. */
const m = (n: number): Minor => n as Minor;

describe('roundCash', () => {
  it('rounds a CZK cash total to whole crowns: 706.17 is 706 (rounding -0.17), 706.50 is 707', () => {
    const step = cashStep('currency', 'CZK');
    expect(step).toBe(100);
    expect(roundCash(m(70617), step)).toEqual({ dueMinor: 70600, roundingMinor: -17 });
    expect(roundCash(m(70649), step)).toEqual({ dueMinor: 70600, roundingMinor: -49 });
    expect(roundCash(m(70650), step)).toEqual({ dueMinor: 70700, roundingMinor: 50 });
    expect(roundCash(m(70699), step)).toEqual({ dueMinor: 70700, roundingMinor: 1 });
    expect(roundCash(m(70600), step)).toEqual({ dueMinor: 70600, roundingMinor: 0 });
  });

  it('rounds EUR to 0.05 only where Settings say so; otherwise not at all', () => {
    expect(cashStep('currency', 'EUR')).toBe(1);
    expect(roundCash(m(1232), cashStep('currency', 'EUR'))).toEqual({ dueMinor: 1232, roundingMinor: 0 });
    const step = cashStep('0.05', 'EUR');
    expect(step).toBe(5);
    expect(roundCash(m(1232), step)).toEqual({ dueMinor: 1230, roundingMinor: -2 });
    expect(roundCash(m(1233), step)).toEqual({ dueMinor: 1235, roundingMinor: 2 });
    expect(roundCash(m(1237), step)).toEqual({ dueMinor: 1235, roundingMinor: -2 });
    expect(roundCash(m(1238), step)).toEqual({ dueMinor: 1240, roundingMinor: 2 });
  });

  it("'none' never rounds, whatever the currency; no currency known means none either", () => {
    expect(cashStep('none', 'CZK')).toBe(1);
    expect(cashStep('currency', null)).toBe(1);
    expect(cashStep('1', 'EUR')).toBe(100);
    expect(roundCash(m(70617), m(1))).toEqual({ dueMinor: 70617, roundingMinor: 0 });
  });

  it('rounds a negative total (a refund) the same way, away from nothing at half', () => {
    expect(roundCash(m(-70617), m(100))).toEqual({ dueMinor: -70600, roundingMinor: 17 });
    expect(roundCash(m(-70650), m(100))).toEqual({ dueMinor: -70700, roundingMinor: -50 });
    expect(Object.is(roundCash(m(-20), m(100)).dueMinor, 0)).toBe(true);
  });

  it('refuses what is no whole amount or no step', () => {
    expect(() => roundCash(m(706.17), m(100))).toThrow(RangeError);
    expect(() => roundCash(m(70617), m(0))).toThrow(RangeError);
    expect(() => roundCash(m(70617), m(2.5))).toThrow(RangeError);
  });
});
