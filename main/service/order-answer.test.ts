// What an instance's 2xx answer to an order says: the order's id (body, else Location) and what it
// booked (total, else the lines' totals), whatever else the body lacks; and what of an order an
// instance whose description shows no price or discount on an item is sent.
import { describe, expect, it } from 'vitest';
import { ServiceError } from './errors.ts';
import { orderForInstance, readOrderAnswer } from './order-answer.ts';

const where = { method: 'POST', path: '/api/documents/orders/internet' };
const answer = (status: number, text: string, location?: string) =>
  readOrderAnswer({ status, text, headers: location === undefined ? {} : { location } }, where);

describe('an answer to an internet order', () => {
  it('reads the id and the total of the stored order', () => {
    expect(answer(201, JSON.stringify({ id: 7, total: 385.9, items: [] }))).toEqual({
      id: 7,
      bookedCents: 38_590,
    });
  });

  it('takes the id from Location and the total from the lines when the body lacks them', () => {
    const body = JSON.stringify({ items: [{ total: 100.1 }, { total: 0.2 }] });
    expect(answer(201, body, 'https://erp.example/api/documents/orders/internet/42')).toEqual({
      id: 42,
      bookedCents: 10_030,
    });
    // A line without its total: what was booked is not said.
    expect(answer(200, JSON.stringify({ id: 3, items: [{ total: 1 }, {}] }))).toEqual({
      id: 3,
      bookedCents: undefined,
    });
  });

  it('takes an empty 201, or an empty answer naming the order in Location, as stored', () => {
    expect(answer(201, '')).toEqual({ id: undefined, bookedCents: undefined });
    expect(answer(204, '', '/api/documents/orders/internet/9/')).toEqual({ id: 9, bookedCents: undefined });
  });

  it("refuses what is not the instance's answer: not JSON, not an object, a wrong type, an empty 200", () => {
    for (const [status, text] of [
      [200, '<html>Sign in to the network</html>'],
      [200, '[1]'],
      [201, '{"id":"seven"}'],
      [200, ''],
    ] as const) {
      let caught: unknown;
      try {
        answer(status, text);
      } catch (error) {
        caught = error;
      }
      expect(caught, text).toBeInstanceOf(ServiceError);
      expect(caught).toMatchObject({ kind: 'invalid-response', mayHaveReachedServer: true });
    }
  });
});

describe('an order for an instance', () => {
  const order = {
    customerId: 1,
    warehouseId: 2,
    items: [
      { productId: 5, quantity: 2, price: 19.9, discountAmount: 1 },
      { productId: 6, quantity: 1, price: 5 },
    ],
  };

  it('goes whole where the description does not show the item, or shows both fields', () => {
    expect(orderForInstance(order, undefined)).toEqual({ order, withheld: [] });
    const all = new Set(['productId', 'quantity', 'price', 'discountAmount']);
    expect(orderForInstance(order, all)).toEqual({ order, withheld: [] });
    const pascal = new Set(['ProductId', 'Quantity', 'Price', 'DiscountAmount']);
    expect(orderForInstance(order, pascal)).toEqual({ order, withheld: [] });
  });

  it('leaves out the item fields the description does not show, and says which', () => {
    const sent = orderForInstance(order, new Set(['productId', 'quantity', 'price']));
    expect(sent.withheld).toEqual(['discountAmount']);
    expect(sent.order.items).toEqual([
      { productId: 5, quantity: 2, price: 19.9 },
      { productId: 6, quantity: 1, price: 5 },
    ]);
    // The stored order is not touched.
    expect(order.items[0]).toHaveProperty('discountAmount', 1);
    expect(orderForInstance(order, new Set(['productId', 'quantity'])).withheld).toEqual([
      'price',
      'discountAmount',
    ]);
  });
});
