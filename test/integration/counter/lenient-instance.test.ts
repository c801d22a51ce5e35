// A till against an instance that describes no operation (/swagger lists bare paths, so nothing
// says it recognises a repeated order), ignores the price an order's item carries and books its own,
// does not know a line's discount (400 naming it), and answers a stored order without its id (the
// Location header names it). Through a hostile proxy, so the network can fail in between. No sale
// may be lost, charged differently without a word, or sent twice on a guess.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CloseView, OutboxEntryView, ReceiptView } from '../../../contract/contract.ts';
import { withCheckDigit } from '../../../main/barcode/index.ts';
import { openDatabase } from '../../../db/database.ts';
import { sharedTempDir } from '../../support/fixtures.ts';
import { rawJson, startHostileProxy, type HostileProxy } from '../../support/hostile-proxy.ts';
import { startSyncedCore, type SyncedCore } from '../../support/synced-core.ts';

const WAREHOUSE = 1;
const ORDERS = '^/api/documents/orders/internet$';
/**
 * A sale's order, not the empty order the till posts to the same path to probe its permission when
 * the instance comes back (after the reset below): a rule spent on the probe would miss the sale.
 */
const aSale = ({ body }: { body: unknown }): boolean =>
  Array.isArray((body as { items?: unknown } | undefined)?.items);
/** A card of company 1 taking 5 % off every line. */
const CARD = withCheckDigit('2990000000534');
const dataDir = sharedTempDir('lenient-instance');
let till: SyncedCore;
let proxy: HostileProxy | undefined;

beforeAll(async () => {
  till = await startSyncedCore({
    dataDir,
    warehouseId: WAREHOUSE,
    sim: {
      bareSwaggerPaths: true,
      ignoredOrderItemFields: ['price'],
      rejectedOrderItemFields: ['discountAmount'],
      orderAnswerExclude: ['id'],
    },
    via: async (sim) => {
      proxy = await startHostileProxy(sim.url);
      return proxy.url;
    },
    seed: (instance) => {
      instance.admin.addCompanyCard({ companyId: 1, barcode: CARD, name: 'Karta', discount: 5 });
    },
  });
}, 90_000);

afterAll(async () => {
  await till.close();
  await proxy?.close();
});

type Cached = { id: number; barcode: string; productId: number; price: number };

/** Plain products of the warehouse in stock, as the synced cache holds them. */
function products(): Cached[] {
  const db = openDatabase(join(dataDir, 'counter.sqlite'));
  try {
    return db
      .prepare(
        `SELECT id, barcode, productId, price FROM stock_item WHERE warehouseId = ? AND barcode LIKE '859%'
           AND unitOfMeasure = 'ks' AND price > 0 AND coalesce(prohibitionOfSale, 0) = 0
           AND coalesce(prohibitionOfDiscounts, 0) = 0 AND coalesce(isInactive, 0) = 0
           AND coalesce(isInactiveInWarehouse, 0) = 0 AND coalesce(quantityAvailable, quantityInStock) >= 5
         ORDER BY id LIMIT 3`,
      )
      .all(WAREHOUSE) as Cached[];
  } finally {
    db.close();
  }
}

function pick(i: number): Cached {
  const p = products()[i];
  if (p === undefined) throw new Error('no product');
  return p;
}

const settled = (id: number | string): Promise<OutboxEntryView> => till.settled(id);

const storedWith = (reference: string | undefined) =>
  till.sim.admin.listOrders().filter((o) => o.clientReference === reference);

async function sell(p: Cached, options: { card?: boolean } = {}): Promise<CloseView> {
  await till.call('session.scan', { code: p.barcode, via: 'scanner', quantity: 2 });
  if (options.card === true) await till.call('session.scan', { code: CARD, via: 'scanner' });
  return (await till.call('session.close', { tender: { method: 'card' } })) as CloseView;
}

