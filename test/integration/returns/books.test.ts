// Returns reach the books exactly once, by the route the instance's description offers (issue 37,
// point 7), for each kind of instance the sim plays: one that takes negative quantities on an
// internet order (--negative-order-quantities), a plain one that lets a whole order go by DELETE,
// the same with the order kept by a dependent record, one without DELETE (--missing-operation
// deleteInternetOrder) and a partial return on a plain one (both: the back office's list). Sales
// are placed through the app's core over HTTP; returns are made by `pos return` in real processes on
// the same data folder: two at once take one quantity once; one made offline waits (queued) and
// reaches the instance once on the next `pos outbox replay`.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../support/fixtures.ts';
import { posOnTill, type PosRun } from '../../support/pos-process.ts';
import { startSyncedCore, type SyncedCore } from '../../support/synced-core.ts';
import { SELLS_PLAINLY } from '../../support/terminal.ts';
import type { OutboxEntryView } from '../../../contract/contract.ts';
import { openDatabase } from '../../../db/database.ts';
import type { SimOptions } from '../../../sim/server.ts';

interface ReturnJson {
  number: string;
  receipt: string;
  state: string;
  route?: string;
  total: number;
  refund: Record<string, number>;
  lines: { productId: number; quantity: number; amount: number }[];
  documentOrderId?: number;
}

let till: SyncedCore | undefined;
afterEach(async () => {
  await till?.close();
  till = undefined;
});

/** A till synced from a sim of `kind`, with two sellable products of warehouse 1. */
async function tillOf(name: string, sim: Omit<SimOptions, 'port'>) {
  const dataDir = tempDir(`returns-${name}`);
  till = await startSyncedCore({ dataDir, sim: { size: 'small', ...sim } });
  const db = openDatabase(join(dataDir, 'counter.sqlite'));
  const items = db
    .prepare(
      `SELECT id, productId FROM stock_item WHERE warehouseId = 1 AND ${SELLS_PLAINLY} AND price < 1000
        ORDER BY id LIMIT 2`,
    )
    .all() as { id: number; productId: number }[];
  db.close();
  expect(items).toHaveLength(2);
  return { dataDir, till, items };
}

/** Places a cash sale of 2 of the first product and 1 of the second; its receipt number, once sent. */
async function sale(
  t: SyncedCore,
  items: { id: number }[],
): Promise<{ receipt: string; order: OutboxEntryView }> {
  await t.call('session.addStockItem', { stockItemId: items[0]?.id, quantity: 2 });
  await t.call('session.addStockItem', { stockItemId: items[1]?.id });
  const placed = (await t.call('session.close', { tender: { method: 'cash' } })) as {
    order: OutboxEntryView;
  };
  const order = await t.settled(placed.order.id);
  expect(order.state).toBe('sent');
  const receipt = (order as OutboxEntryView & { receiptNumber?: string }).receiptNumber ?? 'P1-000001';
  return { receipt, order };
}

const made = (run: PosRun): ReturnJson => {
  expect(run.code, run.stderr + run.stdout).toBe(0);
  return JSON.parse(run.stdout) as ReturnJson;
};

