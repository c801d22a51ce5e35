// Every endpoint the typed client calls, against the real sim over HTTP, with the statuses each
// can give (400, 404, 409) and pagination walked to the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '../../../sim/server.ts';
import { DEMO } from '../../support/fixtures.ts';
import { ServiceClient, ServiceError, type StockItem } from '../../../main/service/index.ts';

let sim: RunningSim;
let client: ServiceClient;
const requests: string[] = [];

beforeAll(async () => {
  sim = await startSim({ size: 'small' });
  client = new ServiceClient(
    { baseUrl: sim.url, ...DEMO },
    { logger: (_level, message) => requests.push(message) },
  );
});
afterAll(async () => {
  await client.close();
  await sim.close();
});

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('expected a ServiceError');
}

async function firstPage<T>(pages: AsyncIterable<T>): Promise<T> {
  for await (const page of pages) return page;
  throw new Error('no page');
}

async function allStockItems(query: Parameters<ServiceClient['stockItemPages']>[0]): Promise<StockItem[]> {
  const rows: StockItem[] = [];
  for await (const page of client.stockItemPages(query)) rows.push(...page.data);
  return rows;
}

describe('sys', () => {
  it('reads version, health and capabilities', async () => {
    expect(await client.health()).toBe(true);
    expect((await client.version()).version).toBe('1.4.0');
    const caps = await client.capabilities();
    expect(caps.described).toBe(true);
    expect(Object.values(caps.endpoints).every(Boolean)).toBe(true);
    expect(caps.recognisesClientReference).toBe(true);
    expect(await client.capabilities()).toBe(caps); // cached
  });
});

describe('pagination', () => {
  it('walks every page of stock items, each row once', async () => {
    const pages: number[] = [];
    let total = 0;
    const ids = new Set<number>();
    for await (const page of client.stockItemPages({ pageSize: 25 })) {
      pages.push(page.currentPage ?? -1);
      total = page.totalCount ?? -1;
      for (const row of page.data) ids.add(row.id ?? -1);
    }
    expect(total).toBeGreaterThan(50);
    expect(ids.size).toBe(total);
    expect(pages).toEqual(Array.from({ length: Math.ceil(total / 25) }, (_, i) => i + 1));
  });

  it('asks for the next page only when the caller iterates on', async () => {
    const before = requests.filter((l) => l.includes('stock-items/filter-paginated ->')).length;
    for await (const page of client.stockItemPages({ pageSize: 10 })) {
      expect(page.data).toHaveLength(10);
      break;
    }
    const after = requests.filter((l) => l.includes('stock-items/filter-paginated ->')).length;
    expect(after - before).toBe(1);
  });

  it('passes limitFields, orderBy, filter and startPage through', async () => {
    const limited = await allStockItems({ pageSize: 100, limitFields: ['id', 'barcode'] });
    expect(limited.length).toBeGreaterThan(0);
    for (const row of limited) expect(Object.keys(row).sort()).toEqual(['barcode', 'id']);

    const ordered = await allStockItems({ pageSize: 100, limitFields: ['id'], orderBy: ['id desc'] });
    const ids = ordered.map((r) => r.id ?? 0);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const warehouses = await client.warehouses();
    const warehouseId = warehouses[1]?.id ?? -1;
    const inOne = await allStockItems({ filter: { warehouseId }, limitFields: ['id', 'warehouseId'] });
    expect(inOne.length).toBeGreaterThan(0);
    expect(inOne.every((r) => r.warehouseId === warehouseId)).toBe(true);

    const third = await firstPage(client.stockItemPages({ pageSize: 10, startPage: 3 }));
    expect(third.currentPage).toBe(3);
  });

  it('reports an unknown limitFields entry as a 400 naming it', async () => {
    const error = await failure(
      firstPage(client.stockItemPages({ limitFields: ['id', 'noSuchField' as 'id'] })),
    );
    expect(error.status).toBe(400);
    expect(error.messages.join(' ')).toMatch(/noSuchField/i);
  });

  it('walks financial receivables with their filter', async () => {
    let customerId: number | undefined;
    let count = 0;
    for await (const page of client.financialReceivablePages({ pageSize: 20 })) {
      count += page.data.length;
      customerId ??= page.data[0]?.customerId;
    }
    expect(count).toBeGreaterThan(0);
    for await (const page of client.financialReceivablePages({ filter: { customerId } })) {
      expect(page.data.every((r) => r.customerId === customerId)).toBe(true);
    }
  });
});

describe('companies and cards', () => {
  it('reads representatives, cards of a company and one card; another company’s card is 404', async () => {
    const reps = await client.companyRepresentatives();
    expect(reps.length).toBeGreaterThan(0);
    const companyIds = [...new Set(reps.map((r) => r.companyId).filter((id) => id !== undefined))];
    const [a, b] = companyIds;
    if (a === undefined || b === undefined) throw new Error('need two companies');
    const cards = await client.companyCards(a);
    expect(cards.length).toBeGreaterThan(0);
    const card = cards[0];
    expect(await client.companyCard(a, card?.id ?? -1)).toEqual(card);
    const wrong = await failure(client.companyCard(b, card?.id ?? -1));
    expect(wrong).toMatchObject({ kind: 'http', status: 404 });
  });
});

