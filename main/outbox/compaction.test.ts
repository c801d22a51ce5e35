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
import { compactHistory, reportLine, retentionStart } from './compaction.ts';
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

/**
 * Sent orders placed and acknowledged `age` days ago by the till's clock, and `instanceAge` days ago
 * by the instance's (its answer's Date; the same unless said, null: its answer had none); with a
 * summary unless `bare`.
 */
function sent(
  db: Db,
  age: number,
  count: number,
  { bare = false, instanceAge = age }: { bare?: boolean; instanceAge?: number | null } = {},
): number[] {
  return Array.from({ length: count }, () => {
    const o = insertOutboxOrder(db, order, { now: daysAgo(age), ...(bare ? {} : { summary }) });
    const instanceAcknowledgedAt = instanceAge === null ? null : daysAgo(instanceAge).toISOString();
    recordOutboxOutcome(
      db,
      o.id,
      ['queued'],
      { state: 'sent', remoteId: o.id, instanceAcknowledgedAt },
      daysAgo(age),
    );
    return o.id;
  });
}

/**
 * A sale acknowledged today by both clocks: the instance's latest answer, which is its "now" for
 * retention (a till in use has one every day).
 */
const today = (db: Db) => sent(db, 0, 1);

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
    today(db);
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
    const [priced, unknown] = sent(db, 200, 2, { bare: true });
    today(db);
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
    today(db);
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

  it("a year behind, then put right: the sales made meanwhile keep their lines, by the instance's clock", async () => {
    const db = openDatabase(tempDbFile('compaction'));
    // A month of true history, then the till's clock ran 400 days behind (the instance's did not).
    const before = sent(db, 30, 2);
    const behind = sent(db, 400, 3, { instanceAge: 0 });
    // Back on the true clock: by the till's alone, the three would be 400 days old.
    const report = await compactHistory(source(db), { retentionDays: 90, now: NOW });
    expect(report).toEqual({ compacted: 0, kept: 0 });
    expect(compacted(db, [...before, ...behind])).toEqual([]);
    // They go once the instance's clock too has them past the retention (a later sale, 91 days on).
    const later = new Date(NOW.getTime() + 91 * 86_400_000);
    const o = insertOutboxOrder(db, order, { now: later, summary });
    const at = later.toISOString();
    recordOutboxOutcome(
      db,
      o.id,
      ['queued'],
      { state: 'sent', remoteId: 1, instanceAcknowledgedAt: at },
      later,
    );
    expect(await compactHistory(source(db), { retentionDays: 90, now: later })).toEqual({
      compacted: 5,
      kept: 0,
    });
    db.close();
  });

  it('a clock running ahead compacts nothing the instance has seen as young', async () => {
    const db = openDatabase(tempDbFile('compaction'));
    const month = sent(db, 30, 2);
    // The till's clock jumps 400 days ahead; the instance's latest answer is today's.
    const ahead = new Date(NOW.getTime() + 400 * 86_400_000);
    expect(await compactHistory(source(db), { retentionDays: 90, now: ahead })).toEqual({
      compacted: 0,
      kept: 0,
    });
    expect(compacted(db, month)).toEqual([]);
    db.close();
  });

  it('a clock set back (earlier than a time the till stored) compacts nothing and says why', async () => {
    const db = openDatabase(tempDbFile('compaction'));
    sent(db, 200, 2);
    sent(db, 0, 1);
    const back = new Date(NOW.getTime() - 400 * 86_400_000);
    const report = await compactHistory(source(db), { retentionDays: 90, now: back });
    expect(report).toMatchObject({
      compacted: 0,
      held: { kind: 'clock-set-back', newest: NOW.toISOString() },
    });
    expect(reportLine(report)).toMatch(/earlier than a time it stored .*; it was set back$/);
    db.close();
  });

  it("an order without the instance's time is old only when a later order is, by the instance", async () => {
    const db = openDatabase(tempDbFile('compaction'));
    // Acknowledged before migration 22 (no instance time) or discarded: no second witness of its own.
    const [undated] = sent(db, 200, 1, { instanceAge: null });
    const discarded = insertOutboxOrder(db, order, { now: daysAgo(200), summary }).id;
    recordOutboxOutcome(db, discarded, ['queued'], { state: 'discarded' }, daysAgo(200));
    const none = await compactHistory(source(db), { retentionDays: 90, now: NOW });
    expect(none).toEqual({ compacted: 0, kept: 0, held: { kind: 'no-instance-time' } });
    expect(reportLine(none)).toBe(
      "order history: nothing compacted: no order was acknowledged with the instance's time yet",
    );
    // A later order the instance acknowledged 10 days ago: the sequence shows nothing old yet.
    const [recent] = sent(db, 10, 1);
    today(db);
    expect(await compactHistory(source(db), { retentionDays: 90, now: NOW })).toEqual({
      compacted: 0,
      kept: 0,
    });
    // One acknowledged 100 days ago by the instance, placed after them: they are older still.
    const [old] = sent(db, 100, 1);
    expect(await compactHistory(source(db), { retentionDays: 90, now: NOW })).toEqual({
      compacted: 3,
      kept: 0,
    });
    expect(compacted(db, [undated ?? 0, discarded, old ?? 0, recent ?? 0])).toEqual([
      undated,
      discarded,
      old,
    ]);
    db.close();
  });

  it('counts the retention in whole days, one at least', () => {
    expect(retentionStart(NOW, 90)).toBe(daysAgo(90).toISOString());
    expect(retentionStart(NOW, 0)).toBe(daysAgo(1).toISOString());
  });
});
