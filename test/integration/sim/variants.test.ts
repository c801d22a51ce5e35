// The sim as other instances SPEC.md allows, over real HTTP: fields it refuses to sort by (and no
// stable order without id), filter fields it ignores or rejects, a narrower receivable view, a
// /swagger listing its paths with no operation under them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSim, type RunningSim } from '../../../sim/server.ts';
import { call, errorOf, token, VIEWER } from '../../../sim/testing.ts';

const Page = z.object({
  data: z.array(z.record(z.string(), z.unknown())),
  totalCount: z.number(),
  pageSize: z.number(),
});
type Page = z.infer<typeof Page>;

let sim: RunningSim;
let auth: string;
beforeAll(async () => {
  sim = await startSim({
    size: 'small',
    unsortableFields: ['id', 'lastModify'],
    ignoredFilters: ['lastModifyFrom'],
    rejectedFilters: ['ids', 'isPaid'],
    receivableViewExclude: ['dueDate'],
  });
  auth = await token(sim.url);
});
afterAll(async () => {
  await sim.close();
});

async function post(
  path: string,
  body: unknown,
): Promise<{ status: number; page?: Page; messages: string[] }> {
  const reply = await call(`${sim.url}${path}`, { token: auth, body });
  if (reply.status === 200) return { status: 200, page: Page.parse(reply.json), messages: [] };
  return { status: reply.status, messages: errorOf(reply).messages };
}
const STOCK = '/api/stock-items/filter-paginated';
const RECEIVABLES = '/api/finances/financial-receivables/filter-paginated';

