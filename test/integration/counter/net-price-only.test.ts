// An instance whose stock-item view gives `priceWoVat` but neither `price` nor `vatRate`, through the
// core against the real sim over HTTP: the customer's price is unknown, so a scan is refused with the
// reason (never sold at the net price, as if at 0 % VAT), and so is a price a manager enters.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanView, SessionView } from '../../../contract/contract.ts';
import { openDatabase } from '../../../db/database.ts';
import { sharedTempDir } from '../../support/fixtures.ts';
import { startSyncedCore, type SyncedCore } from '../../support/synced-core.ts';

const WAREHOUSE = 1;
let till: SyncedCore;
const dataDir = sharedTempDir('net-price-only');

beforeAll(async () => {
  till = await startSyncedCore({
    dataDir,
    warehouseId: WAREHOUSE,
    sim: { stockItemViewExclude: ['price', 'vatRate'] },
  });
}, 90_000);

afterAll(() => till.close());

type Cached = {
  id: number;
  barcode: string;
  name: string;
  priceWoVat: number | null;
  vatRate: number | null;
};

/** A plain product of the warehouse as the synced cache holds it: a net price, no rate. */
function cached(): Cached {
  const db = openDatabase(join(dataDir, 'counter.sqlite'));
  try {
    const row = db
      .prepare(
        `SELECT id, barcode, productName AS name, priceWoVat, vatRate FROM stock_item WHERE warehouseId = ?
           AND coalesce(prohibitionOfSale, 0) = 0 AND coalesce(isInactive, 0) = 0
             AND coalesce(isInactiveInWarehouse, 0) = 0 AND barcode LIKE '859%' AND unitOfMeasure = 'ks'
             AND priceWoVat > 0 AND coalesce(quantityAvailable, quantityInStock, 0) >= 20
           ORDER BY id LIMIT 1`,
      )
      .get(WAREHOUSE) as Cached | undefined;
    if (row === undefined) throw new Error('no plain product with a net price');
    return row;
  } finally {
    db.close();
  }
}

describe('a product with a net price and no VAT rate', () => {
  it('is refused, saying the VAT rate is missing, even at a price a manager enters: never booked at 0 % VAT', async () => {
    const product = cached();
    expect(product.vatRate).toBeNull();
    const { outcome, session } = (await till.call('session.scan', {
      code: product.barcode,
      via: 'scanner',
    })) as ScanView;
    expect(outcome).toMatchObject({
      kind: 'rejected',
      said: [{ key: 'priceNoVatRate', values: { name: product.name } }],
    });
    // No price entry is offered: whatever the price, its VAT would be printed and booked as 0 %.
    expect(outcome).not.toHaveProperty('unpriced');
    expect(session.lines).toEqual([]);
    const priced = (await till.call('session.addPriced', {
      stockItemId: product.id,
      price: 12.5,
    })) as ScanView;
    expect(priced.outcome).toMatchObject({ kind: 'rejected', said: [{ key: 'priceNoVatRate' }] });
    expect((await till.call('session.current', {})) as SessionView).toMatchObject({
      lines: [],
      totals: { total: 0 },
    });
  });
});
