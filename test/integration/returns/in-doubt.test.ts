// A return's DELETE and the bookkeeping after it (issue 37, point 7): `pos return` is killed while its
// DELETE of the sale's order is on the way (a hostile proxy holds the request, the test kills the
// process, then lets the request reach the sim, which deletes the order). The return is then in
// doubt, not waiting: the next pass (`pos outbox replay`) sends no second DELETE, and a manager
// settles it by what the instance shows. A return for the back office is marked booked by a
// manager only (the PIN), once. Real parts: the sim over HTTP behind the proxy, the CLI in its own
// processes, the core on the same data folder.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../support/fixtures.ts';
import { startHostileProxy, type HostileProxy } from '../../support/hostile-proxy.ts';
import { CLI, posOnTill, tillEnv } from '../../support/pos-process.ts';
import { startSyncedCore, type SyncedCore } from '../../support/synced-core.ts';
import { SELLS_PLAINLY } from '../../support/terminal.ts';
import type { OutboxEntryView, ReturnSaleView, ReturnView } from '../../../contract/contract.ts';
import { openDatabase } from '../../../db/database.ts';

let till: SyncedCore | undefined;
let proxy: HostileProxy | undefined;
afterEach(async () => {
  await till?.close();
  await proxy?.close();
  till = undefined;
  proxy = undefined;
});

async function start(name: string) {
  const dataDir = tempDir(`returns-${name}`);
  till = await startSyncedCore({
    dataDir,
    via: async (sim) => {
      proxy = await startHostileProxy(sim.url);
      return proxy.url;
    },
  });
  const db = openDatabase(join(dataDir, 'counter.sqlite'));
  const items = db
    .prepare(
      `SELECT id, productId FROM stock_item WHERE warehouseId = 1 AND ${SELLS_PLAINLY} AND price < 1000
        ORDER BY id LIMIT 2`,
    )
    .all() as { id: number; productId: number }[];
  db.close();
  return { dataDir, t: till, items };
}

async function sale(t: SyncedCore, items: { id: number }[]) {
  await t.call('session.addStockItem', { stockItemId: items[0]?.id, quantity: 2 });
  await t.call('session.addStockItem', { stockItemId: items[1]?.id });
  const placed = (await t.call('session.close', { tender: { method: 'cash' } })) as {
    order: OutboxEntryView;
  };
  const order = await t.settled(placed.order.id);
  expect(order.state).toBe('sent');
  return { receipt: order.receiptNumber ?? '', order };
}

const deletes = (p: HostileProxy | undefined): number =>
  (p?.requests ?? []).filter((r) => r.method === 'DELETE').length;

