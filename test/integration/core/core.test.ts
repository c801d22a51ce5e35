// The core behind both shells, in process, against the real sim: every payload validated, the secret
// write-only, POS_* winning over Settings, the demo replaced by a configured instance, and orders of
// one instance never carried to another.
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO, demoEnv, tempDir, VIEWER } from '../../support/fixtures.ts';
import { openDatabase } from '../../../db/database.ts';
import { claimForSending, insertOutboxOrder, recordOutboxOutcome } from '../../../db/outbox.ts';
import type { Envelope } from '../../../contract/contract.ts';
import { startSim, type RunningSim } from '../../../sim/server.ts';
import { MemoryCredentialStore } from '../../../main/settings/credentials.ts';
import { withCheckDigit } from '../../../main/barcode/index.ts';
import { Core } from '../../../main/core/core.ts';

const SECRET = DEMO.clientSecret;
let sim: RunningSim;
const cleanup: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  sim = await startSim({ size: 'small', port: 0 });
});
afterAll(() => sim.close());
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function core(env: Record<string, string> = {}, demo = false) {
  const dataDir = tempDir('core');
  let demoClosed = 0;
  const c = await Core.create({
    dataDir,
    credentials: new MemoryCredentialStore(),
    env,
    probeIntervalMs: 200,
    autoSync: false,
    log: () => undefined,
    ...(demo
      ? {
          startDemo: () =>
            Promise.resolve({
              url: sim.url,
              close: () => {
                demoClosed++;
                return Promise.resolve();
              },
            }),
        }
      : {}),
  });
  cleanup.push(() => c.close());
  return { c, dataDir, demoClosed: () => demoClosed };
}

/** Settings that point the core at the test's sim with the demo client's credentials. */
const onTheSim = () => ({ instanceUrl: sim.url, clientId: DEMO.clientId, clientSecret: SECRET });

/** One piece of product 1 for customer 1 from warehouse 1: an order as the outbox stores it. */
const AN_ORDER = { customerId: 1, warehouseId: 1, items: [{ productId: 1, quantity: 1 }] };

/** Stores AN_ORDER in the till's outbox, queued, as a sale closed there would. */
function queueAnOrder(dataDir: string) {
  const db = openDatabase(join(dataDir, 'counter.sqlite'));
  try {
    return insertOutboxOrder(db, AN_ORDER);
  } finally {
    db.close();
  }
}

function value(envelope: Envelope): unknown {
  if (!envelope.ok) throw new Error(`call failed: ${envelope.error.code} ${envelope.error.message}`);
  return envelope.value;
}