describe('an instance that ignores the price, refuses discounts and answers without the id', () => {
  it('books its own price: the sale is sent with the id from Location, and its receipt says the instance booked another total', async () => {
    const p = pick(0);
    const moved = Math.round((p.price + 11.11) * 100) / 100;
    till.sim.admin.mutateStockItem(p.id, { price: moved });
    const closed = await sell(p);

    const entry = await settled(closed.order.id);
    const [stored] = storedWith(entry.clientReference);
    expect(stored?.items[0]).toMatchObject({ productId: p.productId, quantity: 2, price: moved });
    expect(entry).toMatchObject({ state: 'sent', remoteId: stored?.id, bookedTotal: stored?.total });

    const receipt = (await till.call('receipt.get', { id: closed.order.id })) as ReceiptView;
    expect(receipt.totals.total).toBe(Math.round(p.price * 200) / 100);
    expect(receipt).toMatchObject({ state: 'sent', remoteId: stored?.id, bookedTotal: stored?.total });
    expect(receipt.bookedTotal).not.toBe(receipt.totals.total);
  });

  it('keeps a card-discounted sale it refuses, unsent and nothing stored: the receipt says so', async () => {
    const p = pick(1);
    const before = till.sim.admin.listOrders().length;
    const closed = await sell(p, { card: true });

    const entry = await settled(closed.order.id);
    expect(entry.state).toBe('needs-fix');
    expect(Object.keys(entry.fieldErrors ?? {})).toEqual(['items[0].discountAmount']);
    expect(entry.order?.items[0]).toMatchObject({
      price: p.price,
      discountAmount: expect.any(Number) as number,
    });
    expect(till.sim.admin.listOrders()).toHaveLength(before);
    const receipt = (await till.call('receipt.get', { id: closed.order.id })) as ReceiptView;
    expect(receipt).toMatchObject({ state: 'needs-fix' });
    expect(receipt.bookedTotal).toBeUndefined();
  });

  it('a connection reset after a priced order was sent: in doubt, stored once, never sent again on a guess', async () => {
    const p = pick(2);
    const reset = proxy?.rule({ method: 'POST', path: ORDERS, where: aSale, reset: 'after', times: 1 });
    const closed = await sell(p);

    const entry = await settled(closed.order.id);
    expect(reset?.hits).toBe(1);
    expect(entry.state).toBe('in-doubt');
    expect(entry.order?.items[0]).toMatchObject({ price: p.price });
    const stored = storedWith(entry.clientReference);
    expect(stored).toHaveLength(1);
    // The instance took the till's price, and what it books is not known to the till.
    expect(stored[0]?.items[0]).toMatchObject({ productId: p.productId, quantity: 2 });
    expect((await till.call('receipt.get', { id: closed.order.id })) as ReceiptView).toMatchObject({
      state: 'in-doubt',
    });

    // A replay now, and the instance back to normal: the order waits for a person, not for a guess.
    const posts = () => proxy?.requests.filter((r) => r.method === 'POST' && new RegExp(ORDERS).test(r.path));
    const postedBefore = posts()?.length;
    await till.call('outbox.replay', {});
    expect(((await till.call('outbox.get', { id: closed.order.id })) as OutboxEntryView).state).toBe(
      'in-doubt',
    );
    expect(storedWith(entry.clientReference)).toHaveLength(1);
    expect(posts()?.length).toBe(postedBefore);
  });

  it('a 200 {"status":"ok"} naming no order (a proxy, a portal) proves nothing: in doubt, never marked sent', async () => {
    const p = pick(0);
    proxy?.rule({
      method: 'POST',
      path: ORDERS,
      where: aSale,
      times: 1,
      answerStatus: 200,
      rewrite: () => ({ status: 'ok' }),
      headers: { location: null },
    });
    const closed = await sell(p);

    const entry = await settled(closed.order.id);
    expect(entry.state).toBe('in-doubt');
    expect(entry.remoteId).toBeUndefined();
    expect(entry.messages?.join(' ')).toMatch(/no order id/);
    // Stored once (the proxy hid the answer), and a replay does not send it again on a guess.
    expect(storedWith(entry.clientReference)).toHaveLength(1);
    await till.call('outbox.replay', {});
    expect(((await till.call('outbox.get', { id: closed.order.id })) as OutboxEntryView).state).toBe(
      'in-doubt',
    );
    expect(storedWith(entry.clientReference)).toHaveLength(1);
  });

  it("an empty answer whose Location is /login/1 names no order: in doubt, never the instance's order 1", async () => {
    const p = pick(0);
    proxy?.rule({
      method: 'POST',
      path: ORDERS,
      where: aSale,
      times: 1,
      rewrite: () => rawJson(''),
      headers: { location: '/login/1' },
    });
    const closed = await sell(p);

    const entry = await settled(closed.order.id);
    expect(entry.state).toBe('in-doubt');
    expect(entry.remoteId).toBeUndefined();
    expect(entry.messages?.join(' ')).toMatch(/no order id/);
  });
});