describe("a return's document settled by a person", () => {
  it("tells the pages the till's returns changed: made, then in doubt when its DELETE goes unanswered", async () => {
    const { t, items } = await start('returns-changed');
    const { receipt } = await sale(t, items);
    // Each `returns.changed` the core says, with the states the list has when it is heard.
    const heard: string[][] = [];
    const stop = t.core.subscribe((event) => {
      if (event === 'returns.changed')
        void (t.call('returns.list', {}) as Promise<ReturnView[]>).then((list) =>
          heard.push(list.map((r) => r.state)),
        );
    });
    // The DELETE never reaches the instance: its connection is cut, no answer comes.
    proxy?.rule({ method: 'DELETE', path: '^/api/documents/orders/internet/', times: 1, reset: 'before' });
    const found = (await t.call('returns.find', { text: receipt })) as ReturnSaleView;
    const lines = found.lines.map((l) => ({ lineNo: l.lineNo, quantity: l.left }));
    const made = (await t.call('returns.make', { receipt, lines })) as ReturnView;
    // Two writes at least, each heard: the return stored, then marked as going by DELETE.
    await expect.poll(() => heard.length).toBeGreaterThanOrEqual(2);
    await expect.poll(() => heard.at(-1)).toEqual(['in-doubt']);
    // In doubt from the moment it is marked as going, which is before its DELETE reaches the proxy
    // (on a busy machine the poll above saw the state with the request still on its way).
    await expect.poll(() => deletes(proxy)).toBe(1);
    expect(((await t.call('returns.get', { id: made.id })) as ReturnView).state).toBe('in-doubt');
    stop();
  }, 180_000);

  it('killed while its DELETE is on the way: in doubt, never sent again, settled by the manager', async () => {
    const { dataDir, t, items } = await start('delete-killed');
    const { receipt, order } = await sale(t, items);
    const url = proxy?.url ?? '';
    const child = spawn(process.execPath, [CLI, 'return', receipt, '--json'], { env: tillEnv(dataDir, url) });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    proxy?.rule({
      method: 'DELETE',
      path: '^/api/documents/orders/internet/',
      times: 1,
      // The process dies with its DELETE in flight; the request then reaches the instance.
      before: async () => {
        child.kill('SIGKILL');
        await exited;
        return true;
      },
    });
    expect(await exited).toBeNull();
    await expect.poll(() => t.sim.admin.listOrders().some((o) => o.id === order.remoteId)).toBe(false);
    expect(deletes(proxy)).toBe(1);

    const [listed] = (await t.call('returns.list', {})) as ReturnView[];
    expect(listed).toMatchObject({ number: 'P1-V000001', route: 'delete', state: 'in-doubt' });
    const replay = await posOnTill(dataDir, url, ['outbox', 'replay', '--json']);
    expect(replay.code, replay.stderr).toBe(0);
    expect(deletes(proxy)).toBe(1);
    expect(((await t.call('returns.get', { id: listed?.id })) as ReturnView).state).toBe('in-doubt');

    const settled = (await t.call('returns.settle', { id: listed?.id, deleted: true })) as ReturnView;
    expect(settled.state).toBe('sent');
    expect(((await t.call('outbox.get', { id: order.id })) as OutboxEntryView).state).toBe('cancelled');
    const again = await t.refusal('returns.settle', { id: listed?.id, deleted: true });
    expect(again.code).toBe('rejected');
    expect(deletes(proxy)).toBe(1);
  }, 180_000);

  it('a 503 after the instance deleted the order: in doubt, never sent again, settled by the manager', async () => {
    const { dataDir, t, items } = await start('delete-5xx');
    const { receipt, order } = await sale(t, items);
    // The instance deletes the order, then a later step fails: its answer is a 503.
    t.sim.faults.forceStatus({
      status: 503,
      message: 'The service is unavailable.',
      afterCommit: true,
      method: 'DELETE',
      path: '^/api/documents/orders/internet/',
      times: 1,
    });
    const found = (await t.call('returns.find', { text: receipt })) as ReturnSaleView;
    const lines = found.lines.map((l) => ({ lineNo: l.lineNo, quantity: l.left }));
    const made = (await t.call('returns.make', { receipt, lines })) as ReturnView;
    await expect.poll(() => deletes(proxy)).toBe(1);
    expect(t.sim.admin.listOrders().some((o) => o.id === order.remoteId)).toBe(false);
    await expect
      .poll(async () => ((await t.call('returns.get', { id: made.id })) as ReturnView).state)
      .toBe('in-doubt');
    // The next pass sends no second DELETE: the 503 said nothing sure of the first.
    const replay = await posOnTill(dataDir, proxy?.url ?? '', ['outbox', 'replay', '--json']);
    expect(replay.code, replay.stderr).toBe(0);
    expect(deletes(proxy)).toBe(1);
    expect(((await t.call('returns.get', { id: made.id })) as ReturnView).state).toBe('in-doubt');
    const settled = (await t.call('returns.settle', { id: made.id, deleted: true })) as ReturnView;
    expect(settled.state).toBe('sent');
    expect(deletes(proxy)).toBe(1);
  }, 180_000);

  it('for the back office: booked only when a manager marks it, with the PIN, once', async () => {
    const { dataDir, t, items } = await start('back-office-booked');
    const { receipt } = await sale(t, items);
    const productId = items[0]?.productId ?? 0;
    const run = await posOnTill(dataDir, proxy?.url ?? '', [
      'return',
      receipt,
      '--item',
      `${productId}=1`,
      '--json',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const made = JSON.parse(run.stdout) as { id: number; state: string };
    expect(made.state).toBe('back-office');

    await t.call('settings.set', { managerPin: '4321' });
    await t.call('manager.lock', {});
    expect((await t.refusal('returns.markBooked', { id: made.id })).code).toBe('locked');
    expect(((await t.call('returns.get', { id: made.id })) as ReturnView).state).toBe('back-office');
    await t.call('manager.unlock', { pin: '4321' });
    const booked = (await t.call('returns.markBooked', { id: made.id })) as ReturnView;
    expect(booked.state).toBe('booked');
    const again = await t.refusal('returns.markBooked', { id: made.id });
    expect(again.code).toBe('rejected');
    expect(again.message).toContain('is not waiting for the back office');
  }, 180_000);
});
