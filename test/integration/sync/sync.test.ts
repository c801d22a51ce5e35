// Sync against the real sim over real HTTP into a real SQLite file: full, incremental, killed and
// resumed, and on a worker thread (faults.test.ts injects the faults).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { searchStock, stockFigures, syncState } from '../../../db/catalog/index.ts';
import { runSync, runSyncInWorker, type SyncEvent, type SyncReport } from '../../../main/sync/index.ts';
import { startSim, type RunningSim } from '../../../sim/server.ts';
import { DEMO, tempDb } from '../../support/fixtures.ts';
import { cachedStockItems, client, expectCacheMatchesSim, simStockItems, testRetry } from './support.ts';

function report(r: SyncReport, resource: string): SyncReport['resources'][number] {
  const found = r.resources.find((x) => x.resource === resource);
  if (!found) throw new Error(`no report for ${resource}`);
  return found;
}

/** Two ISO UTC times compared: -1, 0 or 1 (NaN when the first is missing). */
function compared(a: string | undefined, b: string): number {
  if (a === undefined) return NaN;
  return a < b ? -1 : a > b ? 1 : 0;
}

function allOk(r: SyncReport): void {
  expect(r.unreachable).toBe(false);
  expect(r.resources.map((x) => [x.resource, x.status, x.failure?.message])).toEqual(
    r.resources.map((x) => [x.resource, 'ok', undefined]),
  );
}

