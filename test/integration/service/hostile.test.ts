// The client against the real sim behind the hostile proxy (test/support/hostile-proxy.ts): answers
// that are almost right, bodies that never finish, walks that never end.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { outcomeOfFailure } from '../../../main/outbox/attempt-outcome.ts';
import {
  DEFAULT_RETRY_BACKOFF,
  ServiceClient,
  ServiceError,
  type ServiceClientOptions,
} from '../../../main/service/index.ts';
import { startSim, type RunningSim } from '../../../sim/server.ts';
import { DEMO } from '../../support/fixtures.ts';
import { firstPageForever, freshIdsForever } from '../../support/hostile-pages.ts';
import { startHostileProxy, type HostileProxy } from '../../support/hostile-proxy.ts';

let sim: RunningSim;
let proxy: HostileProxy;
const clients: ServiceClient[] = [];
beforeAll(async () => {
  sim = await startSim({ size: 'small' });
  proxy = await startHostileProxy(sim.url);
});
afterEach(async () => {
  proxy.clear();
  for (const c of clients.splice(0)) await c.close();
});
afterAll(async () => {
  await proxy.close();
  await sim.close();
});

function connect(options: ServiceClientOptions = {}): ServiceClient {
  const c = new ServiceClient({ baseUrl: proxy.url, ...DEMO }, options);
  clients.push(c);
  return c;
}

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('expected a ServiceError');
}

const TOKEN = '^/connect/token$';

describe('expires_in of the token answer', () => {
  it('takes a numeric string ("3600") as the number of seconds', async () => {
    proxy.rule({ path: TOKEN, rewrite: (body) => ({ ...(body as object), expires_in: '3600' }) });
    let now = 1_000_000;
    const client = connect({ now: () => now });
    const asked = (): number => sim.admin.tokenRequestCount(DEMO.clientId);
    const before = asked();
    await client.version();
    await client.version();
    expect(asked() - before).toBe(1);
    // Used for its lifetime (less the renewal margin), then renewed.
    now += 3_500 * 1000;
    await client.version();
    expect(asked() - before).toBe(1);
    now += 60 * 1000;
    await client.version();
    expect(asked() - before).toBe(2);
  });

  it.each(['soon', '-5', '0', 'NaN', 'Infinity', '1e999', ''])(
    'refuses expires_in %j with an error naming it',
    async (value) => {
      proxy.rule({ path: TOKEN, rewrite: (body) => ({ ...(body as object), expires_in: value }) });
      const error = await failure(connect().version());
      expect(error.kind).toBe('invalid-response');
      expect(error.message).toContain('expires_in');
      expect(error.message).toContain(JSON.stringify(value));
      expect(error.mayHaveReachedServer).toBe(false);
    },
  );
});

const STOCK_PAGES = '^/api/stock-items/filter-paginated$';
/** More pages than any honest walk of the small sim at 50 rows a page: a walk past it never ends. */
const RUNAWAY_PAGES = 100;

/** Walks stock items 50 rows a page; stops itself after RUNAWAY_PAGES so a runaway walk fails the test. */
async function walk(client: ServiceClient): Promise<{ pages: number; rows: number }> {
  let pages = 0;
  let rows = 0;
  for await (const page of client.stockItemPages({
    limitFields: ['id', 'price'],
    orderBy: ['id'],
    pageSize: 50,
  })) {
    pages++;
    rows += page.data.length;
    if (pages >= RUNAWAY_PAGES) break;
  }
  return { pages, rows };
}

describe('a walk always ends', () => {
  it('stops at totalPages when hasNextPage never turns false', async () => {
    const honest = await walk(connect());
    proxy.rule({ path: STOCK_PAGES, rewrite: freshIdsForever() });
    const hostile = await walk(connect());
    expect(hostile.pages).toBeLessThan(RUNAWAY_PAGES);
    expect(hostile).toEqual(honest);
  });

  it('stops at totalCount when the instance gives no totalPages', async () => {
    const honest = await walk(connect());
    proxy.rule({ path: STOCK_PAGES, rewrite: freshIdsForever(() => ({ totalPages: undefined })) });
    expect(await walk(connect())).toEqual(honest);
  });

  it('ends with a clear error when a page repeats the one before', async () => {
    proxy.rule({ path: STOCK_PAGES, rewrite: firstPageForever() });
    const error = await failure(walk(connect()));
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toMatch(/page 2 .*same rows as page 1/);
  });

  it('ends with a clear error when the rows run far past the count the instance first gave', async () => {
    proxy.rule({
      path: STOCK_PAGES,
      // The count grows with every page, so neither totalCount nor totalPages is ever reached.
      rewrite: freshIdsForever((page, asked) => ({
        totalCount: (page.totalCount ?? 0) + 50 * (asked - 1),
        totalPages: asked + 1,
      })),
    });
    const error = await failure(walk(connect()));
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toMatch(/more rows than the 180 it counted/);
  });
});

