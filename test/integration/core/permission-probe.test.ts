// Whether orders can be placed, on an instance that checks an order's body before the role's
// permission: its answer to the empty-order probe is a 400 whatever the role, so the probe cannot
// tell. Once an order of this till is refused for the permission (403) while the probe still says
// 400, the status bar keeps saying orders cannot be sent, through coming online again and Test
// connection, until an order of this till is stored again.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callCore } from '../../support/synced-core.ts';
import type { ConnectionView, OutboxEntryView } from '../../../contract/contract.ts';
import { openDatabase } from '../../../db/database.ts';
import { insertOutboxOrder } from '../../../db/outbox.ts';
import { Core } from '../../../main/core/core.ts';
import { MemoryCredentialStore } from '../../../main/settings/credentials.ts';
import { startSim, type RunningSim } from '../../../sim/server.ts';
import { sharedTempDir } from '../../support/fixtures.ts';

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
const ORDERS_CREATE = 'Permissions.Orders.Create';

let sim: RunningSim;
let core: Core;
const dataDir = sharedTempDir('permission-probe');

beforeAll(async () => {
  sim = await startSim({ size: 'small', port: 0, validatesBeforePermission: true });
  sim.admin.addClient({ ...TILL, permissions: READS });
  core = await Core.create({
    dataDir,
    credentials: new MemoryCredentialStore(),
    env: { POS_BASE_URL: sim.url, POS_CLIENT_ID: TILL.clientId, POS_CLIENT_SECRET: TILL.clientSecret },
    probeIntervalMs: 200,
    autoSync: false,
    log: () => undefined,
  });
});

afterAll(async () => {
  await core.close();
  await sim.close();
});

const call = (channel: string, input?: unknown): Promise<unknown> => callCore(core, channel, input);

const status = async () => (await call('status.get', {})) as { online: boolean; orderPermission: string };

/** The connection test's line for orders. */
async function ordersChecked() {
  const test = (await call('connection.test', {})) as ConnectionView;
  const line = test.permissions.find((p) => p.nameSaid?.key === 'featureInternetOrderCreate');
  if (line === undefined) throw new Error(`no orders line in ${JSON.stringify(test.permissions)}`);
  return line;
}

describe('an instance whose empty-order probe says nothing', () => {
  it("keeps 'orders cannot be sent' once an order was refused for the permission, until one is stored", async () => {
    // The probe's 400 is taken at its word at first: nothing yet says otherwise.
    await vi.waitFor(
      async () => expect(await status()).toMatchObject({ online: true, orderPermission: 'granted' }),
      { timeout: 10_000 },
    );

    const db = openDatabase(join(dataDir, 'counter.sqlite'));
    const order = insertOutboxOrder(db, {
      customerId: 1,
      warehouseId: 1,
      items: [{ productId: 1, quantity: 1 }],
    });
    db.close();
    const [refused] = (await call('outbox.replay', {})) as OutboxEntryView[];
    expect(refused).toMatchObject({ state: 'blocked', permission: ORDERS_CREATE });
    expect(await status()).toMatchObject({ orderPermission: 'lacking' });

    // Test connection asks the probe again: its 400 is no answer here.
    const line = await ordersChecked();
    expect(line.status).toBe('unknown');
    expect(line.detailSaid?.map((s) => s.key)).toEqual(['permProbeUntold']);
    expect(await status()).toMatchObject({ orderPermission: 'lacking' });

    // Offline and back: the probe on coming online does not clear it either.
    await sim.faults.setOffline(true);
    await vi.waitFor(async () => expect((await status()).online).toBe(false), { timeout: 10_000 });
    await sim.faults.setOffline(false);
    await vi.waitFor(async () => expect((await status()).online).toBe(true), { timeout: 10_000 });
    expect((await ordersChecked()).status).toBe('unknown');
    expect(await status()).toMatchObject({ orderPermission: 'lacking' });

    // Granted on the instance, the refused order sent again by a person: stored, so orders can be placed.
    sim.admin.addClient({ ...TILL, permissions: [...READS, ORDERS_CREATE] });
    const again = { id: order.id, order: order.payload };
    expect(await call('outbox.resend', again)).toMatchObject({ state: 'sent' });
    expect(await status()).toMatchObject({ orderPermission: 'granted' });
  });
});
