// Every fault kind, switched at run time on one running sim, programmatically and over /__sim/.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSim, type RunningSim } from '../../../sim/server.ts';
import { call, DEMO, errorOf, token } from '../../../sim/testing.ts';

let sim: RunningSim;
let demo: string;

beforeAll(async () => {
  sim = await startSim({ size: 'small' });
  demo = await token(sim.url);
});
afterEach(async () => {
  await sim.faults.reset();
});
afterAll(async () => {
  await sim.close();
});

const orderBody = { customerId: 1, warehouseId: 1, items: [{ productId: 1, quantity: 1 }] };
const postOrder = (key: string): Promise<unknown> =>
  call(`${sim.url}/api/documents/orders/internet`, {
    token: demo,
    body: orderBody,
    headers: { 'idempotency-key': key },
  });

/** The network error code under fetch's "fetch failed". */
async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? 'unknown';
  }
  throw new Error('expected the request to fail');
}

async function until(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('programmatic faults', () => {
  it('adds latency to matching routes only', async () => {
    sim.faults.latency({ ms: 300, path: '^/api/version$' });
    const started = Date.now();
    expect((await call(`${sim.url}/api/version`, { token: demo })).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(sim.faults.state().latency).toMatchObject({ ms: 300 });
  });

  it('drops the connection before the handler: nothing is written', async () => {
    const before = sim.admin.listOrders().length;
    sim.faults.dropBeforeHandler({ method: 'POST', path: '/orders/internet$' });
    expect(await failure(postOrder(crypto.randomUUID()))).not.toBe('unknown');
    expect(sim.admin.listOrders()).toHaveLength(before);
  });

  it('drops the connection after the handler committed: the order exists and a replay is 409', async () => {
    const key = crypto.randomUUID();
    sim.faults.dropAfterCommit({ method: 'POST', path: '/orders/internet$', times: 1 });
    await failure(postOrder(key));
    const stored = sim.admin.listOrders().filter((o) => o.clientReference === key);
    expect(stored).toHaveLength(1);
    const replay = (await postOrder(key)) as Awaited<ReturnType<typeof call>>;
    expect(replay.status).toBe(409);
    expect(errorOf(replay).params).toEqual({ orderId: String(stored[0]?.id) });
  });

  it('forces a status with Retry-After on matching method+path, a given number of times', async () => {
    sim.faults.forceStatus({
      status: 503,
      retryAfterSeconds: 7,
      method: '^POST$',
      path: 'filter-paginated',
      times: 1,
    });
    const url = `${sim.url}/api/stock-items/filter-paginated`;
    expect((await call(`${sim.url}/api/item-lists/warehouses`, { token: demo })).status).toBe(200);
    const forced = await call(url, { token: demo, body: { pageSize: 1 } });
    expect(forced.status).toBe(503);
    expect(forced.headers.get('retry-after')).toBe('7');
    errorOf(forced);
    expect((await call(url, { token: demo, body: { pageSize: 1 } })).status).toBe(200);
  });

  it('forces a 5xx after the handler committed: the order exists, the answer is the error, no Location', async () => {
    const key = crypto.randomUUID();
    sim.faults.forceStatus({
      status: 502,
      afterCommit: true,
      method: 'POST',
      path: '/orders/internet$',
      times: 1,
    });
    const answer = (await postOrder(key)) as Awaited<ReturnType<typeof call>>;
    expect(answer.status).toBe(502);
    expect(answer.headers.get('location')).toBeNull();
    errorOf(answer);
    expect(sim.admin.listOrders().filter((o) => o.clientReference === key)).toHaveLength(1);
    // A before-handler rule does not fire after commit, nor the other way round.
    sim.faults.forceStatus({ status: 500, method: 'POST', path: '/orders/internet$', times: 1 });
    const refused = (await postOrder(crypto.randomUUID())) as Awaited<ReturnType<typeof call>>;
    expect(refused.status).toBe(500);
    expect(sim.faults.state().forceStatus).toEqual([]);
  });

  it('sends a Retry-After text as given, absurd ones included', async () => {
    sim.faults.forceStatus({
      status: 429,
      retryAfter: '99999999999999999999',
      path: '^/api/version$',
      times: 1,
    });
    const limited = await call(`${sim.url}/api/version`, { token: demo });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('99999999999999999999');
  });

  it('forces 429 on the token endpoint and 500 with a code', async () => {
    sim.faults.forceStatus({ status: 429, retryAfterSeconds: 1, path: '^/connect/token$', times: 1 });
    sim.faults.forceStatus({ status: 500, path: '^/api/version$', code: 'Boom' });
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: DEMO.clientId,
      client_secret: DEMO.clientSecret,
    });
    const limited = await call(`${sim.url}/connect/token`, {
      method: 'POST',
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    const failed = await call(`${sim.url}/api/version`, { token: demo });
    expect(failed.status).toBe(500);
    expect(errorOf(failed).code).toBe('Boom');
  });

  it('never applies a fault with probability 0', async () => {
    sim.faults.forceStatus({ status: 500, probability: 0 });
    for (let i = 0; i < 5; i++) expect((await call(`${sim.url}/api/health`)).status).toBe(200);
  });

  it('goes offline refusing connections, then back on the same URL', async () => {
    await sim.faults.setOffline(true);
    expect(await failure(call(`${sim.url}/api/health`))).toBe('ECONNREFUSED');
    await sim.faults.setOffline(false);
    expect((await call(`${sim.url}/api/health`)).status).toBe(200);
  });

  it('goes offline destroying requests while /__sim/ stays reachable', async () => {
    await sim.faults.setOffline({ mode: 'destroy' });
    expect(await failure(call(`${sim.url}/api/health`))).not.toBe('unknown');
    expect((await call(`${sim.url}/__sim/faults`)).json).toMatchObject({ offline: { mode: 'destroy' } });
    expect((await call(`${sim.url}/__sim/faults`, { method: 'DELETE' })).status).toBe(200);
    expect((await call(`${sim.url}/api/health`)).status).toBe(200);
  });

  it('reset switches every fault off', async () => {
    sim.faults.latency({ ms: 10 });
    sim.faults.dropBeforeHandler({ path: '^/nothing$' });
    sim.faults.forceStatus({ status: 502, path: '^/nothing$' });
    await sim.faults.reset();
    expect(sim.faults.state()).toEqual({ forceStatus: [], offline: false });
  });
});

describe('closing', () => {
  it('closes cleanly while a delayed request is still waiting, and the late handler does no harm', async () => {
    const other = await startSim({ size: 'small' });
    const t = await token(other.url);
    other.faults.latency({ ms: 200 });
    const pending = call(`${other.url}/api/stock-items/filter-paginated`, {
      token: t,
      body: { pageSize: 1 },
    });
    await new Promise((r) => setTimeout(r, 50));
    await other.close();
    expect(await failure(pending)).not.toBe('unknown');
    // The delayed handler wakes up after the store closed: it must fail quietly, not crash the process.
    await new Promise((r) => setTimeout(r, 300));
    await expect(other.close()).resolves.toBeUndefined();
  });
});

describe('faults over /__sim/faults', () => {
  it('PUT replaces the configuration, POST merges, GET reports it', async () => {
    const put = await call(`${sim.url}/__sim/faults`, {
      method: 'PUT',
      body: { forceStatus: [{ status: 502, path: '^/api/item-lists/warehouses$' }] },
    });
    expect(put.status).toBe(200);
    expect((await call(`${sim.url}/api/item-lists/warehouses`, { token: demo })).status).toBe(502);
    await call(`${sim.url}/__sim/faults`, { method: 'POST', body: { latency: { ms: 1 } } });
    const state = (await call(`${sim.url}/__sim/faults`)).json;
    expect(state).toMatchObject({ latency: { ms: 1 }, forceStatus: [{ status: 502 }] });
  });

  it('refuses offline refuse without forMs (nothing could switch it back), honours it with forMs', async () => {
    const refused = await call(`${sim.url}/__sim/faults`, { method: 'POST', body: { offline: true } });
    expect(refused.status).toBe(400);
    expect(errorOf(refused).messages[0]).toContain('forMs');
    const ok = await call(`${sim.url}/__sim/faults`, {
      method: 'POST',
      body: { offline: { mode: 'refuse', forMs: 300 } },
    });
    expect(ok.status).toBe(200);
    expect(await failure(call(`${sim.url}/api/health`))).toBe('ECONNREFUSED');
    await until(async () => {
      try {
        return (await call(`${sim.url}/api/health`)).status === 200;
      } catch {
        return false;
      }
    });
  });

  it('rejects an invalid configuration with 400', async () => {
    const bad = await call(`${sim.url}/__sim/faults`, {
      method: 'POST',
      body: { latency: { ms: -1 }, bogus: 1 },
    });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).messages.length).toBeGreaterThanOrEqual(2);
  });
});

