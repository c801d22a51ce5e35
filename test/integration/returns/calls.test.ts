// The Returns screen's calls through the app's core (issue 37): returns.find by the receipt's number
// and by its QR's reference, offline too; returns.plan's refund per tender (card first for a split
// sale, cash rounded) and the manager's approval; returns.make refused until the manager's lock is
// open and the card part is said to be refunded on the terminal, then stored once; a second return
// of the same quantity refused; the document reaches an instance taking negative quantities once,
// also when it was made offline.
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../../support/fixtures.ts';
import { startSyncedCore, type SyncedCore } from '../../support/synced-core.ts';
import { SELLS_PLAINLY } from '../../support/terminal.ts';
import type {
  OutboxEntryView,
  ReturnPlanView,
  ReturnSaleView,
  ReturnView,
} from '../../../contract/contract.ts';
import { openDatabase } from '../../../db/database.ts';

let till: SyncedCore | undefined;
afterEach(async () => {
  await till?.close();
  till = undefined;
});

async function tillWithItems(name: string) {
  const dataDir = tempDir(`return-calls-${name}`);
  till = await startSyncedCore({ dataDir, sim: { size: 'small', negativeOrderQuantities: true } });
  const db = openDatabase(join(dataDir, 'counter.sqlite'));
  const items = db
    .prepare(
      `SELECT id, productId, price FROM stock_item WHERE warehouseId = 1 AND ${SELLS_PLAINLY}
          AND price BETWEEN 50 AND 1000 ORDER BY id LIMIT 2`,
    )
    .all() as { id: number; productId: number; price: number }[];
  db.close();
  expect(items).toHaveLength(2);
  return { dataDir, t: till, items };
}

/** A sale of 2 of the first product and 1 of the second, paid `tender`; its order once sent. */
async function sale(t: SyncedCore, items: { id: number }[], tender: unknown): Promise<OutboxEntryView> {
  await t.call('session.addStockItem', { stockItemId: items[0]?.id, quantity: 2 });
  await t.call('session.addStockItem', { stockItemId: items[1]?.id });
  const placed = (await t.call('session.close', { tender })) as { order: OutboxEntryView };
  const order = await t.settled(placed.order.id);
  expect(order.state).toBe('sent');
  return order;
}

const negativeOrders = (t: SyncedCore) =>
  t.sim.admin.listOrders().filter((o) => o.items.some((i) => i.quantity < 0));

describe('the Returns screen calls', () => {
  it('a split sale: found by its QR, card first, the card confirmed, then once; the rest refused', async () => {
    const { t, items } = await tillWithItems('split');
    const order = await sale(t, items, { method: 'split', card: 10 });
    const receipt = order.receiptNumber ?? '';
    expect(receipt).toMatch(/^P1-\d{6}$/);
    const byQr = (await t.call('returns.find', { text: order.clientReference })) as ReturnSaleView;
    const byNumber = (await t.call('returns.find', { text: receipt })) as ReturnSaleView;
    expect(byQr).toEqual(byNumber);
    expect(byQr.paid.card).toBe(10);
    expect(byQr.lines.map((l) => l.left)).toEqual([2, 1]);

    const line = byQr.lines[0];
    if (line === undefined) throw new Error('no line');
    const request = { receipt, lines: [{ lineNo: line.lineNo, quantity: 1 }] };
    const plan = (await t.call('returns.plan', request)) as ReturnPlanView;
    expect(plan.card).toBe(10);
    expect(plan.total).toBe(line.paid / 2);
    expect(plan.cash + plan.card - plan.cashRounding).toBeCloseTo(plan.total, 2);
    expect(plan.approval).toEqual([]);

    // The card part is refunded on the terminal first: until the cashier says so, nothing is stored.
    const unconfirmed = await t.refusal('returns.make', request);
    expect(unconfirmed.code).toBe('unconfirmed');
    expect(unconfirmed.said?.[0]?.key).toBe('returnCardNotRefunded');
    expect(((await t.call('returns.find', { text: receipt })) as ReturnSaleView).returns).toEqual([]);

    const made = (await t.call('returns.make', { ...request, cardRefunded: true })) as ReturnView;
    expect(made).toMatchObject({ number: 'P1-V000001', receipt, total: plan.total });
    expect(made.refund.card).toBe(10);
    await vi.waitFor(() => expect(negativeOrders(t)).toHaveLength(1), { timeout: 30_000 });

    // One more of the first line is left; two are refused, naming what is left.
    const again = await t.refusal('returns.make', {
      receipt,
      lines: [{ lineNo: line.lineNo, quantity: 2 }],
      cardRefunded: true,
    });
    expect(again.code).toBe('rejected');
    expect(again.said?.[0]).toMatchObject({ key: 'returnTooMuch', values: { left: '1' } });
    const after = (await t.call('returns.find', { text: receipt })) as ReturnSaleView;
    expect(after.lines[0]?.left).toBe(1);
    expect(after.returns.map((r) => r.number)).toEqual(['P1-V000001']);
    expect(negativeOrders(t)).toHaveLength(1);
  }, 180_000);

  it('beyond the amount limit: locked until the manager PIN; offline it waits, then reaches the instance once', async () => {
    const { t, items } = await tillWithItems('limit');
    const order = await sale(t, items, { method: 'cash' });
    const receipt = order.receiptNumber ?? '';
    await t.call('settings.set', { managerPin: '4321', returnAmountLimit: 1 });
    await t.call('manager.lock', {});

    await t.sim.faults.setOffline(true);
    const sold = (await t.call('returns.find', { text: receipt })) as ReturnSaleView;
    const request = { receipt, lines: sold.lines.map((l) => ({ lineNo: l.lineNo, quantity: 1 })) };
    const plan = (await t.call('returns.plan', request)) as ReturnPlanView;
    expect(plan.card).toBe(0);
    expect(plan.approval.map((s) => s.key)).toEqual(['returnNeedsPinAmount']);
    const locked = await t.refusal('returns.make', request);
    expect(locked.code).toBe('locked');
    expect(locked.said?.[0]?.key).toBe('returnNeedsPinAmount');

    await t.call('manager.unlock', { pin: '4321' });
    const made = (await t.call('returns.make', request)) as ReturnView;
    expect(made).toMatchObject({ state: 'queued', managerApproved: true });
    expect(made.refund.cash).toBe(plan.cash);
    expect(negativeOrders(t)).toHaveLength(0);

    await t.sim.faults.setOffline(false);
    await vi.waitFor(() => expect(negativeOrders(t)).toHaveLength(1), { timeout: 60_000, interval: 200 });
    expect(negativeOrders(t)[0]?.note).toContain(`of receipt ${receipt}`);
  }, 180_000);
});
