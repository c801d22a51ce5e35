// Leases on `sending` orders, on a real SQLite file: another live process's order is left alone; a
// dead process's or a run-out lease becomes in-doubt, and the app finds it while it keeps running.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import {
  claimForSending,
  getOutboxOrder,
  insertOutboxOrder,
  markInterruptedInDoubt,
} from '../../db/outbox.ts';
import { isStaleLease, LEASE_MS, newLeaseOwner } from './lease.ts';
import { Outbox, type OrderService } from './outbox.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function tempDb() {
  const dir = mkdtempSync(join(tmpdir(), 'counter-lease-'));
  dirs.push(dir);
  return openDatabase(join(dir, 'counter.sqlite'));
}
const order = { customerId: 7, warehouseId: 1, items: [{ productId: 3, quantity: 2 }] };

/** The pid of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(child.stdout.trim());
}

describe('sending leases', () => {
  it('turns in-doubt only orders whose sender is gone or whose lease ran out', () => {
    const db = tempDb();
    const now = 1_000_000;
    const self = newLeaseOwner();
    const otherLive = `${hostname()}/${process.ppid}/abcd1234`; // the test runner's parent: running
    const gone = `${hostname()}/${deadPid()}/abcd1234`;
    const leases = [
      { owner: otherLive, untilMs: now + LEASE_MS }, // another live process is sending it: left alone
      { owner: gone, untilMs: now + LEASE_MS }, // its process died: in-doubt
      { owner: otherLive, untilMs: now - 1 }, // ran out: in-doubt
      { owner: `elsewhere/1/x`, untilMs: now + 1 }, // another host, lease running: trusted
      { owner: self, untilMs: now + LEASE_MS }, // our own, in flight: left alone
    ];
    const ids = leases.map((lease) => {
      const { id } = insertOutboxOrder(db, order);
      expect(claimForSending(db, id, ['queued'], new Date(now), lease)).toBe(true);
      return id;
    });
    const changed = markInterruptedInDoubt(db, new Date(now), (l) => isStaleLease(l, now, self));
    expect(changed).toBe(2);
    expect(ids.map((id) => getOutboxOrder(db, id)?.state)).toEqual([
      'sending',
      'in-doubt',
      'in-doubt',
      'sending',
      'sending',
    ]);
    // Nothing changed on a second look, and nothing is said to have changed.
    expect(markInterruptedInDoubt(db, new Date(now), (l) => isStaleLease(l, now, self))).toBe(0);
    db.close();
  });

  it("the running app turns a dead sender's order in-doubt without a restart", async () => {
    const db = tempDb();
    let now = 5_000_000;
    const { id } = insertOutboxOrder(db, order);
    // Another process (`pos order`) claimed it, then hung or was stopped: its lease runs out later.
    claimForSending(db, id, ['queued'], new Date(now), {
      owner: `${hostname()}/${process.ppid}/feedbeef`,
      untilMs: now + LEASE_MS,
    });
    const client: OrderService = {
      createInternetOrder: () => Promise.reject(new Error('not expected: nothing is due')),
      deleteInternetOrder: () => Promise.resolve(),
      capabilities: () => Promise.resolve({ recognisesClientReference: false }),
      health: () => Promise.resolve(true),
    };
    const outbox = new Outbox(db, client, { now: () => now });
    outbox.start();
    await outbox.replay();
    expect(getOutboxOrder(db, id)?.state).toBe('sending'); // its sender is alive and within its lease
    now += LEASE_MS + 1;
    await outbox.replay();
    expect(getOutboxOrder(db, id)).toMatchObject({ state: 'in-doubt', attempts: 1 });
    await outbox.stop();
    db.close();
  });
});
