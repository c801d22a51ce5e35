// A day's shift through the core against the real sim, and `pos shift` in a real process on the same
// data folder: a sale refused with no shift open; a cashier signs in, the float, cash and card sales,
// a void, cash paid out, a sale queued while the instance is away, the X report; the close with a
// difference over the limit that waits for the manager PIN; the Z report `pos shift --last --json`
// prints as it was at close; the queued sale acknowledged later and shown so beside it.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoEnv, sharedTempDir } from '../../support/fixtures.ts';
import { startSyncedCore, type SyncedCore } from '../../support/synced-core.ts';
import { SELLS_PLAINLY } from '../../support/terminal.ts';
import type {
  CashiersView,
  OutboxEntryView,
  ShiftReportView,
  ShiftStateView,
} from '../../../contract/contract.ts';
import { openDatabase } from '../../../db/database.ts';
import { type RunningSim } from '../../../sim/server.ts';

let sim: RunningSim;
let till: SyncedCore;
const dataDir = sharedTempDir('shift-day');
let stockItems: number[] = [];

beforeAll(async () => {
  till = await startSyncedCore({ dataDir, openShift: false });
  ({ sim } = till);
  // Four sellable goods of warehouse 1 as the synced cache holds them (read beside the core).
  const db = openDatabase(join(dataDir, 'counter.sqlite'));
  try {
    stockItems = db
      .prepare(
        `SELECT id FROM stock_item WHERE warehouseId = 1 AND ${SELLS_PLAINLY} AND price < 1000
          ORDER BY id LIMIT 4`,
      )
      .pluck()
      .all() as number[];
  } finally {
    db.close();
  }
  expect(stockItems).toHaveLength(4);
}, 90_000);

afterAll(() => till.close());

function call(channel: string, input: unknown): Promise<unknown> {
  return till.call(channel, input);
}

function refusal(channel: string, input: unknown) {
  return till.refusal(channel, input);
}

/** Adds one stock item and places the sale with `tender`; the order as stored. */
async function sale(stockItemId: number, tender: unknown): Promise<OutboxEntryView> {
  await call('session.addStockItem', { stockItemId });
  return ((await call('session.close', { tender })) as { order: OutboxEntryView }).order;
}

async function orderState(id: number | string): Promise<string | undefined> {
  return ((await call('outbox.list', {})) as OutboxEntryView[]).find((o) => o.id === id)?.state;
}

const cli = join(import.meta.dirname, '..', '..', '..', 'main', 'cli', 'index.ts');
function pos(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cli, ...args],
      { env: { PATH: process.env.PATH ?? '', HOME: dataDir, ...demoEnv(sim.url, dataDir) }, timeout: 30_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
      },
    );
  });
}

const cents = (n: number): number => Math.round(n * 100);

