// Shifts on a real SQLite file, through the real counter: one open shift per till that survives a
// restart, the X and Z reports added up exactly in minor units, a sale refused with no shift open,
// cashiers and their PINs, and the difference at close over the limit.
import { describe, expect, it } from 'vitest';
import { tempDbFile } from '../../test/support/fixtures.ts';
import { upsertStockItems } from '../../db/catalog/index.ts';
import { openDatabase, type Db } from '../../db/database.ts';
import { recordDrawerOpening } from '../../db/drawer.ts';
import {
  claimForSending,
  compactionCandidates,
  compactOutboxOrder,
  recordOutboxOutcome,
  type RetentionBounds,
} from '../../db/outbox.ts';
import { insertShift, openShiftRow } from '../../db/shifts.ts';
import { Counter } from '../counter/counter.ts';
import { ScanResolver } from '../counter/resolve.ts';
import {
  addCashier,
  closeShift,
  currentReport,
  lastZReport,
  moveCash,
  openShift,
  PinAttempts,
  ShiftError,
  type ShiftPolicy,
} from './index.ts';

const T0 = new Date('2025-03-03T07:00:00.000Z');
const at = (minutes: number): Date => new Date(T0.getTime() + minutes * 60_000);

/** A till's file with three products: 10.10 at 21 %, 0.35 at 12 %, 199.99 at 0 %. */
function till(name: string): { db: Db; file: string } {
  const file = tempDbFile(name);
  const db = openDatabase(file);
  upsertStockItems(
    db,
    [
      {
        id: 1,
        warehouseId: 1,
        productId: 11,
        barcode: 'CODE-A',
        productName: 'Bread',
        price: 10.1,
        vatRate: 21,
      },
      {
        id: 2,
        warehouseId: 1,
        productId: 12,
        barcode: 'CODE-B',
        productName: 'Bun',
        price: 0.35,
        vatRate: 12,
      },
      {
        id: 3,
        warehouseId: 1,
        productId: 13,
        barcode: 'CODE-C',
        productName: 'Kettle',
        price: 199.99,
        vatRate: 0,
      },
    ],
    { syncedAt: T0.toISOString(), mark: 1 },
  );
  return { db, file };
}

function counterOn(db: Db, policy: ShiftPolicy = 'require', now: () => Date = () => T0): Counter {
  return new Counter({
    db,
    resolver: new ScanResolver({ db }),
    warehouseId: () => 1,
    walkInCustomer: () => ({ companyId: 7, name: 'Walk-in' }),
    shiftPolicy: () => policy,
    now,
  });
}

async function sell(counter: Counter, codes: readonly string[], tender?: Parameters<Counter['close']>[0]) {
  for (const code of codes) {
    const scanned = await counter.scan(code);
    expect(scanned.outcome.kind).toBe('product');
  }
  return counter.close(tender);
}

