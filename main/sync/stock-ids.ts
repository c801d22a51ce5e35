// Stock items by id, on any instance: every id the instance has, and given rows by id. With the ids
// filter and a stable order (by id) each is one exact walk. An instance may refuse to sort by id
// (offset pages then skip and repeat rows: walks are repeated until the instance's own totalCount
// is reached) and may ignore or reject the ids filter (rows are then picked from walks of
// everything). What each costs is in docs/assumptions.md.
import type { StockItem, StockItemField, StockItemFilter } from '../service/schemas.ts';
import { walkPages, type SyncContext, type WalkedPage } from './context.ts';
import type { InstanceProfile } from './instance-profile.ts';
import { FilterUnusable, type RequestShape } from './view.ts';

const RESOURCE = 'stockItems';
/** Page size of id-only walks in a stable order (pages of ids are small). */
const ID_PAGE_SIZE = 5000;
/** Ids per request when asking for rows by id. */
export const ID_CHUNK = 200;
/** Walks of an unstable order that find nothing new before the walk gives up on completeness. */
const MAX_IDLE_ROUNDS = 8;

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
  let idle = 0;
  while (idle < MAX_IDLE_ROUNDS) {
    const before = ids.size;
    const query = { filter, limitFields: ['id' as const], pageSize: shape.stable ? ID_PAGE_SIZE : -1 };
    requests += await walkStock(ctx, shape, query, (page) => {
      for (const r of page.data) if (r.id !== undefined) ids.add(r.id);
      total = page.totalCount ?? total;
    });
    const complete = total === undefined ? shape.stable : ids.size >= total;
    if (complete || shape.stable) return { ids, complete, total, requests };
    idle = ids.size > before ? 0 : idle + 1;
  }
  return { ids, complete: false, total, requests };
}

export interface Resolved {
  rows: KeyedStockItem[];
  /** Ids the instance does not have (certainly: never a guess). */
  absent: number[];
  requests: number;
}

/** The rows of `ids` as the instance has them now, and which of them it no longer has. */
export async function resolveIds(
  ctx: SyncContext,
  shape: RequestShape<StockItemField>,
  profile: InstanceProfile,
  ids: readonly number[],
): Promise<Resolved> {
  if (ids.length === 0) return { rows: [], absent: [], requests: 0 };
  const resolved: Resolved = { rows: [], absent: [], requests: 0 };
  let next = 0;
  try {
    for (; next < ids.length && profile.trusts('ids'); next += ID_CHUNK) {
      const chunk = await byIdsFilter(ctx, shape, profile, ids.slice(next, next + ID_CHUNK));
      resolved.rows.push(...chunk.rows);
      resolved.absent.push(...chunk.absent);
      resolved.requests += chunk.requests;
    }
  } catch (error) {
    if (!(error instanceof FilterUnusable)) throw error;
  }
  if (next >= ids.length) return resolved;
  const rest = await byWalkingEverything(ctx, shape, ids.slice(next));
  return {
    rows: [...resolved.rows, ...rest.rows],
    absent: [...resolved.absent, ...rest.absent],
    requests: resolved.requests + rest.requests,
  };
}

/**
 * Asks with the ids filter until the rows found match the instance's count for the query: in an
 * unstable order a capped answer may skip some, and the rest is asked again.
 */
async function byIdsFilter(
  ctx: SyncContext,
  shape: RequestShape<StockItemField>,
  profile: InstanceProfile,
  ids: readonly number[],
): Promise<Resolved> {
  const asked = new Set(ids);
  const rows = new Map<number, KeyedStockItem>();
  let requests = 0;
  let remaining = [...asked];
  let idle = 0;
  while (remaining.length > 0 && idle < MAX_IDLE_ROUNDS) {
    const filter = { ids: remaining };
    let total: number | undefined;
    const before = rows.size;
    const query = { filter, limitFields: shape.fields, pageSize: remaining.length };
    requests += await walkStock(ctx, shape, query, (page) => {
      if (page.data.some((r) => r.id !== undefined && !asked.has(r.id))) {
        profile.filter('ids', 'ignored');
        throw new FilterUnusable('ids', 'ignored');
      }
      for (const r of page.data) if (hasKeys(r)) rows.set(r.id, r);
      total = page.totalCount ?? total;
    });
    profile.filter('ids', 'honoured');
    const foundNow = remaining.filter((id) => rows.has(id)).length;
    // The instance counted what it has of `remaining`: once that many were found, the rest is gone.
    if (total === undefined || foundNow >= total) {
      remaining = [];
      break;
    }
    remaining = remaining.filter((id) => !rows.has(id));
    idle = rows.size > before ? 0 : idle + 1;
  }
  const absent = remaining.length === 0 ? ids.filter((id) => !rows.has(id)) : [];
  return { rows: [...rows.values()], absent, requests };
}

/**
 * Without a usable ids filter: walks every row, picking the wanted ones. In a stable order one walk
 * settles it; in an unstable one walks repeat until the wanted rows were found or stop turning up,
 * and only ids missing from a complete id walk count as absent.
 */
async function byWalkingEverything(
  ctx: SyncContext,
  shape: RequestShape<StockItemField>,
  ids: readonly number[],
): Promise<Resolved> {
  const wanted = new Set(ids);
  const rows = new Map<number, KeyedStockItem>();
  let requests = 0;
  let idle = 0;
  while (rows.size < wanted.size && idle < MAX_IDLE_ROUNDS) {
    const before = rows.size;
    const query = { filter: {}, limitFields: shape.fields, pageSize: ctx.pageSize };
    requests += await walkStock(ctx, shape, query, (page) => {
      for (const r of page.data) if (hasKeys(r) && wanted.has(r.id)) rows.set(r.id, r);
    });
    if (shape.stable) break;
    idle = rows.size > before ? 0 : idle + 1;
  }
  const unfound = ids.filter((id) => !rows.has(id));
  if (unfound.length === 0 || shape.stable) return { rows: [...rows.values()], absent: unfound, requests };
  const everything = await allIds(ctx, shape);
  const absent = everything.complete ? unfound.filter((id) => !everything.ids.has(id)) : [];
  return { rows: [...rows.values()], absent, requests: requests + everything.requests };
}
