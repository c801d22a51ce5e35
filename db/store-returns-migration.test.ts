// Migration 34 builds till_return again (a return may now take back another
// till's sale, whose ids are not this file's): a file of version 33 with a return (and its print job) keeps it whole, no
// foreign key is left broken, and the journal's return-line event names the sale's till.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/support/fixtures.ts';
import { openShift, sell } from '../test/support/store-sales.ts';
import { openDatabase } from './database.ts';
import { journalAfter } from './journal.ts';
import { migrations } from './migrations/index.ts';
import { getOutboxOrder } from './outbox.ts';
import { getReturn, insertReturn, returnLines, returnRefunds } from './returns.ts';

describe('migration 34 (store returns)', () => {
  it('keeps the returns of a version-33 file, their lines and refunds, with no broken reference', () => {
    const file = join(tempDir('migration-34'), 'counter.sqlite');
    const old = openDatabase(file, { migrations: migrations.filter((m) => m.version <= 33) });
    openShift(old);
    const orderId = sell(old, 5, 3, new Date(), 'P1');
    const sessionId = getOutboxOrder(old, orderId)?.originSessionId;
    old
      .prepare(
        `INSERT INTO till_return (id, number, prefix, saleSessionId, saleOrderId, createdAt, refundMinor,
           clientReference, state) VALUES (1, 1, 'P1', ?, ?, '2026-11-28T10:00:00.000Z', 2000, 'ref-1', 'waiting')`,
      )
      .run(sessionId, orderId);
    old.prepare('INSERT INTO till_return_line VALUES (1, 0, 2000, 2000)').run();
    old.prepare("INSERT INTO till_return_refund VALUES (1, 'cash', 2000, 0)").run();
    old
      .prepare(
        `INSERT INTO print_job (id, kind, state, createdAt, updatedAt, returnId)
           VALUES (7, 'return', 'queued', '2026-11-28T10:00:00.000Z', '2026-11-28T10:00:00.000Z', 1)`,
      )
      .run();
    old.close();

    const db = openDatabase(file);
    try {
      expect(getReturn(db, 1)).toMatchObject({ saleOrderId: orderId, refundMinor: 2000, saleTill: null });
      expect(returnLines(db, 1)).toEqual([{ lineNo: 0, quantityMilli: 2000, refundMinor: 2000 }]);
      expect(returnRefunds(db, 1)).toEqual([{ method: 'cash', amountMinor: 2000, roundingMinor: 0 }]);
      expect(db.pragma('foreign_key_check')).toEqual([]);
      expect(db.prepare('SELECT returnId FROM print_job WHERE id = 7').pluck().get()).toBe(1);
      expect(() => db.prepare('UPDATE print_job SET returnId = 9 WHERE id = 7').run()).toThrow(/FOREIGN KEY/);
      // A line of a return that is not there is still refused.
      expect(() => db.prepare('INSERT INTO till_return_line VALUES (9, 0, 1, 1)').run()).toThrow(
        /FOREIGN KEY/,
      );
      // Another till's sale: its ids are that till's; the journal says whose.
      const before = journalAfter(db, 0, 1000).length;
      insertReturn(db, {
        prefix: 'P1',
        saleSessionId: 999,
        saleOrderId: 999,
        saleTill: 'till1',
        createdAt: '2026-11-28T11:00:00.000Z',
        shiftId: null,
        cashierId: null,
        refundMinor: 1000,
        managerApproved: false,
        clientReference: 'ref-2',
        lines: [{ lineNo: 0, quantityMilli: 1000, refundMinor: 1000 }],
        refunds: [{ method: 'cash', amountMinor: 1000, roundingMinor: 0 }],
      });
      const events = journalAfter(db, 0, 1000).slice(before);
      expect(events.map((e) => e.kind)).toEqual(['return-line', 'return-refund']);
      expect(events[0]?.body).toMatchObject({ saleOrderId: 999, saleTill: 'till1', quantityMilli: 1000 });
    } finally {
      db.close();
    }
  });
});
