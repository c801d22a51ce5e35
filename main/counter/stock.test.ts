// The stock concerns of an item in a sale, from the cached stock item's fields.
import { describe, expect, it } from 'vitest';
import { availableStock, stockConcernWords, stockConcerns } from './stock.ts';

describe('availableStock', () => {
  it('is quantityAvailable, else quantityInStock, else unknown', () => {
    expect(availableStock({ quantityAvailable: 2, quantityInStock: 5 })).toBe(2);
    expect(availableStock({ quantityInStock: 5 })).toBe(5);
    expect(availableStock({})).toBeUndefined();
  });
});

describe('stockConcerns', () => {
  it('says nothing within the stock, or without a stock figure', () => {
    expect(stockConcerns({ quantityAvailable: 230 }, 230, true)).toEqual([]);
    expect(stockConcerns({}, 9999, true)).toEqual([]);
  });

  it('says more than available, with both numbers', () => {
    expect(stockConcerns({ quantityAvailable: 230 }, 9999, true)).toEqual([
      { kind: 'above-stock', available: 230, wanted: 9999 },
    ]);
    expect(stockConcerns({ quantityAvailable: 1.25 }, 1.5, false)).toEqual([
      { kind: 'above-stock', available: 1.25, wanted: 1.5 },
    ]);
  });

  it('says out of stock and inactive for an item coming in; for more of a line, only the stock', () => {
    expect(stockConcerns({ quantityAvailable: 0, isInactive: true }, 1, true)).toEqual([
      { kind: 'inactive', where: 'product' },
      { kind: 'out-of-stock' },
    ]);
    expect(stockConcerns({ quantityAvailable: -2, isInactiveInWarehouse: true }, 2, false)).toEqual([
      { kind: 'above-stock', available: 0, wanted: 2 },
    ]);
    expect(stockConcerns({ quantityAvailable: 5, isInactiveInWarehouse: true }, 1, true)).toEqual([
      { kind: 'inactive', where: 'warehouse' },
    ]);
  });

  it('words them with the unit when there is one', () => {
    const above = [{ kind: 'above-stock', available: 230, wanted: 9999 }] as const;
    expect(stockConcernWords('Sirup', 'ks', above).said).toEqual([
      { key: 'stockAbove', values: { name: 'Sirup', wanted: 9999, available: 230, unit: 'ks' } },
    ]);
    expect(stockConcernWords('Sirup', undefined, above).said).toEqual([
      { key: 'stockAboveNoUnit', values: { name: 'Sirup', wanted: 9999, available: 230 } },
    ]);
  });
});
