// When an order sent without the till's prices or discounts may have been booked at another total.
import { describe, expect, it } from 'vitest';
import { tillPricesAtStake } from './till-prices.ts';

const catalog = (productId: number) => (productId === 5 ? 19.9 : undefined);
const order = (item: { price?: number; discountAmount?: number }, productId = 5) => ({
  customerId: 1,
  warehouseId: 2,
  items: [{ productId, quantity: 2, ...item }],
});

describe('till prices at stake', () => {
  it('nothing left out, or left out where it changes nothing: no', () => {
    expect(tillPricesAtStake(order({ price: 12, discountAmount: 1 }), [], catalog)).toBe(false);
    expect(tillPricesAtStake(order({ price: 19.9 }), ['price', 'discountAmount'], catalog)).toBe(false);
    expect(tillPricesAtStake(order({ price: 19.9, discountAmount: 0 }), ['discountAmount'], catalog)).toBe(
      false,
    );
    // The instance takes the price it was given; only the discount was left out, and there was none.
    expect(tillPricesAtStake(order({ price: 12 }), ['discountAmount'], catalog)).toBe(false);
  });

  it('a discount left out, or a price other than the catalog (or one it does not know) left out: yes', () => {
    expect(tillPricesAtStake(order({ price: 19.9, discountAmount: 1 }), ['discountAmount'], catalog)).toBe(
      true,
    );
    expect(tillPricesAtStake(order({ price: 12 }), ['price'], catalog)).toBe(true);
    expect(tillPricesAtStake(order({ price: 12 }, 6), ['price'], catalog)).toBe(true);
    expect(tillPricesAtStake(order({ price: 19.9 }), ['price'], undefined)).toBe(true);
  });
});
