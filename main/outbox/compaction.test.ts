// Compaction over a real SQLite file: the retention, the holds a later module adds, the summary made
// sure of before any line goes, and a walk that ends however many orders are kept.
import { describe, expect, it } from 'vitest';
import { tempDbFile } from '../../test/support/fixtures.ts';
import { openDatabase, type Db } from '../../db/database.ts';
import {
  getOutboxOrder,
  insertOutboxOrder,
  recordOutboxOutcome,
  type OutboxOrder,
  type StoredOrderSummary,
} from '../../db/outbox.ts';
import { compactHistory, retentionStart } from './compaction.ts';
import type { SummarySource, WorkedSummary } from './views.ts';

const order = { customerId: 7, warehouseId: 1, items: [{ productId: 3, quantity: 2 }] };
const summary: StoredOrderSummary = {
  total: 50,
  lineCount: 1,
  walkIn: false,
  byVatRate: [{ vatRate: 12, base: 44.64, vat: 5.36, gross: 50 }],
  discount: 0,
};
const NOW = new Date(Date.UTC(2025, 5, 1));
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000);

/** Sent orders last changed `age` days ago; with a summary unless `bare`. */
function sent(db: Db, age: number, count: number, bare = false): number[] {
  return Array.from({ length: count }, () => {
    const o = insertOutboxOrder(db, order, { now: daysAgo(age), ...(bare ? {} : { summary }) });
    recordOutboxOutcome(db, o.id, ['queued'], { state: 'sent', remoteId: o.id }, daysAgo(age));
    return o.id;
  });
}

function source(
  db: Db,
  summarize: (o: OutboxOrder) => WorkedSummary | undefined = () => undefined,
): SummarySource {
  return { db: () => db, summarize, names: () => undefined };
}

const compacted = (db: Db, ids: readonly number[]) =>
  ids.filter((id) => getOutboxOrder(db, id)?.compactedAt != null);

describe('compactHistory', () => {
  it('compacts what is past the retention and no hold keeps, batch after batch', async () => {
    const db = openDatabase(tempDbFile('compaction'));
    const old = sent(db, 120, 7);
    const recent = sent(db, 30, 2);
    const held = old[3] ?? 0;
    let pauses = 0;
    const report = await compactHistory(source(db), {
      retentionDays: 90,
      now: NOW,
      batch: 2,
      holds: [(c) => c.id === held],
      pause: () => {
        pauses += 1;
        return Promise.resolve(true);
      },
    });
    expect(report).toEqual({ compacted: 6, kept: 1 });
    expect(compacted(db, old)).toEqual(old.filter((id) => id !== held));
    expect(compacted(db, recent)).toEqual([]);
    expect(pauses).toBe(4);
    // Again: nothing more to do while the hold keeps its order; a shorter retention takes the recent ones.
    const holds = [(c: { id: number }) => c.id === held];
    expect(await compactHistory(source(db), { retentionDays: 90, now: NOW, holds })).toEqual({
      compacted: 0,
      kept: 1,
    });
    expect(await compactHistory(source(db), { retentionDays: 10, now: NOW, holds })).toEqual({
      compacted: 2,
      kept: 1,
    });
    expect(await compactHistory(source(db), { retentionDays: 10, now: NOW })).toEqual({
      compacted: 1,
      kept: 0,
    });
    db.close();
  });

  it('works out and stores a missing summary first; without a final one the order keeps its detail', async () => {
    const db = openDatabase(tempDbFile('compaction'));
    const [priced, unknown] = sent(db, 200, 2, true);
    const report = await compactHistory(
      source(db, (o) => ({ summary, final: o.id === priced })),
      { retentionDays: 90, now: NOW },
    );
    expect(report).toEqual({ compacted: 1, kept: 1 });
    expect(getOutboxOrder(db, priced ?? 0)).toMatchObject({ summary, payload: { items: [] } });
    expect(getOutboxOrder(db, unknown ?? 0)).toMatchObject({
      summary: null,
      compactedAt: null,
      payload: order,
    });
    db.close();
  });

  it('stops between batches when told to (the app closes or switches instance)', async () => {
    const db = openDatabase(tempDbFile('compaction'));
    const old = sent(db, 120, 5);
    const report = await compactHistory(source(db), {
      retentionDays: 90,
      now: NOW,
      batch: 2,
      pause: () => Promise.resolve(false),
    });
    expect(report).toEqual({ compacted: 2, kept: 0 });
    expect(compacted(db, old)).toHaveLength(2);
    db.close();
  });

  it('counts the retention in whole days, one at least', () => {
    expect(retentionStart(NOW, 90)).toBe(daysAgo(90).toISOString());
    expect(retentionStart(NOW, 0)).toBe(daysAgo(1).toISOString());
  });
});
