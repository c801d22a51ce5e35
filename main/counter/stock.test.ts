// The stock concerns of an item in a sale, from the cached stock item's fields.
import { describe, expect, it } from 'vitest';
import { availableStock, stockConcernWords, stockConcerns } from './stock.ts';

describe('availableStock', () => {
  it('is quantityAvailable, else quantityInStock, else unknown', () => {
    expect(availableStock({ quantityAvailable: 2, quantityInStock: 5 })).toBe(2);
    expect(availableStock({ quantityInStock: 5 })).toBe(5);
    expect(availableStock({})).toBeUndefined();
  });

  it('less what this till sold that the figures do not show yet', () => {
    expect(availableStock({ quantityAvailable: 14, quantityInStock: 16 }, 2)).toBe(12);
    expect(availableStock({ quantityInStock: 1.5 }, 0.355)).toBe(1.145);
    expect(availableStock({}, 2)).toBeUndefined();
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

  it('judges by the figure less what was sold here, and says how it came to it', () => {
    // 3 available at the last sync, 2 sold here since: 1 left, the sale wants 2.
    expect(stockConcerns({ quantityAvailable: 3 }, 2, true, 2)).toEqual([
      { kind: 'above-stock', available: 1, wanted: 2, soldHere: { cached: 3, sold: 2 } },
    ]);
    expect(stockConcerns({ quantityAvailable: 3 }, 1, true, 2)).toEqual([]);
    // All of it sold here: out of stock, however much was there.
    expect(stockConcerns({ quantityInStock: 3 }, 1, true, 3)).toEqual([
      { kind: 'out-of-stock', soldHere: { cached: 3, sold: 3 } },
    ]);
    expect(stockConcerns({ quantityAvailable: 3 }, 4, false, 5)).toEqual([
      { kind: 'above-stock', available: 0, wanted: 4, soldHere: { cached: 3, sold: 5 } },
    ]);
  });

  it('words what was sold here with the figure of the last sync', () => {
    const above = [
      { kind: 'above-stock', available: 1, wanted: 2, soldHere: { cached: 3, sold: 2 } },
    ] as const;
    expect(stockConcernWords('Sirup', 'ks', above).said).toEqual([
      {
        key: 'stockAboveSoldHere',
        values: { name: 'Sirup', wanted: 2, available: 1, cached: 3, sold: 2, unit: 'ks' },
      },
    ]);
    expect(stockConcernWords('Sirup', ' ', above).said).toEqual([
      {
        key: 'stockAboveSoldHereNoUnit',
        values: { name: 'Sirup', wanted: 2, available: 1, cached: 3, sold: 2 },
      },
    ]);
    const out = [{ kind: 'out-of-stock', soldHere: { cached: 3, sold: 3 } }] as const;
    expect(stockConcernWords('Sirup', 'ks', out).said).toEqual([
      { key: 'stockOutSoldHere', values: { name: 'Sirup', cached: 3, sold: 3 } },
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
