// What an instance's 2xx answer to an order says: the order's id (body, else Location) and what it
// booked (total, else the lines' totals), whatever else the body lacks; and what of an order an
// instance whose description shows no price or discount on an item is sent.
import { describe, expect, it } from 'vitest';
import { ServiceError } from './errors.ts';
import { orderForInstance, readOrderAnswer } from './order-answer.ts';

const where = { method: 'POST', path: '/api/documents/orders/internet', base: 'https://erp.example' };
const answer = (status: number, text: string, location?: string, base = where.base) =>
  readOrderAnswer({ status, text, headers: location === undefined ? {} : { location } }, { ...where, base });

/** The ServiceError an answer that proves nothing throws (the order is then in doubt). */
function refusal(status: number, text: string, location?: string, base?: string): unknown {
  try {
    answer(status, text, location, base);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('an answer to an internet order', () => {
  it('reads the id and the total of the stored order', () => {
    expect(answer(201, JSON.stringify({ id: 7, total: 385.9, items: [] }))).toEqual({
      id: 7,
      bookedMinor: 38_590,
    });
  });

  it("keeps the instance's time from its answer's Date, and nothing from an unreadable one", () => {
    const text = JSON.stringify({ id: 7 });
    const dated = (date: string) => readOrderAnswer({ status: 201, text, headers: { date } }, where);
    expect(dated('Sat, 28 Nov 2026 19:05:04 GMT').instanceTime).toBe('2026-11-28T19:05:04.000Z');
    expect(dated('yesterday').instanceTime).toBeUndefined();
    expect(answer(201, text).instanceTime).toBeUndefined();
  });

  it('takes the id from Location and the total from the lines when the body lacks them', () => {
    const body = JSON.stringify({ items: [{ total: 100.1 }, { total: 0.2 }] });
    expect(answer(201, body, 'https://erp.example/api/documents/orders/internet/42')).toEqual({
      id: 42,
      bookedMinor: 10_030,
    });
    // A line without its total: what was booked is not said.
    expect(answer(200, JSON.stringify({ id: 3, items: [{ total: 1 }, {}] }))).toEqual({
      id: 3,
      bookedMinor: undefined,
    });
  });

  it('takes an empty answer naming the order in Location, on the instance, as stored', () => {
    expect(answer(201, '', '/api/documents/orders/internet/9')).toEqual({ id: 9, bookedMinor: undefined });
    expect(answer(204, '', 'https://erp.example/api/documents/orders/internet/9')).toEqual({
      id: 9,
      bookedMinor: undefined,
    });
    // An instance below a path names its orders below it too.
    expect(
      answer(
        201,
        '',
        'https://erp.example/shop1/api/documents/orders/internet/12',
        'https://erp.example/shop1/',
      ),
    ).toEqual({ id: 12, bookedMinor: undefined });
  });

  it('proves nothing stored without an id: an object with none, an empty 201, a Location elsewhere', () => {
    const cases: [number, string, string | undefined, string | undefined][] = [
      [200, '{}', undefined, undefined],
      [200, '{"status":"ok"}', undefined, undefined],
      [201, JSON.stringify({ total: 10, items: [] }), undefined, undefined],
      [201, '', undefined, undefined],
      [200, '', '/login/1', undefined],
      [201, '{"status":"ok"}', '/login/1', undefined],
      [201, '', 'https://portal.example/api/documents/orders/internet/1', undefined],
      [201, '', '/api/documents/orders/internet/1/lines/2', undefined],
      [201, '', '/api/documents/orders/internet/0', undefined],
      [201, '', '/api/documents/orders/internet/1?next=/login', undefined],
      [201, '', '/api/documents/orders/internet/5', 'https://erp.example/shop1'],
      [201, JSON.stringify({ id: 0 }), undefined, undefined],
      [201, JSON.stringify({ id: -4 }), undefined, undefined],
    ];
    for (const [status, text, location, base] of cases) {
      const caught = refusal(status, text, location, base);
      expect(caught, `${status} ${text} ${location ?? ''}`).toBeInstanceOf(ServiceError);
      expect(caught).toMatchObject({ kind: 'invalid-response', mayHaveReachedServer: true });
      expect((caught as ServiceError).message).toMatch(/no order id/);
    }
  });

  it('says nothing of what was booked when the amount is beyond any till (or not in cents)', () => {
    for (const total of [1e14, -1e14, 1e11 + 1, 12.345, 1e300]) {
      expect(answer(201, JSON.stringify({ id: 5, total }))).toEqual({ id: 5, bookedMinor: undefined });
      expect(answer(201, JSON.stringify({ id: 5, items: [{ total }] }))).toEqual({
        id: 5,
        bookedMinor: undefined,
      });
    }
    expect(answer(201, JSON.stringify({ id: 5, total: -1e11 }))).toEqual({ id: 5, bookedMinor: -1e13 });
    // Lines each within bounds whose sum is not.
    const lines = Array.from({ length: 200 }, () => ({ total: 9e10 }));
    expect(answer(201, JSON.stringify({ id: 5, items: lines }))).toEqual({ id: 5, bookedMinor: undefined });
  });

  it("refuses what is not the instance's answer: not JSON, not an object, a wrong type, an empty 200", () => {
    for (const [status, text] of [
      [200, '<html>Sign in to the network</html>'],
      [200, '[1]'],
      [201, '{"id":"seven"}'],
      [200, ''],
    ] as const) {
      const caught = refusal(status, text);
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
