// What the till knows before the customer pays, through the core against the real sim: whether this
// client may create orders is in the status as soon as the instance comes online (an empty order the
// instance refuses as invalid: nothing is written), after a connection test, and after an order's own
// 403; the demo sells without a card to its own walk-in customer until someone chooses, and another
// instance asks again; a tender's amounts are Money (the currency's main unit, two decimals).
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO, tempDir } from '../../support/fixtures.ts';
import { openDatabase } from '../../../db/database.ts';
import { insertOutboxOrder } from '../../../db/outbox.ts';
import type { Envelope } from '../../../contract/contract.ts';
import { startSim, type RunningSim } from '../../../sim/server.ts';
import { MemoryCredentialStore } from '../../../main/settings/credentials.ts';
import { Core } from '../../../main/core/core.ts';

/** Every permission Counter reads with (README), but not the one to create orders. */
const READS = [
  'Permissions.StockItems.View',
  'Permissions.ItemLists.View',
  'Permissions.Companies.View',
  'Permissions.Product.View',
  'Permissions.FinancialReceivables.View',
  'Permissions.PointOfSale.View',
];
const TILL = { clientId: 'till-without-orders', clientSecret: 'till-without-orders-secret' };

let sim: RunningSim;
const cleanup: (() => Promise<void>)[] = [];

beforeAll(async () => {
  sim = await startSim({ size: 'small', port: 0 });
});
afterAll(() => sim.close());
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function core(options: { env?: Record<string, string>; demo?: boolean } = {}) {
  const dataDir = tempDir('pay-gate');
  const c = await Core.create({
    dataDir,
    credentials: new MemoryCredentialStore(),
    env: options.env ?? {},
    probeIntervalMs: 200,
    autoSync: false,
    log: () => undefined,
    ...(options.demo === true
      ? {
          startDemo: () =>
            Promise.resolve({ url: sim.url, walkInCustomerId: 3, close: () => Promise.resolve() }),
        }
      : {}),
  });
  cleanup.push(() => c.close());
  return { c, dataDir };
}

function value(envelope: Envelope): unknown {
  if (!envelope.ok) throw new Error(`call failed: ${envelope.error.code} ${envelope.error.message}`);
  return envelope.value;
}

describe('before the customer pays', () => {
  it('says orders cannot be sent as soon as the instance comes online, clears it on a test after the grant, and learns it again from a 403 order', async () => {
    sim.admin.addClient({ ...TILL, permissions: READS });
    const ordersBefore = sim.admin.listOrders().length;
    const { c, dataDir } = await core({
      env: { POS_BASE_URL: sim.url, POS_CLIENT_ID: TILL.clientId, POS_CLIENT_SECRET: TILL.clientSecret },
    });
    const events: string[] = [];
    c.subscribe((name, payload) => events.push(`${name} ${JSON.stringify(payload)}`));
    const status = async () => value(await c.invoke('status.get', {})) as Record<string, unknown>;
    // No sale, no connection test: coming online asks.
    await vi.waitFor(
      async () => expect(await status()).toMatchObject({ online: true, orderPermission: 'lacking' }),
      {
        timeout: 10_000,
      },
    );
    expect(events.filter((e) => e.startsWith('status.changed')).at(-1)).toContain(
      '"orderPermission":"lacking"',
    );
    // The probe wrote nothing.
    expect(sim.admin.listOrders()).toHaveLength(ordersBefore);

    // The administrator grants it: said once someone asks (Test connection).
    sim.admin.addClient({ ...TILL, permissions: [...READS, 'Permissions.Orders.Create'] });
    expect(await status()).toMatchObject({ orderPermission: 'lacking' });
    value(await c.invoke('connection.test', {}));
    expect(await status()).toMatchObject({ orderPermission: 'granted' });

    // Taken away again: the first order refused with 403 for it says so.
    sim.admin.addClient({ ...TILL, permissions: READS });
    const db = openDatabase(join(dataDir, 'counter.sqlite'));
    insertOutboxOrder(db, { customerId: 1, warehouseId: 1, items: [{ productId: 1, quantity: 1 }] });
    db.close();
    const replayed = value(await c.invoke('outbox.replay', {})) as { state: string; permission?: string }[];
    expect(replayed).toEqual([
      expect.objectContaining({ state: 'blocked', permission: 'Permissions.Orders.Create' }),
    ]);
    expect(await status()).toMatchObject({ orderPermission: 'lacking' });
  });

  it('with every permission, the probe on coming online says granted', async () => {
    const { c } = await core({
      env: { POS_BASE_URL: sim.url, POS_CLIENT_ID: DEMO.clientId, POS_CLIENT_SECRET: DEMO.clientSecret },
    });
    await vi.waitFor(
      async () =>
        expect(value(await c.invoke('status.get', {}))).toMatchObject({ orderPermission: 'granted' }),
      { timeout: 10_000 },
    );
  });

  it("sells on the demo to the demo's walk-in customer until someone chooses; another instance asks again", async () => {
    const { c } = await core({ demo: true });
    const settings = async () => value(await c.invoke('settings.get', {})) as Record<string, unknown>;
    const walkIn = async () => (value(await c.invoke('session.current', {})) as { walkIn?: unknown }).walkIn;
    expect(await settings()).toMatchObject({ walkInCustomer: { companyId: 3 }, walkInChosen: false });
    expect(await walkIn()).toMatchObject({ companyId: 3 });
    // A card for every sale, chosen on purpose: the demo's default is gone.
    value(await c.invoke('settings.set', { walkInCustomer: null }));
    expect(await settings()).toMatchObject({ walkInCustomer: null, walkInChosen: true });
    expect(await walkIn()).toBeNull();
    // A real instance: nobody chose for it yet, and it has no default (its first run asks).
    value(await c.invoke('settings.set', { instanceUrl: sim.url, ...DEMO }));
    expect(await settings()).toMatchObject({ source: 'settings', walkInCustomer: null, walkInChosen: false });
    expect(await walkIn()).toBeNull();
  });

  it("takes a tender's amounts as Money: a number of the currency with two decimals at most", async () => {
    const { c } = await core({ demo: true });
    for (const tender of [
      { method: 'cash', given: '500' },
      { method: 'cash', given: 412.505 },
      { method: 'split', card: -1 },
      { method: 'card', given: 10 },
    ]) {
      const refused = await c.invoke('session.close', { tender });
      expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    }
  });
});