describe("a till's shift, through the core and pos shift", { timeout: 120_000 }, () => {
  afterAll(() => sim.faults.setOffline(false));

  it("refuses a sale with no shift open with 'shift-closed', keeping the sale on the counter", async () => {
    expect(await call('shift.current', {})).toEqual({ open: null, required: true });
    await call('session.addStockItem', { stockItemId: stockItems[0] });
    const refused = await refusal('session.close', { tender: { method: 'card' } });
    expect(refused).toMatchObject({ code: 'shift-closed', said: [{ key: 'shiftClosed' }] });
    expect(refused.message).toBe(
      'No shift is open at this till: open one with the float counted into the drawer first.',
    );
    expect(await call('outbox.list', {})).toEqual([]);
    expect(((await call('session.current', {})) as { lines: unknown[] }).lines).toHaveLength(1);
    await call('session.cancel', {});
  });

  it('runs a day: float, sales, a void, paid out, one queued; X; a close the manager approves; the Z later', async () => {
    // Jana signs in with her own PIN; from now on the till records who did what.
    const added = (await call('cashier.add', { name: 'Jana', pin: '4821' })) as CashiersView;
    const jana = added.cashiers.find((c) => c.name === 'Jana');
    expect(jana).toBeDefined();
    expect(await refusal('cashier.signIn', { id: jana?.id, pin: '0000' })).toMatchObject({
      code: 'rejected',
      said: [{ key: 'cashierPinWrong', values: { name: 'Jana', tries: 4 } }],
    });
    expect((await refusal('shift.open', { float: 1500 })).code).toBe('signed-out');
    expect(((await call('cashier.signIn', { id: jana?.id, pin: '4821' })) as CashiersView).signedIn).toEqual(
      jana,
    );

    const opened = (await call('shift.open', { float: 1500 })) as ShiftReportView;
    expect(opened).toMatchObject({ state: 'open', float: 1500, openedBy: jana, expectedCash: 1500 });
    expect((await refusal('shift.open', { float: 1 })).said).toEqual([
      { key: 'shiftAlreadyOpen', values: { id: opened.id, since: opened.openedAt } },
    ]);
    expect((await refusal('shift.open', { float: 1.005 })).code).toBe('invalid-input');

    const cash = await sale(stockItems[0] ?? 0, { method: 'cash', given: 5000 });
    const card = await sale(stockItems[1] ?? 0, { method: 'card' });
    await call('session.addStockItem', { stockItemId: stockItems[2] });
    await call('session.cancel', {});
    await call('shift.cash', { direction: 'out', amount: 100, reason: 'window cleaner' });
    await vi.waitFor(async () => {
      expect(await orderState(cash.id)).toBe('sent');
      expect(await orderState(card.id)).toBe('sent');
    });
    // The instance goes away until after the close: the last sale waits in the outbox.
    await sim.faults.setOffline(true);
    const queued = await sale(stockItems[3] ?? 0, { method: 'card' });
    await vi.waitFor(async () => expect(await orderState(queued.id)).toBe('queued'), { timeout: 20_000 });

    const x = ((await call('shift.current', {})) as ShiftStateView).open;
    expect(x).not.toBeNull();
    const totals = x?.saleOrders.map((s) => s.total) ?? [];
    const [cashTotal = 0, cardTotal = 0, queuedTotal = 0] = totals;
    // Cash is counted in whole crowns (Settings' cash rounding, the currency's own: the demo's
    // receivables are in CZK), and the demo's prices end in haléře: the cash sale was rounded.
    const settings = (await call('settings.get', {})) as { currency: string | null; cashRounding: string };
    expect(settings).toMatchObject({ currency: 'CZK', cashRounding: 'currency' });
    const cashPaid = Math.round(cashTotal);
    expect(cents(cashPaid)).not.toBe(cents(cashTotal));
    expect(x).toMatchObject({
      kind: 'X',
      sales: { count: 3, gross: (cents(cashTotal) + cents(cardTotal) + cents(queuedTotal)) / 100 },
      byMethod: { cash: cashPaid, card: (cents(cardTotal) + cents(queuedTotal)) / 100 },
      rounding: (cents(cashPaid) - cents(cashTotal)) / 100,
      voids: { count: 1 },
      paidOut: 100,
      cashTaken: 5000,
      changeGiven: 5000 - cashPaid,
      // 1500 + 5000 - (5000 - the cash total in whole crowns) - 100
      expectedCash: 1500 + cashPaid - 100,
      byCashier: [{ cashierId: jana?.id, name: 'Jana', sales: { count: 3 }, voids: { count: 1 } }],
      orders: { placed: 3, acknowledged: 2, queued: 1 },
    });
    expect(x?.voids.gross).toBeGreaterThan(0);
    // The till's receipt numbers run on without a gap; the report names the shift's first and last.
    const numbers = x?.saleOrders.map((s) => s.receiptNumber) ?? [];
    const first = numbers[0] ?? 0;
    expect(numbers).toEqual([first, first + 1, first + 2]);
    expect(x?.receiptNumbers).toEqual({ first, last: first + 2 });
    expect(x?.saleOrders.map((s) => [s.orderId, s.state, s.remoteId !== undefined])).toEqual([
      [cash.id, 'sent', true],
      [card.id, 'sent', true],
      [queued.id, 'queued', false],
    ]);

    // The close: a manager PIN and a limit of 0.50; the drawer is 1.00 short.
    await call('settings.set', { managerPin: '2468', cashDifferenceLimit: 0.5 });
    await call('manager.lock', {});
    const expected = x?.expectedCash ?? 0;
    const counted = (cents(expected) - 100) / 100;
    const locked = await refusal('shift.close', { counted });
    expect(locked).toMatchObject({
      code: 'locked',
      said: [{ key: 'lockedShiftDifference', values: { difference: '-1.00', limit: '0.50' } }],
    });
    expect(((await call('shift.current', {})) as ShiftStateView).open?.id).toBe(opened.id);
    expect(await call('manager.unlock', { pin: '2468' })).toMatchObject({ open: true });
    const z = (await call('shift.close', { counted })) as ShiftReportView;
    expect(z).toMatchObject({
      kind: 'Z',
      state: 'closed',
      closedBy: jana,
      countedCash: counted,
      difference: -1,
      differenceLimit: 0.5,
      overLimit: true,
      managerApproved: true,
      orders: { placed: 3, acknowledged: 2, queued: 1 },
    });
    expect(await call('shift.current', {})).toEqual({ open: null, required: true });

    // pos shift --last --json, a real process on the same folder: the Z report as it was at close.
    const printed = await pos(['shift', '--last', '--json']);
    expect(printed.code, printed.stderr).toBe(0);
    const fromCli = JSON.parse(printed.stdout) as ShiftReportView;
    expect({ ...fromCli, followUp: undefined }).toEqual({ ...z, followUp: undefined });
    expect(fromCli.followUp?.orders).toMatchObject({ acknowledged: 2, queued: 1 });

    // The instance is back: the queued sale goes, and the closed shift's report shows when.
    await sim.faults.setOffline(false);
    await vi.waitFor(async () => expect(await orderState(queued.id)).toBe('sent'), { timeout: 20_000 });
    const later = (await call('shift.last', {})) as ShiftReportView;
    expect(later.orders).toEqual(z.orders);
    expect(later.saleOrders).toEqual(z.saleOrders);
    expect(later.followUp?.orders).toMatchObject({ placed: 3, acknowledged: 3, queued: 0 });
    const followed = later.followUp?.saleOrders.find((s) => s.orderId === queued.id);
    expect(followed?.state).toBe('sent');
    expect(followed?.remoteId).toBeTypeOf('number');
    expect(Date.parse(followed?.acknowledgedAt ?? '')).toBeGreaterThan(Date.parse(z.closedAt ?? ''));
    const text = await pos(['shift', '--last']);
    expect(text.stdout).toContain(
      'orders: 3 placed, 3 acknowledged by the instance (now; at close: 2 acknowledged); every sale reached the instance.',
    );
  });
});
