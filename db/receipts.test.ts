import { describe, expect, it } from 'vitest';
import { tempDbFile } from '../test/support/fixtures.ts';
import { openDatabase, writeTransaction } from './database.ts';
import { insertOutboxOrder } from './outbox.ts';
import { countPrint, issueReceipt, receiptRecord } from './receipts.ts';

const order = { customerId: 1, warehouseId: 1, items: [{ productId: 1, quantity: 1 }] };
const seller = {
  name: 'Potraviny s.r.o.',
  address: 'Lipová 12',
  registrationNumber: '27082440',
  vatNumber: 'CZ27082440',
};

describe('receipt numbers', () => {
  it('numbers receipts 1, 2, 3 with the prefix and seller of the day, and a rolled-back one uses none up', () => {
    const db = openDatabase(tempDbFile('receipts'));
    try {
      const first = insertOutboxOrder(db, order);
      expect(issueReceipt(db, first.id, { prefix: 'P1', seller })).toMatchObject({
        number: 1,
        prefix: 'P1',
        seller,
        printCount: 0,
      });
      // A sale whose closing failed after its number was taken: rolled back, number and all.
      expect(() =>
        writeTransaction(db, () => {
          const failed = insertOutboxOrder(db, order);
          issueReceipt(db, failed.id, { prefix: 'P1', seller: null });
          throw new Error('the close failed');
        }),
      ).toThrow('the close failed');
      const second = insertOutboxOrder(db, order);
      expect(issueReceipt(db, second.id, { prefix: 'K2', seller: null })).toMatchObject({
        number: 2,
        prefix: 'K2',
        seller: null,
      });
      // One receipt an order: a second number for it is refused.
      expect(() => issueReceipt(db, second.id, { prefix: 'K2', seller: null })).toThrow();
    } finally {
      db.close();
    }
  });

  it('counts prints; an order that closed no sale gets an unnumbered row when first printed', () => {
    const db = openDatabase(tempDbFile('receipts'));
    try {
      const sold = insertOutboxOrder(db, order);
      issueReceipt(db, sold.id, { prefix: 'P1', seller: null });
      countPrint(db, sold.id, new Date('2026-11-26T08:00:00Z'));
      countPrint(db, sold.id, new Date('2026-11-26T08:01:00Z'));
      expect(receiptRecord(db, sold.id)).toMatchObject({
        number: 1,
        printCount: 2,
        lastPrintedAt: '2026-11-26T08:01:00.000Z',
      });
      const file = insertOutboxOrder(db, order);
      expect(receiptRecord(db, file.id)).toBeUndefined();
      countPrint(db, file.id, new Date('2026-11-26T08:02:00Z'));
      expect(receiptRecord(db, file.id)).toMatchObject({ number: null, prefix: '', printCount: 1 });
      // The next sale's number follows the last sale's: the unnumbered row takes none.
      const next = insertOutboxOrder(db, order);
      expect(issueReceipt(db, next.id, { prefix: 'P1', seller: null }).number).toBe(2);
    } finally {
      db.close();
    }
  });
});
