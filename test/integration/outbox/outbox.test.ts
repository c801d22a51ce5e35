// The outbox against the real sim over real HTTP: every state and transition of an order.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/database.ts';
import { claimForSending, getOutboxOrder, insertOutboxOrder } from '../../../db/outbox.ts';
import {
  Outbox,
  OrderValidationError,
  OutboxActionError,
  type OrderService,
  type OutboxEvent,
  type OutboxOrder,
  type OutboxState,
} from '../../../main/outbox/index.ts';
import { ConnectivityMonitor, ServiceClient } from '../../../main/service/index.ts';
import { startSim, type RunningSim } from '../../../sim/server.ts';
import { DEMO, simForTest, tempDb, tempDir, VIEWER } from '../../support/fixtures.ts';
import { orderDataAt, type OrderData } from './order-data.ts';
import { freePort } from '../../support/ports.ts';

const ORDER_PATH = '^/api/documents/orders/internet';
const FAST = { retryBackoff: { baseMs: 20, maxMs: 200 }, probeBackoff: { baseMs: 20, maxMs: 200 } };

let sim: RunningSim;
let data: OrderData;
const cleanup: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  sim = await startSim({ port: 0, size: 'small', seed: 4 });
  data = await orderDataAt(sim.url);
});
afterAll(async () => {
  await sim.close();
});
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
  await sim.faults.reset();
});

function demoClient(
  clientId: string = DEMO.clientId,
  options: ConstructorParameters<typeof ServiceClient>[1] = {},
): ServiceClient {
  const c = new ServiceClient(
    { baseUrl: sim.url, clientId, clientSecret: `${clientId}-secret` },
    { connectTimeoutMs: 1_000, headersTimeoutMs: 3_000, maxRetries429: 0, ...options },
  );
  cleanup.push(() => c.close());
  return c;
}

function outboxWith(client: OrderService, db = tempDb('outbox-it').db): Outbox {
  const outbox = new Outbox(db, client, FAST);
  cleanup.push(() => outbox.stop());
  return outbox;
}

const good = (): {
  customerId: number;
  warehouseId: number;
  items: { productId: number; quantity: number }[];
} => ({
  customerId: data.customerId,
  warehouseId: data.warehouseId,
  items: [{ productId: data.productId, quantity: 2 }],
});

function simOrdersWith(reference: string): number[] {
  const orders = sim.admin.listOrders();
  return orders.filter((o) => o.clientReference === reference).map((o) => o.id);
}

/** Resolves when the order reaches `state` (background sender), with the events seen. */
function waitForState(
  outbox: Outbox,
  id: number,
  state: OutboxState,
  timeoutMs = 15_000,
): Promise<OutboxOrder> {
  return new Promise((resolve, reject) => {
    const current = outbox.get(id);
    if (current?.state === state) {
      resolve(current);
      return;
    }
    const timer = setTimeout(() => {
      off();
      reject(new Error(`order ${id} did not reach ${state}; it is ${outbox.get(id)?.state ?? 'missing'}`));
    }, timeoutMs);
    const off = outbox.on((e) => {
      if (e.type === 'order' && e.order.id === id && e.order.state === state) {
        clearTimeout(timer);
        off();
        resolve(e.order);
      }
    });
  });
}

