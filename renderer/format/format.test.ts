// Quantities as people type them: decimal digits only, a comma or a point for decimals, digit groups
// as the screens show them. What JavaScript's Number() would also read (hex, exponents, Infinity) is
// no quantity a cashier means.
import { describe, expect, it } from 'vitest';
import {
  datePattern,
  formatDate,
  formatMoney,
  formatSignedMoney,
  parseDate,
  parseQuantity,
} from './format.ts';

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

// A day as a cashier types it: the screens' way of writing a date (formatDate's), read back.
describe('parseDate', () => {
  it('reads a Czech or Slovak date, spaces or none, and what formatDate writes', () => {
    for (const locale of ['cs-CZ', 'sk-SK']) {
      expect(parseDate('30. 11. 2026', locale), locale).toBe('2026-11-30');
      expect(parseDate('30.11.2026', locale), locale).toBe('2026-11-30');
      expect(parseDate(' 1. 3. 2025 ', locale), locale).toBe('2025-03-01');
      expect(parseDate('01.03.2025', locale), locale).toBe('2025-03-01');
      expect(parseDate('29. 2. 2024', locale), locale).toBe('2024-02-29');
      expect(parseDate(formatDate('2025-03-11', locale), locale), locale).toBe('2025-03-11');
      expect(parseDate('2025-03-11', locale), locale).toBe('2025-03-11');
    }
  });

  it('reads an English date as the app writes it, with the month named or in digits', () => {
    expect(formatDate('2026-11-30', 'en-GB')).toBe('30 Nov 2026');
    expect(parseDate('30 Nov 2026', 'en-GB')).toBe('2026-11-30');
    expect(parseDate('30 november 2026', 'en-GB')).toBe('2026-11-30');
    expect(parseDate('30 Sep 2026', 'en-GB')).toBe('2026-09-30');
    expect(parseDate('30/11/2026', 'en-GB')).toBe('2026-11-30');
    expect(parseDate(formatDate('2026-09-30', 'en-GB'), 'en-GB')).toBe('2026-09-30');
    // An American system locale: the month first, as Intl writes it there.
    expect(parseDate('Nov 30, 2026', 'en-US')).toBe('2026-11-30');
    expect(parseDate('11/30/2026', 'en-US')).toBe('2026-11-30');
    expect(parseDate(formatDate('2025-03-11', 'en-US'), 'en-US')).toBe('2025-03-11');
  });

  it('takes nothing typed as no day, and refuses what is no date: a day the month lacks, half a date, words', () => {
    expect(parseDate('', 'cs-CZ')).toBe('');
    expect(parseDate('   ', 'cs-CZ')).toBe('');
    for (const [text, locale] of [
      ['31. 2. 2026', 'cs-CZ'],
      ['29. 2. 2025', 'sk-SK'],
      ['31. 4. 2026', 'cs-CZ'],
      ['0. 1. 2026', 'cs-CZ'],
      ['1. 13. 2026', 'cs-CZ'],
      ['zítra', 'cs-CZ'],
      ['zajtra', 'sk-SK'],
      ['30. 11.', 'cs-CZ'],
      ['30. 11. 26', 'cs-CZ'],
      ['30. 11. 202', 'cs-CZ'],
      ['30. 11. 2026 12', 'cs-CZ'],
      ['30. lis. 2026x', 'cs-CZ'],
      ['2026-02-30', 'cs-CZ'],
      // Half of "2025-03-11" being typed: never the 1st of March on the way.
      ['2025-03-1', 'cs-CZ'],
      ['2025-3-11', 'en-GB'],
      ['2025-03-1', 'en-US'],
      ['11/30/2026', 'en-GB'],
      ['30 Foo 2026', 'en-GB'],
      ['30 No 2026', 'en-GB'],
      ['tomorrow', 'en-GB'],
      ['30/11/2026', 'en-US'],
    ])
      expect(parseDate(text ?? '', locale), `${text ?? ''} in ${locale ?? ''}`).toBeNull();
  });
});

describe('datePattern', () => {
  it("shows how a date is typed, in the catalogue's letters, in formatDate's order", () => {
    const cs = { day: 'd', month: 'm', monthName: 'měs', year: 'rrrr' };
    expect(datePattern(cs, 'cs-CZ')).toBe('d. m. rrrr');
    expect(datePattern(cs, 'sk-SK')).toBe('d. m. rrrr');
    const en = { day: 'd', month: 'm', monthName: 'mmm', year: 'yyyy' };
    expect(datePattern(en, 'en-GB')).toBe('d mmm yyyy');
    expect(datePattern(en, 'en-US')).toBe('mmm d, yyyy');
  });
});
