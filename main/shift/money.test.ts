// Amounts at the shift's edges: typed text and contract numbers into exact minor units, and back.
import { describe, expect, it } from 'vitest';
import { formatMinor, toMajor, toMinor, TypedAmount } from './money.ts';

describe('shift money', () => {
  it('reads a typed amount digit by digit, a point or a comma before at most two decimals', () => {
    expect(TypedAmount.parse('1500')).toBe(150000);
    expect(TypedAmount.parse('1500.50')).toBe(150050);
    expect(TypedAmount.parse('1500,5')).toBe(150050);
    expect(TypedAmount.parse(' 0.07 ')).toBe(7);
    // As the payment panel reads it (common/money.ts parseMajor): digit groups, a bare separator.
    expect(TypedAmount.parse('1 500')).toBe(150000);
    expect(TypedAmount.parse('5.')).toBe(500);
    // 1.15 * 100 is 114.99999999999999 in binary floats: read as text it is 115.
    expect(TypedAmount.parse('1.15')).toBe(115);
    expect(TypedAmount.parse('9999999999.99')).toBe(999999999999);
  });

  it('refuses what is no amount, saying what one looks like', () => {
    for (const bad of ['', '-5', '1500.505', '1e3', 'abc', '12345678901', '.5', '5..', '1,5,0']) {
      const parsed = TypedAmount.safeParse(bad);
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0]?.message).toContain('such as 1500 or 1500.50');
    }
  });

  it('turns contract amounts into minor units exactly, and refuses a third decimal', () => {
    expect(toMinor(1.15)).toBe(115);
    expect(toMinor(1607.42)).toBe(160742);
    expect(toMinor(0)).toBe(0);
    expect(() => toMinor(0.005)).toThrow(RangeError);
    expect(toMajor(160742)).toBe(1607.42);
    expect(formatMinor(-42)).toBe('-0.42');
    expect(formatMinor(150005)).toBe('1500.05');
  });
});
