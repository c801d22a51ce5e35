// An order whose answer is dripped a byte at a time and never finishes (the hostile proxy in front of
// the real sim): the request's deadline ends the wait, and since the order was sent and may be
// stored, it is in doubt. It is never resent on a guess: only where the instance recognises a
// repeated client reference, which then settles it as the same order.
import { afterEach, describe, expect, it } from 'vitest';
import { Outbox } from '../../../main/outbox/index.ts';
import { ServiceClient } from '../../../main/service/index.ts';
import type { RunningSim } from '../../../sim/server.ts';
import { DEMO, simForTest, tempDb } from '../../support/fixtures.ts';
import { startHostileProxy, type HostileProxy } from '../../support/hostile-proxy.ts';
import { findOrderData } from './order-data.ts';

const ORDER_PATH = '^/api/documents/orders/internet$';
const FAST = { retryBackoff: { baseMs: 20, maxMs: 200 }, probeBackoff: { baseMs: 20, maxMs: 200 } };
// The request deadline under test. Every request of the test goes through this client (the token,
// the catalogue it reads, the replay), so it is long enough for a loaded machine to answer them: a
// drip that never ends passes any deadline, however long. 0.3 s failed on a loaded CI run (`.ci/repeat
// --load`): the token request itself took longer.
const DEADLINE_MS = 5_000;
// A backstop for the unfixed client, which waits for the answer for ever: not a speed limit.
const BACKSTOP_MS = 60_000;

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

async function setUp(detectsDuplicateOrders: boolean): Promise<{
  sim: RunningSim;
  proxy: HostileProxy;
  outbox: Outbox;
  order: { customerId: number; warehouseId: number; items: { productId: number; quantity: number }[] };
}> {
  const sim = await simForTest({ detectsDuplicateOrders });
  const proxy = await startHostileProxy(sim.url);
  cleanup.push(() => proxy.close());
  const client = new ServiceClient({ baseUrl: proxy.url, ...DEMO }, { requestDeadlineMs: DEADLINE_MS });
  cleanup.push(() => client.close());
  const { db } = tempDb('deadline');
  const outbox = new Outbox(db, client, FAST);
  cleanup.push(() => outbox.stop());
  const data = await findOrderData(client);
  return {
    sim,
    proxy,
    outbox,
    order: {
      customerId: data.customerId,
      warehouseId: data.warehouseId,
      items: [{ productId: data.productId, quantity: 1 }],
    },
  };
}

function storedWith(sim: RunningSim, reference: string): number[] {
  return sim.admin
    .listOrders()
    .filter((o) => o.clientReference === reference)
    .map((o) => o.id);
}

describe('an order answer dripped past the deadline', () => {
  it(
    'is in doubt, and held for a person where the instance does not recognise a repeated reference',
    async () => {
      const { sim, proxy, outbox, order } = await setUp(false);
      proxy.rule({ method: 'POST', path: ORDER_PATH, drip: { everyMs: 10, endless: true } });
      const placed = await outbox.place(order);
      expect(placed.state).toBe('in-doubt');
      expect(placed.messages).toEqual([
        'POST /api/documents/orders/internet took longer than the 5 s a request may take',
        `The order may have reached the service. Client reference ${placed.clientReference}.`,
      ]);
      // The instance stored it: the answer only never finished.
      const stored = storedWith(sim, placed.clientReference);
      expect(stored).toHaveLength(1);
      proxy.clear();
      expect((await outbox.replay({ ignoreSchedule: true })).attempted).toBe(0);
      expect(outbox.get(placed.id)?.state).toBe('in-doubt');
      expect(storedWith(sim, placed.clientReference)).toEqual(stored);
    },
    BACKSTOP_MS,
  );

  it(
    'is in doubt, then settled as the same order where the instance recognises the reference',
    async () => {
      const { sim, proxy, outbox, order } = await setUp(true);
      proxy.rule({ method: 'POST', path: ORDER_PATH, drip: { everyMs: 10, endless: true } });
      const placed = await outbox.place(order);
      expect(placed.state).toBe('in-doubt');
      const stored = storedWith(sim, placed.clientReference);
      expect(stored).toHaveLength(1);
      proxy.clear();
      await outbox.replay({ ignoreSchedule: true });
      expect(outbox.get(placed.id)).toMatchObject({
        state: 'sent',
        remoteId: stored[0],
        code: 'DuplicateRequest',
      });
      expect(storedWith(sim, placed.clientReference)).toEqual(stored);
    },
    BACKSTOP_MS,
  );
});
