// The sim over real HTTP: token endpoint, auth, ErrorResult, sys endpoints, orders and idempotency.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { startSim, type RunningSim } from '../../../sim/server.ts';
import { call, DEMO, errorOf, NONE, requestToken, token, VIEWER } from '../../../sim/testing.ts';
import { internetOrderSchema, tokenResponseSchema } from '../../../sim/schemas.ts';
import { tempDir } from '../../support/fixtures.ts';

let sim: RunningSim;
let demo: string;

beforeAll(async () => {
  sim = await startSim({ size: 'small', tokenTtlSeconds: 120, tokenRateLimitPerMinute: 20 });
  demo = await token(sim.url);
});
afterAll(async () => {
  await sim.close();
});

describe('token endpoint', () => {
  it('issues a Bearer token with expires_in from the configured lifetime', async () => {
    const reply = await requestToken(sim.url, VIEWER);
    expect(reply.status).toBe(200);
    const body = tokenResponseSchema.strict().parse(reply.json);
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBe(120);
  });

  it('refuses a scope parameter with 400', async () => {
    const reply = await requestToken(sim.url, DEMO, { scope: 'api' });
    expect(reply.status).toBe(400);
    expect(errorOf(reply).code).toBe('InvalidScope');
  });

  it('refuses a JSON body and another grant type with 400', async () => {
    const json = await call(`${sim.url}/connect/token`, {
      body: { grant_type: 'client_credentials', client_id: DEMO.clientId, client_secret: DEMO.clientSecret },
    });
    expect(json.status).toBe(400);
    errorOf(json);
    const password = await requestToken(sim.url, DEMO, { grant_type: 'password' });
    expect(password.status).toBe(400);
    expect(errorOf(password).code).toBe('UnsupportedGrantType');
  });

  it('answers an unknown client or a wrong secret with 401 ErrorResult that does not echo the secret', async () => {
    const wrong = await requestToken(sim.url, { clientId: DEMO.clientId, clientSecret: 'not-the-secret' });
    expect(wrong.status).toBe(401);
    expect(errorOf(wrong).code).toBe('InvalidClient');
    expect(wrong.text).not.toContain('not-the-secret');
    const unknown = await requestToken(sim.url, { clientId: 'nobody', clientSecret: 'x' });
    expect(unknown.status).toBe(401);
  });

  it('gives 429 with Retry-After above the per-client rate, counting requests per client', async () => {
    const client = { clientId: 'rate-client', clientSecret: 'rate-secret' };
    sim.admin.addClient({ ...client, permissions: [] });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await requestToken(sim.url, client)).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    const limited = await requestToken(sim.url, client);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(errorOf(limited).code).toBe('TooManyRequests');
    expect(sim.admin.tokenRequestCount('rate-client')).toBe(22);
    // Other clients are not affected.
    expect((await requestToken(sim.url, VIEWER)).status).toBe(200);
  });
});

