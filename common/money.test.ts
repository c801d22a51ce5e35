// The money module's rules, exactly; and (checked by `tsc -b`, not at run time) that a major-unit
// number cannot be passed where minor units are meant.
import { describe, expect, it } from 'vitest';
import {
  addQuantities,
  cardPartFits,
  cashPaid,
  changeDue,
  compareDecimal,
  decimal,
  decimalPlaces,
  decimalText,
  grossOfNet,
  lineTotal,
  majorText,
  minor,
  minorOf,
  mustDecimal,
  parseMajor,
  isQuantityPrecise,
  roundQuantity,
  percentOf,
  priceDecimals,
  roundCash,
  roundedMinor,
  roundToMinor,
  sameAmount,
  sumKnown,
  thousandthsCosting,
  toMajor,
  typedDecimal,
  unitPriceText,
  vatWithin,
  type Decimal,
  type Minor,
} from './money.ts';

const d = mustDecimal;

describe('exact decimals', () => {
  it('reads a number as the decimal it prints as', () => {
    expect(decimal(0.125)).toEqual({ units: 125n, scale: 3 });
    expect(decimal(0.0826)).toEqual({ units: 826n, scale: 4 });
    expect(decimal(12)).toEqual({ units: 12n, scale: 0 });
    expect(decimal(1e-7)).toEqual({ units: 1n, scale: 7 });
    expect(decimal(1.5e21)).toEqual({ units: 1_500_000_000_000_000_000_000n, scale: 0 });
    expect(decimal('-0.50')).toEqual({ units: -5n, scale: 1 });
    expect(decimal(Number.NaN)).toBeUndefined();
    expect(decimal(Number.POSITIVE_INFINITY)).toBeUndefined();
    expect(decimal('0x10')).toBeUndefined();
    expect(decimalText(d(0.0826))).toBe('0.0826');
    expect(decimalText(d(-0.05))).toBe('-0.05');
    expect(decimalPlaces(0.125)).toBe(3);
    expect(decimalPlaces(25.9)).toBe(1);
  });

  it('reads a decimal as a person types it: a point or a comma, digit groups; "1.5" is 1,5', () => {
    for (const text of ['1,5', '1.5', '1,50', ' 1.500 ', '01,5'])
      expect(typedDecimal(text), text).toEqual({ units: 15n, scale: 1 });
    expect(typedDecimal(',5')).toEqual({ units: 5n, scale: 1 });
    expect(typedDecimal('2.')).toEqual({ units: 2n, scale: 0 });
    expect(typedDecimal('1\u00a0000,25')).toEqual({ units: 100_025n, scale: 2 });
    expect(typedDecimal('-2')).toEqual({ units: -2n, scale: 0 });
    for (const text of ['', ' ', ',', '.', '-', '1,5,0', '1.5,0', '1e3', '0x10', 'Infinity', '+1'])
      expect(typedDecimal(text), text).toBeUndefined();
    expect(compareDecimal(typedDecimal('1.5') as Decimal, d(1.5))).toBe(0);
  });
});

describe('the rounding rules', () => {
  it('multiplies a line before it rounds: 0.125 x 1000 = 125.00, 0.0826 + 21 % x 1000 = 99.95', () => {
    expect(lineTotal(d(0.125), d(1000))).toBe(12_500n);
    expect(lineTotal(d(0.125), d(1))).toBe(13n);
    const gross = grossOfNet(d(0.0826), d(21));
    expect(decimalText(gross)).toBe('0.099946');
    expect(lineTotal(gross, d(1000))).toBe(9_995n);
    expect(lineTotal(d(19.995), d(1.235))).toBe(2_469n);
    expect(lineTotal(d(2.675), d(1))).toBe(268n);
  });

  it('takes VAT out of a gross and a percent off, half up', () => {
    expect(vatWithin(12_500n, d(21))).toBe(2_169n);
    expect(vatWithin(10_000n, d(2.5))).toBe(244n);
    expect(percentOf(1_000n, d(2.5))).toBe(25n);
    expect(percentOf(1_005n, d(10))).toBe(101n);
  });

  it('rounds cash to its step and says the change', () => {
    expect(roundCash(minor(70_617), minor(100))).toEqual({ dueMinor: 70_600, roundingMinor: -17 });
    expect(roundCash(minor(70_650), minor(100))).toEqual({ dueMinor: 70_700, roundingMinor: 50 });
    expect(changeDue(minor(100_000), minor(70_600))).toEqual({ change: 29_400, short: 0 });
    expect(changeDue(minor(50_000), minor(70_600))).toEqual({ change: 0, short: 20_600 });
  });
});

