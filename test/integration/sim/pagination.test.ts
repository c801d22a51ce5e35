// Pagination exactly as SPEC.md, over real HTTP: page numbers and sizes, limitFields, orderBy,
// filters, and the 400s that name unknown fields.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSim, type RunningSim } from '../../../sim/server.ts';
import { financialReceivableSchema, stockItemSchema } from '../../../sim/schemas.ts';
import { call, errorOf, token } from '../../../sim/testing.ts';

const pageSchema = z
  .object({
    currentPage: z.number(),
    data: z.array(z.record(z.string(), z.unknown())),
    hasNextPage: z.boolean(),
    hasPreviousPage: z.boolean(),
    pageSize: z.number(),
    totalCount: z.number(),
    totalPages: z.number(),
  })
  .strict();
type Page = z.infer<typeof pageSchema>;

let sim: RunningSim;
let demo: string;
const SMALL_STOCK_ITEMS = 3 * 60;

beforeAll(async () => {
  sim = await startSim({ size: 'small' });
  demo = await token(sim.url);
});
afterAll(async () => {
  await sim.close();
});

async function stock(body: unknown): Promise<Page> {
  const reply = await call(`${sim.url}/api/stock-items/filter-paginated`, { token: demo, body });
  expect(reply.status, reply.text).toBe(200);
  return pageSchema.parse(reply.json);
}

async function stockError(body: unknown): Promise<string[]> {
  const reply = await call(`${sim.url}/api/stock-items/filter-paginated`, { token: demo, body });
  expect(reply.status).toBe(400);
  return errorOf(reply).messages;
}

const ids = (page: Page): unknown[] => page.data.map((r) => r['id']);

describe('page number and size', () => {
  it('treats pageNumber 0 and 1 as the first page', async () => {
    const zero = await stock({ pageNumber: 0, pageSize: 7 });
    const one = await stock({ pageNumber: 1, pageSize: 7 });
    const none = await stock({ pageSize: 7 });
    expect(ids(zero)).toEqual(ids(one));
    expect(ids(none)).toEqual(ids(one));
    expect(one).toMatchObject({ currentPage: 1, hasPreviousPage: false, hasNextPage: true, pageSize: 7 });
    expect(one.totalPages).toBe(Math.ceil(SMALL_STOCK_ITEMS / 7));
  });

  it('returns every row when pageSize is omitted or -1', async () => {
    for (const body of [{}, { pageSize: -1 }, { pageSize: null }]) {
      const page = await stock(body);
      expect(page.data).toHaveLength(SMALL_STOCK_ITEMS);
      expect(page).toMatchObject({
        totalCount: SMALL_STOCK_ITEMS,
        pageSize: SMALL_STOCK_ITEMS,
        totalPages: 1,
        hasNextPage: false,
      });
    }
  });

  it('applies 10 for any other non-positive size', async () => {
    for (const pageSize of [0, -2, -100]) {
      const page = await stock({ pageSize });
      expect(page.pageSize).toBe(10);
      expect(page.data).toHaveLength(10);
    }
  });

  it('walks pages without gaps or repeats, with correct flags on the last page', async () => {
    const seen: unknown[] = [];
    let page: Page;
    let n = 1;
    do {
      page = await stock({ pageNumber: n, pageSize: 50 });
      seen.push(...ids(page));
      expect(page.currentPage).toBe(n);
      expect(page.hasPreviousPage).toBe(n > 1);
      n += 1;
    } while (page.hasNextPage);
    expect(page.data).toHaveLength(SMALL_STOCK_ITEMS - 150);
    expect(new Set(seen).size).toBe(SMALL_STOCK_ITEMS);
    const beyond = await stock({ pageNumber: 99, pageSize: 50 });
    expect(beyond.data).toEqual([]);
    expect(beyond.hasNextPage).toBe(false);
  });

  it('refuses a negative pageNumber naming it', async () => {
    expect((await stockError({ pageNumber: -1 })).join()).toContain('PageNumber');
  });
});

describe('limitFields and orderBy', () => {
  it('shapes each row to the asked fields only', async () => {
    const page = await stock({ pageSize: 5, limitFields: ['id', 'productName', 'quantityAvailable'] });
    for (const row of page.data)
      expect(Object.keys(row).sort()).toEqual(['id', 'productName', 'quantityAvailable']);
  });

  it('sorts by several levels with desc', async () => {
    const page = await stock({
      orderBy: ['warehouseId desc', 'productName', 'id desc'],
      limitFields: ['id', 'warehouseId', 'productName'],
    });
    const rows = page.data as { id: number; warehouseId: number; productName: string }[];
    const sorted = [...rows].sort(
      (a, b) =>
        b.warehouseId - a.warehouseId ||
        (a.productName < b.productName ? -1 : a.productName > b.productName ? 1 : 0) ||
        b.id - a.id,
    );
    expect(rows.map((r) => r.id)).toEqual(sorted.map((r) => r.id));
    expect(rows[0]?.warehouseId).toBe(3);
  });

  it('answers an unknown field in limitFields or orderBy with one 400 naming each', async () => {
    const messages = await stockError({ limitFields: ['id', 'colour'], orderBy: ['nonsense desc'] });
    expect(messages).toHaveLength(2);
    expect(messages.join('\n')).toContain("'colour'");
    expect(messages.join('\n')).toContain("'nonsense'");
    expect((await stockError({ orderBy: ['productName sideways'] })).join()).toContain(
      'productName sideways',
    );
  });

  it('refuses an unknown filter field instead of ignoring it', async () => {
    expect((await stockError({ filter: { warehouse: 1 } })).join()).toContain('Filter.Warehouse');
  });
});

