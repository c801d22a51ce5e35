// `pos order` and `pos outbox` as a user runs them: real processes against the real sim.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openDatabase } from '../../../db/database.ts';
import { claimForSending, insertOutboxOrder } from '../../../db/outbox.ts';
import { InternetOrderPayload, OutboxEntry } from '../../../main/outbox/index.ts';
import { newOwnerName } from '../../../main/ground/index.ts';
import { startSim, type RunningSim } from '../../../sim/server.ts';
import { DEMO, sharedTempDir, VIEWER } from '../../support/fixtures.ts';
import { orderDataAt, type OrderData } from './order-data.ts';

const entry = join(import.meta.dirname, '..', '..', '..', 'main', 'cli', 'index.ts');
const dir = sharedTempDir('outbox-cli');
let sim: RunningSim;
let data: OrderData;

beforeAll(async () => {
  sim = await startSim({ port: 0, size: 'small', seed: 4 });
  data = await orderDataAt(sim.url);
});
afterAll(async () => {
  await sim.close();
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function pos(
  args: string[],
  options: {
    dataDir: string;
    clientId?: string;
    clientSecret?: string;
    stdin?: string;
    /** Bytes: a file size limit (ulimit -f, through util-linux's prlimit), so writes past it fail. */
    fileSizeLimit?: number;
  },
): Promise<Run> {
  const clientId = options.clientId ?? DEMO.clientId;
  const command =
    options.fileSizeLimit === undefined
      ? [process.execPath, entry, ...args]
      : ['prlimit', `--fsize=${options.fileSizeLimit}:unlimited`, '--', process.execPath, entry, ...args];
  return new Promise((resolve) => {
    const [file = '', ...rest] = command;
    const child = spawn(file, rest, {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: dir,
        POS_BASE_URL: sim.url,
        POS_CLIENT_ID: clientId,
        POS_CLIENT_SECRET: options.clientSecret ?? `${clientId}-secret`,
        POS_DATA_DIR: options.dataDir,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.stdin.end(options.stdin ?? '');
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

let n = 0;
function fresh(): string {
  n += 1;
  return join(dir, `data-${n}`);
}
function orderFile(order: unknown): string {
  n += 1;
  const file = join(dir, `order-${n}.json`);
  writeFileSync(file, JSON.stringify(order));
  return file;
}
const good = (): unknown => ({
  customerId: data.customerId,
  warehouseId: data.warehouseId,
  items: [{ productId: data.productId, quantity: 1 }],
  note: 'cli',
});
const entryOf = (run: Run): OutboxEntry => OutboxEntry.parse(JSON.parse(run.stdout));
const entriesOf = (run: Run): OutboxEntry[] => z.array(OutboxEntry).parse(JSON.parse(run.stdout));
const ErrorDoc = z.object({ error: z.looseObject({ exitCode: z.number(), message: z.string() }) });

describe('pos order', () => {
  it('a data folder that takes no more writes: exit 1 naming the folder, no half-written order, the retry stores it', async () => {
    const dataDir = fresh();
    const first = await pos(['order', orderFile(good()), '--json'], { dataDir });
    expect(first.code, first.stderr).toBe(0);
    const atInstance = sim.admin.listOrders().length;
    // Before: "Unexpected failure: disk I/O error", nothing said of where or what to do.
    const refused = await pos(['order', orderFile(good()), '--json'], { dataDir, fileSizeLimit: 1024 });
    expect(refused.code, refused.stderr).toBe(1);
    expect(refused.stderr).toContain(`Cannot write to the data folder ${dataDir}`);
    const error = ErrorDoc.parse(JSON.parse(refused.stdout)).error;
    expect(error).toMatchObject({ exitCode: 1, storage: { folder: dataDir, kind: 'io' } });
    expect(sim.admin.listOrders()).toHaveLength(atInstance);
    const listed = await pos(['outbox', '--json'], { dataDir });
    expect(entriesOf(listed).map((e) => [e.id, e.state])).toEqual([[entryOf(first).id, 'sent']]);
    const retry = await pos(['order', orderFile(good()), '--json'], { dataDir });
    expect(retry.code, retry.stderr).toBe(0);
    expect(entryOf(retry).state).toBe('sent');
    expect(sim.admin.listOrders()).toHaveLength(atInstance + 1);
  });

  it('sends a valid order file: exit 0, the outbox entry with the service id', async () => {
    const run = await pos(['order', orderFile(good()), '--json'], { dataDir: fresh() });
    expect(run.code).toBe(0);
    const e = entryOf(run);
    expect(e).toMatchObject({ state: 'sent', attempts: 1 });
    expect(sim.admin.listOrders().find((o) => o.id === e.remoteId)?.clientReference).toBe(e.clientReference);
  });

  it('reads stdin with -; missing customer and warehouse: exit 1, needs-fix with camelCase field errors', async () => {
    const run = await pos(['order', '-', '--json'], {
      dataDir: fresh(),
      stdin: JSON.stringify({ items: [{ productId: data.productId, quantity: 1 }] }),
    });
    expect(run.code).toBe(1);
    const e = entryOf(run);
    expect(e.state).toBe('needs-fix');
    expect(Object.keys(e.fieldErrors ?? {}).sort()).toEqual(['customerId', 'warehouseId']);
    expect(e.messages?.length).toBe(2);
  });

  it('a file that is not an order: exit 1, nothing stored; a missing file: exit 2', async () => {
    const dataDir = fresh();
    const bad = await pos(['order', orderFile({ customerID: 1, items: [] }), '--json'], { dataDir });
    expect(bad.code).toBe(1);
    expect(ErrorDoc.parse(JSON.parse(bad.stdout)).error.message).toMatch(/nothing was stored/);
    const missing = await pos(['order', join(dir, 'nope.json')], { dataDir });
    expect(missing.code).toBe(2);
    const list = await pos(['outbox', '--json'], { dataDir });
    expect(entriesOf(list)).toEqual([]);
  });

  it('a role without the permission: exit 1, blocked naming it', async () => {
    const run = await pos(['order', orderFile(good()), '--json'], {
      dataDir: fresh(),
      clientId: VIEWER.clientId,
    });
    expect(run.code).toBe(1);
    expect(entryOf(run)).toMatchObject({ state: 'blocked', permission: 'Permissions.Orders.Create' });
  });

  it('credentials the service refuses: exit 3, the order stored and queued, sent once they are fixed', async () => {
    const dataDir = fresh();
    const wrong = 'not-the-demo-secret-42';
    const placed = await pos(['order', orderFile(good()), '--json'], { dataDir, clientSecret: wrong });
    expect(placed.code).toBe(3);
    const doc = ErrorDoc.extend({ error: z.looseObject({ exitCode: z.number(), entry: OutboxEntry }) }).parse(
      JSON.parse(placed.stdout),
    );
    expect(doc.error.exitCode).toBe(3);
    expect(doc.error.entry).toMatchObject({ state: 'queued', attempts: 1 });
    expect(placed.stderr).toMatch(/refused the client credentials.*queued/);
    const replay = await pos(['outbox', 'replay'], { dataDir, clientSecret: wrong });
    expect(replay.code).toBe(3);
    expect(replay.stderr).toMatch(/refused the client credentials/);
    for (const run of [placed, replay]) expect(run.stdout + run.stderr).not.toContain(wrong);
    expect(sim.admin.listOrders().some((o) => o.clientReference === doc.error.entry.clientReference)).toBe(
      false,
    );
    const fixed = await pos(['outbox', 'replay', '--json'], { dataDir });
    expect(fixed.code).toBe(0);
    expect(entriesOf(fixed)).toMatchObject([{ id: doc.error.entry.id, state: 'sent', attempts: 3 }]);
  });
});

describe('pos outbox', () => {
  it('replay says "now in-doubt" only of orders it changed: a live sender keeps its order, a dead one does not', async () => {
    const dataDir = fresh();
    expect((await pos(['outbox'], { dataDir })).code).toBe(0); // the data folder, as a user has it
    const db = openDatabase(join(dataDir, 'counter.sqlite'));
    const live = insertOutboxOrder(db, InternetOrderPayload.parse(good()));
    const dead = insertOutboxOrder(db, InternetOrderPayload.parse(good()));
    // This test process is alive; pid 2^22 + 1 is above Linux's pid_max, so it runs nowhere.
    claimForSending(db, live.id, ['queued'], new Date(), { owner: newOwnerName() });
    claimForSending(db, dead.id, ['queued'], new Date(), { owner: `${hostname()}/4194305/x` });
    db.close();
    const first = await pos(['outbox', 'replay', '--json'], { dataDir });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain(
      '1 order(s) whose sending process stopped before storing an answer: now in-doubt',
    );
    const states = new Map(entriesOf(first).map((e) => [e.id, e.state]));
    expect(states.get(live.id)).toBe('sending');
    // Resent after turning in-doubt: the sim recognises the reference.
    expect(states.get(dead.id)).toBe('sent');
    const again = await pos(['outbox', 'replay', '--json'], { dataDir });
    expect(again.stderr).not.toContain('now in-doubt');
    expect(new Map(entriesOf(again).map((e) => [e.id, e.state])).get(live.id)).toBe('sending');
  });

  it('an absurd Retry-After on the order: exit 0, queued for at most an hour; every listing still works', async () => {
    const dataDir = fresh();
    for (const retryAfterSeconds of [9999999999999, 99999999999]) {
      sim.faults.forceStatus({
        status: 429,
        retryAfterSeconds,
        method: 'POST',
        path: 'orders/internet$',
        times: 1,
      });
      const before = Date.now();
      const run = await pos(['order', orderFile(good()), '--json'], { dataDir });
      expect(run.stderr).not.toContain('Invalid time value');
      expect(run.code).toBe(0);
      const placed = entryOf(run);
      expect(placed.state).toBe('queued');
      const due = Date.parse(placed.nextAttemptAt ?? '');
      expect(due).toBeGreaterThan(before);
      expect(due).toBeLessThanOrEqual(Date.now() + 60 * 60 * 1000 + 1_000);
    }
    const list = await pos(['outbox', '--json'], { dataDir });
    expect(list.code).toBe(0);
    expect(entriesOf(list).map((e) => e.state)).toEqual(['queued', 'queued']);
    await sim.faults.reset();
  });

  it('orders belong to their instance: a replay against another instance lists them and sends none', async () => {
    const dataDir = fresh();
    const other = await startSim({ port: 0, size: 'small', seed: 4 });
    try {
      await sim.faults.setOffline({ mode: 'refuse' });
      const placed = entryOf(await pos(['order', orderFile(good()), '--json'], { dataDir }));
      expect(placed).toMatchObject({ state: 'queued', instance: new URL(sim.url).origin });
      await sim.faults.setOffline(false);
      const elsewhere = await pos(['outbox', 'replay', '--json', '--base-url', other.url], { dataDir });
      expect(elsewhere.code).toBe(0);
      // Passed over, and said so: how many, for which instance, and why.
      expect(elsewhere.stderr).toContain(
        `replay: 1 order(s) (1 queued) not sent: they were placed for ${new URL(sim.url).origin}, and this replay talks to ${new URL(other.url).origin}; they belong to that instance.`,
      );
      expect(entriesOf(elsewhere)).toMatchObject([
        { id: placed.id, state: 'queued', instance: new URL(sim.url).origin },
      ]);
      expect(other.admin.listOrders().filter((o) => o.clientReference === placed.clientReference)).toEqual(
        [],
      );
      const text = await pos(['outbox', '--base-url', other.url], { dataDir });
      expect(text.stdout).toContain(`[${new URL(sim.url).origin}]`);
      const home = await pos(['outbox', 'replay', '--json'], { dataDir });
      expect(entriesOf(home)).toMatchObject([{ id: placed.id, state: 'sent' }]);
    } finally {
      await other.close();
    }
  });

  it('127.0.0.1 and localhost are two names: a replay under one says of the orders of the other, never silently', async () => {
    const dataDir = fresh();
    expect((await pos(['outbox'], { dataDir })).code).toBe(0);
    const port = new URL(sim.url).port;
    const localhost = `http://localhost:${port}`;
    const db = openDatabase(join(dataDir, 'counter.sqlite'));
    const queued = insertOutboxOrder(db, InternetOrderPayload.parse(good()), { instance: localhost });
    db.close();
    const replay = await pos(['outbox', 'replay', '--json'], { dataDir });
    expect(replay.code, replay.stderr).toBe(0);
    expect(replay.stderr).toContain(
      `replay: 1 order(s) (1 queued) not sent: they were placed for ${localhost}, and this replay talks to http://127.0.0.1:${port}; ` +
        'that may be this same instance under another name, but Counter does not guess which address an order was meant for. ' +
        `To send them, replay with --base-url ${localhost} (or POS_BASE_URL).`,
    );
    expect(entriesOf(replay)).toMatchObject([{ id: queued.id, state: 'queued', instance: localhost }]);
  });

  it('an address spelled another way (case, default port, trailing slash) is the same instance: its orders go', async () => {
    const dataDir = fresh();
    const url = new URL(sim.url);
    const spelled = `HTTP://${url.hostname.toUpperCase()}:${url.port}/`;
    await sim.faults.setOffline({ mode: 'refuse' });
    let placed: OutboxEntry;
    try {
      placed = entryOf(await pos(['order', orderFile(good()), '--json', '--base-url', spelled], { dataDir }));
    } finally {
      await sim.faults.setOffline(false);
    }
    expect(placed).toMatchObject({ state: 'queued', instance: url.origin });
    const replay = await pos(['outbox', 'replay', '--json'], { dataDir });
    expect(replay.stderr).not.toContain('not sent');
    expect(entriesOf(replay)).toMatchObject([{ id: placed.id, state: 'sent' }]);
  });

  it('offline: order queued (exit 0), replay exit 4; back online: replay sends it (exit 0)', async () => {
    const dataDir = fresh();
    await sim.faults.setOffline(true);
    try {
      const placed = await pos(['order', orderFile(good()), '--json'], { dataDir });
      expect(placed.code).toBe(0);
      expect(entryOf(placed)).toMatchObject({ state: 'queued', attempts: 1 });
      expect(placed.stderr).toMatch(/queued/);
      const offline = await pos(['outbox', 'replay', '--json'], { dataDir });
      expect(offline.code).toBe(4);
      expect(ErrorDoc.parse(JSON.parse(offline.stdout)).error.exitCode).toBe(4);
    } finally {
      await sim.faults.setOffline(false);
    }
    const replay = await pos(['outbox', 'replay', '--json'], { dataDir });
    expect(replay.code).toBe(0);
    const [sent] = entriesOf(replay);
    expect(sent).toMatchObject({ state: 'sent', attempts: 3 });
    const list = await pos(['outbox', '--json'], { dataDir });
    expect(entriesOf(list)).toEqual(entriesOf(replay));
    const text = await pos(['outbox'], { dataDir });
    expect(text.stdout).toMatch(/sent/);
  });

  it('edit a needs-fix order and it is sent; discard an unsent one; cancel a sent one', async () => {
    const dataDir = fresh();
    const rejected = await pos(
      ['order', orderFile({ items: [{ productId: data.productId, quantity: 1 }] }), '--json'],
      {
        dataDir,
      },
    );
    const { id } = entryOf(rejected);
    const edited = await pos(['outbox', 'edit', String(id), '-', '--json'], {
      dataDir,
      stdin: JSON.stringify(good()),
    });
    expect(edited.code).toBe(0);
    const sent = entryOf(edited);
    expect(sent).toMatchObject({ id, state: 'sent' });

    const cancelled = await pos(['outbox', 'cancel', String(id), '--json'], { dataDir });
    expect(cancelled.code).toBe(0);
    expect(entryOf(cancelled).state).toBe('cancelled');
    expect(sim.admin.listOrders().some((o) => o.id === sent.remoteId)).toBe(false);

    const other = await pos(['order', orderFile({ items: [] }), '--json'], { dataDir });
    const discarded = await pos(['outbox', 'discard', String(entryOf(other).id), '--json'], { dataDir });
    expect(entryOf(discarded).state).toBe('discarded');
    const again = await pos(['outbox', 'discard', String(entryOf(other).id)], { dataDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/only .* orders can be discarded/);
    const usage = await pos(['outbox', 'frobnicate'], { dataDir });
    expect(usage.code).toBe(2);
  });

  it('cancel of an order other records depend on: exit 1, said as such', async () => {
    const dataDir = fresh();
    const placed = entryOf(await pos(['order', orderFile(good()), '--json'], { dataDir }));
    sim.admin.markOrderDependent(placed.remoteId ?? -1);
    const run = await pos(['outbox', 'cancel', String(placed.id), '--json'], { dataDir });
    expect(run.code).toBe(1);
    const doc = ErrorDoc.parse(JSON.parse(run.stdout));
    expect(doc.error).toMatchObject({ reason: 'dependent-records' });
    expect(doc.error.message).toMatch(/other records depend on it/);
  });
});
