// Every fault an instance may show, injected into the real sim while a sync runs, and survived: a
// token expiring mid-sync, 401, 429 with Retry-After, 5xx, dropped connections, the instance going
// away, a 403 or a 404 on one resource (reported for it while the others sync).
import { describe, expect, it } from 'vitest';
import { catalogCounts, pendingCount } from '../../../db/catalog/index.ts';
import { runSync, type RetryPolicy, type SyncEvent, type SyncReport } from '../../../main/sync/index.ts';
import type { RunningSim } from '../../../sim/server.ts';
import { DEMO, simForTest, tempDb, VIEWER } from '../../support/fixtures.ts';
import { client, expectCacheMatchesSim, testRetry } from './support.ts';

function statuses(r: SyncReport): Record<string, string> {
  return Object.fromEntries(r.resources.map((x) => [x.resource, x.status]));
}
const everyOk = {
  warehouses: 'ok',
  stockItems: 'ok',
  productUnits: 'ok',
  companyRepresentatives: 'ok',
  financialReceivables: 'ok',
  companyCards: 'ok',
};

async function syncAndCheck(
  s: RunningSim,
  options: {
    onEvent?: (e: SyncEvent) => void;
    pageSize?: number;
    retry?: RetryPolicy;
    clientOptions?: Parameters<typeof client>[2];
  } = {},
): Promise<{ report: SyncReport; retries: SyncEvent[] }> {
  const { db } = tempDb('sync');
  const service = client(s.url, undefined, options.clientOptions);
  const retries: SyncEvent[] = [];
  try {
    const report = await runSync(db, service, {
      pageSize: options.pageSize ?? 20,
      retry: options.retry ?? testRetry,
      onEvent: (e) => {
        if (e.type === 'retry') retries.push(e);
        options.onEvent?.(e);
      },
    });
    expect(statuses(report)).toEqual(everyOk);
    await s.faults.reset();
    await expectCacheMatchesSim(db, service);
    return { report, retries };
  } finally {
    await service.close();
  }
}