describe('Core', () => {
  it('refuses unknown channels and invalid payloads before any handler runs', async () => {
    const { c } = await core();
    expect(await c.invoke('process.exit', {})).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(await c.invoke('__proto__', {})).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const badUrl = await c.invoke('settings.set', { instanceUrl: 'javascript:alert(1)' });
    expect(badUrl).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(badUrl.ok ? {} : badUrl.error.fieldErrors).toHaveProperty('instanceUrl');
    expect(await c.invoke('session.scan', { code: '123', sessionId: 5 })).toMatchObject({
      ok: false,
      error: { code: 'invalid-input' },
    });
    expect(await c.invoke('stock.search', { text: 'x'.repeat(201) })).toMatchObject({ ok: false });
  });

  it('says an invalid payload and each bad field by key, for the screens to say in their language', async () => {
    const { c } = await core();
    const bad = await c.invoke('settings.set', { instanceUrl: 'not a url' });
    expect(bad).toMatchObject({
      ok: false,
      error: {
        code: 'invalid-input',
        said: [{ key: 'requestInvalid' }],
        fieldSaid: { instanceUrl: [{ key: 'notAUrl' }] },
      },
    });
    // A field zod refuses for another reason is said as not valid, by the same field name.
    const pin = await c.invoke('settings.set', { managerPin: '12' });
    expect(pin.ok ? {} : pin.error.fieldSaid).toEqual({ managerPin: [{ key: 'fieldInvalid' }] });
    const unknown = await c.invoke('process.exit', {});
    expect(unknown.ok ? [] : unknown.error.said).toEqual([{ key: 'unknownCall' }]);
  });

  it("names a bad field inside a list by the service's path form (labelRules[0].pattern)", async () => {
    const { c } = await core();
    const bad = await c.invoke('settings.set', { labelRules: [{ type: 'price', pattern: '' }] });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(Object.keys(bad.ok ? {} : (bad.error.fieldErrors ?? {}))).toEqual(['labelRules[0].pattern']);
  });

  it('keeps the secret write-only: stored, reported as hasSecret, never returned or emitted', async () => {
    const { c } = await core();
    const events: string[] = [];
    c.subscribe((name, payload) => events.push(`${name} ${JSON.stringify(payload)}`));
    const set = value(await c.invoke('settings.set', onTheSim()));
    expect(set).toMatchObject({ hasSecret: true, secretStorage: 'memory', source: 'settings' });
    const outputs = await Promise.all(
      ['settings.get', 'status.get', 'connection.test', 'sync.status', 'outbox.list', 'session.current'].map(
        (channel) => c.invoke(channel, {}),
      ),
    );
    expect(outputs.every((o) => o.ok)).toBe(true);
    const connection = outputs[2];
    expect(connection?.ok === true && connection.value).toMatchObject({ ok: true, version: '1.4.0' });
    const everything = JSON.stringify([set, ...outputs, ...events]);
    expect(everything).not.toContain(SECRET);
    expect(events.some((e) => e.startsWith('status.changed'))).toBe(true);

    value(await c.invoke('settings.set', { clearSecret: true }));
    expect(value(await c.invoke('settings.get', {}))).toMatchObject({ hasSecret: false });
    expect(value(await c.invoke('connection.test', {}))).toMatchObject({
      ok: false,
      message: 'The client secret is missing.',
      messageSaid: [{ key: 'missingClientSecret' }],
    });
  });

  it('binds the secret to its instance origin: another origin needs it entered again; plain http is refused', async () => {
    const { c } = await core();
    value(await c.invoke('settings.set', onTheSim()));
    // The same origin spelled with a trailing slash keeps it.
    value(await c.invoke('settings.set', { instanceUrl: `${sim.url}/` }));
    expect(value(await c.invoke('settings.get', {}))).toMatchObject({ hasSecret: true });
    // Another origin (the same machine by another name) does not get it.
    const other = sim.url.replace('127.0.0.1', 'localhost');
    value(await c.invoke('settings.set', { instanceUrl: other }));
    expect(value(await c.invoke('settings.get', {}))).toMatchObject({ hasSecret: false, instanceUrl: other });
    expect(value(await c.invoke('connection.test', {}))).toMatchObject({
      ok: false,
      message: 'The client secret is missing.',
      messageSaid: [{ key: 'missingClientSecret' }],
    });
    value(await c.invoke('settings.set', { clientSecret: SECRET }));
    expect(value(await c.invoke('connection.test', {}))).toMatchObject({ ok: true });
    // Plain http to a host other than loopback is refused by name, and nothing is stored.
    const insecure = await c.invoke('settings.set', { instanceUrl: 'http://erp.example.com' });
    expect(insecure).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(insecure.ok ? '' : insecure.error.message).toContain('http://erp.example.com is plain http');
    expect(value(await c.invoke('settings.get', {}))).toMatchObject({ instanceUrl: other, hasSecret: true });
  });

  it('warns in the status when plain http to another machine was allowed on purpose', async () => {
    // 0.0.0.0 is not a loopback name (nothing listens on port 9: no traffic leaves this machine).
    const { c } = await core({
      POS_BASE_URL: 'http://0.0.0.0:9',
      POS_CLIENT_ID: 'x',
      POS_CLIENT_SECRET: 'y',
      POS_ALLOW_INSECURE: '1',
    });
    expect(value(await c.invoke('status.get', {}))).toMatchObject({ insecure: true });
    const { c: safe } = await core();
    value(await safe.invoke('settings.set', onTheSim()));
    expect(value(await safe.invoke('status.get', {}))).toMatchObject({ insecure: false });
  });

  it('says in the status when the instance answers but refuses the credentials, until a token is issued', async () => {
    const { c } = await core();
    const events: string[] = [];
    c.subscribe((name, payload) => events.push(`${name} ${JSON.stringify(payload)}`));
    const status = async () => value(await c.invoke('status.get', {})) as Record<string, unknown>;
    // Credentials the instance does not know yet (a client its operator has still to add): the
    // instance is reachable, its token endpoint refuses them.
    const client = { clientId: 'added-later', clientSecret: 'added-later-secret' };
    value(await c.invoke('settings.set', { instanceUrl: sim.url, ...client }));
    // Coming online asks for a token at once: no order has to fail first.
    await vi.waitFor(
      async () => expect(await status()).toMatchObject({ online: true, credentialsRefused: true }),
      { timeout: 10_000 },
    );
    // The status bar hears of it without asking (status.changed).
    const lastStatus = () => events.filter((e) => e.startsWith('status.changed')).at(-1) ?? '';
    expect(lastStatus()).toContain('"credentialsRefused":true');
    // Offline, nobody can tell what the instance would say now: not said beside Offline. Back online,
    // its last word (a refusal) is said again.
    await sim.faults.setOffline(true);
    try {
      await vi.waitFor(
        async () => expect(await status()).toMatchObject({ online: false, credentialsRefused: false }),
        { timeout: 10_000 },
      );
    } finally {
      await sim.faults.setOffline(false);
    }
    await vi.waitFor(
      async () => expect(await status()).toMatchObject({ online: true, credentialsRefused: true }),
      { timeout: 10_000 },
    );
    // Test connection says so too. It also settles the token request that coming online started (a
    // test joins a request in flight): asked before the client exists, that one is refused, and were
    // it still out when the client is added, the test below would join it and hear that refusal.
    expect(value(await c.invoke('connection.test', {}))).toMatchObject({
      token: { obtained: false, reason: 'refused' },
    });
    // The operator adds the client: the next token the same instance issues clears it.
    sim.admin.addClient({ ...client, permissions: ['Permissions.StockItems.View'] });
    expect(value(await c.invoke('connection.test', {}))).toMatchObject({ token: { obtained: true } });
    expect(await status()).toMatchObject({ credentialsRefused: false });
    expect(lastStatus()).toContain('"credentialsRefused":false');
  });

  it('says in the status which shift is open since when, and who is signed in at the till', async () => {
    const { c } = await core();
    const events: string[] = [];
    c.subscribe((name, payload) => events.push(`${name} ${JSON.stringify(payload)}`));
    const status = async () => value(await c.invoke('status.get', {})) as Record<string, unknown>;
    const lastStatus = () => events.filter((e) => e.startsWith('status.changed')).at(-1) ?? '';
    expect(await status()).toMatchObject({ shift: null, cashier: null });
    const opened = value(await c.invoke('shift.open', { float: 100 })) as { id: number; openedAt: string };
    const shift = { id: opened.id, openedAt: opened.openedAt };
    expect(await status()).toMatchObject({ shift, cashier: null, signInNeeded: false });
    // The status bar hears of it without asking.
    expect(lastStatus()).toContain(JSON.stringify({ shift }).slice(1, -1));
    const added = value(await c.invoke('cashier.add', { name: 'Jana Nováková', pin: '4821' })) as {
      cashiers: { id: number }[];
    };
    const id = added.cashiers[0]?.id ?? -1;
    // The till has a cashier now, and nobody signed in: no sale until she does.
    expect(await status()).toMatchObject({ shift, cashier: null, signInNeeded: true });
    expect(lastStatus()).toContain('"signInNeeded":true');
    value(await c.invoke('cashier.signIn', { id, pin: '4821' }));
    expect(await status()).toMatchObject({
      shift,
      cashier: { id, name: 'Jana Nováková' },
      signInNeeded: false,
    });
    expect(lastStatus()).toContain('"cashier":{"id":');
    value(await c.invoke('shift.close', { counted: 100 }));
    expect(await status()).toMatchObject({ shift: null, cashier: { id, name: 'Jana Nováková' } });
    value(await c.invoke('cashier.signOut', {}));
    expect(await status()).toMatchObject({ shift: null, cashier: null, signInNeeded: true });
    expect(lastStatus()).toContain('"shift":null');
  });

  it('lets POS_* win over Settings', async () => {
    const { c } = await core({
      POS_BASE_URL: sim.url,
      POS_CLIENT_ID: DEMO.clientId,
      POS_CLIENT_SECRET: SECRET,
    });
    value(await c.invoke('settings.set', { instanceUrl: 'http://127.0.0.1:9', clientId: 'other' }));
    expect(value(await c.invoke('settings.get', {}))).toMatchObject({
      instanceUrl: sim.url,
      clientId: 'counter-demo',
      source: 'env',
      secretStorage: 'env',
    });
    expect(value(await c.invoke('connection.test', {}))).toMatchObject({ ok: true });
  });

  it('runs on the demo until an instance is configured, then stops the demo', async () => {
    const { c, demoClosed } = await core({}, true);
    expect(value(await c.invoke('status.get', {}))).toMatchObject({ demo: true });
    value(await c.invoke('settings.set', onTheSim()));
    expect(value(await c.invoke('status.get', {}))).toMatchObject({ demo: false });
    expect(demoClosed()).toBe(1);
  });

  it('refuses to switch instances while orders for the current one are unsent', async () => {
    const { c, dataDir } = await core();
    value(await c.invoke('settings.set', onTheSim()));
    await sim.faults.setOffline(true);
    try {
      queueAnOrder(dataDir);
      const refused = await c.invoke('settings.set', { instanceUrl: 'http://127.0.0.1:9' });
      expect(refused).toMatchObject({ ok: false, error: { code: 'rejected' } });
      expect(refused.ok ? '' : refused.error.message).toContain('not sent yet');
      expect(value(await c.invoke('settings.get', {}))).toMatchObject({ instanceUrl: sim.url });
    } finally {
      await sim.faults.setOffline(false);
    }
  });

  it('explains a blocked order (the permission it lacks) and sends it again once the client may', async () => {
    const { c, dataDir } = await core();
    value(
      await c.invoke('settings.set', {
        instanceUrl: sim.url,
        clientId: VIEWER.clientId,
        clientSecret: VIEWER.clientSecret,
      }),
    );
    const stored = queueAnOrder(dataDir);
    const replayed = value(await c.invoke('outbox.replay', {})) as {
      id: number;
      state: string;
      permission?: string;
    }[];
    expect(replayed.find((o) => o.id === stored.id)).toMatchObject({
      state: 'blocked',
      permission: 'Permissions.Orders.Create',
    });
    expect(value(await c.invoke('status.get', {}))).toMatchObject({ queued: 0, needsAttention: 1 });
    // The administrator gives this terminal a client that may create orders; the operator resends.
    value(await c.invoke('settings.set', { clientId: DEMO.clientId, clientSecret: SECRET }));
    const before = sim.admin.listOrders().length;
    const resent = value(await c.invoke('outbox.resend', { id: stored.id, order: stored.payload }));
    expect(resent).toMatchObject({ state: 'sent' });
    expect(sim.admin.listOrders().length).toBe(before + 1);
  });

  it('sends a queued order at once when the cashier asks, even while it waits out a backoff', async () => {
    const { c, dataDir } = await core();
    value(await c.invoke('settings.set', onTheSim()));
    // An order whose last attempt got a 503 with a long Retry-After: its next attempt is 10 minutes away.
    const db = openDatabase(join(dataDir, 'counter.sqlite'));
    const stored = insertOutboxOrder(db, AN_ORDER);
    claimForSending(db, stored.id, ['queued']);
    recordOutboxOutcome(db, stored.id, ['sending'], { state: 'queued', nextAttemptAt: Date.now() + 600_000 });
    db.close();
    const before = sim.admin.listOrders().length;
    const replayed = value(await c.invoke('outbox.replay', {})) as { id: number; state: string }[];
    expect(replayed.find((o) => o.id === stored.id)).toMatchObject({ state: 'sent' });
    expect(sim.admin.listOrders().length).toBe(before + 1);
  });

  it('records an in-doubt order the operator found on the instance as sent under its id, and nothing else', async () => {
    const { c, dataDir } = await core();
    // Offline: the operator looked the reference up elsewhere; marking needs no connection.
    value(
      await c.invoke('settings.set', { instanceUrl: 'http://127.0.0.1:9', clientId: 'x', clientSecret: 'y' }),
    );
    const db = openDatabase(join(dataDir, 'counter.sqlite'));
    const lost = insertOutboxOrder(db, AN_ORDER);
    claimForSending(db, lost.id, ['queued']);
    recordOutboxOutcome(db, lost.id, ['sending'], { state: 'in-doubt' });
    const waiting = insertOutboxOrder(db, AN_ORDER);
    db.close();

    const zero = await c.invoke('outbox.markSent', { id: lost.id, remoteId: 0 });
    expect(zero).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const marked = value(await c.invoke('outbox.markSent', { id: lost.id, remoteId: 4242 }));
    expect(marked).toMatchObject({ id: lost.id, state: 'sent', remoteId: 4242 });
    expect(value(await c.invoke('status.get', {}))).toMatchObject({ needsAttention: 0 });
    // Only an in-doubt order can be found: a second mark and a queued order are refused by name.
    const again = await c.invoke('outbox.markSent', { id: lost.id, remoteId: 4243 });
    expect(again).toMatchObject({ ok: false, error: { code: 'rejected' } });
    expect(again.ok ? '' : again.error.message).toMatch(/in-doubt/);
    const queued = await c.invoke('outbox.markSent', { id: waiting.id, remoteId: 4244 });
    expect(queued).toMatchObject({ ok: false, error: { code: 'rejected' } });
    const list = value(await c.invoke('outbox.list', {})) as {
      id: number;
      state: string;
      remoteId?: number;
    }[];
    expect(list.find((o) => o.id === lost.id)).toMatchObject({ state: 'sent', remoteId: 4242 });
    expect(list.find((o) => o.id === waiting.id)).toMatchObject({ state: 'queued' });
  });

  it('syncs by itself when the instance comes back', { timeout: 60_000 }, async () => {
    await sim.faults.setOffline(true);
    try {
      const dataDir = tempDir('core');
      const c = await Core.create({
        dataDir,
        credentials: new MemoryCredentialStore(),
        env: demoEnv(sim.url),
        probeIntervalMs: 100,
        log: () => undefined,
      });
      cleanup.push(() => c.close());
      const status = async () => value(await c.invoke('status.get', {})) as { online: boolean };
      await vi.waitFor(async () => expect((await status()).online).toBe(false), { timeout: 10_000 });
      const sync = async () =>
        value(await c.invoke('sync.status', {})) as { running: boolean; lastSyncedAt: string | null };
      expect((await sync()).lastSyncedAt).toBeNull();
      await sim.faults.setOffline(false);
      // Nobody asks: the probe sees the instance back and a sync runs to completion.
      await vi.waitFor(async () => expect((await sync()).lastSyncedAt).not.toBeNull(), {
        timeout: 30_000,
        interval: 100,
      });
    } finally {
      await sim.faults.setOffline(false);
    }
  });

  it('says offline as soon as an order attempt finds the instance unreachable, before the next probe', async () => {
    const dataDir = tempDir('core');
    // The periodic probe runs once at start and then not for an hour: only the order can tell.
    const c = await Core.create({
      dataDir,
      credentials: new MemoryCredentialStore(),
      env: demoEnv(sim.url),
      probeIntervalMs: 3_600_000,
      autoSync: false,
      log: () => undefined,
    });
    cleanup.push(() => c.close());
    const status = async () => value(await c.invoke('status.get', {})) as { online: boolean | null };
    await vi.waitFor(async () => expect((await status()).online).toBe(true), { timeout: 10_000 });
    const stored = queueAnOrder(dataDir);
    const pushed: unknown[] = [];
    c.subscribe((name, payload) => {
      if (name === 'status.changed') pushed.push(payload);
    });
    await sim.faults.setOffline(true);
    try {
      const replayed = value(await c.invoke('outbox.replay', {})) as { id: number; state: string }[];
      expect(replayed.find((o) => o.id === stored.id)).toMatchObject({ state: 'queued' });
      // The status bar was told (an event), and asking says the same.
      expect(pushed).toContainEqual(expect.objectContaining({ online: false }));
      expect((await status()).online).toBe(false);
    } finally {
      await sim.faults.setOffline(false);
    }
  });

  it('takes price/weight label rules from Settings, refusing a wrong pattern by name', async () => {
    const { c } = await core();
    const label = withCheckDigit('2812340015000'); // 28 + product 1234 + 0015.00 + check
    const kind = async () =>
      (value(await c.invoke('barcode.describe', { code: label })) as { kind: string }).kind;
    expect(await kind()).not.toContain('embedded');
    const wrong = await c.invoke('settings.set', { labelRules: [{ type: 'weight', pattern: '28...{NND}' }] });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'rejected' } });
    expect(wrong.ok ? '' : wrong.error.message).toContain('28...{NND}');
    const rules = [{ type: 'weight' as const, pattern: '28....{NNNNDD}' }];
    expect(value(await c.invoke('settings.set', { labelRules: rules }))).toMatchObject({ labelRules: rules });
    expect(await kind()).toBe('EAN-13 with embedded weight');
  });

  it('describes scanner test-pad codes with the counter barcode reader', async () => {
    const { c } = await core();
    expect(value(await c.invoke('barcode.describe', { code: '4006381333931' }))).toMatchObject({
      kind: 'EAN-13',
      valid: true,
    });
    expect(value(await c.invoke('barcode.describe', { code: '4006381333932' }))).toMatchObject({
      kind: 'misread',
      valid: false,
    });
  });
});

