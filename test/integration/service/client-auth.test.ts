// The token policy and failure handling of the service client against the real sim over HTTP,
// with counts taken at the server (tokenRequestCount) and at the client's own request log.
import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '../../../sim/server.ts';
import { DEMO, NONE, simForTest, VIEWER } from '../../support/fixtures.ts';
import { ServiceClient, ServiceError, type ServiceClientOptions } from '../../../main/service/index.ts';

const SECRETS = [DEMO.clientSecret, VIEWER.clientSecret, NONE.clientSecret];

let sim: RunningSim;
const clients: ServiceClient[] = [];
/** Every log line and error message of every client, checked for secrets at the end. */
const seen: string[] = [];

beforeAll(async () => {
  sim = await startSim({ size: 'small' });
});
afterEach(async () => {
  await sim.faults.reset();
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await sim.close();
});

interface Logged {
  client: ServiceClient;
  lines: string[];
  /** Requests the client sent to a path, as "METHOD path -> status". */
  requests(pathPart: string): string[];
}

function connect(
  creds: { clientId: string; clientSecret: string } = DEMO,
  options: ServiceClientOptions = {},
  baseUrl = sim.url,
): Logged {
  const lines: string[] = [];
  const client = new ServiceClient(
    { baseUrl, ...creds },
    {
      ...options,
      logger: (level, message) => {
        lines.push(`${level} ${message}`);
        seen.push(message);
      },
    },
  );
  clients.push(client);
  return {
    client,
    lines,
    requests: (pathPart) => lines.filter((l) => l.includes(pathPart) && l.includes(' -> ')),
  };
}

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ServiceError) {
      seen.push(error.message, JSON.stringify(error.toJSON()), error.stack ?? '');
      return error;
    }
    throw error;
  }
  throw new Error('expected a ServiceError');
}

describe('token reuse', () => {
  it('100 parallel calls make exactly one token request, later calls none', async () => {
    sim.admin.resetTokenRequestCount();
    const { client } = connect();
    const results = await Promise.all(Array.from({ length: 100 }, () => client.warehouses()));
    expect(results.every((r) => r.length === 3)).toBe(true);
    expect(sim.admin.tokenRequestCount(DEMO.clientId)).toBe(1);
    await client.warehouses();
    await client.companyRepresentatives();
    expect(sim.admin.tokenRequestCount(DEMO.clientId)).toBe(1);
  });

  it('renews a token shortly before it expires', async () => {
    // The client's clock is the test's: no outcome depends on how long the calls take here.
    let now = 1_000_000;
    sim.admin.resetTokenRequestCount();
    const { client } = connect(DEMO, { now: () => now });
    await client.warehouses();
    now += 3_540_000 - 1; // the sim's tokens last 3,600 s; renewal is due 60 s before the end
    await client.warehouses();
    expect(sim.admin.tokenRequestCount(DEMO.clientId)).toBe(1);
    // Within the last minute of the lifetime the client renews before calling (never a 401 on the way).
    now += 1;
    await client.warehouses();
    expect(sim.admin.tokenRequestCount(DEMO.clientId)).toBe(2);
  });

  it('renews a token obtained while the clock ran a year ahead once the clock is right (issue 34)', async () => {
    const year = 365 * 24 * 3_600_000;
    let now = Date.now() + year;
    sim.admin.resetTokenRequestCount();
    const { client } = connect(DEMO, { now: () => now });
    await client.warehouses();
    // Put right: "renew next year" is further ahead than any lifetime a token is used for (24 h).
    now -= year;
    await client.warehouses();
    expect(sim.admin.tokenRequestCount(DEMO.clientId)).toBe(2);
  });

  it('a 401 gets a new token and repeats the call once', async () => {
    const logged = connect();
    await logged.client.warehouses();
    sim.admin.resetTokenRequestCount();
    sim.admin.revokeTokens(DEMO.clientId);
    const rows = await logged.client.warehouses();
    expect(rows).toHaveLength(3);
    expect(sim.admin.tokenRequestCount(DEMO.clientId)).toBe(1);
    expect(logged.requests('/api/item-lists/warehouses').map((l) => l.split(' -> ')[1]?.slice(0, 3))).toEqual(
      ['200', '401', '200'],
    );
  });

  it('a second 401 is reported, not repeated again', async () => {
    const logged = connect();
    sim.faults.forceStatus({ status: 401, path: '^/api/item-lists/warehouses$' });
    const error = await failure(logged.client.warehouses());
    expect(error).toMatchObject({ kind: 'http', status: 401, mayHaveReachedServer: true });
    expect(logged.requests('/api/item-lists/warehouses')).toHaveLength(2);
  });

  it('wrong credentials: 401 from the token endpoint, the API never called, the secret never shown', async () => {
    const logged = connect({ clientId: DEMO.clientId, clientSecret: 'not-the-secret-xyz' });
    const error = await failure(logged.client.warehouses());
    expect(error).toMatchObject({ kind: 'http', status: 401, mayHaveReachedServer: false });
    expect(error.message).toContain('counter-demo');
    expect(error.message).not.toContain('not-the-secret-xyz');
    expect(logged.requests('/api/')).toEqual([]);
  });
});