describe('placing an order', () => {
  it('stores it with a client reference and sends it at once: sent with the id the service gave', async () => {
    const outbox = outboxWith(demoClient());
    const events: OutboxEvent[] = [];
    outbox.on((e) => events.push(e));
    const order = await outbox.place({ ...good(), note: 'first' });
    expect(order.state).toBe('sent');
    expect(order.attempts).toBe(1);
    expect(order.remoteId).toEqual(expect.any(Number));
    expect(simOrdersWith(order.clientReference)).toEqual([order.remoteId]);
    const states = events.flatMap((e) => (e.type === 'order' ? [e.order.state] : []));
    expect(states).toEqual(['queued', 'sending', 'sent']);
  });

  it('refuses an order that is not an order file: nothing stored, nothing sent', async () => {
    const outbox = outboxWith(demoClient());
    const before = sim.admin.listOrders().length;
    await expect(outbox.place({ customerID: 1, items: [{ productId: 'x', quantity: 1 }] })).rejects.toThrow(
      OrderValidationError,
    );
    // Caught into a value: an assertion inside .catch() would be skipped if place() resolved.
    const refused = await outbox.place({ items: 'none' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OrderValidationError);
    expect((refused as OrderValidationError).fieldErrors).toEqual({ items: [expect.any(String)] });
    expect(outbox.list()).toEqual([]);
    expect(sim.admin.listOrders().length).toBe(before);
  });

  it('missing customer and warehouse: needs-fix with both field errors from one request; edit and resend', async () => {
    const outbox = outboxWith(demoClient());
    const order = await outbox.place({ items: [{ productId: data.productId, quantity: 1 }] });
    expect(order.state).toBe('needs-fix');
    expect(order.attempts).toBe(1);
    expect(Object.keys(order.fieldErrors ?? {}).sort()).toEqual(['customerId', 'warehouseId']);
    expect(order.messages?.join(' ')).toMatch(/CustomerId/);
    expect(order.messages?.join(' ')).toMatch(/WarehouseId/);
    expect(order.errorId).toEqual(expect.any(String));
    expect(simOrdersWith(order.clientReference)).toEqual([]);

    const fixed = await outbox.edit(order.id, good());
    expect(fixed.state).toBe('sent');
    expect(fixed.clientReference).toBe(order.clientReference);
    expect(fixed.fieldErrors).toBeNull();
    expect(simOrdersWith(order.clientReference)).toEqual([fixed.remoteId]);
  });

  it('a bad quantity names items[0].quantity', async () => {
    const outbox = outboxWith(demoClient());
    const order = await outbox.place({ ...good(), items: [{ productId: data.productId, quantity: 0 }] });
    expect(order.state).toBe('needs-fix');
    expect(Object.keys(order.fieldErrors ?? {})).toEqual(['items[0].quantity']);
  });

  it('a role without Permissions.Orders.Create: blocked, naming the permission', async () => {
    const outbox = outboxWith(demoClient(VIEWER.clientId));
    const order = await outbox.place(good());
    expect(order.state).toBe('blocked');
    expect(order.permission).toBe('Permissions.Orders.Create');
    expect(simOrdersWith(order.clientReference)).toEqual([]);
    // A replay does not pick a blocked order, and resending it is blocked again (a new token does not help).
    expect((await outbox.replay()).attempted).toBe(0);
    const again = await outbox.resend(order.id);
    expect(again.state).toBe('blocked');
    expect(again.attempts).toBe(2);
  });

  it('keeps sending across token expiry (short token lifetime)', async () => {
    const shortSim = await simForTest({ seed: 4, tokenTtlSeconds: 1 });
    const client = new ServiceClient({ baseUrl: shortSim.url, ...DEMO }, { maxRetries429: 0 });
    cleanup.push(() => client.close());
    const outbox = outboxWith(client);
    const first = await outbox.place(good());
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const second = await outbox.place(good());
    expect([first.state, second.state]).toEqual(['sent', 'sent']);
    expect(shortSim.admin.tokenRequestCount(DEMO.clientId)).toBeGreaterThanOrEqual(2);
  });

  it('a token the service no longer accepts (401): the client takes a new one and repeats once; sent', async () => {
    const client = demoClient();
    const outbox = outboxWith(client);
    expect((await outbox.place(good())).state).toBe('sent');
    const tokensBefore = sim.admin.tokenRequestCount(DEMO.clientId);
    sim.admin.revokeTokens(DEMO.clientId);
    const order = await outbox.place(good());
    expect(order).toMatchObject({ state: 'sent', attempts: 1 });
    expect(sim.admin.tokenRequestCount(DEMO.clientId)).toBe(tokensBefore + 1);
    expect(simOrdersWith(order.clientReference)).toEqual([order.remoteId]);
  });
});

describe('service trouble', () => {
  it('offline: queued; back online: the health probe sees it and the background replay sends it', async () => {
    const outbox = outboxWith(demoClient());
    outbox.start();
    await sim.faults.setOffline(true);
    const order = await outbox.place(good());
    expect(order.state).toBe('queued');
    expect(order.nextAttemptAt).toBeNull();
    expect(outbox.status().online).toBe(false);
    expect(outbox.status().probing).toBe(true);
    const second = await outbox.place(good());
    expect(second.state).toBe('queued');
    await sim.faults.setOffline(false);
    const sent = await waitForState(outbox, order.id, 'sent');
    await waitForState(outbox, second.id, 'sent');
    expect(simOrdersWith(sent.clientReference)).toEqual([sent.remoteId]);
    expect(outbox.status().online).toBe(true);
  });

  it("with the app's monitor: an unreachable attempt is reported to it at once, and its probe seeing the service back wakes the sender", async () => {
    const client = demoClient();
    // The period is an hour: the monitor learns of the outage only from the order's attempt.
    const monitor = new ConnectivityMonitor({ probe: () => client.health(), onlineEveryMs: 3_600_000 });
    cleanup.push(() => monitor.stop());
    monitor.start();
    expect(await monitor.check()).toBe(true);
    const { db } = tempDb('outbox-it');
    const stored = insertOutboxOrder(db, good());
    await sim.faults.setOffline(true);
    const heard: boolean[] = [];
    const offline = new Promise<void>((resolve) =>
      monitor.subscribe((online) => {
        heard.push(online);
        if (!online) resolve();
      }),
    );
    const outbox = new Outbox(db, client, { ...FAST, monitor });
    cleanup.push(() => outbox.stop());
    outbox.start(); // its first pass tries the order
    await offline;
    expect(outbox.get(stored.id)).toMatchObject({ state: 'queued', attempts: 1 });
    expect(outbox.status()).toMatchObject({ online: false, probing: true });
    await sim.faults.setOffline(false);
    // What the period would do an hour later; nobody calls the outbox.
    expect(await monitor.check()).toBe(true);
    const sent = await waitForState(outbox, stored.id, 'sent');
    expect(sent.attempts).toBe(2);
    expect(simOrdersWith(sent.clientReference)).toEqual([sent.remoteId]);
    expect(heard).toEqual([false, true]);
  });

  it('the service stopped, then started again on the same address: queued orders go out, and a connection destroyed after sending is in-doubt', async () => {
    const simDir = tempDir('outbox-restart');
    // A port the OS does not hand out while this sim is down (test/support/ports.ts).
    const port = await freePort();
    let own = await startSim({ port, size: 'small', seed: 4, dataDir: simDir });
    cleanup.push(() => own.close());
    const client = new ServiceClient(
      { baseUrl: own.url, ...DEMO },
      { connectTimeoutMs: 1_000, headersTimeoutMs: 3_000, maxRetries429: 0 },
    );
    cleanup.push(() => client.close());
    const outbox = outboxWith(client);
    outbox.start();
    expect((await outbox.place(good())).state).toBe('sent');

    // Accepting connections but destroying every request: it may have been read, so in-doubt.
    await own.faults.setOffline({ mode: 'destroy' });
    const destroyed = await outbox.place(good());
    expect(destroyed.state).toBe('in-doubt');
    await own.faults.setOffline(false);

    await own.close();
    const queued = await outbox.place(good());
    expect(queued.state).toBe('queued');
    own = await startSim({ port, size: 'small', seed: 4, dataDir: simDir });
    const sent = await waitForState(outbox, queued.id, 'sent');
    const settled = await waitForState(outbox, destroyed.id, 'sent');
    const refs = own.admin.listOrders().map((o) => o.clientReference);
    expect(refs.filter((r) => r === sent.clientReference)).toHaveLength(1);
    expect(refs.filter((r) => r === settled.clientReference)).toHaveLength(1);
  });

  it('500: in-doubt (the instance may have stored it), resent after a backoff where the reference is recognised', async () => {
    const outbox = outboxWith(demoClient());
    sim.faults.forceStatus({ status: 500, method: 'POST', path: ORDER_PATH, times: 1 });
    const order = await outbox.place(good());
    expect(order.state).toBe('in-doubt');
    expect(order.nextAttemptAt).toBeGreaterThan(Date.now() - 1_000);
    outbox.start();
    const sent = await waitForState(outbox, order.id, 'sent');
    expect(sent.attempts).toBe(2);
    expect(simOrdersWith(order.clientReference)).toEqual([sent.remoteId]);
  });

  it('429: queued, nothing sent before Retry-After, then sent', async () => {
    const outbox = outboxWith(demoClient());
    sim.faults.forceStatus({ status: 429, retryAfterSeconds: 1, method: 'POST', path: ORDER_PATH, times: 1 });
    const t0 = Date.now();
    const order = await outbox.place(good());
    expect(order.state).toBe('queued');
    expect(order.nextAttemptAt).toBeGreaterThanOrEqual(t0 + 1_000);
    expect(outbox.status().pausedUntil).toBe(order.nextAttemptAt);
    // Paused: a second order is stored but not tried until the pause ends.
    const other = await outbox.place(good());
    expect(other).toMatchObject({ state: 'queued', attempts: 0 });
    expect((await outbox.replay()).attempted).toBe(0);
    outbox.start();
    await waitForState(outbox, order.id, 'sent');
    await waitForState(outbox, other.id, 'sent');
  });

  it('a Retry-After stored while the clock ran a year ahead: once the clock is corrected, it is taken as now', async () => {
    const year = 365 * 24 * 60 * 60 * 1000;
    const corrected = Date.now();
    let clock = corrected + year;
    const outbox = new Outbox(tempDb('outbox-it').db, demoClient(), { ...FAST, now: () => clock });
    cleanup.push(() => outbox.stop());
    sim.faults.forceStatus({
      status: 429,
      retryAfterSeconds: 60,
      method: 'POST',
      path: ORDER_PATH,
      times: 1,
    });
    const order = await outbox.place(good());
    expect(order.state).toBe('queued');
    expect(order.nextAttemptAt).toBeGreaterThan(corrected + year);

    // The clock is set right: a time further ahead than the longest wait (an hour's Retry-After and
    // its spread) was set by a clock that ran ahead, so the pause is over and the order due now.
    clock = corrected;
    expect(outbox.status().pausedUntil).toBeNull();
    expect((await outbox.replay()).attempted).toBe(1);
    expect(outbox.get(order.id)?.state).toBe('sent');
  });

  it('needs-fix and blocked orders never hold up the others', async () => {
    const { db } = tempDb('outbox-it');
    insertOutboxOrder(db, { items: [{ productId: data.productId, quantity: 1 }] });
    insertOutboxOrder(db, good());
    insertOutboxOrder(db, good());
    const outbox = outboxWith(demoClient(), db);
    const report = await outbox.replay();
    expect(report).toEqual({ attempted: 3, unreachable: false, credentialsRefused: false });
    expect(outbox.list().map((o) => o.state)).toEqual(['needs-fix', 'sent', 'sent']);
    expect((await outbox.replay()).attempted).toBe(0);
  });
});

describe('in-doubt', () => {
  it('connection dropped after the service committed: in-doubt, then resent and settled by 409 as the same order', async () => {
    const outbox = outboxWith(demoClient());
    sim.faults.dropAfterCommit({ method: 'POST', path: ORDER_PATH, times: 1 });
    const order = await outbox.place(good());
    expect(order.state).toBe('in-doubt');
    expect(order.messages?.join(' ')).toContain(order.clientReference);
    const stored = simOrdersWith(order.clientReference);
    expect(stored).toHaveLength(1);
    outbox.start();
    const sent = await waitForState(outbox, order.id, 'sent');
    expect(sent.remoteId).toBe(stored[0]);
    expect(sent.code).toBe('DuplicateRequest');
    expect(simOrdersWith(order.clientReference)).toEqual(stored); // no duplicate
  });

  it('409 DuplicateRequest naming no order: in doubt, held for a person at once, marked sent with the number found', async () => {
    const outbox = outboxWith(demoClient());
    // The instance stores the order, then says it holds it already, naming no order (SPEC.md shows
    // neither codes nor their params).
    sim.faults.forceStatus({
      status: 409,
      code: 'DuplicateRequest',
      message: 'This request was received before.',
      afterCommit: true,
      method: 'POST',
      path: ORDER_PATH,
      times: 1,
    });
    const order = await outbox.place(good());
    expect(order).toMatchObject({ state: 'in-doubt', code: 'DuplicateRequest', attempts: 1 });
    expect(order.messages?.join(' ')).toContain(
      `already holds this order (409 DuplicateRequest) but named no order number`,
    );
    expect(order.messages?.join(' ')).toContain(order.clientReference);
    const stored = simOrdersWith(order.clientReference);
    expect(stored).toHaveLength(1);
    // This instance recognises client references, yet it is not resent: it would be answered the same.
    expect((await outbox.replay({ ignoreSchedule: true })).attempted).toBe(0);
    expect(outbox.get(order.id)).toMatchObject({ state: 'in-doubt', attempts: 1 });
    // A person looks it up by its client reference and marks it sent; nothing was sent twice.
    expect(outbox.markSent(order.id, stored[0] ?? -1)).toMatchObject({ state: 'sent', remoteId: stored[0] });
    expect(simOrdersWith(order.clientReference)).toEqual(stored);
  });

  it('an instance answering a repeat with a plain 409: in doubt, held for a person, never the order to fix', async () => {
    // Another instance: it recognises the Idempotency-Key but answers a repeat as any conflict,
    // with no DuplicateRequest code and no order number.
    const plain = await startSim({ port: 0, size: 'small', seed: 4, plainDuplicateAnswer: true });
    cleanup.push(() => plain.close());
    const client = new ServiceClient(
      { baseUrl: plain.url, clientId: DEMO.clientId, clientSecret: `${DEMO.clientId}-secret` },
      { connectTimeoutMs: 1_000, headersTimeoutMs: 3_000, maxRetries429: 0 },
    );
    cleanup.push(() => client.close());
    const outbox = outboxWith(client);
    plain.faults.dropAfterCommit({ method: 'POST', path: ORDER_PATH, times: 1 });
    const order = await outbox.place(good());
    expect(order).toMatchObject({ state: 'in-doubt', attempts: 1 });
    const stored = plain.admin.listOrders().filter((o) => o.clientReference === order.clientReference);
    expect(stored).toHaveLength(1);
    // The resend is answered 409 with no code: the order stays in doubt and is held, not needs-fix.
    expect((await outbox.replay({ ignoreSchedule: true })).attempted).toBe(1);
    const held = outbox.get(order.id);
    expect(held).toMatchObject({ state: 'in-doubt', code: 'RepeatConflict', attempts: 2 });
    expect(held?.messages?.join(' ')).toContain('answered 409 when this was sent again');
    expect((await outbox.replay({ ignoreSchedule: true })).attempted).toBe(0);
    // A person finds it by its client reference and marks it sent; the instance holds it once.
    const remoteId = stored[0]?.id ?? -1;
    expect(outbox.markSent(order.id, remoteId)).toMatchObject({ state: 'sent', remoteId });
    expect(plain.admin.listOrders().filter((o) => o.clientReference === order.clientReference)).toHaveLength(
      1,
    );
  });

  it('an instance that does not recognise client references: in-doubt is held for the operator', async () => {
    const client = demoClient();
    const noReplays: OrderService = {
      createInternetOrder: (o, opts) => client.createInternetOrder(o, opts),
      deleteInternetOrder: (id) => client.deleteInternetOrder(id),
      health: () => client.health(),
      capabilities: async () => {
        passes += 1;
        return { ...(await client.capabilities()), recognisesClientReference: false };
      },
    };
    let passes = 0;
    const outbox = outboxWith(noReplays);
    sim.faults.dropAfterCommit({ method: 'POST', path: ORDER_PATH, times: 1 });
    const held = await outbox.place(good());
    expect(held.state).toBe('in-doubt');
    expect((await outbox.replay()).attempted).toBe(0);
    expect(outbox.get(held.id)?.state).toBe('in-doubt');
    // In the background a held order stays held and does not keep the sender busy.
    outbox.start();
    const before = passes;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(passes - before).toBeLessThanOrEqual(1);
    expect(outbox.get(held.id)?.state).toBe('in-doubt');
    // The operator looks the reference up and finds it.
    const [remoteId] = simOrdersWith(held.clientReference);
    expect(remoteId).toEqual(expect.any(Number));
    expect(outbox.markSent(held.id, remoteId ?? -1)).toMatchObject({ state: 'sent', remoteId });

    // Dropped before the handler ran: the operator does not find it and resends.
    sim.faults.dropBeforeHandler({ method: 'POST', path: ORDER_PATH, times: 1 });
    const lost = await outbox.place(good());
    expect(lost.state).toBe('in-doubt');
    expect(simOrdersWith(lost.clientReference)).toEqual([]);
    const resent = await outbox.resend(lost.id);
    expect(resent.state).toBe('sent');
    expect(simOrdersWith(lost.clientReference)).toEqual([resent.remoteId]);
  });

  it('killed after committing `sending`: at start the order is in-doubt, then finished without a duplicate', async () => {
    const { db, file } = tempDb('outbox-it');
    const before = insertOutboxOrder(db, good());
    const afterAnswer = insertOutboxOrder(db, good());
    // "Killed" before the request left:
    expect(claimForSending(db, before.id, ['queued'])).toBe(true);
    // "Killed" after the service answered but before the answer was stored:
    expect(claimForSending(db, afterAnswer.id, ['queued'])).toBe(true);
    const client = demoClient();
    const created = await client.createInternetOrder(afterAnswer.payload, {
      clientReference: afterAnswer.clientReference,
    });
    db.close();

    const reopened = openDatabase(file);
    cleanup.push(() => {
      reopened.close();
    });
    const outbox = outboxWith(client, reopened);
    expect(outbox.recoverInterrupted()).toBe(2);
    expect(getOutboxOrder(reopened, before.id)?.state).toBe('in-doubt');
    outbox.start();
    const a = await waitForState(outbox, before.id, 'sent');
    const b = await waitForState(outbox, afterAnswer.id, 'sent');
    expect(simOrdersWith(before.clientReference)).toEqual([a.remoteId]);
    expect(b.remoteId).toBe(created.id);
    expect(simOrdersWith(afterAnswer.clientReference)).toEqual([created.id]);
  });
});

describe('operator actions', () => {
  it('discards an unsent order; a replay never sends it', async () => {
    const outbox = outboxWith(demoClient());
    await sim.faults.setOffline(true);
    const order = await outbox.place(good());
    await sim.faults.setOffline(false);
    expect(outbox.discard(order.id).state).toBe('discarded');
    expect((await outbox.replay()).attempted).toBe(0);
    expect(simOrdersWith(order.clientReference)).toEqual([]);
    expect(() => outbox.discard(order.id)).toThrow(OutboxActionError);
  });

  it('cancels a sent order through DELETE; a sent order with dependent records is refused as such', async () => {
    const outbox = outboxWith(demoClient());
    const order = await outbox.place(good());
    const cancelled = await outbox.cancel(order.id);
    expect(cancelled).toMatchObject({ state: 'cancelled', remoteId: order.remoteId });
    expect(simOrdersWith(order.clientReference)).toEqual([]);

    const held = await outbox.place(good());
    sim.admin.markOrderDependent(held.remoteId ?? -1);
    const refusal = await outbox.cancel(held.id).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(OutboxActionError);
    expect((refusal as OutboxActionError).reason).toBe('dependent-records');
    expect((refusal as OutboxActionError).message).toMatch(/other records depend on it/);
    expect(outbox.get(held.id)?.state).toBe('sent');
    await expect(outbox.cancel(order.id)).rejects.toThrow(/only sent orders/);
  });
});