describe('amounts', () => {
  it('takes a major amount of at most two decimals exactly, and nothing else', () => {
    expect(minorOf(1.1)).toBe(110);
    expect(minorOf(0.29)).toBe(29);
    expect(minorOf(-17.5)).toBe(-1_750);
    expect(minorOf(0.125)).toBeUndefined();
    expect(minorOf(Number.NaN)).toBeUndefined();
    expect(minorOf(1e300)).toBeUndefined();
    expect(roundToMinor(0.125)).toBe(13);
    expect(roundToMinor(1.005)).toBe(101);
    expect(toMajor(minor(12_550))).toBe(125.5);
    expect(majorText(minor(-17))).toBe('-0.17');
    expect(majorText(minor(150_050))).toBe('1500.50');
    expect(parseMajor('1500,5')).toBe(150_050);
    expect(parseMajor('1500.505')).toBeUndefined();
    // What a person types: digit groups and a separator with nothing after it are taken.
    expect(parseMajor(' 1 500,')).toBe(150_000);
    expect(parseMajor('1\u00a0500.5')).toBe(150_050);
    expect(parseMajor('12345678901')).toBeUndefined();
    expect(parseMajor('1e3')).toBeUndefined();
    expect(parseMajor(',5')).toBeUndefined();
    expect(() => minor(0.5)).toThrow(RangeError);
  });

  it('keeps quantities to thousandths, read from their decimal text', () => {
    expect(isQuantityPrecise(1.235)).toBe(true);
    expect(isQuantityPrecise(1.2345)).toBe(false);
    expect(isQuantityPrecise(0.1 + 0.2)).toBe(false);
    expect(isQuantityPrecise(Number.POSITIVE_INFINITY)).toBe(false);
    expect(roundQuantity(1.2345)).toBe(1.235);
    // 1.0005 x 1000 is 1000.4999999999999 in floats: its decimal rounds up.
    expect(roundQuantity(1.0005)).toBe(1.001);
    expect(roundQuantity(2)).toBe(2);
  });

  it('finds the thousandths a line total comes from (rule 1 backwards), without trying each', () => {
    // 0.125 a unit: k thousandths cost k / 80 minor units; 12.50 is 99.960 up to 100.039 units.
    expect(thousandthsCosting(1250n, mustDecimal(0.125))).toEqual({ lowest: 99_960n, highest: 100_039n });
    // 249.90 a kg: 0.494 kg is 123.4506 -> 123.45; 123.40 lies between 0.493 (123.20) and 0.494.
    expect(thousandthsCosting(12345n, mustDecimal(249.9))).toEqual({ lowest: 494n, highest: 494n });
    expect(thousandthsCosting(12340n, mustDecimal(249.9))).toBeUndefined();
    // 0.00001 a unit: 100.00 is ten million units, give or take half a cent's worth.
    expect(thousandthsCosting(10_000n, mustDecimal(0.00001))).toEqual({
      lowest: 9_999_500_000n,
      highest: 10_000_499_999n,
    });
    expect(thousandthsCosting(0n, mustDecimal(1))).toBeUndefined();
    expect(thousandthsCosting(100n, mustDecimal(0))).toBeUndefined();
  });

  it('rounds and sums figures from outside without failing on one that is no amount', () => {
    expect(roundedMinor(2.675)).toBe(268);
    expect(roundedMinor(182.9 - 0.01)).toBe(18_289);
    // 1e14 crowns are 10^16 haléře, past 2^53: roundToMinor throws, roundedMinor does not know it.
    expect(() => roundToMinor(1e14)).toThrow(RangeError);
    expect(roundedMinor(1e14)).toBeUndefined();
    expect(roundedMinor(-1e14)).toBeUndefined();
    expect(roundedMinor(Number.NaN)).toBeUndefined();
    expect(roundedMinor(Number.POSITIVE_INFINITY)).toBeUndefined();
    expect(sumKnown([minor(1_000), minor(-250), minor(5)])).toBe(755);
    expect(sumKnown([])).toBe(0);
    expect(sumKnown([minor(1_000), undefined])).toBeUndefined();
    // Each a safe integer, their sum not (nor does a third amount bring it back below 2^53).
    expect(sumKnown([minor(6e15), minor(6e15), minor(-6e15)])).toBeUndefined();
  });

  it('adds quantities exactly, in thousandths', () => {
    // Floats: 0.57 + 1 = 1.5699999999999998, 0.1 + 0.2 = 0.30000000000000004.
    expect(addQuantities(0.57, 1)).toBe(1.57);
    expect(addQuantities(0.1, 0.2)).toBe(0.3);
    expect(addQuantities(9998.999, 0.001)).toBe(9999);
    // A float sum an older version stored is the thousandth it meant.
    expect(addQuantities(0.57 + 1, 1)).toBe(2.57);
    expect(addQuantities(Number.NaN, 1)).toBeNaN();
    expect(addQuantities(Number.POSITIVE_INFINITY, 1)).toBe(Number.POSITIVE_INFINITY);
  });

  it('refuses a major-unit number where minor units are meant, at compile time', () => {
    const crowns = 12.5;
    const haler: Minor = minor(1_250);
    // The check is tsc's: each line below is a type error, and `tsc -b` fails if one stops being one.
    const typeErrors = (): unknown[] => [
      // @ts-expect-error a number of crowns is no Minor
      toMajor(crowns),
      // @ts-expect-error nor is a plain literal
      roundCash(70_617, minor(100)),
      // @ts-expect-error a Minor is not assigned from a number without minor()/minorOf()
      ((): Minor => crowns)(),
    ];
    expect(typeof typeErrors).toBe('function');
    expect(toMajor(haler)).toBe(crowns);
  });
});

