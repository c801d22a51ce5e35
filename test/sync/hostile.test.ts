// Sync against the real sim behind the hostile proxy (test/support/hostile-proxy.ts): walks that
// would never end, rows that do not parse, bodies that never finish.
import { afterEach, describe, expect, it } from 'vitest';
import { catalogCounts } from '../../db/catalog/index.ts';
import { walkRowLimit } from '../../main/service/pagination.ts';
import { runSync, type SyncOptions, type SyncReport } from '../../main/sync/index.ts';
import { startSim, type RunningSim } from '../../sim/server.ts';
import { firstPageForever, freshIdsForever } from '../support/hostile-pages.ts';
import { startHostileProxy, type HostileProxy } from '../support/hostile-proxy.ts';
import { client, tempDb, testRetry } from './support.ts';

const STOCK_PAGES = '^/api/stock-items/filter-paginated$';
/** Stock items of the small sim (60 products in 3 warehouses). */
const SMALL_STOCK_ITEMS = 180;

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

async function hostile(): Promise<{ sim: RunningSim; proxy: HostileProxy }> {
  const sim = await startSim({ size: 'small' });
  open.push(sim);
  const proxy = await startHostileProxy(sim.url);
  open.push(proxy);
  return { sim, proxy };
}

/**
 * A sync through the proxy into a fresh cache. A run that caches more stock items than `runaway` is
 * cancelled by the test, so a walk that never ends fails the test instead of hanging it.
 */
async function syncThrough(
  proxy: HostileProxy,
  options: SyncOptions & { runaway?: number } = {},
): Promise<{ report: SyncReport; stockItems: number; runaway: boolean }> {
  const { db, cleanup } = tempDb();
  const service = client(proxy.url);
  const stop = new AbortController();
  let runaway = false;
  try {
    const report = await runSync(db, service, {
      pageSize: 50,
      retry: testRetry,
      signal: stop.signal,
      ...options,
      onEvent: (event) => {
        options.onEvent?.(event);
        if (
          event.type === 'progress' &&
          event.resource === 'stockItems' &&
          event.done > (options.runaway ?? 5000)
        ) {
          runaway = true;
          stop.abort();
        }
      },
    });
    return { report, stockItems: catalogCounts(db).stockItems, runaway };
  } finally {
    await service.close();
    cleanup();
  }
}

function resource(report: SyncReport, name: string): SyncReport['resources'][number] | undefined {
  return report.resources.find((r) => r.resource === name);
}

describe('a stock-item walk that would never end', () => {
  it('hasNextPage always true, new ids on every page: stops at the instance count', async () => {
    const { proxy } = await hostile();
    proxy.rule({ path: STOCK_PAGES, rewrite: freshIdsForever() });
    const { report, stockItems, runaway } = await syncThrough(proxy);
    expect(runaway).toBe(false);
    expect(resource(report, 'stockItems')?.status).toBe('ok');
    expect(stockItems).toBe(SMALL_STOCK_ITEMS);
  });

  it('the same page again and again: the resource fails saying so, the others sync', async () => {
    const { proxy } = await hostile();
    proxy.rule({ path: STOCK_PAGES, rewrite: firstPageForever() });
    const { report, runaway } = await syncThrough(proxy);
    expect(runaway).toBe(false);
    expect(resource(report, 'stockItems')).toMatchObject({
      status: 'failed',
      failure: { kind: 'invalid-response', message: expect.stringMatching(/same rows as page 1/) as unknown },
    });
    expect(resource(report, 'companyCards')?.status).toBe('ok');
  });

  it('a count that grows with every page: rows stay bounded by the first count, the resource fails', async () => {
    const { proxy } = await hostile();
    proxy.rule({
      path: STOCK_PAGES,
      rewrite: freshIdsForever((page, asked) => ({
        totalCount: (page.totalCount ?? 0) + 50 * (asked - 1),
        totalPages: asked + 1,
      })),
    });
    const { report, stockItems, runaway } = await syncThrough(proxy);
    expect(runaway).toBe(false);
    expect(resource(report, 'stockItems')).toMatchObject({
      status: 'failed',
      failure: { message: expect.stringMatching(/far more rows than the \d+ it counted/) as unknown },
    });
    // The probe's one-row page counts too: the first count is the instance's own.
    expect(stockItems).toBeLessThanOrEqual(walkRowLimit(SMALL_STOCK_ITEMS) + 50);
  });
});

describe('a stock-item page dripped a byte at a time, never finished', () => {
  it(
    'fails the resource with a timeout after the retries, within the deadline each; the others sync',
    async () => {
      const { proxy } = await hostile();
      const drip = proxy.rule({ path: STOCK_PAGES, drip: { everyMs: 10, endless: true } });
      const { db, cleanup } = tempDb();
      const service = client(proxy.url, undefined, { requestDeadlineMs: 300 });
      try {
        const report = await runSync(db, service, { pageSize: 50, retry: testRetry });
        expect(resource(report, 'stockItems')).toMatchObject({
          status: 'failed',
          failure: {
            kind: 'timeout',
            message: 'POST /api/stock-items/filter-paginated took longer than the 0.3 s a request may take',
          },
        });
        expect(drip.hits).toBe(testRetry.attempts);
        expect(resource(report, 'warehouses')?.status).toBe('ok');
        expect(resource(report, 'companyCards')?.status).toBe('ok');
      } finally {
        await service.close();
        cleanup();
      }
    },
    // A backstop for the unfixed client, which waits for the body for ever: not a speed limit.
    60_000,
  );
});
