// Sync's bookkeeping in the catalog: a state row per resource (sync_state), the keys still to fetch
// (sync_pending), the sweep of rows a full pass did not see, and the counts of every table.
import { z } from 'zod';
import type { Db } from '../database.ts';
import { prepared } from '../prepared.ts';
import { column, intList, parseRow, intValue } from './rows.ts';
import { lazy } from '../../common/lazy.ts';

/** Resource names used in sync_state / sync_pending and in sync progress and counts. */
export const catalogResources = [
  'warehouses',
  'stockItems',
  'productUnits',
  'companyRepresentatives',
  'financialReceivables',
  'companyCards',
] as const;
export type CatalogResource = (typeof catalogResources)[number];

// ---------------------------------------------------------------------------------------------
// Sync state

const SyncStateRow = lazy(() =>
  z.object({
    resource: z.enum(catalogResources),
    lastCompleteAt: column.optionalText,
    /** When that run's pass started: the rows it did not rewrite are current as of then (migration 6). */
    lastCompleteStartedAt: column.optionalText,
    lastFullAt: column.optionalText,
    watermark: column.optionalText,
    fullPass: column.int,
    cursor: column.optionalText,
    lastError: column.optionalText,
    lastErrorAt: column.optionalText,
    /** What sync learnt of the instance for this resource (JSON, main/sync/instance-profile.ts). */
    profile: column.optionalText,
  }),
);
export type SyncState = z.output<typeof SyncStateRow>;

export function rowToSyncState(row: unknown): SyncState {
  return parseRow(SyncStateRow, row);
}

export function syncState(db: Db, resource: CatalogResource): SyncState {
  const row = prepared(db, 'SELECT * FROM sync_state WHERE resource = ?').get(resource);
  return row === undefined ? { resource, fullPass: 0 } : rowToSyncState(row);
}

/** The end of the last complete stock-item pass: every cached stock item is current at least as of
 * then. Undefined before the first complete pass. */
export function stockItemsSyncedAt(db: Db): string | undefined {
  return stockItemsPass(db, 'lastCompleteAt');
}

/** When the last complete stock-item pass started; undefined before the first one. */
export function stockItemsPassStartedAt(db: Db): string | undefined {
  return stockItemsPass(db, 'lastCompleteStartedAt');
}

/**
 * One time of the stock items' state, read and checked alone: a scan asks for these twice, and the
 * whole row carries the instance's profile (a JSON document) it does not need.
 */
function stockItemsPass(db: Db, field: 'lastCompleteAt' | 'lastCompleteStartedAt'): string | undefined {
  const value: unknown = prepared(db, `SELECT ${field} FROM sync_state WHERE resource = 'stockItems'`)
    .pluck()
    .get();
  return column.optionalText.parse(value ?? undefined);
}

export function syncStates(db: Db): SyncState[] {
  return catalogResources.map((r) => syncState(db, r));
}

/** The columns saveSyncState may set: every one but the key. */
const syncStateColumns: ReadonlySet<string> = new Set(
  SyncStateRow.keyof().options.filter((c) => c !== 'resource'),
);

/** Updates some fields of a resource's sync state; `null` clears a field. */
export function saveSyncState(
  db: Db,
  resource: CatalogResource,
  patch: { [K in keyof Omit<SyncState, 'resource'>]?: SyncState[K] | null },
): void {
  prepared(db, 'INSERT INTO sync_state (resource) VALUES (?) ON CONFLICT DO NOTHING').run(resource);
  for (const [key, value] of Object.entries<unknown>(patch)) {
    if (value === undefined) continue;
    if (!syncStateColumns.has(key)) throw new Error(`unknown sync_state column ${key}`);
    prepared(db, `UPDATE sync_state SET ${key} = ? WHERE resource = ?`).run(value, resource);
  }
}

/**
 * Forgets unfinished passes (cursors and keys still to fetch) but keeps every cached row: for when
 * the instance changed, so the next run starts a fresh pass instead of resuming another instance's.
 */
export function clearSyncProgress(db: Db): void {
  db.transaction(() => {
    prepared(db, 'UPDATE sync_state SET cursor = NULL').run();
    prepared(db, 'DELETE FROM sync_pending').run();
  })();
}

// ---------------------------------------------------------------------------------------------
// Pending keys

export function addPending(db: Db, resource: CatalogResource, keys: Iterable<number>): void {
  const insert = prepared(
    db,
    'INSERT INTO sync_pending (resource, key) VALUES (?, ?) ON CONFLICT DO NOTHING',
  );
  for (const k of keys) insert.run(resource, k);
}

/** Pending keys in ascending order, after `after` (so a key that keeps failing is not retried in a loop). */
export function pendingKeys(
  db: Db,
  resource: CatalogResource,
  limit: number,
  after: number = Number.MIN_SAFE_INTEGER,
): number[] {
  return intList.parse(
    prepared(db, 'SELECT key FROM sync_pending WHERE resource = ? AND key > ? ORDER BY key LIMIT ?')
      .pluck()
      .all(resource, after, limit),
  );
}

export function pendingCount(db: Db, resource: CatalogResource): number {
  return intValue.parse(
    prepared(db, 'SELECT count(*) FROM sync_pending WHERE resource = ?').pluck().get(resource),
  );
}

export function removePending(db: Db, resource: CatalogResource, keys: Iterable<number>): void {
  const del = prepared(db, 'DELETE FROM sync_pending WHERE resource = ? AND key = ?');
  for (const k of keys) del.run(resource, k);
}

// ---------------------------------------------------------------------------------------------
// Mark-and-sweep for list resources (representatives, receivables)

/** Deletes rows of a full pass's table that the pass `mark` did not see. */
export function sweepBeforeMark(
  db: Db,
  table: 'company_representative' | 'financial_receivable',
  mark: number,
): number {
  return prepared(db, `DELETE FROM ${table} WHERE syncMark < ?`).run(mark).changes;
}

// ---------------------------------------------------------------------------------------------
// Counts

export type CatalogCounts = Record<CatalogResource, number> & { discoveredCompanies: number };

export function catalogCounts(db: Db): CatalogCounts {
  const count = (table: string): number =>
    intValue.parse(prepared(db, `SELECT count(*) FROM ${table}`).pluck().get());
  return {
    warehouses: count('warehouse'),
    stockItems: count('stock_item'),
    productUnits: count('product_unit'),
    companyRepresentatives: count('company_representative'),
    financialReceivables: count('financial_receivable'),
    companyCards: count('company_card'),
    discoveredCompanies: count('discovered_company'),
  };
}
