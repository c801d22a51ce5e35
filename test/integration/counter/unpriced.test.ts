// A product without a usable price, through the core against the real sim over HTTP: an instance
// whose stock-item view lacks `price` and `priceWoVat` syncs (with a note), and then no product may
// be sold at 0.00 without a word. The scan is refused and says why; a manager may enter the line's
// price (behind the manager PIN when one is set), and the order says so.
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxEntryView, ReceiptView, ScanView, SessionView } from '../../../contract/contract.ts';
import { openDatabase } from '../../../db/database.ts';
import { sharedTempDir } from '../../support/fixtures.ts';
import { startSyncedCore, type SyncedCore } from '../../support/synced-core.ts';

const WAREHOUSE = 1;
let till: SyncedCore;
const dataDir = sharedTempDir('unpriced');

beforeAll(async () => {
  till = await startSyncedCore({
    dataDir,
    warehouseId: WAREHOUSE,
    sim: { stockItemViewExclude: ['price', 'priceWoVat'] },
  });
}, 90_000);

afterAll(() => till.close());

afterEach(async () => {
  await call('session.cancel', {});
});

function call(channel: string, input: unknown): Promise<unknown> {
  return till.call(channel, input);
}

function refusal(channel: string, input: unknown) {
  return till.refusal(channel, input);
}

/** A plain product of the warehouse as the synced cache holds it: no price came with it. */
function cached(): { id: number; barcode: string; productId: number; name: string; price: number | null } {
  const db = openDatabase(join(dataDir, 'counter.sqlite'));
  try {
    const row = db
      .prepare(
        `SELECT id, barcode, productId, productName AS name, price FROM stock_item WHERE warehouseId = ?
           AND coalesce(prohibitionOfSale, 0) = 0 AND coalesce(isInactive, 0) = 0
             AND coalesce(isInactiveInWarehouse, 0) = 0 AND coalesce(quantityAvailable, quantityInStock, 0) >= 20 AND barcode LIKE '859%' AND unitOfMeasure = 'ks'
           ORDER BY id LIMIT 1`,
      )
      .get(WAREHOUSE) as
      | {
          id: number;
          barcode: string;
          productId: number;
          name: string;
          price: number | null;
        }
      | undefined;
    if (row === undefined) throw new Error('no plain product');
    return row;
  } finally {
    db.close();
  }
}

describe('a product without a price', () => {
  it('is refused with the reason, scanned or picked by name: nothing is sold at 0.00', async () => {
    const product = cached();
    expect(product.price).toBeNull();
    const scanned = await call('session.scan', { code: product.barcode, via: 'scanner' });
    const { outcome, session } = scanned as ScanView;
    expect(outcome).toMatchObject({
      kind: 'rejected',
      said: [{ key: 'priceMissing', values: { name: product.name } }],
      unpriced: { stockItemId: product.id, name: product.name },
    });
    expect(session.lines).toEqual([]);
    const picked = (await call('session.addStockItem', { stockItemId: product.id, quantity: 2 })) as ScanView;
    expect(picked.outcome).toMatchObject({
      kind: 'rejected',
      said: [{ key: 'priceMissing' }],
      unpriced: { stockItemId: product.id, quantity: 2 },
    });
    expect((await call('session.current', {})) as SessionView).toMatchObject({
      lines: [],
      totals: { total: 0 },
    });
  });

  it('is sold at a price a manager enters, behind the manager PIN, and the order says the price was entered', async () => {
    const product = cached();
    await call('settings.set', { managerPin: '2468' });
    await call('manager.lock', {});
    expect(await refusal('session.addPriced', { stockItemId: product.id, price: 12.5 })).toMatchObject({
      code: 'locked',
      said: [{ key: 'lockedPrice' }],
    });
    expect(await call('manager.unlock', { pin: '2468' })).toMatchObject({ open: true });
    for (const price of [0, -1, 1e308, 12.345]) {
      expect(
        await refusal('session.addPriced', { stockItemId: product.id, price }),
        String(price),
      ).toMatchObject({
        said: [{ key: 'enteredPriceInvalid' }],
      });
    }
    const added = (await call('session.addPriced', {
      stockItemId: product.id,
      price: 12.5,
      quantity: 2,
    })) as ScanView;
    expect(added.outcome).toMatchObject({ kind: 'product', name: product.name });
    expect(added.session.lines).toEqual([
      expect.objectContaining({
        productId: product.productId,
        quantity: 2,
        unitPrice: 12.5,
        lineTotal: 25,
        priceEntered: true,
      }),
    ]);
    // The next one, at another price, is a line of its own: each line keeps the price it was sold at.
    const again = (await call('session.addPriced', { stockItemId: product.id, price: 13 })) as ScanView;
    expect(again.session.lines.map((l) => [l.quantity, l.unitPrice])).toEqual([
      [2, 12.5],
      [1, 13],
    ]);
    await call('settings.set', { clearManagerPin: true });

    const closed = (await call('session.close', { tender: { method: 'card' } })) as {
      order: OutboxEntryView;
    };
    expect(closed.order.order?.note).toContain(
      `price entered at the till: ${product.name} 12.50, ${product.name} 13.00`,
    );
    const receipt = (await call('receipt.get', { id: closed.order.id })) as ReceiptView;
    expect(receipt.totals.total).toBe(38);
  });
});
