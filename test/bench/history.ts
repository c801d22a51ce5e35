// A counter with years of history against one with none, through the core as the renderer calls it
// (Core.invoke, in process), against the sim in its own process: scan → line (session.scan), place →
// receipt shown (session.close, then receipt.get; each sale followed until its order is sent, so every
// outbox.changed it causes is handled before the next sale), and the Orders screen's first page
// (outbox.page). Each figure is the median of the measured sales, and its ratio to the same figure on
// the empty history (target <= 1.2). The two cores take turns, sale by sale, so both see the same load.
//
// The history is placed through the counter itself (Counter.close: the sale, its order and its
// summary in one durable transaction), over 200 days, then settled as the sender would have left it:
// sent with the instance's id, and a few cancelled, discarded or waiting for a fix. Its sends are not
// made: the instance's copy of the history is not what is measured.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Envelope, OutboxChangedEvent, OutboxEntryView, ScanView } from '../../contract/contract.ts';
import { openDatabase, type Db } from '../../db/database.ts';
import { recordOutboxOutcome } from '../../db/outbox.ts';
import { Core } from '../../main/core/core.ts';
import { Counter, ScanResolver } from '../../main/counter/index.ts';
import { MemoryCredentialStore } from '../../main/settings/credentials.ts';
import { SettingsStore } from '../../main/settings/store.ts';
import { DEMO } from '../../sim/testing.ts';
import { plainBarcodes } from '../support/terminal.ts';
import { startSimProcess } from './outbox.ts';
import { percentile, round } from './stats.ts';
import type { Benchmark, Figure } from './types.ts';

/** Lines per measured sale. */
const LINES = 3;
/** The Orders screen's page (renderer/store/orders-list.ts PAGE_SIZE). */
const PAGE = 50;
const DAY_MS = 86_400_000;

interface Till {
  readonly name: string;
  readonly core: Core;
  readonly events: OutboxChangedEvent[];
}

interface Goods {
  readonly barcodes: readonly string[];
  readonly walkIn: { readonly companyId: number; readonly name: string };
}

