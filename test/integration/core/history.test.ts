// A history that grows for years, through the core against the real sim: the Orders list pages and
// filters in SQLite, a sale's follow-up carries only the order that changed, and an order's figures
// are the ones stored with it, never priced again for a listing.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callCore } from '../../support/synced-core.ts';
import { demoEnv, sharedTempDir } from '../../support/fixtures.ts';
import { plainProducts } from '../../support/terminal.ts';
import type {
  OutboxChangedEvent,
  OutboxEntryView,
  OutboxPageView,
  ReceiptView,
  ScanView,
} from '../../../contract/contract.ts';
import { openDatabase, type Db } from '../../../db/database.ts';
import { insertOutboxOrder, recordOutboxOutcome, type OutboxOutcome } from '../../../db/outbox.ts';
import { startSim, type RunningSim } from '../../../sim/server.ts';
import { MemoryCredentialStore } from '../../../main/settings/credentials.ts';
import { Core } from '../../../main/core/core.ts';

let sim: RunningSim;
let core: Core;
const dataDir = sharedTempDir('history');
const events: OutboxChangedEvent[] = [];

beforeAll(async () => {
  sim = await startSim({ size: 'small', port: 0 });
  core = await Core.create({
    dataDir,
    credentials: new MemoryCredentialStore(),
    env: demoEnv(sim.url),
    probeIntervalMs: 200,
    autoSync: false,
    log: () => undefined,
  });
  core.subscribe((name, payload) => {
    if (name === 'outbox.changed') events.push(payload as OutboxChangedEvent);
  });
  await call('sync.now', {});
  await vi.waitFor(
    async () => {
      const sync = (await call('sync.status', {})) as { running: boolean; lastSyncedAt: string | null };
      expect(sync.running).toBe(false);
      expect(sync.lastSyncedAt).not.toBeNull();
    },
    { timeout: 60_000, interval: 100 },
  );
  const { companyId } = sellable();
  await call('settings.set', { warehouseId: 1, walkInCustomer: { companyId } });
  // The day starts as a till's does: a shift opened with the float in the drawer.
  await call('shift.open', { float: 0 });
}, 90_000);

afterAll(async () => {
  await core.close();
  await sim.close();
});

const call = (channel: string, input?: unknown): Promise<unknown> => callCore(core, channel, input);