describe('fields the instance refuses to sort by', () => {
  it('answers 400 naming the field, other fields sort', async () => {
    const refused = await post(STOCK, { orderBy: ['lastModify desc'], pageSize: 1 });
    expect(refused.status).toBe(400);
    expect(refused.messages.join(' ')).toContain("Field 'lastModify' cannot be used in OrderBy");
    expect((await post(STOCK, { orderBy: ['productCode'], pageSize: 1 })).status).toBe(200);
  });

  it('without id there is no stable order: offset pages skip and repeat rows', async () => {
    const first = await post(STOCK, { limitFields: ['id'], pageSize: -1 });
    const total = first.page?.totalCount ?? 0;
    const seen: unknown[] = [];
    for (let page = 1; page <= Math.ceil(total / 20); page++) {
      const reply = await post(STOCK, { limitFields: ['id'], pageSize: 20, pageNumber: page });
      seen.push(...(reply.page?.data.map((r) => r['id']) ?? []));
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBeLessThan(total);
  });
});

describe('filters the instance ignores or rejects', () => {
  it('ignores lastModifyFrom: every row comes back', async () => {
    const all = await post(STOCK, { limitFields: ['id'], pageSize: 1 });
    const filtered = await post(STOCK, {
      filter: { lastModifyFrom: '2999-01-01T00:00:00' },
      limitFields: ['id'],
      pageSize: 1,
    });
    expect(filtered.page?.totalCount).toBe(all.page?.totalCount);
  });

  it('rejects ids and isPaid with a 400 naming the filter', async () => {
    const ids = await post(STOCK, { filter: { ids: [1] }, pageSize: 1 });
    expect(ids.status).toBe(400);
    expect(ids.messages).toContain("Unknown filter field 'ids'.");
    const paid = await post(RECEIVABLES, { filter: { isPaid: false }, pageSize: 1 });
    expect(paid.status).toBe(400);
    expect(paid.messages).toContain("Unknown filter field 'isPaid'.");
  });
});

describe('a narrower receivable view', () => {
  it('answers 400 for a field it lacks and serves rows without it', async () => {
    const lacking = await post(RECEIVABLES, { limitFields: ['id', 'dueDate'], pageSize: 1 });
    expect(lacking.status).toBe(400);
    expect(lacking.messages.join(' ')).toContain("'dueDate'");
    const rows = await post(RECEIVABLES, { pageSize: 1 });
    expect(rows.page?.data[0]).not.toHaveProperty('dueDate');
    expect(rows.page?.data[0]).toHaveProperty('amount');
  });
});

describe('a /swagger with bare path items', () => {
  const Doc = z.object({ paths: z.record(z.string(), z.record(z.string(), z.unknown())) });

  it('lists every path of the full description with an empty item; the endpoints still answer', async () => {
    const bare = await startSim({ size: 'small', bareSwaggerPaths: true });
    try {
      const full = Doc.parse((await call(`${sim.url}/swagger`)).json);
      const reply = await call(`${bare.url}/swagger`);
      const doc = Doc.parse(reply.json);
      expect(Object.keys(doc.paths).sort()).toEqual(Object.keys(full.paths).sort());
      expect(Object.keys(doc.paths)).toContain('/api/documents/orders/internet');
      for (const [path, item] of Object.entries(doc.paths)) expect(item, path).toEqual({});
      expect(reply.text.toLowerCase()).not.toContain('idempotency-key');

      const t = await token(bare.url);
      const warehouses = await call(`${bare.url}/api/item-lists/warehouses`, { token: t });
      expect(warehouses.status).toBe(200);
      const stock = await call(`${bare.url}${STOCK}`, { token: t, body: { pageSize: 1 } });
      expect(Page.parse(stock.json).data).toHaveLength(1);
      // The order route is there: an empty order is refused for its content, not as a missing route.
      const order = await call(`${bare.url}/api/documents/orders/internet`, { token: t, body: {} });
      expect(order.status).toBe(400);
    } finally {
      await bare.close();
    }
  });

  it('is off by default: operations are listed under the paths', async () => {
    const doc = Doc.parse((await call(`${sim.url}/swagger`)).json);
    expect(Object.keys(doc.paths['/api/documents/orders/internet'] ?? {})).toEqual(['post']);
  });
});

describe('internet orders as other instances take and answer them', () => {
  const ORDERS = '/api/documents/orders/internet';
  let other: RunningSim;
  let otherAuth: string;
  let item: { productId: number; warehouseId: number; price: number; id: number };
  beforeAll(async () => {
    // One instance plays several differences at once; each case looks at one of them.
    other = await startSim({
      size: 'small',
      validatesBeforePermission: true,
      ignoredOrderItemFields: ['price'],
      rejectedOrderItemFields: ['discountAmount'],
      orderAnswerExclude: ['total', 'items.total'],
      reservesOrderedStock: true,
    });
    otherAuth = await token(other.url);
    const found = other.admin
      .stockItems()
      .find((s) => typeof s['price'] === 'number' && typeof s['quantityAvailable'] === 'number');
    if (found === undefined) throw new Error('no priced stock item');
    item = z
      .object({ id: z.number(), productId: z.number(), warehouseId: z.number(), price: z.number() })
      .parse(found);
  });
  afterAll(async () => {
    await other.close();
  });
  const order = (extra: Record<string, unknown>) => ({
    customerId: 1,
    warehouseId: item.warehouseId,
    items: [{ productId: item.productId, quantity: 2, ...extra }],
  });

  it('checks the body before the role: an empty order is a 400 for a role without the permission', async () => {
    const viewer = await token(other.url, VIEWER);
    const empty = await call(`${other.url}${ORDERS}`, { token: viewer, body: {} });
    expect(empty.status).toBe(400);
    const valid = await call(`${other.url}${ORDERS}`, { token: viewer, body: order({}) });
    expect(valid.status).toBe(403);
    // The sim's own default is the other way round (ASP.NET authorises before it validates).
    const plain = await call(`${sim.url}${ORDERS}`, { token: await token(sim.url, VIEWER), body: {} });
    expect(plain.status).toBe(403);
  });

  it('refuses a rejected item field naming it, and books its own price where the field is ignored', async () => {
    const before = other.admin.listOrders().length;
    const refused = await call(`${other.url}${ORDERS}`, {
      token: otherAuth,
      body: order({ price: 1.5, discountAmount: 0.5 }),
    });
    expect(refused.status).toBe(400);
    expect(errorOf(refused).messages.join(' ')).toContain('Items[0].DiscountAmount');
    expect(other.admin.listOrders()).toHaveLength(before);

    const booked = await call(`${other.url}${ORDERS}`, { token: otherAuth, body: order({ price: 1.5 }) });
    expect(booked.status).toBe(201);
    expect(booked.json).toMatchObject({ items: [{ productId: item.productId, price: item.price }] });
    // The answer leaves out what this instance does not send back; its store has it.
    expect(booked.json).not.toHaveProperty('total');
    expect(booked.json).not.toHaveProperty('items.0.total');
    expect(other.admin.listOrders().at(-1)?.total).toBe(Math.round(item.price * 200) / 100);
  });

  it('reserves what is ordered: blocked up, available down, modified now', async () => {
    const before = other.admin.stockItems().find((s) => s['id'] === item.id) ?? {};
    const placedFrom = new Date().toISOString().slice(0, 19);
    const placed = await call(`${other.url}${ORDERS}`, { token: otherAuth, body: order({}) });
    expect(placed.status).toBe(201);
    const after = other.admin.stockItems().find((s) => s['id'] === item.id) ?? {};
    expect(after['quantityAvailable']).toBe(Number(before['quantityAvailable']) - 2);
    expect(after['quantityBlocked']).toBe(Number(before['quantityBlocked'] ?? 0) + 2);
    expect(String(after['lastModify']) >= placedFrom).toBe(true);
  });

  it('describes the order as it reads and answers it', async () => {
    const text = (await call(`${other.url}/swagger`)).text;
    const doc = z
      .object({ paths: z.record(z.string(), z.record(z.string(), z.unknown())) })
      .parse(JSON.parse(text));
    const post = z
      .object({ requestBody: z.unknown(), responses: z.record(z.string(), z.unknown()) })
      .parse(doc.paths[ORDERS]?.['post']);
    expect(JSON.stringify(post.requestBody)).not.toContain('discountAmount');
    expect(JSON.stringify(post.requestBody)).not.toContain('price');
    expect(JSON.stringify(post.responses['201'])).not.toContain('"total"');
    expect(JSON.stringify((await call(`${sim.url}/swagger`)).json)).toContain('discountAmount');
  });

  it('answers with no body, only the Location, where it does so', async () => {
    const bare = await startSim({ size: 'small', orderAnswerEmpty: true });
    try {
      const reply = await call(`${bare.url}${ORDERS}`, { token: await token(bare.url), body: order({}) });
      expect(reply.status).toBe(201);
      expect(reply.text).toBe('');
      const id = bare.admin.listOrders().at(-1)?.id;
      expect(reply.headers.get('location')).toBe(`${ORDERS}/${String(id)}`);
    } finally {
      await bare.close();
    }
  });
});