describe('stock item filters', () => {
  it('ANDs warehouseId and productId', async () => {
    const page = await stock({ filter: { warehouseId: 2, productId: 5 } });
    expect(page.totalCount).toBe(1);
    expect(page.data[0]).toMatchObject({ warehouseId: 2, productId: 5 });
  });

  it('filters by barcode, productCode, supplierProductCode and ids', async () => {
    const first = (await stock({ pageSize: 1, filter: { warehouseId: 1, productId: 7 } })).data[0] ?? {};
    const barcode = await stock({ filter: { barcode: first['barcode'] } });
    expect(barcode.totalCount).toBe(3);
    expect(barcode.data.every((r) => r['barcode'] === first['barcode'])).toBe(true);
    expect((await stock({ filter: { productCode: first['productCode'], warehouseId: 3 } })).totalCount).toBe(
      1,
    );
    expect((await stock({ filter: { supplierProductCode: first['supplierProductCode'] } })).totalCount).toBe(
      3,
    );
    expect(ids(await stock({ filter: { ids: [3, 1, 2, 9999] } }))).toEqual([1, 2, 3]);
  });

  it('filters by lastModifyFrom (inclusive) and sees admin changes', async () => {
    expect((await stock({ filter: { lastModifyFrom: '2030-01-01T00:00:00' } })).totalCount).toBe(0);
    const changed = sim.admin.mutateStockItem(4, { quantityInStock: 42, quantityAvailable: 40 });
    const since = String(changed['lastModify']);
    expect(since).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    const page = await stock({ filter: { lastModifyFrom: since } });
    expect(ids(page)).toEqual([4]);
    expect(page.data[0]).toMatchObject({ quantityInStock: 42, quantityAvailable: 40 });
    // With an offset the instant is converted to the sim's clock (UTC).
    expect((await stock({ filter: { lastModifyFrom: `${since}+00:00` } })).totalCount).toBe(1);
  });

  it('leaves null properties out and writes date-times without offset', async () => {
    const rows = (await stock({})).data;
    // Every row is exactly the StockItem of /swagger (no stray property, right types).
    for (const row of rows) stockItemSchema.strict().parse(row);
    for (const row of rows) {
      expect(Object.values(row)).not.toContain(null);
      expect(String(row['lastModify'])).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    }
    // Variable-measure products carry no brand: the property is absent, not null.
    expect(rows.some((r) => !('brand' in r))).toBe(true);
  });
});

describe('financial receivables', () => {
  async function receivables(body: unknown): Promise<Page> {
    const reply = await call(`${sim.url}/api/finances/financial-receivables/filter-paginated`, {
      token: demo,
      body,
    });
    expect(reply.status, reply.text).toBe(200);
    return pageSchema.parse(reply.json);
  }

  it('filters by customerId and isPaid', async () => {
    const all = await receivables({});
    expect(all.totalCount).toBeGreaterThan(3);
    for (const row of all.data) financialReceivableSchema.strict().parse(row);
    const customerId = all.data[0]?.['customerId'];
    const mine = await receivables({ filter: { customerId } });
    expect(mine.data.every((r) => r['customerId'] === customerId)).toBe(true);
    const paid = await receivables({ filter: { isPaid: true } });
    const open = await receivables({ filter: { isPaid: false } });
    expect(paid.totalCount + open.totalCount).toBe(all.totalCount);
    for (const r of open.data) expect(Number(r['amount']) - Number(r['alreadyPaid'] ?? 0)).toBeGreaterThan(0);
    for (const r of paid.data)
      expect(Number(r['amount']) - Number(r['alreadyPaid'] ?? 0)).toBeLessThanOrEqual(0);
  });

  it('answers 400 naming an unknown limitField', async () => {
    const reply = await call(`${sim.url}/api/finances/financial-receivables/filter-paginated`, {
      token: demo,
      body: { limitFields: ['amountOwed'] },
    });
    expect(reply.status).toBe(400);
    expect(errorOf(reply).messages[0]).toContain("'amountOwed'");
  });
});
