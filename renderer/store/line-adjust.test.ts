// What the discount dialog reads from what was typed: a percent, a unit price, nothing, or neither.
import { describe, expect, it } from 'vitest';
import { readAdjustment } from './line-adjust.ts';

describe('readAdjustment', () => {
  it('reads "10 %" as percent off and "79,90" as the unit price to charge', () => {
    expect(readAdjustment('10 %')).toEqual({ kind: 'percent', value: 10 });
    expect(readAdjustment(' 12,5%')).toEqual({ kind: 'percent', value: 12.5 });
    expect(readAdjustment('79,90')).toEqual({ kind: 'price', value: 79.9 });
    expect(readAdjustment('79.9')).toEqual({ kind: 'price', value: 79.9 });
  });

  it('reads nothing typed as taking the discount off, and anything else as no discount', () => {
    expect(readAdjustment('  ')).toBeNull();
    for (const text of ['abc', '0', '0 %', '-5', '%', '1e3', '10,555'])
      expect(readAdjustment(text), text).toBeUndefined();
  });
});
