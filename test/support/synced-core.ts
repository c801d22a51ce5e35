// A till's core as the counter tests need it: the real sim over loopback HTTP, a real SQLite data
// folder, one full sync done, a warehouse and walk-in customer set, and (as a till's day starts) a
// shift opened with no float. The tests then drive it through the contract's calls, as the screens do.
import { join } from 'node:path';
import { expect, vi } from 'vitest';
import type { CompanyMatchView, Envelope, OutboxEntryView } from '../../contract/contract.ts';
import { Core } from '../../main/core/core.ts';
import { MemoryCredentialStore } from '../../main/settings/credentials.ts';
import { startSim, type RunningSim, type SimOptions } from '../../sim/server.ts';
import { openDatabase } from '../../db/database.ts';
import { demoEnv } from './fixtures.ts';
import { SELLS_PLAINLY } from './terminal.ts';

/** A call on `core` and its value; a refusal throws, naming the channel and the error. */
export async function callCore(
  core: Pick<Core, 'invoke'>,
  channel: string,
  input: unknown = {},
): Promise<unknown> {
  const envelope: Envelope = await core.invoke(channel, input);
  if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.code} ${envelope.error.message}`);
  return envelope.value;
}

export interface SyncedCore {
  readonly sim: RunningSim;
  /** The running core (a new one after restart). */
  readonly core: Core;
  /** Closes the core and starts a new one on the same data folder, as a till restarts. */
  restart(): Promise<void>;
  /** The call's value; a refusal throws, naming the channel and the error. */
  call(channel: string, input: unknown): Promise<unknown>;
  /** The call's refusal; a call that succeeds throws. */
  refusal(channel: string, input: unknown): Promise<Extract<Envelope, { ok: false }>['error']>;
  /** The outbox entry once its order is no longer queued or being sent. */
  settled(id: number | string): Promise<OutboxEntryView>;
  close(): Promise<void>;
}

export interface SyncedCoreOptions {
  readonly dataDir: string;
  /** How the sim behaves (size 'small' unless said). */
  readonly sim?: Omit<SimOptions, 'port'>;
  /** What the test adds to the instance before the first sync (products, cards). */
  readonly seed?: (sim: RunningSim) => void;
  readonly warehouseId?: number;
  /** The walk-in customer: the first company the cache finds (default), a company id, or none. */
  readonly walkIn?: 'first-company' | number | 'none';
  /** Open a shift with no float (default), as a till's day starts. */
  readonly openShift?: boolean;
  /** Where the till reaches the instance (a hostile proxy in front of the sim); the sim's URL unless said. */
  readonly via?: (sim: RunningSim) => Promise<string>;
  /** More of the till's environment (a receipt printer's address). */
  readonly env?: Readonly<Record<string, string>>;
}

export async function startSyncedCore(options: SyncedCoreOptions): Promise<SyncedCore> {
  const sim = await startSim({ size: 'small', ...options.sim, port: 0 });
  options.seed?.(sim);
  const url = options.via === undefined ? sim.url : await options.via(sim);
  const env = options.env ?? {};
  const till = tillOf(sim, url, await createCore(url, options.dataDir, env), options.dataDir, env);
  await syncOnce(till);
  const walkIn = await walkInCustomer(till, options.walkIn ?? 'first-company');
  await till.call('settings.set', {
    warehouseId: options.warehouseId ?? 1,
    ...(walkIn === undefined ? {} : { walkInCustomer: { companyId: walkIn } }),
  });
  if (options.openShift ?? true) await till.call('shift.open', { float: 0 });
  return till;
}

function createCore(url: string, dataDir: string, env: Readonly<Record<string, string>>): Promise<Core> {
  return Core.create({
    dataDir,
    credentials: new MemoryCredentialStore(),
    // The store hub's passwords, kept as the web shell keeps them (Settings → store hub).
    hubSecrets: new MemoryCredentialStore(),
    env: { ...demoEnv(url), ...env },
    probeIntervalMs: 200,
    autoSync: false,
    log: () => undefined,
  });
}

function tillOf(
  sim: RunningSim,
  url: string,
  first: Core,
  dataDir: string,
  env: Readonly<Record<string, string>>,
): SyncedCore {
  let core = first;
  return {
    sim,
    get core() {
      return core;
    },
    async restart() {
      await core.close();
      core = await createCore(url, dataDir, env);
    },
    call: (channel, input) => callCore(core, channel, input),
    async refusal(channel, input) {
      const envelope: Envelope = await core.invoke(channel, input);
      if (envelope.ok) throw new Error(`${channel} was not refused`);
      return envelope.error;
    },
    async settled(id) {
      let entry: OutboxEntryView | undefined;
      await vi.waitFor(
        async () => {
          entry = (await this.call('outbox.get', { id })) as OutboxEntryView;
          expect(['queued', 'sending']).not.toContain(entry.state);
        },
        { timeout: 15_000, interval: 50 },
      );
      if (entry === undefined) throw new Error('unreachable');
      return entry;
    },
    async close() {
      await core.close();
      await sim.close();
    },
  };
}

async function syncOnce(till: SyncedCore): Promise<void> {
  await till.call('sync.now', {});
  await vi.waitFor(
    async () => {
      const sync = (await till.call('sync.status', {})) as { running: boolean; lastSyncedAt: string | null };
      expect(sync.running).toBe(false);
      expect(sync.lastSyncedAt).not.toBeNull();
    },
    { timeout: 60_000, interval: 100 },
  );
}

async function walkInCustomer(
  till: SyncedCore,
  walkIn: 'first-company' | number | 'none',
): Promise<number | undefined> {
  if (walkIn === 'none') return undefined;
  if (walkIn !== 'first-company') return walkIn;
  const [company] = (await till.call('companies.find', { text: '1' })) as CompanyMatchView[];
  if (company === undefined) throw new Error('no company to sell to');
  return company.companyId;
}

/** Two of the first plain item under 1000 (warehouse 1), paid in cash through the core: its order, settled. */
export async function sellTwoInCash(till: SyncedCore, dataDir: string): Promise<OutboxEntryView> {
  const db = openDatabase(join(dataDir, 'counter.sqlite'));
  const id = db
    .prepare(
      `SELECT id FROM stock_item WHERE warehouseId = 1 AND ${SELLS_PLAINLY} AND price < 1000 ORDER BY id LIMIT 1`,
    )
    .pluck()
    .get() as number;
  db.close();
  await till.call('session.addStockItem', { stockItemId: id, quantity: 2 });
  const placed = (await till.call('session.close', { tender: { method: 'cash' } })) as {
    order: OutboxEntryView;
  };
  return till.settled(placed.order.id);
}