describe('token endpoint defaults', () => {
  it('allows 300 token requests a minute per client (SPEC.md) and refuses the 301st', async () => {
    const fresh = await startSim({ size: 'small' });
    try {
      const statuses = await Promise.all(
        Array.from({ length: 300 }, () => requestToken(fresh.url, VIEWER).then((r) => r.status)),
      );
      expect(statuses.filter((s) => s === 200)).toHaveLength(300);
      const over = await requestToken(fresh.url, VIEWER);
      expect(over.status).toBe(429);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(over.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      expect((await requestToken(fresh.url, DEMO)).status).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});

describe('start failures', () => {
  it('rejects when the port is taken, and an invalid option names it', async () => {
    const port = Number(new URL(sim.url).port);
    await expect(startSim({ size: 'small', port })).rejects.toThrow(/EADDRINUSE/);
    await expect(startSim({ size: 'small', tokenTtlSeconds: 0 })).rejects.toThrow(/tokenTtlSeconds/);
  });
});

describe('data folder', () => {
  it('reuses a folder seeded with the same size and seed (orders survive a restart), reseeds otherwise', async () => {
    const dir = tempDir('sim-dir');
    const first = await startSim({ size: 'small', dataDir: dir });
    const t = await token(first.url);
    const created = await call(`${first.url}/api/documents/orders/internet`, {
      token: t,
      body: { customerId: 1, warehouseId: 1, items: [{ productId: 1, quantity: 1 }] },
    });
    expect(created.status).toBe(201);
    await first.close();
    expect(existsSync(join(dir, 'sim.sqlite'))).toBe(true);
    const again = await startSim({ size: 'small', dataDir: dir });
    expect(again.admin.listOrders()).toHaveLength(1);
    await again.close();
    const other = await startSim({ size: 'small', seed: 7, dataDir: dir });
    expect(other.admin.listOrders()).toHaveLength(0);
    await other.close();
  });
});

describe('bearer auth and permissions', () => {
  it('answers 401 for a missing, malformed or unknown token', async () => {
    const variants: Record<string, string>[] = [
      {},
      { authorization: 'Basic abc' },
      { authorization: 'Bearer nope' },
    ];
    for (const headers of variants) {
      const reply = await call(`${sim.url}/api/item-lists/warehouses`, { headers });
      expect(reply.status).toBe(401);
      errorOf(reply);
    }
  });

  it('answers 403 naming the permission when the role lacks it', async () => {
    const viewer = await token(sim.url, VIEWER);
    const reply = await call(`${sim.url}/api/documents/orders/internet`, {
      token: viewer,
      body: { customerId: 1, warehouseId: 1, items: [{ productId: 1, quantity: 1 }] },
    });
    expect(reply.status).toBe(403);
    expect(errorOf(reply).messages).toEqual(['Permission Permissions.Orders.Create is required.']);
    const none = await token(sim.url, NONE);
    const stock = await call(`${sim.url}/api/stock-items/filter-paginated`, { token: none, body: {} });
    expect(stock.status).toBe(403);
    expect(errorOf(stock).messages[0]).toContain('Permissions.StockItems.View');
  });

  it('lets version through with any valid token and health with none', async () => {
    const none = await token(sim.url, NONE);
    const version = await call(`${sim.url}/api/version`, { token: none });
    expect(version.status).toBe(200);
    expect(z.object({ version: z.string() }).parse(version.json).version).toBe('1.4.0');
    expect((await call(`${sim.url}/api/version`)).status).toBe(401);
    const health = await call(`${sim.url}/api/health`);
    expect(health.json).toEqual({ status: 'ok' });
  });

  it('expires tokens after the configured lifetime', async () => {
    const short = await startSim({ size: 'small', tokenTtlSeconds: 1 });
    try {
      const t = await token(short.url);
      expect((await call(`${short.url}/api/version`, { token: t })).status).toBe(200);
      // The sim's clock, not the wall's, is moved past the lifetime (only Date is faked: the
      // server's timers and sockets run as ever).
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 1100);
      const expired = await call(`${short.url}/api/version`, { token: t });
      expect(expired.status).toBe(401);
      expect(errorOf(expired).messages[0]).toContain('expired');
    } finally {
      vi.useRealTimers();
      await short.close();
    }
  });
});

describe('ErrorResult', () => {
  it('has a unique errorId and a support message on every failure', async () => {
    const a = errorOf(await call(`${sim.url}/api/nope`, { token: demo }));
    const b = errorOf(await call(`${sim.url}/api/nope`, { token: demo }));
    expect(a.errorId).not.toBe(b.errorId);
    expect(a.supportMessage).toContain(a.errorId);
    expect(a.statusCode).toBe(404);
  });

  it('answers malformed JSON with 400', async () => {
    const reply = await call(`${sim.url}/api/stock-items/filter-paginated`, {
      token: demo,
      body: '{"pageSize":',
    });
    expect(reply.status).toBe(400);
    expect(errorOf(reply).messages[0]).toContain('not valid JSON');
  });
});

describe('internet orders', () => {
  const url = (): string => `${sim.url}/api/documents/orders/internet`;

  it('creates an order: 201 with the stored order and its id', async () => {
    const reply = await call(url(), {
      token: demo,
      body: {
        customerId: 2,
        warehouseId: 1,
        items: [{ productId: 3, quantity: 2.5 }],
        note: 'Objednávka – přízemí',
      },
    });
    expect(reply.status).toBe(201);
    const order = internetOrderSchema.parse(reply.json);
    expect(order).toMatchObject({ customerId: 2, warehouseId: 1, note: 'Objednávka – přízemí' });
    expect(order.items[0]).toMatchObject({ productId: 3, quantity: 2.5 });
    expect(order.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(reply.headers.get('location')).toBe(`/api/documents/orders/internet/${order.id}`);
    expect(sim.admin.listOrders().some((o) => o.id === order.id)).toBe(true);
  });

  it('reports a missing customer and warehouse together and writes nothing', async () => {
    const before = sim.admin.listOrders().length;
    const reply = await call(url(), { token: demo, body: { items: [{ productId: 1, quantity: 1 }] } });
    expect(reply.status).toBe(400);
    const error = errorOf(reply);
    expect(error.messages.some((m) => m.includes('CustomerId'))).toBe(true);
    expect(error.messages.some((m) => m.includes('WarehouseId'))).toBe(true);
    expect(error.errors?.map((e) => e.params?.['propertyName']).sort()).toEqual([
      'CustomerId',
      'WarehouseId',
    ]);
    expect(sim.admin.listOrders().length).toBe(before);
  });

  it('names Items[0].ProductId and Items[1].Quantity', async () => {
    const reply = await call(url(), {
      token: demo,
      body: {
        customerId: 1,
        warehouseId: 1,
        items: [
          { productId: 999_999, quantity: 1 },
          { productId: 1, quantity: 0 },
        ],
      },
    });
    expect(reply.status).toBe(400);
    const messages = errorOf(reply).messages.join('\n');
    expect(messages).toContain('Items[0].ProductId');
    expect(messages).toContain('Items[1].Quantity');
  });

  it('answers a repeated Idempotency-Key with 409 DuplicateRequest naming the first order', async () => {
    const key = crypto.randomUUID();
    const body = { customerId: 1, warehouseId: 2, items: [{ productId: 1, quantity: 1 }] };
    const first = await call(url(), { token: demo, body, headers: { 'idempotency-key': key } });
    expect(first.status).toBe(201);
    const id = internetOrderSchema.parse(first.json).id;
    const again = await call(url(), { token: demo, body, headers: { 'idempotency-key': key } });
    expect(again.status).toBe(409);
    const error = errorOf(again);
    expect(error.code).toBe('DuplicateRequest');
    expect(error.params).toEqual({ orderId: String(id) });
    expect(sim.admin.listOrders().filter((o) => o.clientReference === key)).toHaveLength(1);
  });

  it('deletes an order (204), refuses one with dependents (400), 404 for a missing one', async () => {
    const created = internetOrderSchema.parse(
      (
        await call(url(), {
          token: demo,
          body: { customerId: 1, warehouseId: 1, items: [{ productId: 2, quantity: 1 }] },
        })
      ).json,
    );
    const dependent = internetOrderSchema.parse(
      (
        await call(url(), {
          token: demo,
          body: { customerId: 1, warehouseId: 1, items: [{ productId: 2, quantity: 1 }] },
        })
      ).json,
    );
    expect(sim.admin.markOrderDependent(dependent.id)).toBe(true);
    expect((await call(`${url()}/${created.id}`, { method: 'DELETE', token: demo })).status).toBe(204);
    const refused = await call(`${url()}/${dependent.id}`, { method: 'DELETE', token: demo });
    expect(refused.status).toBe(400);
    expect(errorOf(refused).code).toBe('HasDependents');
    expect((await call(`${url()}/${created.id}`, { method: 'DELETE', token: demo })).status).toBe(404);
  });

  it('requires int32 path ids', async () => {
    for (const bad of ['abc', '2147483648', '1.5']) {
      const reply = await call(`${url()}/${bad}`, { method: 'DELETE', token: demo });
      expect(reply.status).toBe(400);
      expect(errorOf(reply).messages[0]).toContain('Id');
    }
  });
});

describe('an instance without duplicate detection', () => {
  it('neither describes nor honours Idempotency-Key: a repeat is a second order', async () => {
    const plain = await startSim({ size: 'small', detectsDuplicateOrders: false });
    try {
      const t = await token(plain.url);
      const swagger = (await call(`${plain.url}/swagger`)).json as {
        paths: Record<string, Record<string, { parameters?: { name: string }[]; responses: object }>>;
      };
      const post = swagger.paths['/api/documents/orders/internet']?.['post'];
      expect(post?.responses).toHaveProperty('201');
      expect(post?.responses).not.toHaveProperty('409');
      expect((post?.parameters ?? []).map((p) => p.name.toLowerCase())).not.toContain('idempotency-key');
      const key = crypto.randomUUID();
      const body = { customerId: 1, warehouseId: 2, items: [{ productId: 1, quantity: 1 }] };
      const url = `${plain.url}/api/documents/orders/internet`;
      const first = await call(url, { token: t, body, headers: { 'idempotency-key': key } });
      const again = await call(url, { token: t, body, headers: { 'idempotency-key': key } });
      expect([first.status, again.status]).toEqual([201, 201]);
      expect(internetOrderSchema.parse(again.json).id).not.toBe(internetOrderSchema.parse(first.json).id);
      expect(plain.admin.listOrders().filter((o) => o.clientReference === key)).toHaveLength(2);
    } finally {
      await plain.close();
    }
  });
});

describe('control routes', () => {
  it('serves /__sim/* only when asked to (tests); the app demo and a plain npm run sim do not', async () => {
    expect((await call(`${sim.url}/__sim/faults`)).status).toBe(200);
    const quiet = await startSim({ size: 'small', control: false });
    try {
      expect((await call(`${quiet.url}/__sim/faults`)).status).toBe(404);
      expect((await call(`${quiet.url}/__sim/orders`)).status).toBe(404);
      expect((await call(`${quiet.url}/api/health`)).status).toBe(200);
    } finally {
      await quiet.close();
    }
  });
});
