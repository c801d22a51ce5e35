// The outbox entry (entry.ts) of orders stored in a real SQLite file: every listing renders.
import { describe, expect, it } from 'vitest';
import { tempDbFile } from '../../test/support/fixtures.ts';
import { openDatabase } from '../../db/database.ts';
import {
  claimForSending,
  insertOutboxOrder,
  listOutboxOrders,
  recordOutboxOutcome,
} from '../../db/outbox.ts';
import { outboxCounts } from './counts.ts';
import { toOutboxEntry } from './entry.ts';

/** A new SQLite file of this test (removed when it finishes). */
const tempFile = (): string => tempDbFile('entry');

const order = { customerId: 7, warehouseId: 1, items: [{ productId: 3, quantity: 2 }], note: 'n' };

describe('outbox entries', () => {
  it('stores any computed instant an answer carries, and every listing still renders it', () => {
    const db = openDatabase(tempFile());
    const ids = [1e20, 9999999999999 * 1000, Number.NaN].map((nextAttemptAt) => {
      const { id } = insertOutboxOrder(db, order);
      claimForSending(db, id, ['queued']);
      expect(recordOutboxOutcome(db, id, ['sending'], { state: 'queued', nextAttemptAt })?.state).toBe(
        'queued',
      );
      return id;
    });
    const entries = listOutboxOrders(db).map(toOutboxEntry);
    expect(entries.map((e) => e.id)).toEqual(expect.arrayContaining(ids));
    for (const e of entries)
      expect(e.nextAttemptAt === undefined || !Number.isNaN(Date.parse(e.nextAttemptAt))).toBe(true);
    db.close();
  });

  it("the status bar's figures: an ordinary attempt stays queued, an entry a pass settles stays in doubt", () => {
    const db = openDatabase(tempFile());
    const ordinary = insertOutboxOrder(db, order).id;
    const doubtful = insertOutboxOrder(db, order).id;
    claimForSending(db, doubtful, ['queued']);
    recordOutboxOutcome(db, doubtful, ['sending'], { state: 'in-doubt' });
    expect(outboxCounts(db)).toEqual({ queued: 1, needsAttention: 1 });
    // "1 ve frontě" means not on the instance yet: the attempt under way has no answer, it still waits.
    claimForSending(db, ordinary, ['queued']);
    expect(outboxCounts(db)).toEqual({ queued: 1, needsAttention: 1 });
    // A pass takes the other from doubt to settle it: it needs attention until the pass says otherwise.
    claimForSending(db, doubtful, ['in-doubt']);
    expect(outboxCounts(db)).toEqual({ queued: 1, needsAttention: 1 });
    db.close();
  });
});
