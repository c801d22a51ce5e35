// The counter as every shell builds it writes the store's journal in the transactions that make its
// events (issue 38): a closed sale with its receipt, lines and tender; a parked and a recalled sale;
// a sale whose closing fails leaves no event behind. Real SQLite file, real counter.
import { describe, expect, it } from 'vitest';
import { upsertStockItems } from '../../db/catalog/index.ts';
import { openDatabase } from '../../db/database.ts';
import { journalAfter } from '../../db/journal.ts';
import { tempDbFile } from '../../test/support/fixtures.ts';
import { BarcodeReader } from '../barcode/index.ts';
import { SettingsStore } from '../settings/store.ts';
import { buildCounter } from './counter.ts';

function till() {
  const db = openDatabase(tempDbFile('areas-counter'));
  upsertStockItems(
    db,
    [{ id: 1, warehouseId: 1, productId: 7, barcode: 'CODE-7', price: 12.5, vatRate: 21 }],
    { syncedAt: new Date().toISOString(), mark: 1 },
  );
  const settings = new SettingsStore(db);
  settings.write({ receiptPrefix: 'P1', warehouseId: 1 });
  const reader = new BarcodeReader();
  return { db, settings, reader };
}

describe('the counter writes the store journal', () => {
  it('journals a closed sale, a parked and a recalled one, each in its own transaction', async () => {
    const { db, settings, reader } = till();
    let fail = false;
    const { counter } = buildCounter({
      db,
      settings,
      cardService: null,
      reader: () => reader,
      log: () => undefined,
      walkInCustomer: () => ({ companyId: 3, name: 'Walk-in' }),
      closing: () => {
        if (fail) throw new Error('the printer queue refused');
      },
    });
    try {
      await counter.scan('CODE-7');
      await counter.scan('CODE-7');
      counter.close({ tender: { method: 'cash', given: 30 } });
      const [sale, ...more] = journalAfter(db, 0, 10);
      expect(more).toEqual([]);
      expect(sale?.kind).toBe('sale');
      expect(sale?.body).toMatchObject({
        receipt: 'P1-000001',
        totalMinor: 2500,
        lines: [{ productId: 7, quantity: 2 }],
        payments: [{ method: 'cash', amountMinor: 2500 }],
      });
      // A closing that throws rolls the sale back, and its journal event with it.
      await counter.scan('CODE-7');
      fail = true;
      expect(() => counter.close({ tender: { method: 'cash', given: 20 } })).toThrow(/printer queue/);
      expect(journalAfter(db, 1, 10)).toEqual([]);
      const parked = counter.park();
      counter.recall(parked.id);
      expect(journalAfter(db, 1, 10).map((e) => [e.kind, e.body])).toEqual([
        // The parked sale travels whole (migration 38): another till can take it over.
        [
          'parked',
          expect.objectContaining({
            v: 2,
            sessionId: parked.id,
            warehouseId: 1,
            lines: [
              expect.objectContaining({ productId: 7, name: 'Product 7', quantity: 1, unitPrice: '12.5' }),
            ],
          }),
        ],
        ['unparked', { sessionId: parked.id }],
      ]);
    } finally {
      db.close();
    }
  });
});