describe('Core switching instances', () => {
  type SyncView = {
    running: boolean;
    stopped?: boolean;
    lastSyncedAt: string | null;
    resources: { resource: string; state: string; lastSyncedAt: string | null }[];
  };
  const syncStatus = async (c: Core) => value(await c.invoke('sync.status', {})) as SyncView;
  /** Syncs the instance in use to the end (the demo's own file, here). */
  async function syncedDemo() {
    const made = await core({}, true);
    value(await made.c.invoke('sync.now', {}));
    await vi.waitFor(
      async () => {
        const status = await syncStatus(made.c);
        expect(status.running).toBe(false);
        expect(status.lastSyncedAt).not.toBeNull();
      },
      { timeout: 30_000, interval: 50 },
    );
    return made;
  }
  const configured = () => ({ instanceUrl: sim.url, clientId: DEMO.clientId, clientSecret: SECRET });

  it(
    "emits the new instance's sync rows as soon as it switches, before any of its syncs runs",
    { timeout: 60_000 },
    async () => {
      const { c } = await syncedDemo();
      const progress: SyncView[] = [];
      c.subscribe((name, payload) => {
        if (name === 'sync.progress') progress.push(payload as SyncView);
      });

      // To an instance never synced into this terminal's file: its rows, idle and never synced.
      value(await c.invoke('settings.set', configured()));
      const configuredRows = await syncStatus(c);
      expect(configuredRows.resources).toHaveLength(6);
      expect(configuredRows.resources.every((r) => r.state === 'idle' && r.lastSyncedAt === null)).toBe(true);
      expect(progress.at(-1)).toEqual(configuredRows);

      // Back to the demo: its own rows again, with when each was last synced.
      value(await c.invoke('settings.set', { instanceUrl: null }));
      const demoRows = await syncStatus(c);
      expect(demoRows.resources.every((r) => r.state === 'idle' && r.lastSyncedAt !== null)).toBe(true);
      expect(progress.at(-1)).toEqual(demoRows);
    },
  );

  it(
    'hands a sync asked for while the old instance shuts down to the new one, never to the old',
    { timeout: 60_000 },
    async () => {
      const { c } = await syncedDemo();
      // The demo's next sync is held at its first page, so that the switch has a run to stop.
      sim.faults.latency({ ms: 120_000, path: '^/api/item-lists/warehouses$', times: 1 });
      try {
        expect(value(await c.invoke('sync.now', {}))).toMatchObject({ running: true });
        await vi.waitFor(() => expect(sim.faults.state().latency).toBeUndefined(), {
          timeout: 30_000,
          interval: 20,
        });
        // "Sync now" arrives just as the demo's stopped run has ended, the switch still under way.
        let switching = false;
        let asked: Promise<Envelope> | undefined;
        c.subscribe((name, payload) => {
          if (switching && asked === undefined && name === 'sync.progress' && !(payload as SyncView).running)
            asked = c.invoke('sync.now', {});
        });
        switching = true;
        value(await c.invoke('settings.set', configured()));
        expect(asked).toBeDefined();
        const answer = value(await (asked ?? Promise.reject(new Error('never asked')))) as SyncView;
        // The new instance's run: its rows were never synced into this file (the demo's were).
        expect(answer.running).toBe(true);
        expect(answer.resources.every((r) => r.lastSyncedAt === null)).toBe(true);
      } finally {
        await sim.faults.reset();
      }
    },
  );
});