function refusal(fn: () => unknown): ShiftError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ShiftError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('shifts at the till', () => {
  it('opens one shift at a time, also against another connection, and it survives a restart', () => {
    const { db, file } = till('one-open');
    const opened = openShift(db, 150050, T0);
    expect(opened).toMatchObject({ kind: 'X', state: 'open', float: 1500.5, expectedCash: 1500.5 });
    expect(refusal(() => openShift(db, 0, at(1))).code).toBe('shift-open');
    // Another process (the CLI) writing the same file directly is refused by the file itself.
    const other = openDatabase(file);
    expect(() => insertShift(other, { floatMinor: 0, openedBy: null, now: at(2) })).toThrow(/UNIQUE/);
    other.close();
    db.close();
    // As after a crash: the file opened again has the shift as it was committed.
    const again = openDatabase(file);
    expect(openShiftRow(again)).toMatchObject({
      id: opened.id,
      floatMinor: 150050,
      openedAt: T0.toISOString(),
    });
    again.close();
  });

  it('adds the X report up exactly in minor units: per VAT rate, per way of paying, voids, cash moves', async () => {
    const { db } = till('x-report');
    let clock = T0;
    const counter = counterOn(db, 'require', () => clock);
    openShift(db, 150000, T0);
    clock = at(5);
    // 3 x 10.10 + 0.35 = 30.65, paid with 50: change 19.35.
    await sell(counter, ['CODE-A', 'CODE-A', 'CODE-A', 'CODE-B'], { tender: { method: 'cash', given: 50 } });
    clock = at(6);
    await sell(counter, ['CODE-C'], { tender: { method: 'card' } });
    clock = at(7);
    // The exact amount in cash: 10.10 given, no change.
    await sell(counter, ['CODE-A'], { tender: { method: 'cash' } });
    clock = at(8);
    await counter.scan('CODE-C');
    await counter.scan('CODE-C');
    counter.cancel();
    moveCash(db, { direction: 'in', amountMinor: 10000, reason: 'coins from the bank' }, at(9));
    moveCash(db, { direction: 'out', amountMinor: 3333, reason: 'window cleaner' }, at(10));

    const x = currentReport(db, at(11));
    expect(x).toMatchObject({
      kind: 'X',
      state: 'open',
      at: at(11).toISOString(),
      float: 1500,
      sales: { count: 3, gross: 240.74 },
      byMethod: { cash: 40.75, card: 199.99 },
      rounding: 0,
      voids: { count: 1, gross: 399.98 },
      cancelled: { count: 0, gross: 0, cashRefunded: 0 },
      cashTaken: 60.1,
      changeGiven: 19.35,
      paidIn: 100,
      paidOut: 33.33,
      // 1500 + 60.10 - 19.35 + 100 - 33.33
      expectedCash: 1607.42,
      byCashier: [
        {
          cashierId: null,
          name: null,
          sales: { count: 3, gross: 240.74 },
          voids: { count: 1, gross: 399.98 },
        },
      ],
      orders: {
        placed: 3,
        acknowledged: 0,
        queued: 3,
        inDoubt: 0,
        needsFix: 0,
        blocked: 0,
        cancelled: 0,
        discarded: 0,
      },
    });
    // Per sale, VAT rounded half up: 30.30 x 21/121 = 5.26 and 10.10 x 21/121 = 1.75; 0.35 x 12/112 = 0.04.
    expect(x?.byVatRate).toEqual([
      { vatRate: 0, base: 199.99, vat: 0, gross: 199.99 },
      { vatRate: 12, base: 0.31, vat: 0.04, gross: 0.35 },
      { vatRate: 21, base: 33.39, vat: 7.01, gross: 40.4 },
    ]);
    expect(x?.cashMoves.map((m) => [m.direction, m.amount, m.reason])).toEqual([
      ['in', 100, 'coins from the bank'],
      ['out', 33.33, 'window cleaner'],
    ]);
    expect(x?.saleOrders.map((s) => [s.total, s.state, s.receiptNumber])).toEqual([
      [30.65, 'queued', 1],
      [199.99, 'queued', 2],
      [10.1, 'queued', 3],
    ]);
    expect(x?.receiptNumbers).toEqual({ first: 1, last: 3 });
  });

  it('counts a split payment: its card part as card, its cash part and the change in the drawer', async () => {
    const { db } = till('split');
    const counter = counterOn(db, 'require', () => at(1));
    openShift(db, 20000, T0);
    // 199.99 + 10.10 = 210.09: 150.00 by card, the rest 60.09 in cash out of 100.00, change 39.91.
    await sell(counter, ['CODE-C', 'CODE-A'], { tender: { method: 'split', card: 150, given: 100 } });
    expect(currentReport(db, at(2))).toMatchObject({
      sales: { count: 1, gross: 210.09 },
      byMethod: { card: 150, cash: 60.09 },
      cashTaken: 100,
      changeGiven: 39.91,
      rounding: 0,
      // 200 + 100 - 39.91
      expectedCash: 260.09,
    });
  });

  it('refuses a sale with no shift open, storing nothing; the demo policy opens one with a float of 0', async () => {
    const { db } = till('refused');
    const strict = counterOn(db, 'require');
    await strict.scan('CODE-A');
    const refused = refusal(() => strict.close({ tender: { method: 'card' } }));
    expect(refused.code).toBe('shift-closed');
    expect(refused.said).toEqual([{ key: 'shiftClosed' }]);
    expect(strict.current()?.lines).toHaveLength(1);
    expect(db.prepare('SELECT count(*) FROM outbox_order').pluck().get()).toBe(0);

    const demo = counterOn(db, 'auto-open', () => at(3));
    const { order } = demo.close({ tender: { method: 'card' } });
    // The refused sale used up no receipt number: the first sale placed has number 1.
    expect(currentReport(db, at(4))?.receiptNumbers).toEqual({ first: 1, last: 1 });
    expect(openShiftRow(db)).toMatchObject({ floatMinor: 0, openedAt: at(3).toISOString() });
    expect(currentReport(db, at(4))?.saleOrders.map((s) => s.orderId)).toEqual([order.id]);
  });

  it('records who sold once the till has cashiers: signed out is refused, a wrong PIN counted', async () => {
    const { db } = till('cashiers');
    const counter = counterOn(db);
    openShift(db, 0, T0);
    const jana = addCashier(db, 'Jana', '4821', T0);
    const pinHash: unknown = db.prepare('SELECT pinHash FROM cashier WHERE id = ?').pluck().get(jana.id);
    expect(pinHash).toMatch(/^scrypt\$/);
    expect(String(pinHash)).not.toContain('4821');
    expect(refusal(() => addCashier(db, ' Jana ', '1111', T0)).code).toBe('name-taken');

    await counter.scan('CODE-A');
    expect(refusal(() => counter.close({ tender: { method: 'card' } })).code).toBe('signed-out');
    expect(refusal(() => counter.cancel()).code).toBe('signed-out');
    expect(refusal(() => moveCash(db, { direction: 'out', amountMinor: 100, reason: 'x' }, T0)).code).toBe(
      'signed-out',
    );

    const attempts = new PinAttempts();
    const wrong = refusal(() => attempts.signIn(db, jana.id, '0000', T0.getTime()));
    expect(wrong.code).toBe('wrong-pin');
    expect(wrong.message).toBe('Wrong PIN for Jana: 4 tries left.');
    attempts.signIn(db, jana.id, '4821', T0.getTime());
    counter.close({ tender: { method: 'card' } });
    expect(currentReport(db, at(1))?.byCashier).toEqual([
      { cashierId: jana.id, name: 'Jana', sales: { count: 1, gross: 10.1 }, voids: { count: 0, gross: 0 } },
    ]);
    expect(currentReport(db, at(1))?.saleOrders[0]?.cashierId).toBe(jana.id);
  });

  it('locks a cashier out for a minute after five wrong PINs in a row', () => {
    const { db } = till('lockout');
    const petr = addCashier(db, 'Petr', '123456', T0);
    const attempts = new PinAttempts();
    const t = T0.getTime();
    for (let i = 0; i < 4; i++)
      expect(refusal(() => attempts.signIn(db, petr.id, '999999', t)).code).toBe('wrong-pin');
    expect(refusal(() => attempts.signIn(db, petr.id, '999999', t)).code).toBe('locked-out');
    // The right PIN waits out the minute too.
    expect(refusal(() => attempts.signIn(db, petr.id, '123456', t + 59_000)).code).toBe('locked-out');
    expect(attempts.signIn(db, petr.id, '123456', t + 60_000)).toEqual({ id: petr.id, name: 'Petr' });
  });

  it('closes with the cash counted: a difference over the limit is asked about, a refusal leaves it open', async () => {
    const { db } = till('close');
    const counter = counterOn(db, 'require', () => at(1));
    openShift(db, 100000, T0);
    await sell(counter, ['CODE-A'], { tender: { method: 'cash', given: 20 } });
    // Expected 1000 + 20 - 9.90 = 1010.10; counted 1010.00: 0.10 short, over a limit of 0.05.
    const asked: unknown[] = [];
    const refusedClose = (): never => {
      throw new Error('the manager PIN was not given');
    };
    expect(() =>
      closeShift(
        db,
        { countedMinor: 101000, limitMinor: 5, approve: (d) => (asked.push(d), refusedClose()) },
        at(2),
      ),
    ).toThrow('the manager PIN was not given');
    expect(asked).toEqual([{ differenceMinor: -10, limitMinor: 5 }]);
    expect(openShiftRow(db)?.state).toBe('open');

    const z = closeShift(db, { countedMinor: 101000, limitMinor: 5, approve: () => true }, at(3));
    expect(z).toMatchObject({
      kind: 'Z',
      state: 'closed',
      closedAt: at(3).toISOString(),
      expectedCash: 1010.1,
      countedCash: 1010,
      difference: -0.1,
      differenceLimit: 0.05,
      overLimit: true,
      managerApproved: true,
    });
    expect(openShiftRow(db)).toBeUndefined();
    // Within the limit nobody is asked.
    openShift(db, 0, at(4));
    const within = closeShift(
      db,
      { countedMinor: 3, limitMinor: 5, approve: () => expect.unreachable('not over the limit') },
      at(5),
    );
    expect(within).toMatchObject({ difference: 0.03, overLimit: false, managerApproved: false });
  });

  it('keeps the Z report as it was at close, and shows later when each sale was acknowledged', async () => {
    const { db } = till('follow-up');
    const counter = counterOn(db, 'require', () => at(1));
    openShift(db, 0, T0);
    const { order } = await sell(counter, ['CODE-B'], { tender: { method: 'card' } });
    closeShift(db, { countedMinor: 0, limitMinor: 0, approve: () => false }, at(2));

    // The instance takes the queued order after the close.
    recordOutboxOutcome(db, order.id, ['queued'], { state: 'sent', remoteId: 5150 }, at(30));
    const later = lastZReport(db, at(31));
    expect(later.orders).toMatchObject({ placed: 1, queued: 1, acknowledged: 0 });
    expect(later.saleOrders).toEqual([expect.objectContaining({ orderId: order.id, state: 'queued' })]);
    expect(later.saleOrders[0]?.remoteId).toBeUndefined();
    expect(later.followUp).toEqual({
      at: at(31).toISOString(),
      orders: {
        placed: 1,
        acknowledged: 1,
        queued: 0,
        inDoubt: 0,
        needsFix: 0,
        blocked: 0,
        cancelled: 0,
        discarded: 0,
      },
      saleOrders: [
        { orderId: order.id, state: 'sent', remoteId: 5150, acknowledgedAt: at(30).toISOString() },
      ],
    });
    expect(refusal(() => lastZReport(till('none-closed').db, T0)).code).toBe('no-closed-shift');
  });

  it('counts an order a pass took from doubt to settle as in doubt, an ordinary attempt as queued', async () => {
    const { db } = till('settling');
    const counter = counterOn(db, 'require', () => at(1));
    openShift(db, 0, T0);
    const ordinary = (await sell(counter, ['CODE-A'], { tender: { method: 'card' } })).order;
    const settling = (await sell(counter, ['CODE-B'], { tender: { method: 'card' } })).order;
    // An ordinary attempt: claimed from queued, no answer yet.
    expect(claimForSending(db, ordinary.id, ['queued'], at(2))).toBe(true);
    // No answer came for the other; a later pass takes it from doubt to settle it (migration 42's
    // sending_from says so): until the pass stores its outcome it is still in doubt.
    expect(claimForSending(db, settling.id, ['queued'], at(2))).toBe(true);
    recordOutboxOutcome(db, settling.id, ['sending'], { state: 'in-doubt' }, at(3));
    expect(claimForSending(db, settling.id, ['in-doubt'], at(4))).toBe(true);

    const x = currentReport(db, at(5));
    expect(x?.orders).toMatchObject({ placed: 2, queued: 1, inDoubt: 1 });
    expect(x?.saleOrders.map((s) => [s.orderId, s.state])).toEqual([
      [ordinary.id, 'sending'],
      [settling.id, 'in-doubt'],
    ]);
    // Closed while the pass still settles it: the Z report and its follow-up say in doubt too.
    closeShift(db, { countedMinor: 0, limitMinor: 0, approve: () => false }, at(6));
    const z = lastZReport(db, at(7));
    expect(z.orders).toMatchObject({ placed: 2, queued: 1, inDoubt: 1 });
    expect(z.followUp?.orders).toMatchObject({ placed: 2, queued: 1, inDoubt: 1 });
    expect(z.followUp?.saleOrders.map((s) => s.state)).toEqual(['sending', 'in-doubt']);
  });

  it("counts the drawer opened without a sale in the shift's time, on the X and the Z report", () => {
    const { db } = till('drawer');
    recordDrawerOpening(db, 'till', at(-1));
    openShift(db, 0, T0);
    recordDrawerOpening(db, 'manager', at(1));
    recordDrawerOpening(db, 'till', at(2));
    const openings = [
      { at: at(1).toISOString(), by: 'manager' },
      { at: at(2).toISOString(), by: 'till' },
    ];
    expect(currentReport(db, at(3))?.drawerOpenings).toEqual(openings);
    expect(
      closeShift(db, { countedMinor: 0, limitMinor: 0, approve: () => false }, at(4)).drawerOpenings,
    ).toEqual(openings);
    // After the close: the next shift's, not this one's.
    recordDrawerOpening(db, 'till', at(5));
    expect(lastZReport(db, at(6)).drawerOpenings).toEqual(openings);
    // A Z report stored before its openings were on it: counted from the drawer's record of them.
    const stored = db.prepare('SELECT id, zReport FROM shift WHERE zReport IS NOT NULL').get() as {
      id: number;
      zReport: string;
    };
    const before = JSON.parse(stored.zReport) as Record<string, unknown>;
    delete before.drawerOpenings;
    db.prepare('UPDATE shift SET zReport = ? WHERE id = ?').run(JSON.stringify(before), stored.id);
    expect(lastZReport(db, at(6)).drawerOpenings).toEqual(openings);
  });

  it('counts the drawer openings of the shift they were made in, whatever the clock said then', () => {
    const { db } = till('drawer-clock');
    const yearBack = (minutes: number) => at(minutes - 400 * 24 * 60);
    openShift(db, 0, T0);
    // The clock is set 400 days back mid-shift, then forward again before the close.
    recordDrawerOpening(db, 'till', yearBack(1));
    recordDrawerOpening(db, 'manager', at(2));
    const openings = [
      { at: yearBack(1).toISOString(), by: 'till' },
      { at: at(2).toISOString(), by: 'manager' },
    ];
    expect(currentReport(db, yearBack(3))?.drawerOpenings).toEqual(openings);
    expect(
      closeShift(db, { countedMinor: 0, limitMinor: 0, approve: () => false }, yearBack(4)).drawerOpenings,
    ).toEqual(openings);
    // The next shift, opened and closed with the clock put right, has none of them.
    openShift(db, 0, at(10));
    recordDrawerOpening(db, 'till', yearBack(11));
    expect(currentReport(db, at(12))?.drawerOpenings).toEqual([
      { at: yearBack(11).toISOString(), by: 'till' },
    ]);
  });

  it('counts an order cancelled on the instance in the shift it was cancelled in, and its cash given back', async () => {
    const { db } = till('cancelled');
    const counter = counterOn(db, 'require', () => at(1));
    openShift(db, 50000, T0);
    const { order } = await sell(counter, ['CODE-A', 'CODE-A'], { tender: { method: 'cash', given: 100 } });
    recordOutboxOutcome(db, order.id, ['queued'], { state: 'sent', remoteId: 77 }, at(2));
    recordOutboxOutcome(db, order.id, ['sent'], { state: 'cancelled', remoteId: 77 }, at(3));
    const x = currentReport(db, at(4));
    expect(x?.cancelled).toEqual({ count: 1, gross: 20.2, cashRefunded: 20.2 });
    // 500 + 100 - 79.80 - 20.20
    expect(x?.expectedCash).toBe(500);
    expect(x?.orders).toMatchObject({ placed: 1, cancelled: 1 });
  });

  it('never compacts an order of a shift whose Z report is not closed yet; once closed it may be', async () => {
    const { db } = till('compaction');
    const counter = counterOn(db, 'require', () => at(1));
    openShift(db, 0, T0);
    const { order } = await sell(counter, ['CODE-A'], { tender: { method: 'card' } });
    recordOutboxOutcome(db, order.id, ['queued'], { state: 'sent', remoteId: 9 }, at(2));
    // Long past any retention, but the shift is still open: its X and Z need the order whole.
    const later = at(60 * 24 * 365).toISOString();
    const byTill = (olderThan: string): RetentionBounds => ({
      olderThan,
      instanceOlderThan: olderThan,
      throughId: order.id,
    });
    expect(compactionCandidates(db, byTill(later), 10).map((c) => c.id)).toEqual([]);
    expect(compactOutboxOrder(db, order.id, byTill(later))).toBe(false);
    closeShift(db, { countedMinor: 0, limitMinor: 0, approve: () => false }, at(3));
    expect(compactionCandidates(db, byTill(later), 10).map((c) => c.id)).toEqual([order.id]);
    expect(compactOutboxOrder(db, order.id, byTill(later))).toBe(true);
    // The closed shift's report is as it was: its figures never read the lines.
    expect(lastZReport(db, at(4)).sales).toEqual({ count: 1, gross: 10.1 });
  });
});