/** The app's file, opened beside the core (a second connection, as `pos` would). */
function beside<T>(work: (db: Db) => T): T {
  const db = openDatabase(join(dataDir, 'counter.sqlite'));
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** A priced product of warehouse 1 and a company of the cache. */
function sellable(): { barcode: string; productId: number; price: number; companyId: number } {
  const [item] = plainProducts<{ barcode: string; productId: number; price: number }>(dataDir, {
    columns: 'barcode, productId, price',
    warehouseId: 1,
    limit: 1,
  });
  if (item === undefined) throw new Error('no plain product in warehouse 1');
  return beside((db) => {
    const companyId = db.prepare('SELECT min(companyId) FROM company_card').pluck().get() as number;
    return { ...item, companyId };
  });
}

/** Orders stored beside the core in a settled or waiting-for-a-person state, never sendable. */
function seed(
  db: Db,
  count: number,
  at: (i: number) => Date,
  outcome: (i: number) => OutboxOutcome,
): { id: number; clientReference: string }[] {
  const { productId, companyId } = sellable();
  return db.transaction(() =>
    Array.from({ length: count }, (_, i) => {
      const stored = insertOutboxOrder(
        db,
        { customerId: companyId, warehouseId: 1, items: [{ productId, quantity: 1 + (i % 3) }] },
        { now: at(i) },
      );
      recordOutboxOutcome(db, stored.id, ['queued'], outcome(i), at(i));
      return { id: stored.id, clientReference: stored.clientReference };
    }),
  )();
}

describe('a sale at the counter, followed through the core', () => {
  it('tells of each change by the order that changed, with its summary, never the whole list', async () => {
    const { barcode } = sellable();
    events.length = 0;
    const scanned = (await call('session.scan', { code: barcode })) as ScanView;
    const total = scanned.session.totals.total;
    const closed = (await call('session.close', { tender: { method: 'card' } })) as {
      order: OutboxEntryView;
    };
    expect(closed.order.summary).toMatchObject({ total, lineCount: 1, walkIn: true });
    await vi.waitFor(() =>
      expect(
        events.flatMap((e) => e.entries).some((e) => e.id === closed.order.id && e.state === 'sent'),
      ).toBe(true),
    );
    for (const event of events) {
      expect(event.entries.map((e) => e.id)).toEqual(event.entries.length === 0 ? [] : [closed.order.id]);
      for (const entry of event.entries) expect(entry.summary).toMatchObject({ total, lineCount: 1 });
      expect(event.counts.sent + event.counts.queued + event.counts.sending).toBeGreaterThan(0);
    }
    expect(events.at(-1)?.counts.sent).toBeGreaterThan(0);
  });
});

describe('the Orders list pages and filters in SQLite', () => {
  it('pages newest first with a cursor, and filters by state, reference and day', async () => {
    const day = (d: number, i: number) => new Date(Date.UTC(2024, 0, d, 8, 0, i));
    const seeded = beside((db) => [
      ...seed(
        db,
        60,
        (i) => day(10, i),
        (i) => ({ state: 'sent', remoteId: 90_000 + i }),
      ),
      ...seed(
        db,
        3,
        (i) => day(11, i),
        () => ({ state: 'needs-fix', fieldErrors: { customerId: ['No.'] } }),
      ),
      ...seed(
        db,
        57,
        (i) => day(12, i),
        (i) => ({ state: 'sent', remoteId: 91_000 + i }),
      ),
    ]);
    const newest = Math.max(...seeded.map((s) => s.id));

    const first = (await call('outbox.page', { limit: 50 })) as OutboxPageView;
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0]?.id).toBe(newest);
    const ids = first.entries.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(first.next).toBe(ids.at(-1));
    const second = (await call('outbox.page', { limit: 50, before: first.next })) as OutboxPageView;
    expect(second.entries[0]?.id).toBe(Number(first.next) - 1);
    let all = [...first.entries, ...second.entries];
    let next = second.next;
    while (next !== undefined) {
      const page = (await call('outbox.page', { limit: 50, before: next })) as OutboxPageView;
      all = [...all, ...page.entries];
      next = page.next;
    }
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    expect(all.length).toBe(Object.values(first.counts).reduce((a, b) => a + b, 0));
    expect(first.counts['needs-fix']).toBe(3);

    const attention = (await call('outbox.page', {
      filter: { states: ['needs-fix', 'blocked', 'in-doubt'] },
    })) as OutboxPageView;
    expect(attention.entries.map((e) => e.state)).toEqual(['needs-fix', 'needs-fix', 'needs-fix']);
    expect(attention.next).toBeUndefined();

    const target = seeded[70];
    const byReference = (await call('outbox.page', {
      filter: { text: target?.clientReference.slice(-8).toUpperCase() },
    })) as OutboxPageView;
    expect(byReference.entries.map((e) => e.id)).toEqual([target?.id]);
    const byInstanceId = (await call('outbox.page', { filter: { text: '90059' } })) as OutboxPageView;
    expect(byInstanceId.entries.map((e) => e.remoteId)).toContain(90_059);
    for (const e of byInstanceId.entries)
      expect(`${String(e.remoteId)} ${e.clientReference ?? ''}`).toContain('90059');

    const dayTen = (await call('outbox.page', {
      filter: { from: '2024-01-10T00:00:00.000Z', to: '2024-01-11T00:00:00.000Z', states: ['sent'] },
      limit: 40,
    })) as OutboxPageView;
    expect(dayTen.entries).toHaveLength(40);
    expect(dayTen.entries.every((e) => e.createdAt.startsWith('2024-01-10'))).toBe(true);
    const dayTenRest = (await call('outbox.page', {
      filter: { from: '2024-01-10T00:00:00.000Z', to: '2024-01-11T00:00:00.000Z', states: ['sent'] },
      limit: 40,
      before: dayTen.next,
    })) as OutboxPageView;
    expect(dayTenRest.entries).toHaveLength(20);
    expect(dayTenRest.next).toBeUndefined();
  });

  it("lists an order's figures as stored: a later price change in the cache does not re-price it", async () => {
    const { productId, price } = sellable();
    const [order] = beside((db) =>
      seed(
        db,
        1,
        () => new Date(),
        () => ({ state: 'sent', remoteId: 95_001 }),
      ),
    );
    const listed = async () =>
      ((await call('outbox.list', {})) as OutboxEntryView[]).find((e) => e.id === order?.id)?.summary;
    const first = await listed();
    expect(first?.total).toBeCloseTo(price, 2);
    beside((db) => db.prepare('UPDATE stock_item SET price = price * 3 WHERE productId = ?').run(productId));
    try {
      expect(await listed()).toEqual(first);
      const page = (await call('outbox.page', {
        filter: { text: order?.clientReference ?? '' },
      })) as OutboxPageView;
      expect(page.entries[0]?.summary).toEqual(first);
    } finally {
      beside((db) =>
        db.prepare('UPDATE stock_item SET price = price / 3 WHERE productId = ?').run(productId),
      );
    }
  });
});

