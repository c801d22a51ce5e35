// "Sold here since the last sync" against an instance that refuses to sort stock items by
// lastModify (so a pass cannot ask it for its newest change first), serves pages of 10 rows at most,
// and reserves what an internet order asks for (its stock figures change when it books the order).
// A sale's order is booked while a sync pass is walking its pages. Whatever the next pass brings,
// the till must never show the figure from before the booking without the sale taken off it: a
// stock item's syncedAt says the figures include every order acknowledged before it.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CloseView, OutboxEntryView, StockSearchView } from '../../../contract/contract.ts';
import { openDatabase } from '../../../db/database.ts';
import { sharedTempDir } from '../../support/fixtures.ts';
import { startHostileProxy, type HostileProxy } from '../../support/hostile-proxy.ts';
import { startSyncedCore, type SyncedCore } from '../../support/synced-core.ts';

const WAREHOUSE = 1;
const STOCK = '^/api/stock-items/filter-paginated$';
const ORDERS = '^/api/documents/orders/internet$';
const dataDir = sharedTempDir('sold-here-variants');
let till: SyncedCore;
let proxy: HostileProxy | undefined;

beforeAll(async () => {
  till = await startSyncedCore({
    dataDir,
    warehouseId: WAREHOUSE,
    sim: { unsortableFields: ['lastModify'], maxPageSize: 10, reservesOrderedStock: true },
    via: async (sim) => {
      proxy = await startHostileProxy(sim.url);
      return proxy.url;
    },
  });
}, 90_000);

afterAll(async () => {
  await till.close();
  await proxy?.close();
});

interface Item {
  readonly id: number;
  readonly barcode: string;
}

/** A plain product of the warehouse with plenty in stock, the lowest id: on the first page of a walk. */
function water(): Item {
  const db = openDatabase(join(dataDir, 'counter.sqlite'));
  try {
    return db
      .prepare(
        `SELECT id, barcode FROM stock_item WHERE warehouseId = ? AND barcode LIKE '859%' AND price > 0
           AND unitOfMeasure = 'ks' AND coalesce(prohibitionOfSale, 0) = 0 AND coalesce(isInactive, 0) = 0
           AND coalesce(isInactiveInWarehouse, 0) = 0 AND quantityAvailable >= 5
         ORDER BY id LIMIT 1`,
      )
      .get(WAREHOUSE) as Item;
  } finally {
    db.close();
  }
}

/** A sync pass through the app's runner, to its end. */
async function sync(): Promise<void> {
  const before = ((await till.call('sync.status', {})) as { lastSyncedAt: string | null }).lastSyncedAt;
  await till.call('sync.now', {});
  await vi.waitFor(
    async () => {
      const status = (await till.call('sync.status', {})) as {
        running: boolean;
        lastSyncedAt: string | null;
      };
      expect(status.running).toBe(false);
      expect(status.lastSyncedAt).not.toBe(before);
    },
    { timeout: 60_000, interval: 100 },
  );
}

async function shown(item: Item) {
  const found = (await till.call('stock.search', { text: item.barcode })) as StockSearchView;
  const here = found.products[0]?.warehouses.find((w) => w.warehouseId === WAREHOUSE);
  if (here === undefined) throw new Error('not found');
  return here;
}

const onInstance = (id: number): number =>
  Number(till.sim.admin.stockItems().find((s) => s['id'] === id)?.['quantityAvailable']);

/** The instance's clock (date-times without offset, second precision) `seconds` from now. */
const instanceTime = (seconds: number): string =>
  new Date(Date.now() + seconds * 1000).toISOString().slice(0, 19);

describe('an order booked while a pass walks the pages of a sort-refusing, page-capping instance', () => {
  it('the figure shown is the instance’s after the booking, or the one before less what was sold here', async () => {
    const item = water();
    const all = till.sim.admin.stockItems().map((s) => Number(s['id']));
    const last = Math.max(...all);
    // Changes since the last pass, enough for three pages of the next incremental walk.
    for (const id of all.filter((i) => i !== item.id && i !== last).slice(0, 25))
      till.sim.admin.mutateStockItem(id, {});

    // The sale's order is held on its way to the instance (in flight, 'sending')...
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    proxy?.rule({
      method: 'POST',
      path: ORDERS,
      times: 1,
      before: async ({ body }) => {
        if (!Array.isArray((body as { items?: unknown } | undefined)?.items)) return false;
        await released;
        return true;
      },
    });
    await till.call('session.scan', { code: item.barcode, via: 'scanner', quantity: 2 });
    const closed = (await till.call('session.close', { tender: { method: 'card' } })) as CloseView;
    const before = onInstance(item.id);

    // ...until the next pass asks for its second page: then the instance books it (and takes 2 off
    // the item's available stock), the till hears it was stored, and another row changes a moment later.
    proxy?.rule({
      path: STOCK,
      times: 1,
      before: async ({ body }) => {
        if ((body as { pageNumber?: number } | undefined)?.pageNumber !== 2) return false;
        release();
        await vi.waitFor(
          async () =>
            expect(((await till.call('outbox.get', { id: closed.order.id })) as OutboxEntryView).state).toBe(
              'sent',
            ),
          { timeout: 15_000, interval: 20 },
        );
        till.sim.admin.mutateStockItem(last, { lastModify: instanceTime(2) });
        return true;
      },
    });
    await sync();
    expect(onInstance(item.id)).toBe(before - 2);
    expect(await shown(item)).toMatchObject({ availableNow: before - 2 });

    // The next pass: the figure is the instance's own, or the old one with the sale still taken off.
    await sync();
    const after = await shown(item);
    expect(after.availableNow).toBe(before - 2);
  });
});