describe('a return reaches the books once, by what the instance offers', () => {
  it('an instance taking negative quantities: a negative internet order naming the original', async () => {
    const { dataDir, till: t, items } = await tillOf('negative', { negativeOrderQuantities: true });
    const { receipt, order } = await sale(t, items);
    const productId = (items[0] as { productId: number }).productId;
    // Two returns of the same quantity at once, in two processes: one takes it, the other is refused.
    const [a, b] = await Promise.all([
      posOnTill(dataDir, t.sim.url, ['return', receipt, '--item', `${productId}=2`, '--json']),
      posOnTill(dataDir, t.sim.url, ['return', receipt, '--item', `${productId}=2`, '--json']),
    ]);
    const codes = [a.code, b.code].sort();
    expect(codes, a.stderr + b.stderr).toEqual([0, 1]);
    const ok = made(a.code === 0 ? a : b);
    const refused = JSON.parse((a.code === 0 ? b : a).stdout) as {
      error: { reason: string; message: string };
    };
    expect(refused.error.reason).toBe('too-much');
    expect(ok).toMatchObject({ number: 'P1-V000001', receipt, state: 'sent', route: 'negative-order' });
    const onInstance = t.sim.admin.listOrders().filter((o) => o.items.some((i) => i.quantity < 0));
    expect(onInstance).toHaveLength(1);
    expect(onInstance[0]?.items).toEqual([
      expect.objectContaining({ productId, quantity: -2, total: -ok.total }),
    ]);
    expect(onInstance[0]?.note).toContain(`Return P1-V000001 of receipt ${receipt}, order ${order.remoteId}`);
  }, 120_000);

  it('made offline, it waits queued and reaches the instance once on the next replay', async () => {
    const { dataDir, till: t, items } = await tillOf('offline', { negativeOrderQuantities: true });
    const { receipt } = await sale(t, items);
    const productId = (items[1] as { productId: number }).productId;
    const offline = made(
      await posOnTill(dataDir, 'http://127.0.0.1:9', [
        'return',
        receipt,
        '--item',
        `${productId}=1`,
        '--json',
      ]),
    );
    expect(offline).toMatchObject({ state: 'queued' });
    expect(t.sim.admin.listOrders().filter((o) => o.items.some((i) => i.quantity < 0))).toHaveLength(0);
    for (let i = 0; i < 2; i++) {
      const replay = await posOnTill(dataDir, t.sim.url, ['outbox', 'replay', '--json']);
      expect(replay.code, replay.stderr).toBe(0);
    }
    expect(t.sim.admin.listOrders().filter((o) => o.items.some((i) => i.quantity < 0))).toHaveLength(1);
  }, 120_000);

  it('a plain instance: the whole of a sale goes by DELETE of its order', async () => {
    const { dataDir, till: t, items } = await tillOf('delete', {});
    const { receipt, order } = await sale(t, items);
    const whole = made(await posOnTill(dataDir, t.sim.url, ['return', receipt, '--json']));
    expect(whole).toMatchObject({ state: 'sent', route: 'delete', documentOrderId: order.id });
    expect(t.sim.admin.listOrders().find((o) => o.id === order.remoteId)).toBeUndefined();
  }, 120_000);

  it('an order others depend on, no DELETE, or part of a sale on a plain instance: the back office', async () => {
    const { dataDir, till: t, items } = await tillOf('back-office', {});
    const first = await sale(t, items);
    t.sim.admin.markOrderDependent(Number(first.order.remoteId));
    const kept = made(await posOnTill(dataDir, t.sim.url, ['return', first.receipt, '--json']));
    expect(kept).toMatchObject({ state: 'back-office', route: 'back-office' });
    expect(t.sim.admin.listOrders().find((o) => o.id === first.order.remoteId)).toBeDefined();
    const second = await sale(t, items);
    const productId = (items[0] as { productId: number }).productId;
    const part = made(
      await posOnTill(dataDir, t.sim.url, ['return', second.receipt, '--item', `${productId}=1`, '--json']),
    );
    expect(part).toMatchObject({ state: 'back-office' });
    expect(t.sim.admin.listOrders().filter((o) => o.items.some((i) => i.quantity < 0))).toHaveLength(0);
  }, 180_000);

  it('an instance without DELETE: a whole return goes to the back office', async () => {
    const {
      dataDir,
      till: t,
      items,
    } = await tillOf('no-delete', { missingOperations: ['deleteInternetOrder'] });
    const { receipt, order } = await sale(t, items);
    const whole = made(await posOnTill(dataDir, t.sim.url, ['return', receipt, '--json']));
    expect(whole).toMatchObject({ state: 'back-office' });
    expect(t.sim.admin.listOrders().find((o) => o.id === order.remoteId)).toBeDefined();
  }, 120_000);
});
