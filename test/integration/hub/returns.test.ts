// Returns at any till of the store (issue 38, point 3), through a real nats-server: a sale made at
// till 1 is found at till 2 from the journal it applied and taken back there, each line's quantity
// claimed in the store's bucket first; two tills taking back the same line at the same instant never
// both succeed; without the hub a till takes back its own sales as before, and another till's only
// with the manager's PIN, saying why. Real SQLite files, the app's returns area (main/areas/returns.ts).
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/database.ts';
import { hashPin } from '../../../main/settings/manager-pin.ts';
import { tempDir } from '../../support/fixtures.ts';
import type { Db } from '../../../db/database.ts';
import { applyStoreEvent, storeEvents } from '../../../db/journal.ts';
import { getOutboxOrder } from '../../../db/outbox.ts';
import { buildReturns } from '../../../main/areas/returns.ts';
import type { StoreHub } from '../../../main/hub/index.ts';
import { ReturnError, returnView, type MadeReturn, type ReturnRequest } from '../../../main/returns/index.ts';
import { storeShifts } from '../../../main/hub/index.ts';
import { SettingsStore } from '../../../main/settings/store.ts';
import { words } from '../../../contract/core-words.ts';
import { startTestHub, type HubLogin } from '../../support/nats-hub.ts';
import { joinHub, openShift, openTillDb, sell, tillUsers } from '../../support/store-till.ts';

interface Till {
  readonly name: string;
  readonly db: Db;
  readonly hub: StoreHub;
  make(request: ReturnRequest): Promise<MadeReturn>;
  find(text: string): ReturnType<ReturnType<typeof buildReturns>['returns']['find']>;
}

function till(name: string, on: HubLogin): Till {
  const db = openTillDb(name);
  const hub = joinHub(db, name, on);
  const area = buildReturns({ db, settings: new SettingsStore(db), store: () => ({ till: name, hub }) });
  return { name, db, hub, make: async (r) => area.make(r), find: (t) => area.returns.find(t) };
}

/** The sale's reference: what its receipt's QR holds. */
function reference(db: Db, orderId: number): string {
  const order = getOutboxOrder(db, orderId);
  if (order === undefined) throw new Error(`no order ${orderId}`);
  return order.clientReference;
}

async function refused(p: Promise<unknown>): Promise<ReturnError> {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ReturnError)) throw new Error(`expected a ReturnError, got ${String(error)}`);
  return error;
}

