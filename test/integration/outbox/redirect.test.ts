// A redirect is not a verdict (issue 34): a load balancer in front of the instance (the hostile proxy
// in front of the real sim) answering 3xx, a maintenance page, is no answer to the order. The order
// waits, queued, and goes by itself once the instance answers; a 303 See Other (what a server answers
// to a POST it carried out) is in doubt, settled as the same order where the instance recognises a
// repeated reference. Nothing follows a redirect: the Location points at a trap that must never hear
// from the till, neither the order with its bearer token nor the token request with the secret. And
// the orders an older Counter left in needs-fix on such an answer are in doubt after the upgrade.
// A 302/307 whose Location names the order the instance stored (Post/Redirect/Get: the sim's own
// Location, passed on by the proxy under another status) is in doubt as a 303 is: never resent on an
// instance that does not recognise a repeated reference, where a resend would store it twice.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../db/database.ts';
import { migrations } from '../../../db/migrations/index.ts';
import { getOutboxOrder, insertOutboxOrder, recordOutboxOutcome } from '../../../db/outbox.ts';
import { Outbox, type OutboxOrder, type OutboxState } from '../../../main/outbox/index.ts';
import { ServiceClient } from '../../../main/service/index.ts';
import type { RunningSim, SimOptions } from '../../../sim/server.ts';
import { DEMO, simForTest, tempDb, tempDir } from '../../support/fixtures.ts';
import { startHostileProxy, type HostileProxy } from '../../support/hostile-proxy.ts';
import { findOrderData } from './order-data.ts';

const ORDER_PATH = '^/api/documents/orders/internet$';
const FAST = { retryBackoff: { baseMs: 20, maxMs: 200 }, probeBackoff: { baseMs: 20, maxMs: 200 } };
const MAINTENANCE = '<!doctype html><title>Maintenance</title><p>Back soon.</p>';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

interface Trap {
  readonly url: string;
  readonly heard: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[];
}

/** Where the redirects point: it records whatever reaches it (nothing must). */
async function startTrap(): Promise<Trap> {
  const heard: Trap['heard'] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      heard.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"access_token":"trap","id":1}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, heard };
}

interface Instance {
  readonly sim: RunningSim;
  readonly proxy: HostileProxy;
  readonly trap: Trap;
  /** The till's client: it reaches the instance through the proxy. */
  readonly client: ServiceClient;
  readonly order: {
    customerId: number;
    warehouseId: number;
    items: { productId: number; quantity: number }[];
  };
}

async function instance(simOptions: SimOptions = {}): Promise<Instance> {
  const sim = await simForTest(simOptions);
  const proxy = await startHostileProxy(sim.url);
  cleanup.push(() => proxy.close());
  const trap = await startTrap();
  const direct = new ServiceClient({ baseUrl: sim.url, ...DEMO });
  const data = await findOrderData(direct);
  await direct.close();
  const client = new ServiceClient({ baseUrl: proxy.url, ...DEMO });
  cleanup.push(() => client.close());
  const order = {
    customerId: data.customerId,
    warehouseId: data.warehouseId,
    items: [{ productId: data.productId, quantity: 1 }],
  };
  return { sim, proxy, trap, client, order };
}

function outboxOn(client: ServiceClient, db = tempDb('redirect').db): Outbox {
  const outbox = new Outbox(db, client, FAST);
  cleanup.push(() => outbox.stop());
  return outbox;
}

async function setUp(): Promise<Instance & { outbox: Outbox }> {
  const found = await instance();
  return { ...found, outbox: outboxOn(found.client) };
}

function storedWith(sim: RunningSim, reference: string): number[] {
  return sim.admin
    .listOrders()
    .filter((o) => o.clientReference === reference)
    .map((o) => o.id);
}

/** The order once it is in `state`: the background sender moves it, nobody else. */
async function reaches(outbox: Outbox, id: number, state: OutboxState): Promise<OutboxOrder> {
  await expect.poll(() => outbox.get(id)?.state, { timeout: 30_000, interval: 50 }).toBe(state);
  const order = outbox.get(id);
  if (order === undefined) throw new Error(`order ${id} vanished`);
  return order;
}

/**
 * A claim as the older version (schema 22) made it: `sending` under its lease, attempts + 1. Today's
 * claimForSending also writes columns that version's file does not have (sending_from, 42).
 */
