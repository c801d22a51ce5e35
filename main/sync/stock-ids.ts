// Stock items by id, on any instance: every id the instance has, and given rows by id. With the ids
// filter and a stable order (by id) each is one exact walk. An instance may refuse to sort by id
// (offset pages then skip and repeat rows: walks are repeated until the instance's own totalCount
// is reached) and may ignore or reject the ids filter (rows are then picked from walks of
// everything). What each costs is in docs/assumptions.md.
import type { StockItem, StockItemField, StockItemFilter } from '../service/index.ts';
import { repeatWalk, walkPages, type SyncContext, type WalkedPage } from './context.ts';
import type { InstanceProfile } from './instance-profile.ts';
import type { SkippedRows } from './skipped.ts';
import { FilterUnusable, type RequestShape } from './view.ts';

const RESOURCE = 'stockItems';
/** Page size of id-only walks in a stable order (pages of ids are small). */
const ID_PAGE_SIZE = 5000;
/** Ids per request when asking for rows by id. */
export const ID_CHUNK = 200;

/** A stock item with its keys (the cache's primary and foreign keys). */
export type KeyedStockItem = StockItem & { id: number; productId: number; warehouseId: number };

export function hasKeys(row: StockItem): row is KeyedStockItem {
  return row.id !== undefined && row.warehouseId !== undefined && row.productId !== undefined;
}

/** One walk of the stock items from the first page, asked the way the instance accepts. */
function walkStock(
  ctx: SyncContext,
  shape: RequestShape<StockItemField>,
  query: { filter: StockItemFilter; limitFields: StockItemField[]; pageSize: number },
  onPage: (page: WalkedPage<StockItem>) => void,
): Promise<number> {
  return walkPages<StockItem>(
    ctx,
    RESOURCE,
    1,
    (startPage) => ctx.source.stockItemPages({ ...query, orderBy: shape.orderBy, startPage }, ctx.signal),
    onPage,
    (error) => shape.learn(error, query.filter),
  );
}

export interface IdSet {
  ids: Set<number>;
  /** Every id the instance counts was seen (always, in a stable order). */
  complete: boolean;
  /** The instance's count. */
  total: number | undefined;
  requests: number;
}

/**
 * Every id the instance has (matching `filter`). In an unstable order the ids are asked for all at
 * once (pageSize -1: one snapshot, unless the instance caps it) and asked again until as many as the
 * instance counts were seen, or walks stop finding new ones.
 */
export async function allIds(
  ctx: SyncContext,
  shape: RequestShape<StockItemField>,
  filter: StockItemFilter = {},
): Promise<IdSet> {
  const ids = new Set<number>();
  let total: number | undefined;
  let requests = 0;
  let rounds = 0;
  const complete = (): boolean => (total === undefined ? shape.stable : ids.size >= total);
  const query = { filter, limitFields: ['id' as const], pageSize: shape.stable ? ID_PAGE_SIZE : -1 };
  await repeatWalk(
    () => rounds > 0 && (shape.stable || complete()),
    () => ids.size,
    async () => {
      rounds++;
      requests += await walkStock(ctx, shape, query, (page) => {
        for (const r of page.data) if (r.id !== undefined) ids.add(r.id);
        total = page.totalCount ?? total;
      });
    },
  );
  return { ids, complete: complete(), total, requests };
}

export interface Resolved {
  /** Rows found and handed to `write`. */
  found: number;
  /** Ids the instance does not have (certainly: never a guess). */
  absent: number[];
  requests: number;
}

/** Receives resolved rows as they come (a chunk or a page at a time), so memory stays bounded. */
export type WriteRows = (rows: readonly KeyedStockItem[]) => void;

/**
 * The rows of `ids` as the instance has them now, handed to `write`, and which of them it no longer
 * has. An id neither found nor certainly absent is left alone by the caller. A row the instance
 * sends but Counter cannot read is added to `skipped`: present on the instance, so never absent.
 */
export async function resolveIds(
  ctx: SyncContext,
  shape: RequestShape<StockItemField>,
  profile: InstanceProfile,
  ids: readonly number[],
  skipped: SkippedRows,
  write: WriteRows,
): Promise<Resolved> {
  const resolved: Resolved = { found: 0, absent: [], requests: 0 };
  const lookup: Lookup = { skipped, write };
  let next = 0;
  try {
    for (; next < ids.length && profile.trusts('ids'); next += ID_CHUNK) {
      const chunk = await byIdsFilter(ctx, shape, profile, ids.slice(next, next + ID_CHUNK), lookup);
      add(resolved, chunk);
    }
  } catch (error) {
    if (!(error instanceof FilterUnusable)) throw error;
  }
  if (next < ids.length) add(resolved, await byWalkingEverything(ctx, shape, ids.slice(next), lookup));
  return resolved;
}

