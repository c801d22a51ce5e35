// Instances that cap page sizes (SPEC.md: the response's pageSize is the size "actually applied"):
// whatever Counter asks for, every row is cached exactly once, also when a sync interrupted under
// one cap resumes under another (the instance was upgraded, or a different proxy answers).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runSync, type SyncReport } from '../../../main/sync/index.ts';
import { startSim, type RunningSim } from '../../../sim/server.ts';
import { client, expectCacheMatchesSim, runPos, simStockItems, tempDb, testRetry } from './support.ts';

const sims: RunningSim[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const s of sims.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function sim(options: Parameters<typeof startSim>[0]): Promise<RunningSim> {
  const started = await startSim({ size: 'small', ...options });
  sims.push(started);
  return started;
}

function stockReport(r: SyncReport): SyncReport['resources'][number] {
  const found = r.resources.find((x) => x.resource === 'stockItems');
  if (!found) throw new Error('no stock item report');
  return found;
}

describe('an instance that caps page sizes', () => {
  it.each([25, 100, 250])('at %i rows: asked for 500 a page, every row is cached once', async (cap) => {
    const capped = await sim({ maxPageSize: cap });
    const { db, cleanup } = tempDb();
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
      cleanup();
    }
  });

  it('serves pageSize -1 (all) in capped pages, and the client walks them all', async () => {
    const capped = await sim({ maxPageSize: 25 });
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
    const dataDir = mkdtempSync(join(tmpdir(), 'counter-sim-caps-'));
    dirs.push(dataDir);
    const { db, cleanup } = tempDb();
    try {
      const first = await sim({ dataDir, maxPageSize: before });
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
      const second = await sim({ dataDir, maxPageSize: after });
      const service = client(second.url);
      try {
        const resumed = await runSync(db, service, { pageSize: 500, retry: testRetry });
        expect(stockReport(resumed)).toMatchObject({ status: 'ok', resumed: true });
        await expectCacheMatchesSim(db, service);
      } finally {
        await service.close();
      }
    } finally {
      cleanup();
    }
  });

  it('pos sync says what it found: the applied page size and the fields the view lacks', async () => {
    const capped = await sim({ maxPageSize: 25, stockItemViewExclude: ['brand'] });
    const dataDir = mkdtempSync(join(tmpdir(), 'counter-cli-caps-'));
    dirs.push(dataDir);
    const { code, out } = await runPos(capped.url, dataDir, 'sync');
    expect(code).toBe(0);
    const stockLine = out.split('\n').find((l) => l.startsWith('stockItems')) ?? '';
    expect(stockLine).toContain('the instance serves pages of 25 rows');
    expect(stockLine).toContain('its view lacks brand');
    expect(out.split('\n').find((l) => l.startsWith('financialReceivables'))).toContain('pages of 25 rows');
  });
});
