// A till against an instance stricter than the sim: its order body has no price or discount on an
// item (its /swagger says so, and it refuses them as unknown fields), and it answers a stored order
// with 201 and the Location header only. The till's sale must still reach it, be known as sent with
// the instance's order id, and its receipt must not claim what the instance booked.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TILL_PRICES_NOT_TAKEN,
  type CloseView,
  type OutboxEntryView,
  type ReceiptView,
} from '../../../contract/contract.ts';
import { withCheckDigit } from '../../../main/barcode/index.ts';
import { openDatabase } from '../../../db/database.ts';
import { sharedTempDir } from '../../support/fixtures.ts';
import { startSyncedCore, type SyncedCore } from '../../support/synced-core.ts';

const WAREHOUSE = 1;
/** A card of company 1 taking 5 % off every line. */
const CARD = withCheckDigit('2990000000527');
const dataDir = sharedTempDir('strict-instance');
let till: SyncedCore;

beforeAll(async () => {
  till = await startSyncedCore({
    dataDir,
    warehouseId: WAREHOUSE,
    sim: { rejectedOrderItemFields: ['price', 'discountAmount'], orderAnswerEmpty: true },
    seed: (instance) => {
      instance.admin.addCompanyCard({ companyId: 1, barcode: CARD, name: 'Karta', discount: 5 });
    },
  });
}, 90_000);

afterAll(() => till.close());

/** A plain product of the warehouse in stock, as the synced cache holds it. */
function product(nth = 0): { id: number; barcode: string; productId: number; price: number } {
  const db = openDatabase(join(dataDir, 'counter.sqlite'));
  try {
    return db
      .prepare(
        `SELECT id, barcode, productId, price FROM stock_item WHERE warehouseId = ? AND barcode LIKE '859%'
           AND unitOfMeasure = 'ks' AND price > 0 AND coalesce(prohibitionOfSale, 0) = 0
           AND coalesce(prohibitionOfDiscounts, 0) = 0 AND coalesce(isInactive, 0) = 0
           AND coalesce(isInactiveInWarehouse, 0) = 0 AND coalesce(quantityAvailable, quantityInStock) >= 5
         ORDER BY id LIMIT 1 OFFSET ?`,
      )
      .get(WAREHOUSE, nth) as { id: number; barcode: string; productId: number; price: number };
  } finally {
    db.close();
  }
}

const settled = (id: number | string): Promise<OutboxEntryView> => till.settled(id);

describe('an instance whose order items have no price, answering with Location only', () => {
  it("takes the till's sale without the fields it does not know, and the receipt does not claim what it booked", async () => {
    const p = product();
    // The instance's price moved after the sync: the till sells at the price it showed.
    till.sim.admin.mutateStockItem(p.id, { price: p.price + 11.11 });
    await till.call('session.scan', { code: p.barcode, via: 'scanner', quantity: 2 });
    await till.call('session.scan', { code: CARD, via: 'scanner' });
    const closed = (await till.call('session.close', { tender: { method: 'card' } })) as CloseView;

    const entry = await settled(closed.order.id);
    const stored = till.sim.admin.listOrders().find((o) => o.clientReference === entry.clientReference);
    expect(entry).toMatchObject({ state: 'sent', remoteId: stored?.id });
    expect(entry.bookedTotal).toBeUndefined();
    // The card's discount was left out and the answer said no total: the entry says what it booked is unknown.
    expect(entry.code).toBe(TILL_PRICES_NOT_TAKEN);
    expect(entry.messages?.join(' ')).toMatch(/takes no till prices/);
    // The order still carries what the till charged; what went out left the unknown fields out.
    expect(entry.order?.items[0]).toMatchObject({
      price: p.price,
      discountAmount: expect.any(Number) as number,
    });
    expect(stored?.items[0]).toMatchObject({ productId: p.productId, quantity: 2, price: p.price + 11.11 });
    expect(stored?.items[0]?.discountAmount).toBeUndefined();

    const receipt = (await till.call('receipt.get', { id: closed.order.id })) as ReceiptView;
    expect(receipt).toMatchObject({ state: 'sent', remoteId: stored?.id });
    expect(receipt.bookedTotal).toBeUndefined();
    expect(receipt.totals.total).not.toBe(stored?.total);
  });

  it("raises no alarm for a sale at the catalog's price without a discount: the instance books the same", async () => {
    const p = product(1);
    await till.call('session.scan', { code: p.barcode, via: 'scanner', quantity: 1 });
    const closed = (await till.call('session.close', { tender: { method: 'card' } })) as CloseView;

    const entry = await settled(closed.order.id);
    const stored = till.sim.admin.listOrders().find((o) => o.clientReference === entry.clientReference);
    expect(entry).toMatchObject({ state: 'sent', remoteId: stored?.id });
    expect(stored?.total).toBe(entry.summary?.total);
    expect(entry.code).toBeUndefined();
  });
});