describe('permissions', () => {
  it('a 403 names the permission and is never retried', async () => {
    sim.admin.resetTokenRequestCount();
    const logged = connect(NONE);
    const error = await failure(logged.client.warehouses());
    expect(error).toMatchObject({ kind: 'http', status: 403, permission: 'Permissions.ItemLists.View' });
    expect(error.message).toContain('Permissions.ItemLists.View');
    expect(logged.requests('/api/item-lists/warehouses')).toHaveLength(1);
    expect(sim.admin.tokenRequestCount(NONE.clientId)).toBe(1);
  });

  it('a viewer may read but not create orders', async () => {
    const logged = connect(VIEWER);
    expect(await logged.client.warehouses()).toHaveLength(3);
    const error = await failure(
      logged.client.createInternetOrder(
        { customerId: 1, warehouseId: 1, items: [{ productId: 1, quantity: 1 }] },
        { clientReference: crypto.randomUUID() },
      ),
    );
    expect(error.status).toBe(403);
    expect(error.permission).toBe('Permissions.Orders.Create');
    expect(logged.requests('/api/documents/orders/internet')).toHaveLength(1);
  });
});

describe('rate limits and server failures', () => {
  it('waits out a 429 with Retry-After, then succeeds', async () => {
    const logged = connect();
    sim.faults.forceStatus({
      status: 429,
      retryAfterSeconds: 1,
      path: '^/api/item-lists/warehouses$',
      times: 1,
    });
    expect(await logged.client.warehouses()).toHaveLength(3);
    expect(logged.lines.some((l) => l.includes('rate-limited (429); waiting 1000 ms'))).toBe(true);
    expect(logged.requests('/api/item-lists/warehouses')).toHaveLength(2);
  });

  it('waits out a 429 of the token endpoint', async () => {
    sim.admin.resetTokenRequestCount();
    const logged = connect();
    sim.faults.forceStatus({ status: 429, retryAfterSeconds: 1, path: '^/connect/token$', times: 1 });
    expect(await logged.client.warehouses()).toHaveLength(3);
    // The forced 429 answers before the sim's token handler, so only the second request is counted.
    expect(sim.admin.tokenRequestCount(DEMO.clientId)).toBe(1);
    expect(logged.lines.some((l) => l.includes('token endpoint rate-limited (429); waiting 1000 ms'))).toBe(
      true,
    );
  });

  it('reports a Retry-After beyond its bound instead of waiting', async () => {
    const logged = connect(DEMO, { maxRetryAfterMs: 5000 });
    sim.faults.forceStatus({ status: 429, retryAfterSeconds: 120, path: '^/api/item-lists/warehouses$' });
    const error = await failure(logged.client.warehouses());
    expect(error).toMatchObject({ kind: 'http', status: 429, retryAfterMs: 120_000 });
    expect(logged.requests('/api/item-lists/warehouses')).toHaveLength(1);
  });

  it('the sim rate limit itself (over the per-minute budget) surfaces as 429 with Retry-After', async () => {
    const limited = await simForTest({ tokenRateLimitPerMinute: 1 });
    const first = connect(DEMO, {}, limited.url);
    await first.client.warehouses();
    const second = connect(DEMO, { maxRetries429: 0 }, limited.url);
    const error = await failure(second.client.warehouses());
    expect(error).toMatchObject({ status: 429, mayHaveReachedServer: false });
    expect(error.retryAfterMs).toBeGreaterThan(0);
  });

  it('surfaces a 500 as a ServiceError and does not retry it', async () => {
    const logged = connect();
    sim.faults.forceStatus({ status: 500, path: '^/api/item-lists/warehouses$' });
    const error = await failure(logged.client.warehouses());
    expect(error).toMatchObject({ kind: 'http', status: 500, mayHaveReachedServer: true });
    expect(error.errorId).toEqual(expect.any(String));
    expect(logged.requests('/api/item-lists/warehouses')).toHaveLength(1);
  });
});