describe('products', () => {
  it('reads the units of a product', async () => {
    const [item] = await allStockItems({ pageSize: 1, limitFields: ['productId'] }).then((r) =>
      r.slice(0, 1),
    );
    const productId = item?.productId ?? -1;
    const units = await client.productUnits(productId);
    expect(units.length).toBeGreaterThan(0);
    expect(units.every((u) => u.productId === productId)).toBe(true);
  });
});

describe('internet orders and the point-of-sale scan', () => {
  it('creates an order, refuses a replay (409), deletes; a dependent order is a 400', async () => {
    const [item] = await allStockItems({ pageSize: 1, limitFields: ['productId', 'warehouseId'] }).then((r) =>
      r.slice(0, 1),
    );
    const reps = await client.companyRepresentatives();
    const order = {
      customerId: reps[0]?.companyId ?? -1,
      warehouseId: item?.warehouseId ?? -1,
      items: [{ productId: item?.productId ?? -1, quantity: 2 }],
      note: 'integration test',
    };
    const reference = crypto.randomUUID();
    const asked = Math.floor(Date.now() / 1000) * 1000;
    const ack = await client.createInternetOrder(order, { clientReference: reference });
    const answered = Date.now();
    const stored = sim.admin.listOrders().find((o) => o.clientReference === reference);
    expect(stored).toMatchObject({ customerId: order.customerId, note: 'integration test' });
    expect(stored?.items).toHaveLength(1);
    // What the client reads back: the stored order's id, what the instance booked, and the
    // instance's time from its answer's Date header (whole seconds, as HTTP dates are).
    expect(ack).toEqual({
      id: stored?.id,
      bookedMinor: Math.round((stored?.total ?? NaN) * 100),
      withheld: [],
      instanceTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/) as unknown,
    });
    // The sim shares this machine's clock: its Date lies between the asking and the answer.
    expect(Date.parse(ack.instanceTime ?? '')).toBeGreaterThanOrEqual(asked);
    expect(Date.parse(ack.instanceTime ?? '')).toBeLessThanOrEqual(answered);
    const created = { id: ack.id };
    const replay = await failure(client.createInternetOrder(order, { clientReference: reference }));
    expect(replay).toMatchObject({
      status: 409,
      code: 'DuplicateRequest',
      params: { orderId: String(created.id) },
    });

    const otherId = (await client.createInternetOrder(order, { clientReference: crypto.randomUUID() })).id;
    sim.admin.markOrderDependent(otherId);
    const dependent = await failure(client.deleteInternetOrder(otherId));
    expect(dependent.status).toBe(400);
    await client.deleteInternetOrder(created.id);
    expect(await failure(client.deleteInternetOrder(created.id))).toMatchObject({
      kind: 'http',
      status: 404,
    });
  });

  it('maps each violation of an invalid order to its camelCase field', async () => {
    const error = await failure(
      client.createInternetOrder(
        { items: [{ productId: 1, quantity: 0 }] },
        { clientReference: crypto.randomUUID() },
      ),
    );
    expect(error.status).toBe(400);
    expect(Object.keys(error.fieldErrors).sort()).toEqual(['customerId', 'items[0].quantity', 'warehouseId']);
  });

  it('resolves a card barcode; an unknown barcode is a 404, not "not available"', async () => {
    const reps = await client.companyRepresentatives();
    const companyId = reps[0]?.companyId ?? -1;
    const card = (await client.companyCards(companyId))[0];
    const result = await client.scanCard(1, card?.barcode ?? '');
    expect(result.companyId).toBe(companyId);
    expect(result.card.id).toBe(card?.id);
    const unknown = await failure(client.scanCard(1, 'NO-SUCH-CARD'));
    expect(unknown).toMatchObject({ kind: 'http', status: 404, code: 'CardNotFound' });
  });
});

describe('an older release (missing operations)', () => {
  it('reports a missing endpoint as not available, before and after capabilities are read', async () => {
    const old = await startSim({
      size: 'small',
      version: '1.2.0',
      missingOperations: ['scanShoppingSession'],
    });
    const fresh = new ServiceClient({ baseUrl: old.url, ...DEMO });
    try {
      // No capabilities read yet: the 404 itself triggers detection.
      const first = await failure(fresh.scanCard(1, 'ANY'));
      expect(first.kind).toBe('not-available');
      expect(first.message).toBe('Point-of-sale card scan is not available on this instance (version 1.2.0)');
      const caps = await fresh.capabilities();
      expect(caps.version).toBe('1.2.0');
      expect(caps.endpoints.posScan).toBe(false);
      expect(caps.endpoints.stockItems).toBe(true);
      const second = await failure(fresh.scanCard(1, 'ANY'));
      expect(second.kind).toBe('not-available');
    } finally {
      await fresh.close();
      await old.close();
    }
  });
});
