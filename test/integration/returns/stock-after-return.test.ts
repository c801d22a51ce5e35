// Goods taken back at this till count back into the stock the screens show until the instance's
// figures show them (main/outbox/sold-here.ts): a return with no sale of that product since the last
// sync leaves "sold here" below zero. The Stock screen's search must still answer, through the app's
// core against the sim over HTTP, with the goods back in what the counter sells by.
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { StockSearchView } from '../../../contract/contract.ts';
import { openDatabase } from '../../../db/database.ts';
import { tempDir } from '../../support/fixtures.ts';
import { startSyncedCore, type SyncedCore } from '../../support/synced-core.ts';
import { SELLS_PLAINLY } from '../../support/terminal.ts';

let till: SyncedCore | undefined;
afterEach(async () => {
  await till?.close();
  till = undefined;
});

it('answers the stock search for a product taken back and not sold since the last sync, the goods counted back', async () => {
  const dataDir = tempDir('stock-after-return');
  // The plain instance: a return goes on the back office's list and counts until its figures change.
  till = await startSyncedCore({ dataDir, sim: { size: 'small', negativeOrderQuantities: false } });
  const db = openDatabase(join(dataDir, 'counter.sqlite'));
  const item = db
    .prepare(
      `SELECT id, barcode, quantityAvailable FROM stock_item WHERE warehouseId = 1 AND ${SELLS_PLAINLY}
          AND barcode IS NOT NULL AND quantityAvailable IS NOT NULL AND price > 0 ORDER BY id LIMIT 1`,
    )
    .get() as { id: number; barcode: string; quantityAvailable: number } | undefined;
  db.close();
  if (item === undefined) throw new Error('no product with a barcode, a price and a figure in the catalog');
  await till.call('settings.set', { managerPin: '4321' });
  await till.call('manager.unlock', { pin: '4321' });
  await till.call('returns.makeWithoutReceipt', { items: [{ barcode: item.barcode, quantity: 2 }] });

  const found = (await till.call('stock.search', { text: item.barcode })) as StockSearchView;
  const here = found.products.flatMap((p) => p.warehouses).find((w) => w.stockItemId === item.id);
  expect(here?.soldHere).toBe(-2);
  expect(here?.availableNow).toBe(item.quantityAvailable + 2);
});
