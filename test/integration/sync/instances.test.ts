// One matrix over the instances SPEC.md allows (what an instance may do differently): each variant of the sim, over real HTTP,
// gets a first sync, rows changed on the instance and an incremental sync, a lookup and an offline
// scan; the cache must hold exactly the instance's own rows (read from its store, not through the
// variant's API) with exactly the fields its view offers. A second sync must not meet the same
// refusals again: what was learnt is kept in the instance profile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  financialReceivableFields,
  stockItemById,
  stockItemFields,
  syncState,
} from '../../../db/catalog/index.ts';
import type { Db } from '../../../db/database.ts';
import { withCheckDigit } from '../../../main/barcode/index.ts';
import { Counter, ScanResolver } from '../../../main/counter/index.ts';
import type { ServiceClient } from '../../../main/service/index.ts';
import { whatWasFound } from '../../../main/sync/discovery.ts';
import { runSync, type SyncEvent, type SyncReport } from '../../../main/sync/index.ts';
import { startSim, type RunningSim, type SimOptions } from '../../../sim/server.ts';
import { sharedTempDb, simForTest, tempDb, tempDir } from '../../support/fixtures.ts';
import { client, runPos, testRetry } from './support.ts';

interface Variant {
  name: string;
  options: SimOptions;
  /** Mode of the sync after rows changed: full where lastModifyFrom cannot be relied on. */
  second: 'incremental' | 'full';
  /** What `pos sync` says of the stock items, in part. */
  found: RegExp[];
}

const variants: Variant[] = [
  { name: 'the default sim', options: {}, second: 'incremental', found: [/pages of 250 rows/] },
  {
    name: 'a narrower view',
    options: { stockItemViewExclude: ['brand', 'supplierProductCode'], receivableViewExclude: ['dueDate'] },
    second: 'incremental',
    found: [/view lacks supplierProductCode, brand/],
  },
  { name: 'pages capped at 25', options: { maxPageSize: 25 }, second: 'incremental', found: [/pages of 25/] },
  {
    name: 'no sort by id or lastModify',
    options: { unsortableFields: ['id', 'lastModify'] },
    second: 'incremental',
    found: [/cannot sort by id: Counter sorts by productId, warehouseId instead/],
  },
  {
    name: 'no unique sort',
    options: { unsortableFields: ['id', 'productId'] },
    second: 'incremental',
    found: [/cannot sort by id, productId: no unique sort is left/],
  },
  {
    name: 'no unique sort, pages capped at 25',
    options: { unsortableFields: ['id', 'productId'], maxPageSize: 25 },
    second: 'incremental',
    found: [/no unique sort is left/, /pages of 25/],
  },
  {
    name: 'filters ignored',
    options: { ignoredFilters: ['lastModifyFrom', 'ids', 'isPaid'] },
    second: 'full',
    found: [/ignores the filter for changed rows only/],
  },
  {
    name: 'filters rejected',
    options: { rejectedFilters: ['lastModifyFrom', 'ids', 'isPaid'] },
    second: 'full',
    found: [/rejects the filter for changed rows only/],
  },
  {
    name: 'filters ignored, no sort by id, pages capped at 40',
    options: {
      ignoredFilters: ['lastModifyFrom', 'ids', 'isPaid'],
      unsortableFields: ['id'],
      maxPageSize: 40,
    },
    second: 'full',
    found: [/cannot sort by id/, /ignores the filter/],
  },
];

/** Rows as the cache keeps them: the fields the view offers, nulls left out. */
function shown(rows: Record<string, unknown>[], fields: readonly string[], lacking: readonly string[] = []) {
  return rows.map((row) =>
    Object.fromEntries(
      fields.flatMap((f) =>
        lacking.includes(f) || row[f] === null || row[f] === undefined ? [] : [[f, row[f]]],
      ),
    ),
  );
}

function cached(db: Db, table: string, fields: readonly string[]): Record<string, unknown>[] {
  const booleans = new Set([
    'prohibitionOfSale',
    'isInactive',
    'prohibitionOfDiscounts',
    'isInactiveInWarehouse',
  ]);
  const rows = db.prepare(`SELECT * FROM ${table} ORDER BY id`).all() as Record<string, unknown>[];
  return rows.map((row) =>
    Object.fromEntries(
      fields.flatMap((f) =>
        row[f] === null || row[f] === undefined ? [] : [[f, booleans.has(f) ? row[f] === 1 : row[f]]],
      ),
    ),
  );
}

function expectExact(db: Db, sim: RunningSim, options: SimOptions): void {
  const stock = shown(sim.admin.stockItems(), stockItemFields, options.stockItemViewExclude);
  expect(stock.length).toBeGreaterThan(100);
  expect(cached(db, 'stock_item', stockItemFields)).toEqual(stock);
  const open = shown(sim.admin.openReceivables(), financialReceivableFields, options.receivableViewExclude);
  expect(open.length).toBeGreaterThan(0);
  expect(cached(db, 'financial_receivable', financialReceivableFields)).toEqual(open);
}

