// Leases on `sending` orders, on explicit clocks and a real SQLite file: a sender of this host that
// runs is never gone, whatever the clocks say; a sender elsewhere is gone only after LEASE_MS without
// a beat on the observer's own monotonic clock; the in-doubt message says which.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { hostname } from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tempDb } from '../../test/support/fixtures.ts';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import {
  beatSending,
  claimForSending,
  getOutboxOrder,
  insertOutboxOrder,
  markInterruptedInDoubt,
} from '../../db/outbox.ts';
import { newOwnerName, THIS_HOST } from '../ground/index.ts';
import { goneSenderWords, HEARTBEAT_MS, LEASE_MS, LeaseWatch } from './lease.ts';
import type { OrderAcknowledgement } from '../service/index.ts';
import { Outbox, type OrderService } from './outbox.ts';

const children: ChildProcess[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const c of children.splice(0)) c.kill('SIGKILL');
});
const order = { customerId: 7, warehouseId: 1, items: [{ productId: 3, quantity: 2 }] };

/** The pid of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(child.stdout.trim());
}

/** The owner name a live process of this host (the test runner's parent) would write. */
function liveOwner(): string {
  return `${hostname()}/${process.ppid}/abcd1234/${THIS_HOST.startOf(process.ppid) ?? '-'}`;
}

function beatOf(db: Db, id: number): number | null {
  return z
    .number()
    .nullable()
    .parse(db.prepare('SELECT sending_beat FROM outbox_order WHERE id = ?').pluck().get(id));
}

describe('the staleness rule', () => {
  it('a running process of this host is never gone, however long it is silent; a dead or replaced one is gone at once', () => {
    let mono = 0;
    const watch = new LeaseWatch(newOwnerName(), () => mono);
    const live = { id: 1, owner: liveOwner(), beat: 1 };
    expect(THIS_HOST.startOf(process.ppid)).toMatch(/^\d+$/); // Linux: its start is known
    expect(watch.judge(live, () => false)).toEqual({ stale: false });
    mono += 100 * LEASE_MS; // not a single beat in all that time
    expect(watch.judge(live, () => false)).toEqual({ stale: false });

    const dead = deadPid();
    expect(watch.judge({ id: 2, owner: `${hostname()}/${dead}/abcd1234/1`, beat: 1 }, () => false)).toEqual({
      stale: true,
      why: 'gone',
      pid: dead,
    });
    // Its pid runs, but as another process than the one that claimed the order (a reused pid).
    const reused = { id: 3, owner: `${hostname()}/${process.ppid}/abcd1234/1`, beat: 1 };
    expect(watch.judge(reused, () => false)).toEqual({ stale: true, why: 'gone', pid: process.ppid });
  });

  it('a sender elsewhere is gone only after LEASE_MS without a beat on the observer’s monotonic clock', () => {
    let mono = 1_000;
    const watch = new LeaseWatch(newOwnerName(), () => mono);
    const lease = { id: 7, owner: 'till-2/4242/abcd1234/99', beat: 3 };
    expect(watch.judge(lease, () => false)).toEqual({ stale: false });
    expect(watch.nextDeadline()).toBe(1_000 + LEASE_MS);
    mono += LEASE_MS - 1;
    expect(watch.judge(lease, () => false)).toEqual({ stale: false });
    // A beat moves the deadline: silence is counted from when the observer saw it.
    const beaten = { ...lease, beat: 4 };
    expect(watch.judge(beaten, () => false)).toEqual({ stale: false });
    mono += LEASE_MS - 1;
    expect(watch.judge(beaten, () => false)).toEqual({ stale: false });
    mono += 1;
    expect(watch.judge(beaten, () => false)).toEqual({
      stale: true,
      why: 'silent',
      pid: 4242,
      host: 'till-2',
      silentMs: LEASE_MS,
    });
    // A new owner (the order went in-doubt and another process claimed it) starts a new watch.
    expect(watch.judge({ ...beaten, owner: 'till-3/1/x/-' }, () => false)).toEqual({ stale: false });
    watch.keepOnly(new Set());
    expect(watch.nextDeadline()).toBeUndefined();
  });

  it('a live pid of this host whose start cannot be told is judged by its beat; so is a name without a start', () => {
    let mono = 0;
    const watch = new LeaseWatch(newOwnerName(), () => mono);
    const lease = { id: 1, owner: `${hostname()}/${process.ppid}/abcd1234`, beat: null };
    expect(watch.judge(lease, () => false)).toEqual({ stale: false });
    mono += LEASE_MS;
    expect(watch.judge(lease, () => false)).toMatchObject({ stale: true, why: 'silent', pid: process.ppid });
  });

  it('an order with no lease is gone; our own is gone only when we no longer wait for its answer', () => {
    const self = newOwnerName();
    const watch = new LeaseWatch(self, () => 0);
    expect(watch.judge({ id: 1, owner: null, beat: null }, () => true)).toEqual({
      stale: true,
      why: 'unleased',
    });
    expect(watch.judge({ id: 2, owner: self, beat: 1 }, (id) => id === 2)).toEqual({ stale: false });
    expect(watch.judge({ id: 3, owner: self, beat: 1 }, (id) => id === 2)).toEqual({
      stale: true,
      why: 'abandoned',
    });
  });
});