describe('old orders lose their detail after the retention set in Settings, never what is unsettled', () => {
  it('compacts a sale sent long ago: its row, summary and receipt totals stay; a needs-fix order is untouched', async () => {
    const { barcode } = sellable();
    const scanned = (await call('session.scan', { code: barcode })) as ScanView;
    const total = scanned.session.totals.total;
    const closed = (await call('session.close', { tender: { method: 'card' } })) as {
      order: OutboxEntryView;
    };
    const id = Number(closed.order.id);
    await vi.waitFor(async () =>
      expect(((await call('outbox.get', { id })) as OutboxEntryView).state).toBe('sent'),
    );
    const longAgo = new Date(Date.now() - 200 * 86_400_000);
    const [waiting] = beside((db) => {
      // Placed, settled and acknowledged 200 days ago, as far as its dates tell: by the till's clock
      // and by the instance's (its answer's Date). The sales of this file acknowledged today are the
      // instance's latest word, so both clocks have it past the retention.
      db.prepare(
        'UPDATE outbox_order SET created_at = @at, updated_at = @at, instance_acknowledged_at = @at WHERE id = @id',
      ).run({ at: longAgo.toISOString(), id });
      db.prepare('UPDATE order_acknowledged SET at = ? WHERE orderId = ?').run(longAgo.toISOString(), id);
      return seed(
        db,
        1,
        () => longAgo,
        () => ({ state: 'needs-fix', fieldErrors: { customerId: ['No.'] } }),
      );
    });
    const before = (await call('outbox.get', { id })) as OutboxEntryView;
    // Its shift's Z report must be closed first (every sale here was paid by card: nothing in the drawer).
    await call('shift.close', { counted: 0 });

    expect(((await call('settings.get', {})) as { orderRetentionDays: number }).orderRetentionDays).toBe(90);
    const refused = await core.invoke('settings.set', { orderRetentionDays: 0 });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    await call('settings.set', { orderRetentionDays: 30 });
    await vi.waitFor(
      async () => expect(((await call('outbox.get', { id })) as OutboxEntryView).compactedAt).toBeDefined(),
      { timeout: 10_000 },
    );

    const after = (await call('outbox.get', { id })) as OutboxEntryView;
    expect(after).toMatchObject({
      state: 'sent',
      remoteId: before.remoteId,
      clientReference: before.clientReference,
      summary: before.summary,
      order: { items: [] },
    });
    const receipt = (await call('receipt.get', { id })) as ReceiptView;
    expect(receipt).toMatchObject({
      lines: [],
      totals: { total },
      compacted: { lineCount: 1 },
      customer: { walkIn: true },
      reference: before.clientReference,
    });
    // The sale's lines are gone; the sale itself (customer, tender) stays.
    const lines = beside((db) =>
      db
        .prepare(
          `SELECT count(l.id) AS lines, count(DISTINCT s.id) AS sales FROM outbox_order o
             JOIN shopping_session s ON s.id = o.origin_session_id
             LEFT JOIN shopping_session_line l ON l.sessionId = s.id
           WHERE o.id = ?`,
        )
        .get(id),
    );
    expect(lines).toEqual({ lines: 0, sales: 1 });
    const untouched = (await call('outbox.get', { id: waiting?.id })) as OutboxEntryView;
    expect(untouched.compactedAt).toBeUndefined();
    expect(untouched.order?.items).toHaveLength(1);
  });
});
