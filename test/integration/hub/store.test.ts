// Two tills' cores (each its own data folder and sim) joined to one real nats-server by POS_STORE_HUB:
// a sale and cash paid in at till 1 show in till 2's store shift view and in `pos shift --store
// --json` on till 2's folder; the status bar says when the hub is out of reach and since when; the
// hub killed with kill -9 and brought back loses nothing; no password reaches a screen's answer.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubView, StatusView, StoreShiftView } from '../../../contract/contract.ts';
import { openDatabase } from '../../../db/database.ts';
import { lastJournalSeq } from '../../../db/journal.ts';
import { demoEnv, sharedTempDir } from '../../support/fixtures.ts';
import { startTestHub, type TestHub } from '../../support/nats-hub.ts';
import { tillUsers } from '../../support/store-till.ts';
import { startSyncedCore, type SyncedCore } from '../../support/synced-core.ts';
import { SELLS_PLAINLY } from '../../support/terminal.ts';

let hub: TestHub;
let till1: SyncedCore;
let till2: SyncedCore;
const dir1 = sharedTempDir('store-till1');
const dir2 = sharedTempDir('store-till2');
let stockItem = 0;

const hubEnv = (till: string) => ({ POS_STORE_HUB: hub.tillUrl(till) });

describe('the store through the hub, two tills', { timeout: 180_000 }, () => {
  beforeAll(async () => {
    hub = await startTestHub(tillUsers('till1', 'till2'), { shared: true });
    till1 = await startSyncedCore({ dataDir: dir1, env: hubEnv('till1') });
    till2 = await startSyncedCore({ dataDir: dir2, env: hubEnv('till2') });
    const db = openDatabase(join(dir1, 'counter.sqlite'));
    try {
      stockItem = db
        .prepare(
          `SELECT id FROM stock_item WHERE warehouseId = 1 AND ${SELLS_PLAINLY} AND price < 1000 LIMIT 1`,
        )
        .pluck()
        .get() as number;
    } finally {
      db.close();
    }
  }, 180_000);

  afterAll(async () => {
    await till1.close();
    await till2.close();
    await hub.stop();
  });

  const shifts = async () => (await till2.call('store.shifts', {})) as StoreShiftView;
  const status = async () => ((await till2.call('status.get', {})) as StatusView).storeHub;
  const sell = async () => {
    await till1.call('session.addStockItem', { stockItemId: stockItem });
    const closed = (await till1.call('session.close', { tender: { method: 'cash', given: 5000 } })) as {
      order: { total?: number };
    };
    return closed;
  };
  const tillOne = async () => (await shifts()).tills.find((t) => t.till === 'till1')?.shift;

  it("shows till 1's sale and cash paid in at till 2, and its status", async () => {
    await expect.poll(status, { timeout: 30_000 }).toEqual({ connected: true, downSince: null });
    await till1.call('shift.cash', { direction: 'in', amount: 100, reason: 'change' });
    await sell();
    await expect.poll(async () => (await tillOne())?.sales, { timeout: 30_000 }).toBe(1);
    const view = await shifts();
    expect(view.tills.map((t) => [t.till, t.self])).toEqual([
      ['till2', true],
      ['till1', false],
    ]);
    const one = await tillOne();
    expect(one).toMatchObject({ floatMinor: 0, cashInMinor: 10_000, cashOutMinor: 0 });
    expect(one?.expectedCashMinor).toBe(10_000 + (one?.cashSalesMinor ?? 0));
    expect(one?.salesMinor).toBeGreaterThan(0);
    expect(view.total).toMatchObject({ sales: 1, openShifts: 2, salesMinor: one?.salesMinor });
  });

  it('says at till 2 since when the hub is out of reach, and loses nothing through a kill -9', async () => {
    await hub.kill9();
    await expect.poll(async () => (await status())?.connected, { timeout: 30_000 }).toBe(false);
    expect((await status())?.downSince).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Till 1 sells on alone.
    await sell();
    await sell();
    await hub.start();
    await expect.poll(async () => (await tillOne())?.sales, { timeout: 60_000 }).toBe(3);
    await expect.poll(status, { timeout: 30_000 }).toEqual({ connected: true, downSince: null });
  });

  it('says which tills it sees and how far behind, and never a password', async () => {
    // Till 1's journal: its shift, the cash, three sales and each order's acknowledgement by the sim.
    const journaled = () => {
      const db = openDatabase(join(dir1, 'counter.sqlite'));
      try {
        return lastJournalSeq(db);
      } finally {
        db.close();
      }
    };
    await expect
      .poll(
        async () => {
          const seen = ((await till2.call('hub.get', {})) as HubView).seen;
          return seen.length === 1 && seen[0]?.applied === journaled() ? seen : [];
        },
        { timeout: 30_000 },
      )
      .toEqual([{ till: 'till1', applied: journaled(), behind: 0 }]);
    expect(journaled()).toBeGreaterThanOrEqual(5);
    const view = (await till2.call('hub.get', {})) as HubView;
    expect(view).toMatchObject({ source: 'env', till: 'till2', passwordSet: true, connected: true });
    expect(JSON.stringify(view)).not.toContain(hub.password('till2'));
  });

  it("prints the store view with pos shift --store --json on the till's folder", async () => {
    const cli = join(import.meta.dirname, '..', '..', '..', 'main', 'cli', 'index.ts');
    const out = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [cli, 'shift', '--store', '--json'],
        {
          env: {
            PATH: process.env.PATH ?? '',
            HOME: dir2,
            ...demoEnv(till2.sim.url, dir2),
            ...hubEnv('till2'),
          },
          timeout: 60_000,
        },
        (error, stdout, stderr) =>
          resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
      );
    });
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    const printed = JSON.parse(out.stdout) as Omit<StoreShiftView, 'connected'>;
    const inApp = await shifts();
    expect(printed).toEqual({ hub: inApp.hub, tills: inApp.tills, total: inApp.total });
  });
});
