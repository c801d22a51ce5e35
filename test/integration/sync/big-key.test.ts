// One key with a huge answer (an instance listing 100,000 units for one product: 16 MB, under the
// body limit) on the sync worker thread, as the app and `pos sync` run it. The worker's heap is sized
// from the body limit and a per-key answer is read element by element within it; an answer over the
// limit fails its key, said in the report; and a thread that dies all the same costs only the
// resource it was on: every resource after it still runs, so the offline card fallback is whole.
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  catalogCounts,
  companyCards,
  discoveredCompanyIds,
  productUnits,
} from '../../../db/catalog/index.ts';
import type { Db } from '../../../db/database.ts';
import { runSyncInWorker, type SyncReport } from '../../../main/sync/index.ts';
import type { RunningSim } from '../../../sim/server.ts';
import { DEMO, simForTest, tempDb } from '../../support/fixtures.ts';
import { startHostileProxy } from '../../support/hostile-proxy.ts';
import { client, testRetry } from './support.ts';

const UNITS = 100_000;
const PRODUCT = 1;

async function bigUnitsSim(): Promise<RunningSim> {
  const sim = await simForTest({ manyUnits: { productId: PRODUCT, count: UNITS } });
  // The answer is as big as the red team's (100,000 units: about 16 MB), under the default body
  // limit of 64 MiB.
  const service = client(sim.url);
  try {
    const bytes = (await service.productUnitsAnswer(PRODUCT)).textLength;
    expect(bytes).toBeGreaterThan(15_000_000);
    expect(bytes).toBeLessThan(64 * 1024 * 1024);
  } finally {
    await service.close();
  }
  return sim;
}

/** Every card of every discovered company is in the offline cache, as the instance lists them. */
async function expectEveryCard(db: Db, url: string): Promise<number> {
  const service = client(url);
  let cards = 0;
  try {
    for (const companyId of discoveredCompanyIds(db)) {
      const listed = await service.companyCards(companyId);
      cards += listed.length;
      expect(companyCards(db, companyId).length, `company ${companyId}`).toBe(listed.length);
    }
  } finally {
    await service.close();
  }
  expect(cards).toBeGreaterThan(0);
  expect(catalogCounts(db).companyCards).toBe(cards);
  return cards;
}

function resource(report: SyncReport, name: string): SyncReport['resources'][number] | undefined {
  return report.resources.find((r) => r.resource === name);
}

describe('a product with 100,000 units (a 16 MB answer)', () => {
  it('is synced on the worker sized from the default body limit: its units cached, then every card', async () => {
    const sim = await bigUnitsSim();
    const { db } = tempDb('big-key');
    const report = await runSyncInWorker(db, { baseUrl: sim.url, ...DEMO }, { retry: testRetry });
    expect(report.resources.map((r) => [r.resource, r.status])).toEqual([
      ['warehouses', 'ok'],
      ['stockItems', 'ok'],
      ['productUnits', 'ok'],
      ['companyRepresentatives', 'ok'],
      ['financialReceivables', 'ok'],
      ['companyCards', 'ok'],
    ]);
    expect(productUnits(db, PRODUCT)).toHaveLength(UNITS);
    expect(resource(report, 'productUnits')?.count).toBe(catalogCounts(db).productUnits);
    expect(catalogCounts(db).productUnits).toBeGreaterThan(UNITS);
    await expectEveryCard(db, sim.url);
  });

  it('over a smaller body limit: that product fails, named in the report; its other units and every card are cached', async () => {
    const sim = await bigUnitsSim();
    const { db } = tempDb('big-key-limit');
    const report = await runSyncInWorker(
      db,
      { baseUrl: sim.url, ...DEMO },
      { retry: testRetry, maxResponseBytes: 4 * 1024 * 1024 },
    );
    expect(resource(report, 'productUnits')).toMatchObject({
      status: 'failed',
      failure: {
        kind: 'invalid-response',
        message: `1 key(s) failed: GET /api/products/${PRODUCT}/units answered with a body larger than the client accepts`,
      },
    });
    expect(productUnits(db, PRODUCT)).toHaveLength(0);
    // Every other stocked product's units are cached.
    const service = client(sim.url);
    try {
      expect(productUnits(db, 2)).toEqual(await service.productUnits(2));
    } finally {
      await service.close();
    }
    expect(resource(report, 'companyCards')?.status).toBe('ok');
    await expectEveryCard(db, sim.url);
  });

  it('a worker that runs out of memory all the same costs only the resource it was on', async () => {
    // Pages are parsed whole (a page is at most pageSize rows): a stock-item page of 100,000 rows,
    // on a thread of 32 MB, does not fit. The thread dies on it; the resources after it run.
    const sim = await simForTest();
    const proxy = await startHostileProxy(sim.url);
    onTestFinished(() => proxy.close());
    proxy.rule({
      path: '^/api/stock-items/filter-paginated$',
      rewrite: (body) => {
        const page = body as { data: Record<string, unknown>[] };
        const row = page.data[0] ?? {};
        return { ...page, data: Array.from({ length: UNITS }, (_, i) => ({ ...row, id: 50_000_000 + i })) };
      },
    });
    const { db } = tempDb('big-key-heap');
    const report = await runSyncInWorker(
      db,
      { baseUrl: proxy.url, ...DEMO },
      { retry: testRetry, heapMb: 32 },
    );
    expect(resource(report, 'stockItems')).toMatchObject({
      status: 'failed',
      failure: {
        kind: 'internal',
        message: expect.stringMatching(
          /^The sync stopped while on stockItems \(.*out of memory.*\); the resources after it were synced without it\.$/,
        ) as unknown,
        said: [{ key: 'syncThreadStopped' }],
      },
    });
    expect(report.resources.map((r) => [r.resource, r.status])).toEqual([
      ['warehouses', 'ok'],
      ['stockItems', 'failed'],
      ['productUnits', 'ok'],
      ['companyRepresentatives', 'ok'],
      ['financialReceivables', 'ok'],
      ['companyCards', 'ok'],
    ]);
    await expectEveryCard(db, sim.url);
  });
});
