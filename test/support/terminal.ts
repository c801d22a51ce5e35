// A terminal whose cache is already synced from a real sim (`pos sync` into a fresh data directory),
// for tests that start where a day at the counter does: goods and customers known. The e2e tests
// start the web shell and a browser on it; a test in Node can open its data directory or run `pos`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openDatabase } from '../../db/database.ts';
import { runCli } from '../../main/cli/run.ts';
import { SettingsStore, type AppSettings } from '../../main/settings/store.ts';
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
  await syncCache(env);
  return { sim, dataDir, env };
}

/** Reads the terminal's synced cache. */
/** `pos sync` into the till's data folder (the cache from the instance); throws with what it said. */
export async function syncCache(env: Record<string, string>): Promise<void> {
  let out = '';
  const code = await runCli(['sync'], { stdout: (t) => (out += t), stderr: (t) => (out += t), env });
  if (code !== 0) throw new Error(`pos sync failed: ${out}`);
}

export function fromCatalog<T>(dataDir: string, read: (db: Database.Database) => T): T {
  return readFile(join(dataDir, 'counter.catalog.sqlite'), read);
}

/** The till's app file (counter.sqlite), read-only: beside its running shell. */
export function fromTill<T>(dataDir: string, read: (db: Database.Database) => T): T {
  return readFile(join(dataDir, 'counter.sqlite'), read);
}

function readFile<T>(path: string, read: (db: Database.Database) => T): T {
  const db = new Database(path, { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** The walk-in customer of a configured till: the sim's company 1. */
export const WALK_IN = { companyId: 1, name: 'Hotovost' } as const;

/**
 * A till configured as a shop's till is, before its shell starts: it sells from warehouse 1 to the
 * walk-in customer; `more` settings beside (or instead).
 */
export function configureTill(dataDir: string, more: Partial<AppSettings> = {}): void {
  const db = openDatabase(join(dataDir, 'counter.sqlite'));
  try {
    new SettingsStore(db).write({ warehouseId: 1, walkInCustomer: WALK_IN, ...more });
  } finally {
    db.close();
  }
}

/** Goods a sale takes plainly in warehouse 1: an EAN-13 (no in-store or scale code), priced 50 to 1000; by id. */
export function plainGoods(dataDir: string): { barcode: string; price: number }[] {
  return plainProducts(dataDir, {
    columns: 'barcode, price',
    warehouseId: 1,
    where: 'price BETWEEN 50 AND 1000',
  });
}

/** The barcodes of the first two plain goods (plainGoods). */
export function twoPlainBarcodes(dataDir: string): [string, string] {
  const [a, b] = plainGoods(dataDir);
  if (a === undefined || b === undefined) throw new Error('two plain goods in warehouse 1');
  return [a.barcode, b.barcode];
}

/** The cheapest and the dearest plain goods' barcodes, at least 10 apart in price (an exchange's). */
export function cheapAndDear(dataDir: string): { cheap: string; dear: string } {
  const byPrice = plainGoods(dataDir).sort((x, y) => x.price - y.price);
  const low = byPrice[0];
  const high = byPrice[byPrice.length - 1];
  if (low === undefined || high === undefined || high.price - low.price < 10)
    throw new Error('two products of different prices');
  return { cheap: low.barcode, dear: high.barcode };
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
  const [first] = plainProducts<Sellable>(dataDir, {
    columns: 'warehouseId, productId, barcode, productName',
    limit: 1,
  });
  if (first === undefined) throw new Error('no plain product in the catalog');
  return first;
}

/** Which plain products plainProducts picks, and what of them. */
export interface PlainPick {
  /** stock_item's columns to read ("barcode, price"). */
  readonly columns: string;
  /** The warehouse's only; any warehouse when left out. */
  readonly warehouseId?: number;
  /** More SQL on stock_item ("unitOfMeasure = 'ks'"). */
  readonly where?: string;
  /** One row a barcode (a product stocked in several warehouses, or twice). */
  readonly oneByBarcode?: boolean;
  /** By id unless said. */
  readonly orderBy?: string;
  /** How many at the most; all when left out. */
  readonly limit?: number;
}

/**
 * The products of a synced till's catalog (`dataDir`) that a scan sells at once: an EAN-13 that is no
 * in-store code (20-29: a scale's weight or price label), sold plainly (SELLS_PLAINLY). The one query
 * the tests pick plain goods by.
 */
export function plainProducts<T>(dataDir: string, pick: PlainPick): T[] {
  const { columns, warehouseId, where = 'TRUE', oneByBarcode = false, orderBy = 'id', limit } = pick;
  return fromCatalog(
    dataDir,
    (db) =>
      db
        .prepare(
          `SELECT ${columns} FROM stock_item
           WHERE barcode IS NOT NULL AND length(barcode) = 13 AND barcode NOT LIKE '2%' AND ${SELLS_PLAINLY}
             AND (${where}) ${warehouseId === undefined ? '' : 'AND warehouseId = ?'}
           ${oneByBarcode ? 'GROUP BY barcode' : ''} ORDER BY ${orderBy}
           ${limit === undefined ? '' : `LIMIT ${String(limit)}`}`,
        )
        .all(...(warehouseId === undefined ? [] : [warehouseId])) as T[],
  );
}

/** The barcodes of the plain products plainProducts picks (`pick` without its columns). */
export function plainBarcodes(dataDir: string, pick: Omit<PlainPick, 'columns'>): string[] {
  return plainProducts<{ barcode: string }>(dataDir, { ...pick, columns: 'barcode' }).map((p) => p.barcode);
}

/**
 * Closes the browser and the shell on the terminal (if started), then the sim, and removes the data.
 * With E2E_DEBUG set, what the shell wrote to stderr is printed first.
 */
export async function stopAll(
  terminal: SyncedTerminal,
  shell: { stop(): Promise<void>; readonly stderr?: () => string } | undefined,
  browser: { close(): Promise<void> } | undefined,
): Promise<void> {
  if (process.env.E2E_DEBUG !== undefined && shell?.stderr !== undefined) console.error(shell.stderr());
  await browser?.close();
  await shell?.stop();
  await terminal.sim.close();
  rmSync(terminal.dataDir, { recursive: true, force: true });
}