function olderClaim(db: Db, id: number): void {
  db.prepare(
    `UPDATE outbox_order SET state = 'sending', attempts = attempts + 1, updated_at = ?,
       sending_owner = 'older', sending_until = NULL, sending_beat = coalesce(sending_beat, 0) + 1
     WHERE id = ? AND state = 'queued'`,
  ).run(new Date().toISOString(), id);
}

describe('a redirect is not a verdict', () => {
  it('a 307 to a maintenance page: queued, not needs-fix, and sent by itself once the instance answers', async () => {
    const { sim, proxy, trap, outbox, order } = await setUp();
    const redirect = proxy.rule({
      method: 'POST',
      path: ORDER_PATH,
      status: 307,
      headers: { location: `${trap.url}/maintenance` },
      body: MAINTENANCE,
      times: 2,
    });
    outbox.start();
    const placed = await outbox.place(order);
    expect(placed.state).toBe('queued');
    expect(placed.fieldErrors).toBeNull();
    expect(placed.messages?.join(' ')).toMatch(/answered 307, a redirect/);
    expect(storedWith(sim, placed.clientReference)).toEqual([]);

    const sent = await reaches(outbox, placed.id, 'sent');
    expect(redirect.hits).toBe(2);
    expect(storedWith(sim, placed.clientReference)).toEqual([sent.remoteId]);
    // The order and its bearer token went nowhere but the instance's address.
    expect(trap.heard).toEqual([]);
  });

  it('a redirected token request: the secret never follows it, and the order goes once a token comes', async () => {
    const { sim, proxy, trap, outbox, order } = await setUp();
    const redirect = proxy.rule({
      path: '^/connect/token$',
      status: 302,
      headers: { location: `${trap.url}/connect/token` },
      body: MAINTENANCE,
      times: 2,
    });
    outbox.start();
    const placed = await outbox.place(order);
    expect(placed.state).toBe('queued');
    const sent = await reaches(outbox, placed.id, 'sent');
    expect(redirect.hits).toBe(2);
    expect(storedWith(sim, placed.clientReference)).toEqual([sent.remoteId]);
    expect(trap.heard).toEqual([]);
  });

  it('a 303 See Other after the instance stored the order: in doubt, then settled as that same order', async () => {
    const { sim, proxy, trap, outbox, order } = await setUp();
    proxy.rule({
      method: 'POST',
      path: ORDER_PATH,
      answerStatus: 303,
      headers: { location: `${trap.url}/orders/done` },
      times: 1,
    });
    outbox.start();
    const placed = await outbox.place(order);
    expect(placed.state).toBe('in-doubt');
    const stored = storedWith(sim, placed.clientReference);
    expect(stored).toHaveLength(1);

    const sent = await reaches(outbox, placed.id, 'sent');
    expect(sent.remoteId).toBe(stored[0]);
    expect(storedWith(sim, placed.clientReference)).toEqual(stored);
    expect(trap.heard).toEqual([]);
  });

  it('a 302 naming the order the instance stored (Post/Redirect/Get): in doubt, never resent where the instance recognises no reference', async () => {
    const { sim, proxy, client, order } = await instance({ detectsDuplicateOrders: false });
    const outbox = outboxOn(client);
    // The instance stores the order and answers 201 with Location /api/documents/orders/internet/{id};
    // the proxy passes it on as a 302, as a framework doing Post/Redirect/Get answers.
    proxy.rule({ method: 'POST', path: ORDER_PATH, answerStatus: 302, times: 1 });
    const placed = await outbox.place(order);
    const stored = storedWith(sim, placed.clientReference);
    expect(stored).toHaveLength(1);
    expect(placed.state).toBe('in-doubt');
    expect(placed.messages?.join(' ')).toContain(
      `answered 302 with Location ${proxy.url}/api/documents/orders/internet/${stored[0]}`,
    );
    expect(placed.messages?.join(' ')).toContain(placed.clientReference);
    // Held for a person: a pass (even one the operator asked for) sends nothing, so nothing is stored twice.
    expect((await outbox.replay({ ignoreSchedule: true })).attempted).toBe(0);
    expect(outbox.get(placed.id)?.state).toBe('in-doubt');
    expect(storedWith(sim, placed.clientReference)).toEqual(stored);
    // The Location was not followed: the order went to its path once, nothing asked for the order.
    expect(proxy.requests.filter((r) => r.path.startsWith('/api/documents/orders/internet'))).toEqual([
      { method: 'POST', path: '/api/documents/orders/internet' },
    ]);
  });

  it('a 307 naming the order the instance stored: in doubt, then settled as that same order where it recognises the reference', async () => {
    const { sim, proxy, client, order } = await instance();
    const outbox = outboxOn(client);
    proxy.rule({ method: 'POST', path: ORDER_PATH, answerStatus: 307, times: 1 });
    const placed = await outbox.place(order);
    expect(placed.state).toBe('in-doubt');
    const stored = storedWith(sim, placed.clientReference);
    expect(stored).toHaveLength(1);
    await outbox.replay({ ignoreSchedule: true });
    expect(outbox.get(placed.id)).toMatchObject({ state: 'sent', remoteId: stored[0] });
    expect(storedWith(sim, placed.clientReference)).toEqual(stored);
  });

  it("a 302 to the instance's own address that names no order: queued as before, and sent by itself", async () => {
    const { sim, proxy, trap, outbox, order } = await setUp();
    const redirect = proxy.rule({
      method: 'POST',
      path: ORDER_PATH,
      status: 302,
      headers: { location: '/api/documents/orders/internet' },
      body: MAINTENANCE,
      times: 1,
    });
    outbox.start();
    const placed = await outbox.place(order);
    expect(placed.state).toBe('queued');
    expect(placed.messages?.join(' ')).toMatch(/answered 302, a redirect/);
    const sent = await reaches(outbox, placed.id, 'sent');
    expect(redirect.hits).toBe(1);
    expect(storedWith(sim, placed.clientReference)).toEqual([sent.remoteId]);
    expect(trap.heard).toEqual([]);
  });

  it('a redirected description is not taken for an instance that describes nothing', async () => {
    const { proxy, trap, client } = await instance();
    proxy.rule({
      method: 'GET',
      path: '^/swagger',
      status: 307,
      headers: { location: `${trap.url}/swagger` },
      body: MAINTENANCE,
      times: 2,
    });
    // Taken for "no description", the instance would never be known to recognise a repeated
    // reference, and every order in doubt would wait for a person.
    await expect(client.capabilities()).rejects.toMatchObject({ status: 307 });
    await expect(client.capabilities()).rejects.toMatchObject({ status: 307 });
    await expect(client.capabilities()).resolves.toMatchObject({ recognisesClientReference: true });
    expect(trap.heard).toEqual([]);
  });

  it("an older Counter's needs-fix on an answer that said nothing is in doubt after the upgrade, and goes by itself", async () => {
    const { sim, client, order } = await instance();
    const file = join(tempDir('redirect-upgrade'), 'counter.sqlite');
    const older = openDatabase(file, { migrations: migrations.filter((m) => m.version <= 22) });
    // What the older version stored for a 307: needs-fix, no field errors, no message, nothing else.
    const silent = insertOutboxOrder(older, order);
    olderClaim(older, silent.id);
    recordOutboxOutcome(older, silent.id, ['sending'], { state: 'needs-fix' }, new Date());
    // A real refusal keeps its words and stays needs-fix.
    const refused = insertOutboxOrder(older, order);
    olderClaim(older, refused.id);
    recordOutboxOutcome(
      older,
      refused.id,
      ['sending'],
      { state: 'needs-fix', fieldErrors: { customerId: ['CustomerId is not valid.'] } },
      new Date(),
    );
    expect(getOutboxOrder(older, silent.id)).toMatchObject({ state: 'needs-fix', messages: null });
    older.close();

    const upgraded = openDatabase(file);
    cleanup.push(() => {
      upgraded.close();
    });
    const outbox = outboxOn(client, upgraded);
    const upgradedOrder = outbox.get(silent.id);
    expect(upgradedOrder?.state).toBe('in-doubt');
    expect(upgradedOrder?.messages?.join(' ')).toContain(silent.clientReference);
    expect(outbox.get(refused.id)?.state).toBe('needs-fix');

    outbox.start();
    const sent = await reaches(outbox, silent.id, 'sent');
    expect(storedWith(sim, silent.clientReference)).toEqual([sent.remoteId]);
    expect(outbox.get(refused.id)?.state).toBe('needs-fix');
  });
});
