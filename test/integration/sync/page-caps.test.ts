// Instances that cap page sizes (SPEC.md: the response's pageSize is the size "actually applied"):
// whatever Counter asks for, every row is cached exactly once, also when a sync interrupted under
// one cap resumes under another (the instance was upgraded, or a different proxy answers).
import { describe, expect, it } from 'vitest';
import { runSync, type SyncReport } from '../../../main/sync/index.ts';
import { simForTest, tempDb, tempDir } from '../../support/fixtures.ts';
import { client, expectCacheMatchesSim, runPos, simStockItems, testRetry } from './support.ts';

function stockReport(r: SyncReport): SyncReport['resources'][number] {
  const found = r.resources.find((x) => x.resource === 'stockItems');
  if (!found) throw new Error('no stock item report');
  return found;
}

describe('an instance that caps page sizes', () => {
  it.each([25, 100, 250])('at %i rows: asked for 500 a page, every row is cached once', async (cap) => {
    const capped = await simForTest({ maxPageSize: cap });
    const { db } = tempDb('sync');
    const service = client(capped.url);
    try {
      const report = await runSync(db, service, { pageSize: 500, retry: testRetry });
      expect(report.resources.every((r) => r.status === 'ok')).toBe(true);
      const rows = (await simStockItems(service)).length;
      expect(stockReport(report)).toMatchObject({
        fetched: rows,
        requests: Math.ceil(rows / Math.min(cap, 500)),
        appliedPageSize: Math.min(cap, 500),
      });
      await expectCacheMatchesSim(db, service);
    } finally {
      await service.close();
    }
  });

  it('serves pageSize -1 (all) in capped pages, and the client walks them all', async () => {
    const capped = await simForTest({ maxPageSize: 25 });
    const service = client(capped.url);
    try {
      const pages: number[] = [];
      const ids: number[] = [];
      for await (const page of service.stockItemPages({
        limitFields: ['id'],
        orderBy: ['id'],
        pageSize: -1,
      })) {
        pages.push(page.pageSize ?? 0);
        ids.push(...page.data.flatMap((r) => (r.id === undefined ? [] : [r.id])));
      }
      expect(pages.length).toBeGreaterThan(1);
      expect(new Set(pages)).toEqual(new Set([25]));
      expect(ids).toEqual((await simStockItems(service)).map((r) => r.id));
    } finally {
      await service.close();
    }
  });

  it.each([
    [40, 70],
    [70, 40],
  ])('a sync interrupted under a cap of %i resumes under %i without a gap', async (before, after) => {
    const dataDir = tempDir('sim-caps');
    const { db } = tempDb('sync');
    const first = await simForTest({ dataDir, maxPageSize: before });
    const firstService = client(first.url);
    const controller = new AbortController();
    let pages = 0;
    const aborted = await runSync(db, firstService, {
      pageSize: 500,
      retry: testRetry,
      signal: controller.signal,
      onEvent: (e) => {
        if (e.type === 'progress' && e.resource === 'stockItems' && ++pages === 2) controller.abort();
      },
    });
    await firstService.close();
    expect(aborted.cancelled).toBe(true);
    await first.close();

    // The same data, now served in pages of another size.
    const second = await simForTest({ dataDir, maxPageSize: after });
    const service = client(second.url);
    try {
      const resumed = await runSync(db, service, { pageSize: 500, retry: testRetry });
      expect(stockReport(resumed)).toMatchObject({ status: 'ok', resumed: true });
      await expectCacheMatchesSim(db, service);
    } finally {
      await service.close();
    }
  });

  it('pos sync says what it found: the applied page size and the fields the view lacks', async () => {
    const capped = await simForTest({ maxPageSize: 25, stockItemViewExclude: ['brand'] });
    const dataDir = tempDir('cli-caps');
    const { code, out } = await runPos(capped.url, dataDir, 'sync');
    expect(code).toBe(0);
    const stockLine = out.split('\n').find((l) => l.startsWith('stockItems')) ?? '';
    expect(stockLine).toContain('the instance serves pages of 25 rows');
    expect(stockLine).toContain('its view lacks brand');
    expect(out.split('\n').find((l) => l.startsWith('financialReceivables'))).toContain('pages of 25 rows');
  });
});