function stockReport(report: SyncReport) {
  const r = report.resources.find((x) => x.resource === 'stockItems');
  if (r === undefined) throw new Error('no stock-item report');
  return r;
}

const CARD = withCheckDigit('2990000000510');

describe.each(variants)('an instance with $name', (variant) => {
  let sim: RunningSim;
  let service: ServiceClient;
  const store = sharedTempDb('sync-instance');
  const sync = async (events: SyncEvent[] = []): Promise<SyncReport> => {
    const report = await runSync(store.db, service, {
      retry: testRetry,
      instance: sim.url,
      onEvent: (e) => events.push(e),
    });
    expect(report.resources.filter((r) => r.status !== 'ok').map((r) => r.failure?.message)).toEqual([]);
    return report;
  };

  beforeAll(async () => {
    sim = await startSim({ size: 'small', ...variant.options });
    sim.admin.addCompanyCard({ companyId: 1, barcode: CARD, name: 'Matrix card', discount: 5 });
    service = client(sim.url);
  });
  afterAll(async () => {
    await service.close();
    await sim.close();
  });

  it('first sync: every row exactly once, only the fields the view offers', async () => {
    const report = await sync();
    expect(stockReport(report).mode).toBe('full');
    expectExact(store.db, sim, variant.options);
  });

  it(`after rows changed on the instance: a ${variant.second} sync ends exact, with no refusal met again`, async () => {
    const [a, b, c] = sim.admin.stockItems().slice(10, 13) as { id: number; quantityInStock?: number }[];
    if (a === undefined || b === undefined || c === undefined) throw new Error('small sim too small');
    sim.admin.mutateStockItem(a.id, { quantityInStock: (a.quantityInStock ?? 0) + 7, price: 123.45 });
    sim.admin.removeStockItem(b.id);
    const added = sim.admin.addStockItem({ warehouseId: 1, quantityInStock: 3 });
    const events: SyncEvent[] = [];
    const report = await sync(events);
    expect(stockReport(report).mode).toBe(variant.second);
    expectExact(store.db, sim, variant.options);
    expect(stockItemById(store.db, a.id)).toMatchObject({
      quantityInStock: (a.quantityInStock ?? 0) + 7,
      price: 123.45,
    });
    expect(stockItemById(store.db, b.id)).toBeUndefined();
    expect(stockItemById(store.db, added['id'] as number)).toMatchObject({ quantityInStock: 3 });
    // Learnt in the first sync and kept: the instance is not asked in a way it refused.
    const refusals = events.filter((e) => e.type === 'retry' && e.failure.status === 400);
    expect(refusals).toEqual([]);
  });

  it('says what it found of the instance and keeps it in the catalog', async () => {
    const report = await sync();
    const words = whatWasFound(stockReport(report))
      .map((f) => f.message)
      .join('; ');
    for (const pattern of variant.found) expect(words).toMatch(pattern);
    expect(syncState(store.db, 'stockItems').profile).toContain(sim.url);
  });

  it('scans offline from the cache: a changed product at its new price, a card', async () => {
    const changed = sim.admin.stockItems()[10] as { productId: number; barcode: string; price: number };
    await sim.faults.setOffline(true);
    try {
      const resolver = new ScanResolver({ db: store.db, cardService: service, cardTimeoutMs: 500 });
      const counter = new Counter({ db: store.db, resolver, warehouseId: () => 1 });
      const card = await counter.scan(CARD);
      expect(card.outcome).toMatchObject({ kind: 'customer', source: 'offline' });
      // Whatever its stock: the cashier confirms, this is about its price (the stock rule: stock.test.ts).
      const { session } = await counter.scan(changed.barcode, { confirmed: true });
      expect(session.lines.at(-1)).toMatchObject({ productId: changed.productId, unitPrice: changed.price });
    } finally {
      await sim.faults.setOffline(false);
    }
  });
});

describe('pos version after pos sync', () => {
  it('says what the sync learnt of the instance, in words and in JSON', async () => {
    const sim = await startSim({
      size: 'small',
      rejectedFilters: ['isPaid'],
      ignoredFilters: ['lastModifyFrom'],
      unsortableFields: ['id'],
    });
    const dataDir = tempDir('cli-learnt');
    const pos = (...args: string[]) => runPos(sim.url, dataDir, ...args);
    try {
      const before = await pos('version');
      expect(before.out).toContain('No sync has run against this instance yet');
      expect((await pos('sync')).code).toBe(0);
      const text = await pos('version');
      expect(text.code).toBe(0);
      expect(text.out).toMatch(/stockItems: .*it cannot sort by id/);
      expect(text.out).toMatch(
        /financialReceivables: .*rejects the filter for open receivables only \(isPaid\)/,
      );
      const json = LearntJson.parse(JSON.parse((await pos('version', '--json')).out));
      expect(json.learnt.stockItems).toMatchObject({ sortRefused: ['id'], appliedPageSize: 250 });
      expect(json.learnt.financialReceivables).toMatchObject({ filters: { isPaid: 'rejected' } });
    } finally {
      await sim.close();
    }
  });
});

