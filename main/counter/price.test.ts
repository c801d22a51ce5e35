// What a stock item sells for: a price the till can charge, or why there is none.
import { describe, expect, it } from 'vitest';
import { sellingPrice } from './price.ts';

describe('sellingPrice', () => {
  it('takes price, else priceWoVat plus VAT', () => {
    expect(sellingPrice({ price: 25.9, vatRate: 21 })).toBe(25.9);
    expect(sellingPrice({ priceWoVat: 100, vatRate: 21 })).toBe(121);
  });

  it('has no price for a missing, zero or unusable one: never sold at 0.00', () => {
    expect(sellingPrice({})).toEqual({ kind: 'missing' });
    expect(sellingPrice({ price: 0 })).toEqual({ kind: 'zero' });
    expect(sellingPrice({ priceWoVat: 0, vatRate: 21 })).toEqual({ kind: 'zero' });
    expect(sellingPrice({ price: -1 })).toEqual({ kind: 'unusable', value: -1 });
  });

  it('takes a price below half a cent as 0: a line of it would cost 0.00', () => {
    expect(sellingPrice({ price: 0.004 })).toEqual({ kind: 'zero' });
    expect(sellingPrice({ price: 0.001, vatRate: 21 })).toEqual({ kind: 'zero' });
    expect(sellingPrice({ price: 0.005 })).toBe(0.005);
  });
});
