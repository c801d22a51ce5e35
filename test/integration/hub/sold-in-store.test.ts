// "Sold in this store since the last sync" across tills (issue 38, point 3), through a real
// nats-server: what tills 2 and 3 sold (less what they took back) reaches till 1 from their journals,
// and till 1's Stock search (the app's sync area, main/areas/sync.ts) shows it per till beside its own
// sales, the figure the counter sells by lessened by all of it. A sale counts until its order's
// acknowledgement has reached till 1 before till 1 read the figures again; a return counts while it
// reached till 1 after the figures were read (docs/assumptions.md "Sold in this store since the last
// sync"). Real SQLite files, each till's StoreHub.
import { describe, expect, it } from 'vitest';
import { upsertStockItems } from '../../../db/catalog/index.ts';
import type { Db } from '../../../db/database.ts';
import { storeEvents } from '../../../db/journal.ts';
import { prepared } from '../../../db/prepared.ts';
import { syncArea } from '../../../main/areas/sync.ts';
import type { Till } from '../../../main/areas/area.ts';
import { startTestHub } from '../../support/nats-hub.ts';
import {
  joinHub,
  openShift,
  openTillDb,
  returnCash,
  sell,
  tillUsers,
  WAREHOUSE,
} from '../../support/store-till.ts';

const PRODUCT = 5;
const STOCK_ITEM = 50;

/** Till 1's cache: the product's stock item as the instance gave it, read at `syncedAt`. */
function cacheStock(db: Db, syncedAt: Date): void {
  upsertStockItems(
    db,
    [
      {
        id: STOCK_ITEM,
        productId: PRODUCT,
        warehouseId: WAREHOUSE,
        productName: 'Voda',
        unitOfMeasure: 'ks',
        quantityAvailable: 20,
        price: 10,
        vatRate: 21,
      },
    ],
    { syncedAt: syncedAt.toISOString(), mark: 1 },
  );
}

/** The instance acknowledged the order at that till (the trigger journals it, as the outbox's write does). */
function acknowledge(db: Db, orderId: number): void {
  prepared(db, 'INSERT INTO order_acknowledged (orderId, at) VALUES (?, ?)').run(
    orderId,
    new Date().toISOString(),
  );
}

/** Till 1's Stock screen's search: the product's own warehouse row. */
async function stockRow(db: Db) {
  const till = { db: () => db, link: () => null } satisfies Pick<Till, 'db' | 'link'>;
  const found = await syncArea(till as Till).handlers['stock.search']({ text: 'Voda' });
  return found.products[0]?.warehouses.find((w) => w.warehouseId === WAREHOUSE);
}

describe('sold in this store since the last sync', { timeout: 120_000 }, () => {
  it("shows each other till's sales less its returns, until the instance's figures show them", async () => {
    const hub = await startTestHub(tillUsers('till1', 'till2', 'till3'));
    const one = openTillDb('till1');
    const two = openTillDb('till2');
    const three = openTillDb('till3');
    joinHub(one, 'till1', hub);
    joinHub(two, 'till2', hub);
    joinHub(three, 'till3', hub);
    cacheStock(one, new Date(Date.now() - 3_600_000));
    for (const db of [one, two, three]) openShift(db);

    sell(one, PRODUCT, 1); // this till's own, still queued
    const twoSale = sell(two, PRODUCT, 3);
    returnCash(two, twoSale, 1); // one unit back at till 2
    sell(three, PRODUCT, 1);
    const threeAcked = sell(three, PRODUCT, 4);
    acknowledge(three, threeAcked); // acknowledged, but after till 1 read its figures
    sell(two, PRODUCT + 1, 7); // another product: not this row's

    // shift-open, sale, return-line, return-refund, sale; shift-open, sale, sale, acknowledged
    await expect.poll(() => storeEvents(one, 'till2').length, { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
    await expect.poll(() => storeEvents(one, 'till3').length, { timeout: 30_000 }).toBeGreaterThanOrEqual(4);
    expect(await stockRow(one)).toMatchObject({
      quantityAvailable: 20,
      soldHere: 1,
      soldInStore: [
        { till: 'till2', quantity: 2 },
        { till: 'till3', quantity: 5 },
      ],
      availableNow: 12,
    });

    // Till 1 reads the figures again after the acknowledgement and the return reached it: the
    // instance's figure now holds till 3's acknowledged sale and till 2's return.
    cacheStock(one, new Date(Date.now() + 1));
    expect(await stockRow(one)).toMatchObject({
      soldHere: 1,
      soldInStore: [
        { till: 'till2', quantity: 3 },
        { till: 'till3', quantity: 1 },
      ],
      availableNow: 15,
    });
  });
});