describe('a deadline for the whole request', () => {
  // A backstop for the unfixed client, which waits for a dripped body for ever: not a speed limit.
  const BACKSTOP_MS = 60_000;

  it(
    'ends a body dripped a byte at a time, never finished, with a timeout naming the deadline',
    async () => {
      const drip = proxy.rule({ path: '^/api/version$', drip: { everyMs: 10, endless: true } });
      const client = connect({ requestDeadlineMs: 300 });
      const error = await failure(client.version());
      expect(error.kind).toBe('timeout');
      expect(error.message).toBe('GET /api/version took longer than the 0.3 s a request may take');
      // The answer was on its way: bytes kept coming, each gap far below the 30 s gap timeouts.
      expect(drip.bytesSent).toBeGreaterThan(0);
      expect(error.mayHaveReachedServer).toBe(true);
    },
    BACKSTOP_MS,
  );

  it(
    'ends a wait for headers that never come the same way',
    async () => {
      sim.faults.latency({ ms: 600_000, path: '^/api/version$', times: 1 });
      const client = connect({ requestDeadlineMs: 300 });
      const error = await failure(client.version());
      await sim.faults.reset();
      expect(error).toMatchObject({ kind: 'timeout', mayHaveReachedServer: true });
      expect(error.message).toContain('took longer than the 0.3 s');
    },
    BACKSTOP_MS,
  );

  it(
    'covers the token request too: a dripped token answer is a token not obtained (never sent)',
    async () => {
      proxy.rule({ path: TOKEN, drip: { everyMs: 10, endless: true } });
      const error = await failure(connect({ requestDeadlineMs: 300 }).version());
      expect(error.kind).toBe('timeout');
      expect(error.message).toContain('Obtaining an access token failed');
      expect(error.mayHaveReachedServer).toBe(false);
    },
    BACKSTOP_MS,
  );

  it('leaves a body that keeps coming within the deadline alone', async () => {
    proxy.rule({ path: '^/api/version$', drip: { everyMs: 1 } });
    const info = await connect({ requestDeadlineMs: 30_000 }).version();
    expect(info.version).toEqual(expect.any(String));
  });

  it('the caller cancelling is still an abort, not a timeout', async () => {
    const drip = proxy.rule({ path: '^/api/version$', drip: { everyMs: 10, endless: true } });
    const stop = new AbortController();
    const pending = failure(connect({ requestDeadlineMs: 60_000 }).version(stop.signal));
    await expect.poll(() => drip.bytesSent).toBeGreaterThan(0);
    stop.abort();
    expect((await pending).kind).toBe('aborted');
  });
});

describe('an order while the instance cannot say what it takes', () => {
  let strict: RunningSim;
  let front: HostileProxy;
  const ORDERS = '^/api/documents/orders/internet$';
  beforeAll(async () => {
    // Its description leaves price and discountAmount off an order's item, and it refuses them.
    strict = await startSim({ size: 'small', rejectedOrderItemFields: ['price', 'discountAmount'] });
    front = await startHostileProxy(strict.url);
  });
  afterAll(async () => {
    await front.close();
    await strict.close();
  });

  it('is not sent while /swagger fails for a passing reason (503, a reset), and goes fitted once it answers', async () => {
    const found = strict.admin.stockItems().find((s) => typeof s['price'] === 'number');
    const item = { productId: Number(found?.['productId']), warehouseId: Number(found?.['warehouseId']) };
    const order = {
      customerId: 1,
      warehouseId: item.warehouseId,
      items: [{ productId: item.productId, quantity: 1, price: 12.5, discountAmount: 1 }],
    };
    const c = new ServiceClient({ baseUrl: front.url, ...DEMO });
    clients.push(c);
    const posted = () => front.requests.filter((r) => r.method === 'POST' && new RegExp(ORDERS).test(r.path));

    front.rule({ path: '^/swagger$', status: 503, times: 1 });
    const unavailable = await failure(c.createInternetOrder(order, { clientReference: 'swagger-503' }));
    expect(unavailable).toMatchObject({ status: 503, mayHaveReachedServer: false });
    expect(posted()).toHaveLength(0);
    // Not the order's fault: it stays queued, and goes later.
    const ctx = { nowMs: 0, attempts: 1, clientReference: 'swagger-503', backoff: DEFAULT_RETRY_BACKOFF };
    expect(outcomeOfFailure(unavailable, ctx).outcome.state).toBe('queued');

    front.rule({ path: '^/swagger$', reset: 'before', times: 1 });
    const reset = await failure(c.createInternetOrder(order, { clientReference: 'swagger-reset' }));
    expect(reset).toMatchObject({ mayHaveReachedServer: false });
    expect(posted()).toHaveLength(0);
    expect(outcomeOfFailure(reset, ctx).outcome.state).toBe('queued');

    const sent = await c.createInternetOrder(order, { clientReference: 'swagger-back' });
    expect(sent.withheld).toEqual(['price', 'discountAmount']);
    expect(posted()).toHaveLength(1);
    expect(strict.admin.listOrders().at(-1)?.id).toBe(sent.id);
  });
});