/** Waits until `t` has applied `count` events of `from`. */
async function applied(t: Till, from: Till, count: number): Promise<void> {
  await expect
    .poll(() => storeEvents(t.db, from.name).length, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(count);
}

describe('returns across the store', { timeout: 120_000 }, () => {
  it('takes back at till 2 a sale of till 1, and the same units never come back twice', async () => {
    const hub = await startTestHub(tillUsers('till1', 'till2'));
    const one = till('till1', hub);
    const two = till('till2', hub);
    openShift(one.db);
    openShift(two.db);
    const orderId = sell(one.db, 5, 3, new Date(), 'A1');
    await applied(two, one, 2);

    // Found at till 2 by the receipt's number as printed at till 1, and by its QR.
    const sale = two.find('a1-1');
    expect(sale).toMatchObject({ till: 'till1', orderId, receipt: 'A1-000001' });
    expect(sale.lines).toEqual([
      expect.objectContaining({ productId: 5, quantityMilli: 3000, leftMilli: 3000 }),
    ]);
    expect(two.find(reference(one.db, orderId)).till).toBe('till1');

    const made = await two.make({ receipt: 'A1-000001', items: [{ productId: 5, quantity: 2 }] });
    const view = returnView(two.db, made.row.id);
    expect(view).toMatchObject({ saleTill: 'till1', receipt: 'A1-000001', total: 20, refund: { cash: 20 } });
    expect(view?.lines).toEqual([expect.objectContaining({ productId: 5, quantity: 2, vatRate: 21 })]);

    // Till 1 learns of it from till 2's journal; the hub's claim holds even before it has.
    expect(
      (await refused(one.make({ receipt: 'A1-000001', items: [{ productId: 5, quantity: 2 }] }))).code,
    ).toBe('too-much');
    await expect.poll(() => one.find('A1-000001').lines[0]?.leftMilli, { timeout: 30_000 }).toBe(1000);
    // The last unit comes back at till 1, its own sale; then nothing is left anywhere.
    await one.make({ receipt: 'A1-000001', items: [{ productId: 5, quantity: 1 }] });
    await expect.poll(() => two.find('A1-000001').lines[0]?.leftMilli, { timeout: 30_000 }).toBe(0);
    expect(
      (await refused(two.make({ receipt: 'A1-000001', items: [{ productId: 5, quantity: 1 }] }))).code,
    ).toBe('too-much');
  });

  it('lets only one of two tills take back the same line at the same instant', async () => {
    const hub = await startTestHub(tillUsers('till1', 'till2', 'till3'));
    const one = till('till1', hub);
    const two = till('till2', hub);
    const three = till('till3', hub);
    const sales = [1, 2, 3, 4, 5].map((i) => sell(one.db, 10 + i, 2));
    await applied(two, one, sales.length);
    await applied(three, one, sales.length);
    for (const orderId of sales) {
      const receipt = reference(one.db, orderId);
      // Till 1 (its own sale) and till 2 against it, then till 2 and till 3 (both another's sale).
      const pairs: [Till, Till][] = [
        [one, two],
        [two, three],
      ];
      const [a, b] = pairs[orderId % 2] ?? [two, three];
      const outcomes = await Promise.allSettled([a.make({ receipt }), b.make({ receipt })]);
      const stored = outcomes.filter((o) => o.status === 'fulfilled');
      const refusals = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
      expect(stored).toHaveLength(1);
      expect(refusals).toHaveLength(1);
      expect(refusals[0]).toBeInstanceOf(ReturnError);
      // The hub refused the loser's claim ('too-much'), or, when the winner's return reached the
      // loser's journal before the loser read the sale, the loser saw nothing left to return.
      expect(['too-much', 'nothing-left']).toContain((refusals[0] as ReturnError).code);
    }
  });

  it("without the hub: its own sales as before, another till's only with the manager's PIN", async () => {
    const hub = await startTestHub(tillUsers('till1', 'till2'));
    const one = till('till1', hub);
    const two = till('till2', hub);
    const theirs = sell(one.db, 7, 2, new Date(), 'A1');
    const mine = sell(two.db, 8, 1, new Date(), 'B1');
    await applied(two, one, 1);
    await hub.kill9();
    await expect.poll(() => two.hub.status().connected, { timeout: 30_000 }).toBe(false);

    const asked: string[] = [];
    const error = await refused(
      two.make({
        receipt: reference(one.db, theirs),
        approve: (reasons) => {
          asked.push(...reasons.map((r) => r.kind));
          return false;
        },
      }),
    );
    expect(error.code).toBe('approval');
    expect(asked).toEqual(['store']);
    expect(error.message).toBe(words('returnNeedsPinStore', { receipt: 'A1-000001', till: 'till1' }).message);

    const own = await two.make({ receipt: 'B1-000001' });
    expect(own.row).toMatchObject({ saleTill: null, managerApproved: false });
    const approved = await two.make({
      receipt: 'A1-000001',
      items: [{ productId: 7, quantity: 1 }],
      approve: () => true,
    });
    expect(approved.row).toMatchObject({ saleTill: 'till1', managerApproved: true });
    expect(mine).toBeGreaterThan(0);
  });

  it('still applies a sale event of version 1, which only its own till can take back', () => {
    const db = openTillDb('old');
    const v1 = {
      orderId: 4,
      receipt: 'Z9-000004',
      shiftId: 1,
      totalMinor: 1000,
      state: 'queued',
      warehouseId: 1,
      lines: [{ productId: 3, quantity: 1 }],
      payments: [{ method: 'cash', amountMinor: 1000 }],
    };
    const open = { shiftId: 1, floatMinor: 0, openedAt: '2026-11-28T08:00:00.000Z' };
    expect(applyStoreEvent(db, 'older', { seq: 1, kind: 'shift-open', body: open }, new Date())).toBe(true);
    expect(applyStoreEvent(db, 'older', { seq: 2, kind: 'sale', body: v1 }, new Date())).toBe(true);
    expect(applyStoreEvent(db, 'older', { seq: 2, kind: 'sale', body: v1 }, new Date())).toBe(false);
    const older = storeShifts(db, 'me', { set: true, connected: true }).tills.find((t) => t.till === 'older');
    expect(older?.shift).toMatchObject({ sales: 1, salesMinor: 1000 });
    const returns = buildReturns({ db, settings: new SettingsStore(db) }).returns;
    expect(() => returns.find('Z9-000004')).toThrow(ReturnError);
  });
});

/** `pos return ARGS --json` on a till's data folder, joined to the hub as `till` (POS_STORE_HUB). */
function posReturn(
  dataDir: string,
  hubEnv: string,
  args: readonly string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  const cli = join(import.meta.dirname, '..', '..', '..', 'main', 'cli', 'index.ts');
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cli, 'return', ...args, '--json'],
      {
        env: { PATH: process.env.PATH ?? '', HOME: dataDir, POS_DATA_DIR: dataDir, POS_STORE_HUB: hubEnv },
        timeout: 90_000,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
    );
  });
}