describe('sync survives faults', () => {
  it('a token that expires mid-sync, and tokens revoked mid-sync', async () => {
    const s = await simForTest({ tokenTtlSeconds: 1 });
    s.faults.latency({ ms: 60, path: '^/api/' });
    let revoked = false;
    await syncAndCheck(s, {
      pageSize: 10,
      onEvent: (e) => {
        if (!revoked && e.type === 'progress' && e.resource === 'stockItems' && e.done >= 30) {
          revoked = true;
          s.admin.revokeTokens();
        }
      },
    });
    expect(revoked).toBe(true);
    // The sync outlived several token lifetimes (1 s each) and one revocation.
    expect(s.admin.tokenRequestCount(DEMO.clientId)).toBeGreaterThanOrEqual(3);
  });

  it('401, 429 with Retry-After, 5xx and dropped connections on every kind of request', async () => {
    const s = await simForTest();
    await s.faults.apply({
      forceStatus: [
        { status: 401, path: '^/api/stock-items', times: 3 },
        { status: 429, retryAfterSeconds: 1, path: '^/api/products/', times: 3 },
        { status: 503, path: '^/api/companies/', times: 4 },
        { status: 500, path: '^/api/item-lists/warehouses', times: 2 },
        { status: 502, path: '^/api/finances/', times: 1 },
      ],
      dropBeforeHandler: { path: '^/api/stock-items', times: 2 },
      dropAfterCommit: { path: '^/api/item-lists/companies', times: 2 },
    });
    const started = Date.now();
    // A client that hands every 429 straight to sync (the app's waits out two itself, tested in
    // main/service): here sync's own retry must honour Retry-After.
    const { retries } = await syncAndCheck(s, { clientOptions: { maxRetries429: 0 } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    const retried = new Set(retries.map((e) => (e.type === 'retry' ? e.resource : '')));
    for (const r of [
      'warehouses',
      'stockItems',
      'productUnits',
      'companyCards',
      'financialReceivables',
      'companyRepresentatives',
    ]) {
      expect(retried).toContain(r);
    }
    // 429 waits at least the Retry-After the instance asked for.
    const waits = retries.flatMap((e) => (e.type === 'retry' && e.failure.status === 429 ? [e.delayMs] : []));
    expect(waits.length).toBeGreaterThan(0);
    for (const w of waits) expect(w).toBeGreaterThanOrEqual(1000);
  });

  it('5xx and drops at random on a third of requests', async () => {
    const s = await simForTest();
    await s.faults.apply({
      // Not /api/version: the reachability check makes only 3 attempts by design (exit 4 fast).
      forceStatus: [{ status: 500, path: '^/api/(?!version)', probability: 0.15 }],
      dropBeforeHandler: { path: '^/api/(?!version)', probability: 0.1 },
      dropAfterCommit: { path: '^/api/(?!version)', probability: 0.1 },
    });
    // 12 attempts: a request failing every one of them at p = 0.35 is ~3e-6, so the test is not flaky.
    const { retries } = await syncAndCheck(s, { retry: { attempts: 12, baseDelayMs: 5, maxDelayMs: 50 } });
    expect(retries.length).toBeGreaterThan(0);
  });

  it('the instance going away for a moment mid-sync', async () => {
    const s = await simForTest();
    let offline = false;
    await syncAndCheck(s, {
      pageSize: 10,
      // Backoff long enough to outlast the outage (the default policy waits up to ~6 s in all).
      retry: { attempts: 8, baseDelayMs: 50, maxDelayMs: 400 },
      onEvent: (e) => {
        if (!offline && e.type === 'progress' && e.resource === 'stockItems' && e.done >= 20) {
          offline = true;
          void s.faults.setOffline({ mode: 'refuse', forMs: 300 });
        }
      },
    });
    expect(offline).toBe(true);
  });

  it('the instance gone for good while units are asked product by product: no more asking, the keys stay pending', async () => {
    const s = await simForTest();
    const { db } = tempDb('sync');
    const service = client(s.url);
    const retries: SyncEvent[] = [];
    let gone = false;
    try {
      const report = await runSync(db, service, {
        retry: testRetry,
        concurrency: 4,
        onEvent: (e) => {
          if (e.type === 'retry') retries.push(e);
          if (!gone && e.type === 'started' && e.resource === 'productUnits') {
            gone = true;
            void s.faults.setOffline(true);
          }
        },
      });
      const units = report.resources.find((r) => r.resource === 'productUnits');
      expect(units?.failure?.kind).toBe('network');
      // Only the keys already being asked when the instance went waited out their retries; every
      // other product's units were never asked (each would have waited the same, for nothing).
      const unitRetries = retries.filter((e) => e.type === 'retry' && e.resource === 'productUnits');
      expect(unitRetries.length).toBeLessThanOrEqual(4 * (testRetry.attempts - 1));
      expect(pendingCount(db, 'productUnits')).toBeGreaterThan(4);
      // The resources after it fail at once as the instance lost, without retries of their own.
      const after = report.resources.slice(report.resources.findIndex((r) => r === units) + 1);
      expect(after.map((r) => [r.resource, r.status, r.failure?.kind])).toEqual([
        ['companyRepresentatives', 'failed', 'network'],
        ['financialReceivables', 'failed', 'network'],
        ['companyCards', 'failed', 'network'],
      ]);
      expect(retries.filter((e) => e.type === 'retry' && e.resource !== 'productUnits')).toEqual([]);
    } finally {
      await service.close();
    }
  });

  it('reports an unreachable instance without touching the cache', async () => {
    const s = await simForTest();
    const { db } = tempDb('sync');
    const service = client(s.url);
    try {
      await s.faults.setOffline(true);
      const r = await runSync(db, service, { retry: testRetry });
      expect(r.unreachable).toBe(true);
      expect(r.resources).toEqual([]);
      expect(Object.values(catalogCounts(db)).every((n) => n === 0)).toBe(true);
    } finally {
      await service.close();
    }
  });
});

describe('a 403 or 404 on one resource', () => {
  it('is reported for that resource while the others sync (forced 403)', async () => {
    const s = await simForTest();
    // Once only: a sync that retried the 403 would get its answer the second time and report ok.
    s.faults.forceStatus({
      status: 403,
      path: '^/api/finances/',
      message: 'Permission Permissions.FinancialReceivables.View is required.',
      times: 1,
    });
    const { db } = tempDb('sync');
    const service = client(s.url);
    const retried: string[] = [];
    try {
      const r = await runSync(db, service, {
        retry: testRetry,
        onEvent: (e) => {
          if (e.type === 'retry') retried.push(e.resource);
        },
      });
      expect(statuses(r)).toEqual({ ...everyOk, financialReceivables: 'failed' });
      const failed = r.resources.find((x) => x.resource === 'financialReceivables');
      expect(failed?.failure).toMatchObject({
        status: 403,
        permission: 'Permissions.FinancialReceivables.View',
      });
      // 403 is never retried: not by sync (no retry event), not by the client (the status above).
      expect(retried).not.toContain('financialReceivables');
      expect(catalogCounts(db).companyCards).toBeGreaterThan(0);
    } finally {
      await service.close();
    }
  });

  it('is reported for that resource while the others sync (a role without the permission)', async () => {
    const s = await simForTest();
    s.admin.addClient({
      clientId: 'no-receivables',
      clientSecret: 'no-receivables-secret',
      permissions: [
        'Permissions.StockItems.View',
        'Permissions.ItemLists.View',
        'Permissions.Companies.View',
        'Permissions.Product.View',
      ],
    });
    const { db } = tempDb('sync');
    const service = client(s.url, { clientId: 'no-receivables', clientSecret: 'no-receivables-secret' });
    try {
      const r = await runSync(db, service, { retry: testRetry });
      expect(statuses(r)).toEqual({ ...everyOk, financialReceivables: 'failed' });
      expect(r.resources.find((x) => x.resource === 'financialReceivables')?.failure).toMatchObject({
        status: 403,
        permission: 'Permissions.FinancialReceivables.View',
      });
    } finally {
      await service.close();
    }
  });

  it('the view-only demo client syncs everything', async () => {
    const s = await simForTest();
    const { db } = tempDb('sync');
    const service = client(s.url, VIEWER);
    try {
      expect(statuses(await runSync(db, service, { retry: testRetry }))).toEqual(everyOk);
    } finally {
      await service.close();
    }
  });

  it('an endpoint an older release lacks (404) is reported for its resource', async () => {
    const s = await simForTest({ missingOperations: ['listProductUnits'] });
    const { db } = tempDb('sync');
    const service = client(s.url);
    try {
      const r = await runSync(db, service, { retry: testRetry });
      expect(statuses(r)).toEqual({ ...everyOk, productUnits: 'failed' });
      expect(r.resources.find((x) => x.resource === 'productUnits')?.failure).toMatchObject({
        kind: 'not-available',
      });
      expect(catalogCounts(db).stockItems).toBeGreaterThan(0);
    } finally {
      await service.close();
    }
  });
});
