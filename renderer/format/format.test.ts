// Quantities as people type them: decimal digits only, a comma or a point for decimals, digit groups
// as the screens show them. What JavaScript's Number() would also read (hex, exponents, Infinity) is
// no quantity a cashier means.
import { describe, expect, it } from 'vitest';
import { formatMoney, formatSignedMoney, parseQuantity } from './format.ts';

describe('parseQuantity', () => {
  it('reads whole numbers, decimals with a comma or a point, and digit groups as shown', () => {
    expect(parseQuantity('2')).toBe(2);
    expect(parseQuantity(' 1,5 ')).toBe(1.5);
    expect(parseQuantity('1.5')).toBe(1.5);
    expect(parseQuantity('0,250')).toBe(0.25);
    expect(parseQuantity('1 000')).toBe(1000);
    expect(parseQuantity('1\u00a0000,5')).toBe(1000.5);
    expect(parseQuantity('1\u202f000')).toBe(1000);
    expect(parseQuantity('-2')).toBe(-2);
    expect(parseQuantity('')).toBeUndefined();
    expect(parseQuantity('   ')).toBeUndefined();
  });

  it('refuses what is not decimal digits: hex, binary, octal, exponents, Infinity, two separators', () => {
    for (const text of [
      '0x10',
      '0X1A',
      '0b11',
      '0o17',
      '1e3',
      '1E3',
      '2e-1',
      'Infinity',
      '-Infinity',
      'abc',
      '1,5,0',
      '1.5.0',
      '1,5.0',
      '+',
      ',',
      '.',
      '--1',
      '1-',
    ])
      expect(parseQuantity(text), text).toBeNaN();
  });
});

describe('formatMoney', () => {
  it('writes no amount as zero, never "-0,00" (a report shows what went out as negative: 0 out is 0)', () => {
    expect(formatMoney(-0, null, 'cs-CZ')).toBe(formatMoney(0, null, 'cs-CZ'));
    expect(formatMoney(-0, 'CZK', 'cs-CZ')).toBe(formatMoney(0, 'CZK', 'cs-CZ'));
    expect(formatMoney(-0.001, null, 'cs-CZ')).toBe(formatMoney(0, null, 'cs-CZ'));
    expect(formatMoney(-0.01, null, 'cs-CZ')).toBe('−0,01');
    // One minus sign everywhere: the same as a signed amount's, never Intl's hyphen.
    expect(formatMoney(-261, 'CZK', 'cs-CZ')).toBe('−261,00\u00a0Kč');
    expect(formatMoney(-261, 'CZK', 'cs-CZ').charAt(0)).toBe(
      formatSignedMoney(-0.21, 'CZK', 'cs-CZ').charAt(0),
    );
  });
});

describe('formatSignedMoney', () => {
  it('says which way the cash rounding went, with a true minus, and no sign for nothing', () => {
    expect(formatSignedMoney(-0.17, 'CZK', 'cs-CZ')).toBe('−0,17\u00a0Kč');
    expect(formatSignedMoney(0.5, 'CZK', 'cs-CZ')).toBe('+0,50\u00a0Kč');
    expect(formatSignedMoney(0, 'EUR', 'sk-SK')).toBe('0,00\u00a0€');
  });
});