describe('admin over /__sim/', () => {
  it('lists orders, marks dependents, mutates and adds stock items, adds cards, counts and revokes tokens', async () => {
    const created = (await postOrder(crypto.randomUUID())) as Awaited<ReturnType<typeof call>>;
    const id = z.object({ id: z.number() }).parse(created.json).id;
    const orders = z
      .array(z.object({ id: z.number(), hasDependents: z.boolean() }))
      .parse((await call(`${sim.url}/__sim/orders`)).json);
    expect(orders.find((o) => o.id === id)?.hasDependents).toBe(false);
    expect(
      (await call(`${sim.url}/__sim/orders/${id}/dependents`, { method: 'POST', body: {} })).status,
    ).toBe(200);
    expect(
      (await call(`${sim.url}/api/documents/orders/internet/${id}`, { method: 'DELETE', token: demo }))
        .status,
    ).toBe(400);

    const patched = await call(`${sim.url}/__sim/stock-items/10`, {
      method: 'PATCH',
      body: { price: 12.9, productName: 'Šťavnatá hruška' },
    });
    expect(patched.json).toMatchObject({ id: 10, price: 12.9, productName: 'Šťavnatá hruška' });
    const added = await call(`${sim.url}/__sim/stock-items`, {
      method: 'POST',
      body: { productName: 'Nový čaj', warehouseId: 2 },
    });
    expect(added.status).toBe(201);
    const item = z.object({ id: z.number(), barcode: z.string(), warehouseId: z.number() }).parse(added.json);
    expect(item.warehouseId).toBe(2);
    expect((await call(`${sim.url}/__sim/stock-items/${item.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(`${sim.url}/__sim/stock-items/${item.id}`, { method: 'DELETE' })).status).toBe(404);
    const next = sim.admin.addStockItem({ productName: 'Další čaj' });
    expect(next['id']).toBe(item.id + 1);

    const card = await call(`${sim.url}/__sim/company-cards`, {
      method: 'POST',
      body: { companyId: 4, barcode: 'ADMIN-CARD', isInvalid: true },
    });
    expect(card.status).toBe(201);
    const scan = await call(`${sim.url}/api/documents/pos/shopping-session/9/scan`, {
      token: demo,
      body: { barcode: 'ADMIN-CARD' },
    });
    expect(scan.json).toMatchObject({ companyId: 4, card: { barcode: 'ADMIN-CARD', isInvalid: true } });

    const count = z
      .object({ count: z.number() })
      .parse((await call(`${sim.url}/__sim/token-requests?clientId=${DEMO.clientId}`)).json);
    expect(count.count).toBe(sim.admin.tokenRequestCount(DEMO.clientId));
    expect((await call(`${sim.url}/__sim/tokens/revoke`, { method: 'POST', body: {} })).status).toBe(204);
    expect((await call(`${sim.url}/api/version`, { token: demo })).status).toBe(401);
    demo = await token(sim.url);
  });
});