describe('unit prices as text', () => {
  it('shows as many decimals as the price has, at least two', () => {
    expect(unitPriceText(0.125)).toBe('0.125');
    expect(unitPriceText(0.0826)).toBe('0.0826');
    expect(unitPriceText(25.9)).toBe('25.90');
    expect(unitPriceText(12)).toBe('12.00');
    expect(priceDecimals(0.125)).toBe(3);
    expect(priceDecimals(25.9)).toBe(2);
  });
});

describe('cash paid', () => {
  it('rounds the share to the step, takes what was handed over, and gives the change', () => {
    expect(cashPaid(minor(70_617), minor(100))).toEqual({
      dueMinor: 70_600,
      roundingMinor: -17,
      handed: 70_600,
      change: 0,
      short: 0,
    });
    expect(cashPaid(minor(70_617), minor(100), minor(100_000))).toMatchObject({ change: 29_400, short: 0 });
    expect(cashPaid(minor(70_650), minor(100), minor(70_600))).toMatchObject({ change: 0, short: 100 });
    expect(cardPartFits(minor(70_617), minor(70_600), minor(100))).toBe(false);
    expect(cardPartFits(minor(70_617), minor(20_000), minor(100))).toBe(true);
    expect(cardPartFits(minor(70_617), minor(0), minor(100))).toBe(false);
    expect(sameAmount(125, 125.001)).toBe(true);
    expect(sameAmount(125, 125.01)).toBe(false);
  });
});

describe('minorOf beside float arithmetic', () => {
  it('takes a two-decimal amount a float difference made, and still refuses a third decimal', () => {
    expect(minorOf(182.9 - 0.01)).toBe(18289);
    expect(minorOf(0.1 + 0.2)).toBe(30);
    expect(minorOf(0.125)).toBeUndefined();
    expect(minorOf(182.891)).toBeUndefined();
    expect(minorOf(10_000_000_000.004)).toBeUndefined();
  });
});