export async function call(core: Core, channel: string, input: unknown): Promise<unknown> {
  const envelope: Envelope = await core.invoke(channel, input);
  if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.code} ${envelope.error.message}`);
  return envelope.value;
}

export async function startCore(dataDir: string, url: string): Promise<Core> {
  return Core.create({
    dataDir,
    credentials: new MemoryCredentialStore(),
    env: { POS_BASE_URL: url, POS_CLIENT_ID: DEMO.clientId, POS_CLIENT_SECRET: DEMO.clientSecret },
    probeIntervalMs: 60_000,
    autoSync: false,
    log: () => undefined,
  });
}

/** A till synced from the sim, with its warehouse and walk-in customer set; its core stopped. */
export async function syncedTill(name: string, url: string): Promise<{ dataDir: string; goods: Goods }> {
  const dataDir = mkdtempSync(join(tmpdir(), `counter-bench-history-${name}-`));
  const core = await startCore(dataDir, url);
  try {
    await call(core, 'sync.now', {});
    for (;;) {
      const sync = (await call(core, 'sync.status', {})) as { running: boolean; lastSyncedAt: string | null };
      if (!sync.running && sync.lastSyncedAt !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await core.close();
  }
  const barcodes = plainBarcodes(dataDir, { warehouseId: 1, limit: 40 });
  const db = openDatabase(join(dataDir, 'counter.sqlite'));
  try {
    const company = db
      .prepare(
        `SELECT companyId, min(name) AS name FROM company_card WHERE name <> '' GROUP BY companyId LIMIT 1`,
      )
      .get() as { companyId: number; name: string };
    if (barcodes.length < LINES) throw new Error('the sim has too few plain goods in warehouse 1');
    new SettingsStore(db).write({ warehouseId: 1, walkInCustomer: company });
    return { dataDir, goods: { barcodes, walkIn: company } };
  } finally {
    db.close();
  }
}

/**
 * `count` sales placed through the counter over the last 200 days, then settled: most sent, one in a
 * hundred cancelled, one in a hundred discarded, one in five hundred waiting for a fix.
 */
async function placeHistory(
  dataDir: string,
  goods: Goods,
  count: number,
  log: (m: string) => void,
): Promise<void> {
  const db = openDatabase(join(dataDir, 'counter.sqlite'));
  try {
    const start = Date.now() - 200 * DAY_MS;
    let clock = start;
    const counter = new Counter({
      db,
      resolver: new ScanResolver({ db, cardService: null }),
      warehouseId: () => 1,
      walkInCustomer: () => goods.walkIn,
      now: () => new Date(clock),
    });
    for (let i = 0; i < count; i++) {
      clock = start + Math.floor((i * 200 * DAY_MS) / count);
      const lines = 1 + (i % 5);
      for (let l = 0; l < lines; l++) {
        const code = goods.barcodes[(i * 7 + l * 3) % goods.barcodes.length] ?? '';
        const scan = await counter.scan(code);
        if (scan.outcome.kind !== 'product') throw new Error(`history: ${code} was ${scan.outcome.kind}`);
      }
      const id = counter.close({ tender: { method: 'card' } }).order.id;
      // Settled a second later, as a till online sends each sale at once: a sale still queued counts
      // against the stock (sold here since the last sync), and 20,000 queued would empty every shelf.
      settle(db, id, i, new Date(clock + 1_000));
      if ((i + 1) % 5_000 === 0) log(`history: ${i + 1} of ${count} sales placed`);
    }
  } finally {
    db.close();
  }
}

/** Most sent, one in a hundred then cancelled, one in a hundred discarded, one in 500 needing a fix. */
function settle(db: Db, id: number, i: number, at: Date): void {
  const outcome =
    i % 500 === 7
      ? { state: 'needs-fix' as const, fieldErrors: { customerId: ['The customer is not known.'] } }
      : { state: 'sent' as const, remoteId: 500_000 + i };
  recordOutboxOutcome(db, id, ['queued'], outcome, at);
  if (i % 100 === 3) recordOutboxOutcome(db, id, ['sent'], { state: 'cancelled', remoteId: 500_000 + i }, at);
  if (i % 100 === 5) recordOutboxOutcome(db, id, ['sent'], { state: 'discarded' }, at);
}

interface Sale {
  readonly scans: number[];
  readonly placeToReceipt: number;
  readonly firstPage: number;
}

/** One sale as the renderer makes it, timed; resolved once its order is sent and its page read. */
async function sale(till: Till, goods: Goods, k: number): Promise<Sale> {
  const scans: number[] = [];
  for (let l = 0; l < LINES; l++) {
    const code = goods.barcodes[(k * 5 + l) % goods.barcodes.length] ?? '';
    const t = performance.now();
    // Confirmed: the sim books orders without taking stock off, so the timed sales, sold here since
    // the last sync, soon go past a product's synced stock; the judgement (and its sold-here
    // query, which reads the history) runs all the same, and the cashier's confirmation adds it.
    const scanned = (await call(till.core, 'session.scan', { code, confirmed: true })) as ScanView;
    scans.push(performance.now() - t);
    if (scanned.outcome.kind !== 'product')
      throw new Error(`${till.name}: ${code} was ${scanned.outcome.kind}`);
  }
  const t0 = performance.now();
  const closed = (await call(till.core, 'session.close', { tender: { method: 'card' } })) as {
    order: OutboxEntryView;
  };
  await call(till.core, 'receipt.get', { id: closed.order.id });
  const placeToReceipt = performance.now() - t0;
  // Followed as the renderer follows it: by the events, until the order is sent.
  while (!till.events.some((e) => e.entries.some((o) => o.id === closed.order.id && o.state === 'sent'))) {
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  till.events.length = 0;
  const t1 = performance.now();
  const page = (await call(till.core, 'outbox.page', { limit: PAGE })) as { entries: unknown[] };
  const firstPage = performance.now() - t1;
  if (page.entries.length === 0) throw new Error(`${till.name}: an empty first page`);
  return { scans, placeToReceipt, firstPage };
}

export const historyBench: Benchmark = {
  name: 'history',
  async run(ctx) {
    const count = ctx.quick ? 500 : 20_000;
    const warmup = PAGE + 10;
    const measured = ctx.quick ? 30 : 200;
    const sim = await startSimProcess();
    const tills: Till[] = [];
    const dirs: string[] = [];
    try {
      ctx.log('history: syncing two tills');
      const empty = await syncedTill('empty', sim.url);
      dirs.push(empty.dataDir);
      const full = await syncedTill('full', sim.url);
      dirs.push(full.dataDir);
      ctx.log(`history: placing ${count} sales through the counter`);
      await placeHistory(full.dataDir, full.goods, count, (m) => ctx.log(m));
      for (const [name, dataDir] of [
        ['empty', empty.dataDir],
        ['full', full.dataDir],
      ] as const) {
        const core = await startCore(dataDir, sim.url);
        // The day starts as a till's does: a shift opened with the float in the drawer.
        await call(core, 'shift.open', { float: 0 });
        const till: Till = { name, core, events: [] };
        core.subscribe((event, payload) => {
          if (event === 'outbox.changed') till.events.push(payload as OutboxChangedEvent);
        });
        tills.push(till);
      }
      const [a, b] = tills as [Till, Till];
      const results = new Map<string, Sale[]>([
        ['empty', []],
        ['full', []],
      ]);
      ctx.log(
        `history: ${warmup} sales each to warm up (the empty till's first page fills), ${measured} measured`,
      );
      for (let k = 0; k < warmup + measured; k++) {
        // Turns alternate, so neither till always goes first.
        for (const till of k % 2 === 0 ? [a, b] : [b, a]) {
          const done = await sale(till, empty.goods, k);
          if (k >= warmup) results.get(till.name)?.push(done);
        }
      }
      // The whole history in one call: what the Orders screen no longer asks (outbox.list, for tools).
      const t = performance.now();
      const everything = (await call(b.core, 'outbox.list', {})) as unknown[];
      const listAll = performance.now() - t;

      const median = (name: string, pick: (s: Sale) => number[]): number =>
        percentile((results.get(name) ?? []).flatMap(pick), 50);
      const p95 = (name: string, pick: (s: Sale) => number[]): number =>
        percentile((results.get(name) ?? []).flatMap(pick), 95);
      const figure = (what: string, pick: (s: Sale) => number[]): Record<string, Figure> => {
        const none = median('empty', pick);
        const many = median('full', pick);
        return {
          [`history.${what}.ms`]: {
            value: round(many),
            unit: 'ms',
            vs: `empty history ${round(none)} ms (p95 ${round(p95('full', pick))} vs ${round(p95('empty', pick))})`,
          },
          [`history.${what}.ratio`]: {
            value: round(many / none, 2),
            unit: 'ratio',
            vs: `${count} orders / empty history, medians; target <= 1.2`,
          },
        };
      };
      const figures: Record<string, Figure> = {
        ...figure('scanToLine', (s) => s.scans),
        ...figure('placeToReceipt', (s) => [s.placeToReceipt]),
        ...figure('firstPage', (s) => [s.firstPage]),
        'history.listEverything.ms': {
          value: round(listAll),
          unit: 'ms',
          vs: `outbox.list, ${everything.length} orders: the unbounded call no screen makes any more`,
          loadAverage: round(loadavg()[0] ?? 0, 1),
        },
      };
      for (const [name, f] of Object.entries(figures))
        ctx.log(`  ${name}: ${f.value} ${f.unit} (${f.vs ?? ''})`);
      return figures;
    } finally {
      for (const till of tills) await till.core.close();
      await sim.close();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  },
};