/** Where a lookup's rows go: the readable ones written, the unreadable ones counted. */
interface Lookup {
  skipped: SkippedRows;
  write: WriteRows;
}

function add(into: Resolved, more: Resolved): void {
  into.found += more.found;
  into.absent.push(...more.absent);
  into.requests += more.requests;
}

/**
 * Asks with the ids filter until the rows found match the instance's count for the query: in an
 * unstable order a capped answer may skip some, and the rest is asked again. Without a count, only
 * a stable order settles which ids are absent.
 */
async function byIdsFilter(
  ctx: SyncContext,
  shape: RequestShape<StockItemField>,
  profile: InstanceProfile,
  ids: readonly number[],
  { skipped, write }: Lookup,
): Promise<Resolved> {
  const asked = new Set(ids);
  // Rows the instance sent, readable (written) or not (skipped): either way it has them.
  const found = new Set<number>();
  let written = 0;
  let requests = 0;
  let remaining = [...asked];
  // Set inside the rounds: settled = which ids are absent is known; uncounted = no count came.
  const state = { settled: false, uncounted: false };
  await repeatWalk(
    () => state.settled || state.uncounted,
    () => found.size,
    async () => {
      const filter = { ids: remaining };
      let total: number | undefined;
      const query = { filter, limitFields: shape.fields, pageSize: remaining.length };
      requests += await walkStock(ctx, shape, query, (page) => {
        if (page.data.some((r) => r.id !== undefined && !asked.has(r.id))) {
          profile.filter('ids', 'ignored');
          throw new FilterUnusable('ids', 'ignored');
        }
        const rows = page.data.filter(hasKeys);
        write(rows);
        written += rows.length;
        for (const r of rows) found.add(r.id);
        skipped.add(page.skipped);
        for (const r of page.skipped ?? []) if (r.id !== undefined && asked.has(r.id)) found.add(r.id);
        total = page.totalCount ?? total;
      });
      profile.filter('ids', 'honoured');
      const foundNow = remaining.filter((id) => found.has(id)).length;
      // The instance counted what it has of `remaining`: once that many were found, the rest is gone.
      state.settled = total === undefined ? shape.stable : foundNow >= total;
      state.uncounted = total === undefined;
      remaining = remaining.filter((id) => !found.has(id));
    },
  );
  const absent = state.settled ? ids.filter((id) => !found.has(id)) : [];
  return { found: written, absent, requests };
}

/**
 * Without a usable ids filter: walks every row, picking the wanted ones, until they were found or
 * stop turning up. Only ids missing from a complete id walk count as absent (a row skipped because
 * another was deleted mid-walk is not taken for a deleted one).
 */
async function byWalkingEverything(
  ctx: SyncContext,
  shape: RequestShape<StockItemField>,
  ids: readonly number[],
  { skipped, write }: Lookup,
): Promise<Resolved> {
  const wanted = new Set(ids);
  // Wanted rows the instance sent, readable (written) or not (skipped).
  const found = new Set<number>();
  let written = 0;
  let requests = 0;
  let rounds = 0;
  const query = { filter: {}, limitFields: shape.fields, pageSize: ctx.pageSize };
  await repeatWalk(
    () => found.size >= wanted.size || (shape.stable && rounds > 0),
    () => found.size,
    async () => {
      rounds++;
      requests += await walkStock(ctx, shape, query, (page) => {
        const rows = page.data.filter(
          (r): r is KeyedStockItem => hasKeys(r) && wanted.has(r.id) && !found.has(r.id),
        );
        write(rows);
        written += rows.length;
        for (const r of rows) found.add(r.id);
        const unreadable = (page.skipped ?? []).filter((r) => r.id !== undefined && wanted.has(r.id));
        skipped.add(unreadable);
        for (const r of unreadable) if (r.id !== undefined) found.add(r.id);
      });
    },
  );
  const unfound = ids.filter((id) => !found.has(id));
  if (unfound.length === 0) return { found: written, absent: [], requests };
  const everything = await allIds(ctx, shape);
  const absent = everything.complete ? unfound.filter((id) => !everything.ids.has(id)) : [];
  return { found: written, absent, requests: requests + everything.requests };
}