const LearntJson = z.object({
  learnt: z.object({
    stockItems: z.record(z.string(), z.unknown()),
    financialReceivables: z.record(z.string(), z.unknown()),
  }),
});

describe('a catalog filled from another instance', () => {
  it('drops the other instance’s unfinished pass and watermark: a full pass makes it exact', async () => {
    const first = await startSim({ size: 'small', maxPageSize: 25 });
    const second = await startSim({ size: 'small', seed: 7 });
    const store = tempDb('sync');
    const a = client(first.url);
    const b = client(second.url);
    try {
      expect((await runSync(store.db, a, { retry: testRetry, instance: first.url })).resources.length).toBe(
        6,
      );
      // A pass of the first instance left unfinished: cancelled after its second page.
      const controller = new AbortController();
      changeOn(first);
      await runSync(store.db, a, {
        retry: testRetry,
        instance: first.url,
        mode: 'full',
        resources: ['stockItems'],
        signal: controller.signal,
        onEvent: (e) => {
          if (e.type === 'progress' && e.resource === 'stockItems' && e.done >= 50) controller.abort();
        },
      });
      expect(syncState(store.db, 'stockItems').cursor).toBeDefined();
      const controller2 = new AbortController();
      const cutOnSecond = await runSync(store.db, b, {
        retry: testRetry,
        instance: second.url,
        signal: controller2.signal,
        onEvent: (e) => {
          if (e.type === 'progress' && e.resource === 'stockItems' && e.done >= 50) controller2.abort();
        },
      });
      expect(stockReport(cutOnSecond)).toMatchObject({ status: 'cancelled' });
      // The catalog is the second instance's from its first pass on: a cut pass resumes, not restarts.
      const report = await runSync(store.db, b, { retry: testRetry, instance: second.url });
      expect(stockReport(report)).toMatchObject({ status: 'ok', mode: 'full', resumed: true });
      expectExact(store.db, second, {});
    } finally {
      await a.close();
      await b.close();
      await first.close();
      await second.close();
    }
  });
});

/** A change on the instance, so a pass has something to do. */
function changeOn(sim: RunningSim): void {
  const row = sim.admin.stockItems()[0] as { id: number };
  sim.admin.mutateStockItem(row.id, { price: 1.5 });
}

describe('a pass resumed under another sort', () => {
  it('starts the walk over when the instance (upgraded) no longer sorts by id: every row, none swept wrongly', async () => {
    const dataDir = tempDir('sort-change');
    const store = tempDb('sync');
    // One instance, as the app names it, before and after an upgrade that narrows its sorting.
    const instance = 'https://shop.example';
    const before = await simForTest({ dataDir, maxPageSize: 20 });
    const a = client(before.url);
    const controller = new AbortController();
    const cut = await runSync(store.db, a, {
      retry: testRetry,
      instance,
      signal: controller.signal,
      onEvent: (e) => {
        if (e.type === 'progress' && e.resource === 'stockItems' && e.done >= 60) controller.abort();
      },
    });
    expect(cut.cancelled).toBe(true);
    await a.close();
    await before.close();

    const after = await startSim({
      size: 'small',
      dataDir,
      maxPageSize: 20,
      version: '2.0.0',
      unsortableFields: ['id'],
    });
    const b = client(after.url);
    try {
      const report = await runSync(store.db, b, { retry: testRetry, instance });
      expect(stockReport(report)).toMatchObject({
        status: 'ok',
        resumed: true,
        sortedBy: ['productId', 'warehouseId'],
      });
      expectExact(store.db, after, {});
    } finally {
      await b.close();
      await after.close();
    }
  });
});

describe('a view without id', () => {
  it('stops the stock items naming the field, and keeps no sort refusal it did not see', async () => {
    const sim = await startSim({ size: 'small', stockItemViewExclude: ['id'] });
    const service = client(sim.url);
    const store = tempDb('sync');
    try {
      const report = await runSync(store.db, service, {
        retry: testRetry,
        instance: sim.url,
        resources: ['stockItems'],
      });
      expect(stockReport(report).failure?.message).toMatch(/lacks id, which Counter cannot work without/);
      expect(syncState(store.db, 'stockItems').profile).not.toContain('"sortRefused":["id"]');
    } finally {
      await service.close();
      await sim.close();
    }
  });
});
