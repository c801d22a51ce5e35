// A terminal whose cache is already synced from a real sim (`pos sync` into a fresh data directory),
// for tests that start where a day at the counter does: goods and customers known. The e2e tests
// start the web shell and a browser on it; a test in Node can open its data directory or run `pos`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runCli } from '../../main/cli/run.ts';
import { startSim, type RunningSim } from '../../sim/server.ts';
import { demoEnv } from './fixtures.ts';

export interface SyncedTerminal {
  readonly sim: RunningSim;
  readonly dataDir: string;
  /** The POS_* environment of this terminal (instance, credentials, data directory). */
  readonly env: Record<string, string>;
}

/** How the terminal's sim plays its instance (startSim's options, beyond size and port). */
export type SimOptions = Omit<NonNullable<Parameters<typeof startSim>[0]>, 'size' | 'port'>;

/** How the terminal's day starts. */
export interface TillOptions {
  /**
   * A shift open with a float of 0, as `pos shift open --float 0` opens it (default): a real
   * instance refuses a sale with no shift open. false: no shift, for tests of that refusal.
   */
  readonly shift?: boolean;
}

/**
 * A terminal configured for a fresh sim with an empty data directory (nothing synced yet), its shift
 * open unless `till.shift` is false.
 */
export async function freshTerminal(
  name: string,
  options: SimOptions = {},
  till: TillOptions = {},
): Promise<SyncedTerminal> {
  const dataDir = mkdtempSync(join(tmpdir(), `counter-e2e-${name}-`));
  const sim = await startSim({ ...options, size: 'small', port: 0 });
  const env = demoEnv(sim.url, dataDir);
  if (till.shift !== false) await openShift(env);
  return { sim, dataDir, env };
}

/** Opens the terminal's shift with a float of 0 through the CLI, as a manager would before the day. */
export async function openShift(env: Record<string, string>): Promise<void> {
  let out = '';
  const code = await runCli(['shift', 'open', '--float', '0'], {
    stdout: (t) => (out += t),
    stderr: (t) => (out += t),
    env,
  });
  if (code !== 0) throw new Error(`pos shift open failed: ${out}`);
}

export async function syncedTerminal(
  name: string,
  options: SimOptions = {},
  till: TillOptions = {},
): Promise<SyncedTerminal> {
  const { sim, dataDir, env } = await freshTerminal(name, options, till);
  let out = '';
  const code = await runCli(['sync'], { stdout: (t) => (out += t), stderr: (t) => (out += t), env });
  if (code !== 0) throw new Error(`pos sync failed: ${out}`);
  return { sim, dataDir, env };
}

/** Reads the terminal's synced cache. */
export function fromCatalog<T>(dataDir: string, read: (db: Database.Database) => T): T {
  const db = new Database(join(dataDir, 'counter.catalog.sqlite'), { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

export interface Sellable {
  readonly warehouseId: number;
  readonly productId: number;
  readonly barcode: string;
  readonly productName: string;
}

/**
 * A stock item (SQL condition on the cache's stock_item) a cashier sells without any question: allowed,
 * active (for the product and in its warehouse), priced, and with plenty in stock, so no stock rule
 * (main/counter/stock.ts) asks before adding a few of it.
 */
export const SELLS_PLAINLY = `coalesce(prohibitionOfSale, 0) = 0 AND coalesce(isInactive, 0) = 0
  AND coalesce(isInactiveInWarehouse, 0) = 0 AND price > 0
  AND coalesce(quantityAvailable, quantityInStock, 0) >= 20`;

/** The first plain product a cashier can sell (an EAN-13 that is no in-store label, priced, allowed). */
export function firstSellable(dataDir: string): Sellable {
  return fromCatalog(
    dataDir,
    (db) =>
      db
        .prepare(
          `SELECT warehouseId, productId, barcode, productName FROM stock_item
           WHERE barcode IS NOT NULL AND length(barcode) = 13 AND barcode NOT LIKE '2%'
             AND ${SELLS_PLAINLY}
           ORDER BY id LIMIT 1`,
        )
        .get() as Sellable,
  );
}

/** Closes the browser and the shell on the terminal (if started), then the sim, and removes the data. */
export async function stopAll(
  terminal: SyncedTerminal,
  shell: { stop(): Promise<void> } | undefined,
  browser: { close(): Promise<void> } | undefined,
): Promise<void> {
  await browser?.close();
  await shell?.stop();
  await terminal.sim.close();
  rmSync(terminal.dataDir, { recursive: true, force: true });
}