describe('sync against the sim', () => {
  let sim: RunningSim;
  beforeAll(async () => {
    sim = await startSim({ size: 'small' });
  });
  afterAll(async () => {
    await sim.close();
  });

  it('full sync copies exactly what the instance has, then incremental follows changes, additions and removals', async () => {
    const { db } = tempDb('sync');
    const service = client(sim.url);
    try {
      const events: SyncEvent[] = [];
      const first = await runSync(db, service, {
        pageSize: 50,
        retry: testRetry,
        onEvent: (e) => events.push(e),
      });
      allOk(first);
      expect(report(first, 'stockItems').mode).toBe('full');
      await expectCacheMatchesSim(db, service);
      const stockProgress = events.filter((e) => e.type === 'progress' && e.resource === 'stockItems');
      expect(stockProgress.at(-1)).toMatchObject({
        done: report(first, 'stockItems').count,
        total: report(first, 'stockItems').count,
      });
      expect(syncState(db, 'stockItems').lastCompleteAt).toBeDefined();

      // Search finds a real product by name words without diacritics.
      const [sample] = await simStockItems(service);
      const name = sample?.productName ?? '';
      const words = name.normalize('NFD').replace(/\p{M}/gu, '').split(/\s+/).slice(0, 2).reverse().join(' ');
      expect(searchStock(db, words).map((r) => r.productId)).toContain(sample?.productId);

      // Between syncs: one changed, one added, one removed.
      const items = await simStockItems(service);
      const changed = items[3];
      const removed = items[7];
      if (changed?.id === undefined || removed?.id === undefined) throw new Error('sim has too few items');
      sim.admin.mutateStockItem(changed.id, { price: 1234.5, quantityInStock: 77 });
      const added = sim.admin.addStockItem({
        warehouseId: 2,
        productName: 'Žluťoučký kůň Qwýřtz',
        quantityInStock: 3,
      });
      expect(sim.admin.removeStockItem(removed.id)).toBe(true);

      const second = await runSync(db, service, { pageSize: 50, retry: testRetry });
      allOk(second);
      const stock = report(second, 'stockItems');
      expect(stock.mode).toBe('incremental');
      expect(stock.removed).toBe(1);
      // Only the changed and added rows were fetched in full (plus rows sharing the boundary second).
      expect(stock.fetched).toBeLessThan(items.length);
      await expectCacheMatchesSim(db, service);
      expect(searchStock(db, 'qwyr zlut kun').map((r) => r.productId)).toEqual([added['productId']]);
      expect(
        searchStock(db, String(changed.barcode))[0]?.items.find((i) => i.id === changed.id),
      ).toMatchObject({
        price: 1234.5,
        quantityInStock: 77,
      });
    } finally {
      await service.close();
    }
  });

  it("a stock item's figures are taken as of the request that brought them, or the pass's start, never its end", async () => {
    const { db } = tempDb('sync-as-of');
    const service = client(sim.url);
    try {
      await runSync(db, service, { pageSize: 50, retry: testRetry, resources: ['stockItems'] });
      const items = await simStockItems(service);
      const first = items[0];
      const last = items.at(-1);
      if (first?.id === undefined || last?.id === undefined) throw new Error('sim has no stock items');
      // While a full pass walks on past its first page, the instance changes that page's first row
      // (as an order it acknowledges then would): the cache's figure for it is from before the change.
      let changedAt: string | undefined;
      const pass = await runSync(db, service, {
        mode: 'full',
        pageSize: 50,
        retry: testRetry,
        resources: ['stockItems'],
        onEvent: (e) => {
          if (changedAt !== undefined || e.type !== 'progress' || e.resource !== 'stockItems') return;
          changedAt = new Date().toISOString();
          sim.admin.mutateStockItem(first.id ?? 0, { quantityAvailable: 1 });
        },
      });
      allOk(pass);
      if (changedAt === undefined) throw new Error('no page was committed');
      const state = syncState(db, 'stockItems');
      expect(compared(state.lastCompleteStartedAt, changedAt)).toBeLessThanOrEqual(0);
      expect(compared(state.lastCompleteAt, changedAt)).toBe(1);
      const [firstFigures, lastFigures] = stockFigures(db, [first.id, last.id]);
      expect(compared(firstFigures?.asOf, changedAt)).toBeLessThanOrEqual(0);
      // The last page was asked for after the change: its figures are from after it.
      expect(compared(lastFigures?.asOf, changedAt)).toBeGreaterThanOrEqual(0);
      // The next pass brings the changed row: its figure is from after the change now.
      await runSync(db, service, { pageSize: 50, retry: testRetry, resources: ['stockItems'] });
      expect(compared(stockFigures(db, [first.id])[0]?.asOf, changedAt)).toBe(1);
    } finally {
      db.close();
    }
  });

  it('a lastModify far in the future is not taken as the watermark: the changes after it still come', async () => {
    const { db } = tempDb('sync-future-row');
    const service = client(sim.url);
    const stockOnly = { pageSize: 50, retry: testRetry, resources: ['stockItems' as const] };
    // A row the instance says was changed decades from now (an import, a clock gone wrong once).
    const FUTURE = '2099-12-31T23:59:59';
    const future = sim.admin.addStockItem({
      warehouseId: 2,
      productName: 'Zboží z budoucnosti',
      quantityInStock: 1,
      lastModify: FUTURE,
    });
    try {
      await runSync(db, service, stockOnly);
      const second = await runSync(db, service, stockOnly);
      expect(report(second, 'stockItems').mode).toBe('incremental');

      // Changed after both passes: the next incremental pass must bring it.
      const items = await simStockItems(service);
      const changed = items[5];
      if (changed?.id === undefined) throw new Error('sim has too few items');
      sim.admin.mutateStockItem(changed.id, { price: 4321.5, quantityInStock: 12 });
      const third = await runSync(db, service, stockOnly);
      allOk(third);
      expect(report(third, 'stockItems').mode).toBe('incremental');
      expect(cachedStockItems(db).find((r) => r['id'] === changed.id)).toMatchObject({
        price: 4321.5,
        quantityInStock: 12,
      });
      expect(compared(syncState(db, 'stockItems').watermark, FUTURE)).toBe(-1);
      // Said once a pass, with the value the instance sent.
      expect(report(third, 'stockItems').lastModifyRefused).toEqual({
        lastModify: FUTURE,
        why: expect.stringContaining('later than') as unknown,
      });
    } finally {
      sim.admin.removeStockItem(Number(future['id']));
      await service.close();
    }
  });

  it('a sync aborted halfway leaves the previous data whole, and the next run continues', async () => {
    const { db } = tempDb('sync');
    const service = client(sim.url);
    try {
      allOk(await runSync(db, service, { pageSize: 20, retry: testRetry }));
      const before = db.prepare('SELECT count(*) FROM stock_item').pluck().get();
      const controller = new AbortController();
      let pages = 0;
      const aborted = await runSync(db, service, {
        mode: 'full',
        pageSize: 20,
        retry: testRetry,
        signal: controller.signal,
        onEvent: (e) => {
          if (e.type === 'progress' && e.resource === 'stockItems' && ++pages === 3) controller.abort();
        },
      });
      expect(aborted.cancelled).toBe(true);
      expect(report(aborted, 'stockItems').status).toBe('cancelled');
      // Whole: every row is still there and searchable.
      expect(db.prepare('SELECT count(*) FROM stock_item').pluck().get()).toBe(before);
      const cursor = z
        .object({ fetched: z.number(), nextPage: z.number() })
        .parse(JSON.parse(syncState(db, 'stockItems').cursor ?? 'null'));
      // At least the three pages seen before the abort committed (the one in flight may have too).
      expect(cursor.fetched).toBeGreaterThanOrEqual(3 * 20);

      const resumed = await runSync(db, service, { pageSize: 20, retry: testRetry });
      allOk(resumed);
      const stock = report(resumed, 'stockItems');
      expect(stock.resumed).toBe(true);
      const totalPages = Math.ceil((before as number) / 20);
      // It continued after the last committed page instead of starting over.
      expect(stock.fetched).toBe((before as number) - cursor.fetched);
      expect(stock.requests).toBeLessThan(totalPages);
      await expectCacheMatchesSim(db, service);
    } finally {
      await service.close();
    }
  });

  it('runs on a worker thread: same result, progress events, and cancellation', async () => {
    const { db } = tempDb('sync');
    const service = client(sim.url);
    try {
      const controller = new AbortController();
      const cancelled = await runSyncInWorker(
        db,
        { baseUrl: sim.url, ...DEMO },
        {
          pageSize: 10,
          retry: testRetry,
          signal: controller.signal,
          onEvent: (e) => {
            if (e.type === 'progress' && e.resource === 'stockItems' && e.done >= 30) controller.abort();
          },
        },
      );
      expect(cancelled.cancelled).toBe(true);

      const events: SyncEvent[] = [];
      const done = await runSyncInWorker(
        db,
        { baseUrl: sim.url, ...DEMO },
        {
          pageSize: 10,
          retry: testRetry,
          onEvent: (e) => events.push(e),
        },
      );
      allOk(done);
      expect(report(done, 'stockItems').resumed).toBe(true);
      expect(events.filter((e) => e.type === 'finished')).toHaveLength(6);
      await expectCacheMatchesSim(db, service);
    } finally {
      await service.close();
    }
  });
});
