// A return without a receipt through the app's core (issue 37, point 3), against the sim over HTTP:
// the product scanned (its barcode from the offline catalog), the price the manager confirms, refused
// as 'locked' until the manager's PIN opens the lock, then stored once in the till's return series,
// refunded in cash rounded to the cash step, on the open shift's X report (the test till opens one); its document a negative
// order naming no original where the instance takes negative quantities, else on the back office's
// list, never a DELETE.
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../../support/fixtures.ts';
import { startSyncedCore, type SyncedCore } from '../../support/synced-core.ts';
import { SELLS_PLAINLY } from '../../support/terminal.ts';
import type { ReturnView, ReturnWithoutReceiptPlanView, ShiftStateView } from '../../../contract/contract.ts';
import { openDatabase } from '../../../db/database.ts';

let till: SyncedCore | undefined;
afterEach(async () => {
  await till?.close();
  till = undefined;
});

async function tillOf(name: string, negativeOrderQuantities: boolean) {
  const dataDir = tempDir(`return-without-receipt-${name}`);
  till = await startSyncedCore({ dataDir, sim: { size: 'small', negativeOrderQuantities } });
  const db = openDatabase(join(dataDir, 'counter.sqlite'));
  const item = db
    .prepare(
      `SELECT id, productId, barcode, price FROM stock_item WHERE warehouseId = 1 AND ${SELLS_PLAINLY}
          AND barcode IS NOT NULL AND price BETWEEN 50 AND 1000 ORDER BY id LIMIT 1`,
    )
    .get() as { id: number; productId: number; barcode: string; price: number } | undefined;
  db.close();
  if (item === undefined) throw new Error('no product with a barcode and a price in the catalog');
  return { dataDir, t: till, item };
}

/** The till's returns rows as stored in its file. */
function storedReturns(dataDir: string) {
  const db = openDatabase(join(dataDir, 'counter.sqlite'));
  try {
    return db
      .prepare(
        `SELECT r.number, r.saleSessionId, r.saleOrderId, r.managerApproved, r.refundMinor,
                i.productId, i.unitPrice, l.quantityMilli
           FROM till_return r JOIN till_return_item i ON i.returnId = r.id
           JOIN till_return_line l ON l.returnId = r.id AND l.lineNo = i.lineNo`,
      )
      .all();
  } finally {
    db.close();
  }
}

async function refusedThenMade(t: SyncedCore, barcode: string, price: number): Promise<ReturnView> {
  await t.call('settings.set', { managerPin: '4321' });
  await t.call('manager.lock', {});
  // 1.5 at 99.99 confirmed by the manager: 149.985 → 149.99; in cash rounded to the whole crown.
  const request = { items: [{ barcode, quantity: 1.5, unitPrice: 99.99 }] };
  // The screen's preview first: what each product comes back at and the cash out, stored nowhere.
  const plan = (await t.call('returns.planWithoutReceipt', {
    items: [...request.items, { barcode, quantity: 2 }],
  })) as ReturnWithoutReceiptPlanView;
  expect(plan.lines.map((l) => [l.lineNo, l.quantity, l.unitPrice, l.refund])).toEqual([
    [0, 1.5, 99.99, 149.99],
    [1, 2, price, Number((price * 2).toFixed(2))],
  ]);
  expect(plan.total).toBeCloseTo(149.99 + price * 2, 2);
  expect(plan.approval.map((w) => w.key)).toEqual(['returnNeedsPinNoReceipt', 'returnNoReceiptAlso']);
  const locked = await t.refusal('returns.makeWithoutReceipt', request);
  expect(locked.code).toBe('locked');
  expect(locked.said?.[0]?.key).toBe('returnNeedsPinNoReceipt');
  expect((await t.call('returns.list', {})) as ReturnView[]).toEqual([]);

  const unknown = await t.refusal('returns.makeWithoutReceipt', {
    items: [{ barcode: '0000000000000', quantity: 1 }],
  });
  expect(unknown.code).toBe('not-found');
  expect(unknown.said?.[0]?.key).toBe('returnNoReceiptNoProduct');

  await t.call('manager.unlock', { pin: '4321' });
  const made = (await t.call('returns.makeWithoutReceipt', request)) as ReturnView;
  expect(made).toMatchObject({
    number: 'P1-V000001',
    receipt: '',
    saleOrderId: null,
    withoutReceipt: true,
    managerApproved: true,
    total: 149.99,
  });
  expect(made.lines).toMatchObject([{ quantity: 1.5, amount: 149.99 }]);
  expect(made.refund.card).toBeUndefined();
  expect((made.refund.cash ?? 0) - made.cashRounding).toBeCloseTo(149.99, 2);
  return made;
}

async function onTheX(t: SyncedCore, made: ReturnView): Promise<void> {
  const x = ((await t.call('shift.current', {})) as ShiftStateView).open;
  expect(x?.returns?.count).toBe(1);
  expect(x?.returns?.gross).toBe(149.99);
  expect(x?.returns?.list.map((r) => r.number)).toEqual([made.number]);
  expect(x?.returns?.byVatRate.reduce((s, v) => s + v.gross, 0)).toBeCloseTo(149.99, 2);
}

describe('a return without a receipt', () => {
  it('negative quantities: refused without the PIN, made with it, once on the instance naming no receipt', async () => {
    const { dataDir, t, item } = await tillOf('negative', true);
    const made = await refusedThenMade(t, item.barcode, item.price);

    const negative = () => t.sim.admin.listOrders().filter((o) => o.items.some((i) => i.quantity < 0));
    await vi.waitFor(() => expect(negative()).toHaveLength(1), { timeout: 60_000, interval: 200 });
    const doc = negative()[0];
    expect(doc?.items).toMatchObject([{ productId: item.productId, quantity: -1.5 }]);
    expect(doc?.note).toContain('without a receipt');
    await vi.waitFor(
      async () =>
        expect(((await t.call('returns.get', { id: made.id })) as ReturnView).route).toBe('negative-order'),
      { timeout: 30_000, interval: 200 },
    );
    expect(storedReturns(dataDir)).toEqual([
      {
        number: 1,
        saleSessionId: null,
        saleOrderId: null,
        managerApproved: 1,
        refundMinor: 14999,
        productId: item.productId,
        unitPrice: '99.99',
        quantityMilli: 1500,
      },
    ]);
    await onTheX(t, made);
    expect(negative()).toHaveLength(1);
  }, 180_000);

  it('a plain instance: on the back office list, no order placed or deleted', async () => {
    const { dataDir, t, item } = await tillOf('plain', false);
    const before = t.sim.admin.listOrders().length;
    const made = await refusedThenMade(t, item.barcode, item.price);
    await vi.waitFor(
      async () =>
        expect((await t.call('returns.get', { id: made.id })) as ReturnView).toMatchObject({
          state: 'back-office',
          route: 'back-office',
        }),
      { timeout: 60_000, interval: 200 },
    );
    expect(t.sim.admin.listOrders()).toHaveLength(before);
    expect(storedReturns(dataDir)).toHaveLength(1);
    await onTheX(t, made);
  }, 180_000);
});
