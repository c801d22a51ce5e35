// Instances whose stock-item data-grid view is narrower than the fields Counter asks for (SPEC.md:
// limitable fields "depend on the instance's data-grid view"), over real HTTP into a real SQLite file.
import { describe, expect, it } from 'vitest';
import { stockItemFields } from '../../../db/catalog/index.ts';
import { runSync, type SyncReport } from '../../../main/sync/index.ts';
import type { StockItem } from '../../../main/service/schemas.ts';
import type { ServiceClient } from '../../../main/service/index.ts';
import { simForTest, tempDb } from '../../support/fixtures.ts';
import { client, testRetry } from './support.ts';

function stockReport(r: SyncReport): SyncReport['resources'][number] {
  const found = r.resources.find((x) => x.resource === 'stockItems');
  if (!found) throw new Error('no stock item report');
  return found;
}

/** Every row the instance's view serves (no limitFields: the view decides). */
async function instanceRows(service: ServiceClient): Promise<StockItem[]> {
  const rows: StockItem[] = [];
  for await (const page of service.stockItemPages({ orderBy: ['id'], pageSize: 1000 }))
    rows.push(...page.data);
  return rows;
}

describe('a narrower stock-item view', () => {
  it('syncs every row, asking only for what the view has; the fields it lacks are stored as null', async () => {
    const lacking = ['supplierProductCode', 'brand', 'warehouseNumber', 'prohibitionOfDiscounts'];
    const sim = await simForTest({ stockItemViewExclude: lacking });
    const { db } = tempDb('sync');
    const service = client(sim.url);
    try {
      const report = await runSync(db, service, { pageSize: 50, retry: testRetry });
      const stock = stockReport(report);
      expect(stock.status).toBe('ok');
      expect([...(stock.viewLacks ?? [])].sort()).toEqual([...lacking].sort());
      const expected = await instanceRows(service);
      expect(expected.length).toBeGreaterThan(0);
      const cached = db.prepare('SELECT * FROM stock_item ORDER BY id').all() as Record<string, unknown>[];
      expect(cached.map((r) => r['id'])).toEqual(expected.map((r) => r.id));
      for (const name of lacking) expect(cached.every((r) => r[name] === null)).toBe(true);
      // Every field the view has and Counter keeps matches the instance, row by row.
      const kept = stockItemFields.filter(
        (f) =>
          !lacking.includes(f) &&
          f !== 'prohibitionOfSale' &&
          f !== 'isInactive' &&
          f !== 'isInactiveInWarehouse',
      );
      const pick = (r: Record<string, unknown>) => Object.fromEntries(kept.map((f) => [f, r[f] ?? null]));
      expect(cached.map(pick)).toEqual(expected.map((r) => pick(r as Record<string, unknown>)));
    } finally {
      await service.close();
    }
  });

  it('stops the stock items with a message naming a key field the view lacks; the cache keeps what it had', async () => {
    const full = await simForTest();
    const { db } = tempDb('sync');
    const first = client(full.url);
    try {
      await runSync(db, first, { pageSize: 50, retry: testRetry });
      const before = db.prepare('SELECT count(*) FROM stock_item').pluck().get();
      expect(before).toBeGreaterThan(0);
      const narrow = await simForTest({ stockItemViewExclude: ['productId'] });
      const second = client(narrow.url);
      try {
        const report = await runSync(db, second, { pageSize: 50, retry: testRetry, mode: 'full' });
        const stock = stockReport(report);
        expect(stock.status).toBe('failed');
        expect(stock.failure?.message).toContain('lacks productId');
        expect(db.prepare('SELECT count(*) FROM stock_item').pluck().get()).toBe(before);
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
    }
  });
});
