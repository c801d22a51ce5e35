// What a stock item sells for: a price the till can charge, or why there is none.
import { describe, expect, it } from 'vitest';
import { sellingPrice } from './price.ts';

describe('sellingPrice', () => {
  it('takes price, else priceWoVat plus VAT', () => {
    expect(sellingPrice({ price: 25.9, vatRate: 21 })).toBe(25.9);
    expect(sellingPrice({ priceWoVat: 100, vatRate: 21 })).toBe(121);
  });

  it('has no price for a missing, zero or unusable one: never sold at 0.00', () => {
    expect(sellingPrice({ vatRate: 21 })).toEqual({ kind: 'missing' });
    expect(sellingPrice({ price: 0, vatRate: 21 })).toEqual({ kind: 'zero' });
    expect(sellingPrice({ priceWoVat: 0, vatRate: 21 })).toEqual({ kind: 'zero' });
    expect(sellingPrice({ price: -1, vatRate: 21 })).toEqual({ kind: 'unusable', value: -1 });
  });

  it('takes a price below half a cent as the price it is: 1000 of them cost something', () => {
    expect(sellingPrice({ price: 0.004, vatRate: 21 })).toBe(0.004);
    expect(sellingPrice({ price: 0.0001, vatRate: 21 })).toBe(0.0001);
    expect(sellingPrice({ priceWoVat: 0.001, vatRate: 21 })).toBe(0.00121);
    expect(sellingPrice({ price: 0.005, vatRate: 21 })).toBe(0.005);
  });
});

describe('a price of more than two decimals (issue 36)', () => {
  it('is sold at what the instance sent, never rounded to cents first', () => {
    expect(sellingPrice({ price: 0.125, vatRate: 21 })).toBe(0.125);
    // priceWoVat 0.0826 at 21 %: 0.0826 x 1.21 = 0.099946 exactly (not 0.10)
    expect(sellingPrice({ priceWoVat: 0.0826, vatRate: 21 })).toBe(0.099946);
    expect(sellingPrice({ priceWoVat: 0.1, vatRate: 21 })).toBe(0.121);
  });
});

describe('a net price with no VAT rate', () => {
  it('has no gross price: never sold at the net price as if at 0 % VAT; a gross price sells', () => {
    expect(sellingPrice({ priceWoVat: 100 })).toEqual({ kind: 'no-vat-rate' });
    expect(sellingPrice({})).toEqual({ kind: 'no-vat-rate' });
    // A price of 0 or one unusable, and no rate: a price a manager entered would be at 0 % VAT too.
    expect(sellingPrice({ price: 0 })).toEqual({ kind: 'no-vat-rate' });
    expect(sellingPrice({ price: -1 })).toEqual({ kind: 'no-vat-rate' });
    expect(sellingPrice({ priceWoVat: 100, vatRate: 0 })).toBe(100);
    expect(sellingPrice({ price: 121, priceWoVat: 100 })).toBe(121);
  });
});