describe('pos return across the store', { timeout: 180_000 }, () => {
  it("takes back another till's sale through the hub, and without it only with the manager's PIN", async () => {
    const hub = await startTestHub(tillUsers('till1', 'till2'));
    const one = till('till1', hub);
    const orderId = sell(one.db, 6, 2, new Date(), 'A1');
    // Till 2's folder: no app runs on it; pos return joins the hub and catches up itself.
    const dir = tempDir('pos-return-till2');
    const settings = openDatabase(join(dir, 'counter.sqlite'));
    new SettingsStore(settings).write({ managerPinHash: hashPin('4321') });
    openShift(settings);
    settings.close();
    const env = hub.tillUrl('till2');

    // The hub up: its wait as long as the test's, so joining it is no race with a busy machine.
    const first = await posReturn(dir, env, ['A1-000001', '--item', '6=1', '--hub-wait', '80']);
    expect(first.code, first.stderr + first.stdout).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({
      saleTill: 'till1',
      receipt: 'A1-000001',
      total: 10,
      refund: { cash: 10 },
      managerApproved: false,
    });
    // Its events reached the hub before pos return ended: till 1 learns what came back.
    await expect.poll(() => one.find('A1-000001').lines[0]?.leftMilli, { timeout: 30_000 }).toBe(1000);
    expect(orderId).toBeGreaterThan(0);

    await hub.kill9();
    // The hub gone: a short wait, then on without it.
    const refusedOffline = await posReturn(dir, env, ['A1-000001', '--item', '6=1', '--hub-wait', '1']);
    expect(refusedOffline.code).toBe(1);
    expect(refusedOffline.stderr).toContain(
      words('returnNeedsPinStore', { receipt: 'A1-000001', till: 'till1' }).message,
    );
    const withPin = await posReturn(dir, env, [
      'A1-000001',
      '--item',
      '6=1',
      '--pin',
      '4321',
      '--hub-wait',
      '1',
    ]);
    expect(withPin.code, withPin.stderr).toBe(0);
    expect(JSON.parse(withPin.stdout)).toMatchObject({ saleTill: 'till1', managerApproved: true });
  });
});