describe('network failures', () => {
  it('connection refused: never reached the server', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    if (address === null || typeof address === 'string') throw new Error('no port');
    const { client } = connect(DEMO, {}, `http://127.0.0.1:${address.port}`);
    const error = await failure(client.warehouses());
    expect(error).toMatchObject({ kind: 'network', mayHaveReachedServer: false });
  });

  it('instance offline (refusing) while a token is cached: not reached', async () => {
    const { client } = connect();
    await client.warehouses();
    // setOffline returns once the pool in this process has seen the server close its idle keep-alive
    // socket. A request written on such a socket before the close is noticed is ambiguous ("other
    // side closed" after sending): that case is reported as may-have-reached, on purpose (see the
    // dropped-after-commit test below).
    await sim.faults.setOffline({ mode: 'refuse' });
    const error = await failure(
      client.createInternetOrder(
        { customerId: 1, warehouseId: 1, items: [{ productId: 1, quantity: 1 }] },
        { clientReference: crypto.randomUUID() },
      ),
    );
    expect(error.kind).toBe('network');
    expect(error.mayHaveReachedServer).toBe(false);
  });

  it('connection dropped after the order was committed: may have reached, and it did', async () => {
    const { client } = connect();
    await client.warehouses();
    const before = sim.admin.listOrders().length;
    sim.faults.dropAfterCommit({ method: 'POST', path: '^/api/documents/orders/internet$', times: 1 });
    const reference = crypto.randomUUID();
    const order = { customerId: 1, warehouseId: 1, items: [{ productId: 1, quantity: 2 }] };
    const error = await failure(client.createInternetOrder(order, { clientReference: reference }));
    expect(error.kind).toBe('network');
    expect(error.mayHaveReachedServer).toBe(true);
    expect(sim.admin.listOrders().length).toBe(before + 1);
    // The replay with the same reference is recognised: 409 DuplicateRequest naming the first order.
    const replay = await failure(client.createInternetOrder(order, { clientReference: reference }));
    expect(replay).toMatchObject({ status: 409, code: 'DuplicateRequest' });
    expect(replay.params?.orderId).toBe(String(sim.admin.listOrders().at(-1)?.id));
  });

  it('connection dropped before the handler ran: may have reached (the client cannot tell)', async () => {
    const { client } = connect();
    await client.warehouses();
    sim.faults.dropBeforeHandler({ path: '^/api/item-lists/warehouses$', times: 1 });
    const error = await failure(client.warehouses());
    expect(error).toMatchObject({ kind: 'network', mayHaveReachedServer: true });
  });

  it('a slow answer beyond headersTimeout is a timeout that may have reached', async () => {
    const { client } = connect(DEMO, { headersTimeoutMs: 200 });
    await client.warehouses();
    sim.faults.latency({ ms: 1500, path: '^/api/item-lists/warehouses$' });
    const error = await failure(client.warehouses());
    expect(error).toMatchObject({ kind: 'timeout', mayHaveReachedServer: true });
  });
});

describe('secrets', () => {
  it('no log line or error message of this file carried a secret or a bearer token', () => {
    expect(seen.length).toBeGreaterThan(20);
    for (const text of seen) {
      for (const secret of SECRETS) expect(text).not.toContain(secret);
      expect(text).not.toMatch(/Bearer\s+\S/);
      expect(text).not.toContain('client_secret=');
    }
  });
});
