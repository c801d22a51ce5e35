// Shared by the sync integration tests: a real sim, a real client, a real SQLite file, and the
// comparison of the cache with what the instance serves.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import {
  companyCards,
  discoveredCompanyIds,
  financialReceivableFields,
  productUnits,
  stockedProductIds,
  stockItemFields,
  warehouses,
} from '../../../db/catalog/index.ts';
import type { Db } from '../../../db/database.ts';
import {
  ServiceClient,
  type FinancialReceivable,
  type ServiceClientOptions,
  type StockItem,
} from '../../../main/service/index.ts';
import type { RetryPolicy } from '../../../main/sync/index.ts';
import { DEMO, demoEnv } from '../../support/fixtures.ts';

/** Fast backoff for tests (Retry-After is still obeyed). */
export const testRetry: RetryPolicy = { attempts: 6, baseDelayMs: 10, maxDelayMs: 100 };

export function client(
  url: string,
  credentials: { clientId: string; clientSecret: string } = DEMO,
  options: ServiceClientOptions = {},
): ServiceClient {
  return new ServiceClient({ baseUrl: url, ...credentials }, options);
}

/** Every stock item of the instance, with the fields the cache keeps. */
export async function simStockItems(service: ServiceClient): Promise<StockItem[]> {
  const rows: StockItem[] = [];
  for await (const page of service.stockItemPages({
    limitFields: stockItemFields,
    orderBy: ['id'],
    pageSize: 1000,
  })) {
    rows.push(...page.data);
  }
  return rows;
}

export function cachedStockItems(db: Db): Record<string, unknown>[] {
  const rows = db.prepare('SELECT * FROM stock_item ORDER BY id').all() as Record<string, unknown>[];
  const booleans = new Set([
    'prohibitionOfSale',
    'isInactive',
    'prohibitionOfDiscounts',
    'isInactiveInWarehouse',
  ]);
  return rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const f of stockItemFields) {
      const v = row[f];
      if (v === null || v === undefined) continue;
      out[f] = booleans.has(f) ? v === 1 : v;
    }
    return out;
  });
}

function strip<T extends { syncedAt?: string }>(rows: T[]): Omit<T, 'syncedAt'>[] {
  return rows.map((row) => {
    const copy: Partial<T> = { ...row };
    delete copy.syncedAt;
    return copy as Omit<T, 'syncedAt'>;
  });
}

/** The cache holds exactly what the instance serves: stock items, warehouses, units, cards. */
export async function expectCacheMatchesSim(db: Db, service: ServiceClient): Promise<void> {
  const items = await simStockItems(service);
  expect(items.length).toBeGreaterThan(0);
  expect(cachedStockItems(db)).toEqual(items);

  const simWarehouses = await service.warehouses();
  expect(strip(warehouses(db))).toEqual(simWarehouses);

  const products = [...new Set(items.map((i) => i.productId))].sort((a, b) => (a ?? 0) - (b ?? 0));
  expect(stockedProductIds(db)).toEqual(products);
  for (const productId of products) {
    if (productId === undefined) continue;
    expect(productUnits(db, productId)).toEqual(await service.productUnits(productId));
  }

  const companies = discoveredCompanyIds(db);
  expect(companies.length).toBeGreaterThan(0);
  const representatives = await service.companyRepresentatives();
  expect(representatives.length).toBeGreaterThan(0);
  for (const id of representatives.map((r) => r.companyId))
    if (id !== undefined) expect(companies).toContain(id);
  for (const companyId of companies) {
    const cards = await service.companyCards(companyId);
    expect(strip(companyCards(db, companyId))).toEqual(cards.map((c) => ({ ...c, companyId })));
  }
  const cachedRepresentatives = (
    db.prepare('SELECT data FROM company_representative ORDER BY id').pluck().all() as string[]
  ).map((data) => JSON.parse(data) as unknown);
  expect(cachedRepresentatives).toEqual([...representatives].sort((a, b) => (a.id ?? 0) - (b.id ?? 0)));

  const open: FinancialReceivable[] = [];
  for await (const page of service.financialReceivablePages({
    filter: { isPaid: false },
    limitFields: financialReceivableFields,
    orderBy: ['id'],
  })) {
    open.push(...page.data);
  }
  expect(open.length).toBeGreaterThan(0);
  expect(columnsOf(db, 'financial_receivable', financialReceivableFields)).toEqual(open);
}

/** Rows of a cache table as the service sends them: the named columns, NULL left out. */
function columnsOf(db: Db, table: string, fields: readonly string[]): Record<string, unknown>[] {
  const rows = db.prepare(`SELECT * FROM ${table} ORDER BY id`).all() as Record<string, unknown>[];
  return rows.map((row) =>
    Object.fromEntries(fields.flatMap((f) => (row[f] === null || row[f] === undefined ? [] : [[f, row[f]]]))),
  );
}

const CLI = fileURLToPath(new URL('../../../main/cli/index.ts', import.meta.url));

/**
 * `pos ARGS` as its own process against an instance with the demo client, waited for without
 * blocking (the sim in this process must keep answering). Stdout and the exit code.
 */
export async function runPos(
  baseUrl: string,
  dataDir: string,
  ...args: string[]
): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { ...process.env, ...demoEnv(baseUrl, dataDir) },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, out };
}