describe('sending leases on the outbox', () => {
  it('in-doubt only for a gone sender, with what is known of it, and the client reference', () => {
    const db = tempDb('lease').db;
    let mono = 0;
    const self = newOwnerName();
    const watch = new LeaseWatch(self, () => mono);
    const dead = deadPid();
    const owners = [liveOwner(), `${hostname()}/${dead}/abcd1234/-`, 'till-2/4242/abcd1234/99', self];
    const ids = owners.map((owner) => {
      const { id } = insertOutboxOrder(db, order);
      expect(claimForSending(db, id, ['queued'], new Date(), { owner })).toBe(true);
      return id;
    });
    const [live, gone, elsewhere, ours] = ids as [number, number, number, number];
    const look = (): number =>
      markInterruptedInDoubt(db, new Date(), (lease) => {
        const v = watch.judge(lease, (id) => id === ours);
        return v.stale ? goneSenderWords(v) : null;
      });
    expect(look()).toBe(1);
    const reference = getOutboxOrder(db, gone)?.clientReference ?? '';
    expect(getOutboxOrder(db, gone)?.messages).toEqual([
      `The process that was sending this order (pid ${dead}) is no longer running, and no answer was stored. It may have reached the service. Client reference ${reference}.`,
    ]);
    mono += LEASE_MS - 1;
    beatSending(db, 'till-2/4242/abcd1234/99', [elsewhere]);
    expect(look()).toBe(0);
    mono += LEASE_MS;
    expect(look()).toBe(1);
    expect(getOutboxOrder(db, elsewhere)?.messages?.[0]).toMatch(
      /^No sign of life from the process sending this order \(pid 4242 on till-2\) for 5 minutes, and no answer was stored\. It may have reached the service\. Client reference [0-9a-f-]{36}\.$/,
    );
    expect([live, gone, elsewhere, ours].map((id) => getOutboxOrder(db, id)?.state)).toEqual([
      'sending',
      'in-doubt',
      'in-doubt',
      'sending',
    ]);
    db.close();
  });

  it('the running app: a sender elsewhere that keeps beating keeps its order whatever the wall clock does; silent, it is in-doubt', async () => {
    const db = tempDb('lease').db;
    let now = 5_000_000;
    let mono = 0;
    const { id } = insertOutboxOrder(db, order);
    const sender = 'till-2/4242/feedbeef/99';
    claimForSending(db, id, ['queued'], new Date(now), { owner: sender });
    const client: OrderService = {
      createInternetOrder: () => Promise.reject(new Error('not expected: nothing is due')),
      deleteInternetOrder: () => Promise.resolve(),
      capabilities: () => Promise.resolve({ recognisesClientReference: false }),
      health: () => Promise.resolve(true),
    };
    const outbox = new Outbox(db, client, { now: () => now, monotonic: () => mono });
    outbox.start();
    await outbox.replay();
    for (const jump of [365 * 24 * 3_600_000, -10 * 60_000, -365 * 24 * 3_600_000]) {
      now += jump; // the wall clock set wrong, then right, then wrong again
      mono += LEASE_MS - 1;
      beatSending(db, sender, [id]);
      await outbox.replay();
      expect(getOutboxOrder(db, id)?.state).toBe('sending');
    }
    mono += LEASE_MS;
    await outbox.replay();
    expect(getOutboxOrder(db, id)).toMatchObject({ state: 'in-doubt', attempts: 1 });
    await outbox.stop();
    db.close();
  });

  it('the running app finds, within a minute and without a restart, that a sender of this host was killed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const db = tempDb('lease').db;
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    children.push(child);
    const pid = child.pid ?? 0;
    const exited = once(child, 'exit');
    const { id } = insertOutboxOrder(db, order);
    claimForSending(db, id, ['queued'], new Date(), {
      owner: `${hostname()}/${pid}/feedbeef/${THIS_HOST.startOf(pid) ?? '-'}`,
    });
    const client: OrderService = {
      createInternetOrder: () => Promise.reject(new Error('not expected: nothing is due')),
      deleteInternetOrder: () => Promise.resolve(),
      capabilities: () => Promise.resolve({ recognisesClientReference: false }),
      health: () => Promise.resolve(true),
    };
    const outbox = new Outbox(db, client);
    outbox.start();
    await outbox.replay();
    expect(getOutboxOrder(db, id)?.state).toBe('sending');
    child.kill('SIGKILL');
    await exited;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(getOutboxOrder(db, id)?.state).toBe('in-doubt');
    expect(getOutboxOrder(db, id)?.messages?.[0]).toContain(
      `The process that was sending this order (pid ${pid}) is no longer running`,
    );
    await outbox.stop();
    db.close();
  });

  it('a sender beats its leases while it waits for an answer, and stops when the answer is stored', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const db = tempDb('lease').db;
    let answer: (value: OrderAcknowledgement) => void = () => undefined;
    let asked: () => void = () => undefined;
    const requested = new Promise<void>((resolve) => (asked = resolve));
    const client: OrderService = {
      createInternetOrder: () => {
        asked();
        return new Promise((resolve) => (answer = resolve));
      },
      deleteInternetOrder: () => Promise.resolve(),
      capabilities: () => Promise.resolve({ recognisesClientReference: false }),
      health: () => Promise.resolve(true),
    };
    const outbox = new Outbox(db, client);
    const placed = outbox.place(order);
    await requested;
    const id = outbox.list(['sending'])[0]?.id ?? 0;
    const claimed = beatOf(db, id) ?? 0;
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(beatOf(db, id)).toBe(claimed + 1);
    vi.advanceTimersByTime(3 * HEARTBEAT_MS);
    expect(beatOf(db, id)).toBe(claimed + 4);
    answer({ id: 99, bookedMinor: undefined });
    expect(await placed).toMatchObject({ id, state: 'sent', remoteId: 99 });
    expect(vi.getTimerCount()).toBe(0);
    await outbox.stop();
    db.close();
  });
});
