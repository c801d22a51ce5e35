// Stock items of every warehouse, paginated with only the fields the cache keeps. Incremental passes
// ask for rows with lastModify >= the watermark, and reconcile ids when the counts disagree (an
// incremental pass cannot see deletions); a periodic full pass walks everything and then sweeps the
// rows it did not see. Each page commits together with the cursor, so a killed run resumes at the
// next page and the cache is whole at every commit. How the instance is asked (fields, sort,
// filters) is learnt and kept in its profile (instance-profile.ts, view.ts): an instance that cannot
// filter by lastModify gets full passes, and one that cannot sort by id gets its walks completed by
// id (stock-ids.ts).
import { z } from 'zod';
import {
  addPending,
  countStockItems,
  deleteStockItems,
  deleteUnitsOfUnstockedProducts,
  markStockItems,
  saveSyncState,
  stockedProductIds,
  stockItemFields,
  stockItemIdsBeforeMark,
  stockItemIdsNotCached,
  syncState,
  upsertStockItems,
} from '../../db/catalog/index.ts';
import { rowsSent, ServiceError, type StockItem, type StockItemField } from '../service/index.ts';
import { checkAbort, emptyReport, failureOf, firstPage, type SyncContext } from './context.ts';
import type { ResourceReport, SyncMode } from './events.ts';
import { InstanceProfile } from './instance-profile.ts';
import { walkFromPosition } from './page-position.ts';
import { keylessRow, SkippedRows } from './skipped.ts';
import { allIds, hasKeys, ID_CHUNK, resolveIds, type KeyedStockItem } from './stock-ids.ts';
import { FilterUnusable, RequestShape } from './view.ts';
import { LastModifyRefused, refusedAsWatermark } from './watermark.ts';
import { WalkFindings } from './walk-findings.ts';
import { createStockWriter } from './writer.ts';

const RESOURCE = 'stockItems';

const Cursor = z.object({
  mode: z.enum(['full', 'incremental']),
  /** rows: walking the (changed) rows; sweep: removing what the instance no longer has. */
  phase: z.enum(['rows', 'sweep']).default('rows'),
  mark: z.number().int(),
  nextPage: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  /** lastModifyFrom of an incremental pass. */
  since: z.string().optional(),
  /** The instance's newest lastModify when the pass started: the next watermark. */
  newWatermark: z.string().optional(),
  /**
   * The newest lastModify on the walk's first page that had any: the instance read that page after
   * it, so every row changed after the walk began is at least that new. The watermark when the probe
   * found none. (The newest of the whole walk would not do: a row changed behind the walk, on a page
   * already read, is older than a row changed later on a page still to come, and would be missed.)
   */
  firstPageNewest: z.string().optional(),
  fetched: z.number().int().default(0),
  /** The page size the instance applied to the pages counted in nextPage (page-position.ts). */
  appliedPageSize: z.number().int().min(1).optional(),
  /** The sort the counted pages were asked in (page-position.ts). */
  orderBy: z.array(z.string()).optional(),
  /** The instance's count of the walk's rows, from its latest page. */
  total: z.number().int().optional(),
  /** When the pass started (before its probe): the rows it does not rewrite are current as of then. */
  startedAt: z.string().optional(),
  /** The first lastModify the pass would not take as a watermark (watermark.ts), for its report. */
  lastModifyRefused: LastModifyRefused.optional(),
});
type Cursor = z.infer<typeof Cursor>;

export interface StockPassOptions {
  /** 'auto': full when there is no watermark or the last full pass is older than fullEveryMs. */
  mode: SyncMode | 'auto';
  fullEveryMs: number;
}

/** The cache's keys: a view without them cannot be cached at all. */
const ESSENTIAL_FIELDS: readonly StockItemField[] = ['id', 'productId', 'warehouseId'];

interface Pass {
  ctx: SyncContext;
  cursor: Cursor;
  report: ResourceReport;
  profile: InstanceProfile;
  shape: RequestShape<StockItemField>;
  /** Ids the walk of this run saw (an incremental walk's are few): what an unstable walk missed. */
  seen: Set<number>;
  /** Rows the instance sent that could not be read: left out, counted, reported. */
  skipped: SkippedRows;
  /** Ids sent again, a walk stopped at the instance's count: reported. */
  findings: WalkFindings;
}

export async function syncStockItems(ctx: SyncContext, options: StockPassOptions): Promise<ResourceReport> {
  const { db } = ctx;
  const profile = InstanceProfile.load(db, RESOURCE, ctx.identity);
  const shape = new RequestShape(profile, {
    wanted: stockItemFields,
    essential: ESSENTIAL_FIELDS,
    // A stock item is one product in one warehouse: the pair is a second unique key to sort by.
    orders: [['id'], ['productId', 'warehouseId']],
    where: 'stock-item',
  });
  const state = syncState(db, RESOURCE);
  const saved = state.cursor === undefined ? undefined : Cursor.safeParse(JSON.parse(state.cursor));
  const resumed = saved?.success === true;
  // Started is said before the first request (the probe of a new pass), so a pass stuck on it shows.
  const cursor: Cursor =
    saved?.success === true
      ? saved.data
      : await newCursor(ctx, options, profile, (mode) =>
          ctx.emit({ type: 'started', resource: RESOURCE, mode, resumed: false }),
        );
  if (resumed) ctx.emit({ type: 'started', resource: RESOURCE, mode: cursor.mode, resumed });
  else saveCursor(ctx, cursor);
  const pass: Pass = {
    ctx,
    cursor,
    report: emptyReport(RESOURCE, cursor.mode, resumed),
    profile,
    shape,
    seen: new Set(),
    skipped: new SkippedRows(),
    findings: new WalkFindings(),
  };
  const { report } = pass;

  if (cursor.phase === 'rows') await walkRowsOrFull(pass);
  // The instance's count of all its rows: a full walk's own; an incremental one's counts changed rows.
  let instanceCount = cursor.mode === 'full' ? cursor.total : undefined;
  if (cursor.mode === 'incremental' && cursor.phase === 'rows') {
    instanceCount = await countOnInstance(ctx);
    if (instanceCount !== cachedCount(ctx)) {
      // Rows are missing (deleted on the instance, or skipped as unreadable): found by id below.
      cursor.phase = 'sweep';
      cursor.mark = syncState(db, RESOURCE).fullPass + 1;
      saveCursor(ctx, cursor);
    }
  }
  if (cursor.mode === 'incremental' && cursor.phase === 'sweep') await markPresentIds(pass);
  if (cursor.mode === 'full' || cursor.phase === 'sweep') await sweep(pass);

  const at = ctx.now();
  db.transaction(() => {
    if (cursor.mode === 'full') {
      deleteUnitsOfUnstockedProducts(db);
      addPending(db, 'productUnits', stockedProductIds(db));
    }
    const watermark = cursor.newWatermark ?? cursor.firstPageNewest ?? cursor.since;
    saveSyncState(db, RESOURCE, {
      cursor: null,
      lastCompleteAt: at,
      // A pass resumed from a cursor of an older version does not know its start: the one on record stays.
      ...(cursor.startedAt !== undefined ? { lastCompleteStartedAt: cursor.startedAt } : {}),
      ...(cursor.mode === 'full' ? { lastFullAt: at } : {}),
      ...(watermark !== undefined ? { watermark } : {}),
      lastError: null,
      lastErrorAt: null,
    });
  }).immediate();
  report.count = cachedCount(ctx);
  if (cursor.lastModifyRefused !== undefined) report.lastModifyRefused = cursor.lastModifyRefused;
  const skipped = pass.skipped.report();
  if (skipped !== undefined) report.skipped = skipped;
  if (instanceCount !== undefined) report.instanceCount = instanceCount;
  pass.findings.describe(report);
  profile.lastPass(report);
  if (cursor.appliedPageSize !== undefined) {
    report.appliedPageSize = cursor.appliedPageSize;
    profile.pageSize(cursor.appliedPageSize);
  }
  shape.describe(report);
  return report;
}

function saveCursor(ctx: SyncContext, cursor: Cursor): void {
  ctx.db
    .transaction(() => {
      saveSyncState(ctx.db, RESOURCE, { cursor: JSON.stringify(cursor), fullPass: cursor.mark });
    })
    .immediate();
}

async function newCursor(
  ctx: SyncContext,
  options: StockPassOptions,
  profile: InstanceProfile,
  planned: (mode: SyncMode) => void,
): Promise<Cursor> {
  const state = syncState(ctx.db, RESOURCE);
  const startedAt = ctx.now();
  const lastFull = state.lastFullAt === undefined ? 0 : Date.parse(state.lastFullAt);
  const due = Date.parse(startedAt) - lastFull >= options.fullEveryMs;
  // A watermark kept from before such values were refused may be one: the pass walks everything.
  const stale = state.watermark === undefined ? undefined : refusedAsWatermark(state.watermark, startedAt);
  const full =
    options.mode === 'full' ||
    state.watermark === undefined ||
    stale !== undefined ||
    !profile.trusts('lastModifyFrom') ||
    (options.mode === 'auto' && due);
  planned(full ? 'full' : 'incremental');
  const newest = await probeNewestLastModify(ctx);
  const refused = stale ?? (newest === undefined ? undefined : refusedAsWatermark(newest, startedAt));
  const base = {
    phase: 'rows' as const,
    nextPage: 1,
    pageSize: ctx.pageSize,
    fetched: 0,
    startedAt,
    ...(refused === undefined ? {} : { lastModifyRefused: refused }),
  };
  // The newest is refused: the first page's newest that is not is taken instead (firstPageNewest).
  const withWatermark =
    newest === undefined || refusedAsWatermark(newest, startedAt) !== undefined
      ? {}
      : { newWatermark: newest };
  if (full) return { ...base, ...withWatermark, mode: 'full', mark: state.fullPass + 1 };
  return { ...base, ...withWatermark, mode: 'incremental', mark: state.fullPass, since: state.watermark };
}

/**
 * The newest lastModify on the instance now. Taken before the walk, it is the next watermark: any
 * row changed while the pass runs has a lastModify >= it and comes again in the next incremental
 * pass. Undefined when the instance cannot sort by lastModify (then the newest on the walk's first
 * page is used: Cursor.firstPageNewest).
 */
async function probeNewestLastModify(ctx: SyncContext): Promise<string | undefined> {
  try {
    const newest = await firstPage(ctx, RESOURCE, () =>
      ctx.source.stockItemPages(
        { limitFields: ['id', 'lastModify'], orderBy: ['lastModify desc'], pageSize: 1 },
        ctx.signal,
      ),
    );
    return newest?.data[0]?.lastModify;
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'http' && error.status === 400) return undefined;
    throw error;
  }
}

/**
 * The pass's rows; an incremental pass whose filter the instance turns out not to honour becomes a
 * full pass (mark-and-sweep), and a walk in an unstable order is completed by id.
 */
async function walkRowsOrFull(pass: Pass): Promise<void> {
  const { ctx, cursor, report } = pass;
  try {
    report.requests += await walkRows(pass);
  } catch (error) {
    if (!(error instanceof FilterUnusable) || cursor.mode !== 'incremental') throw error;
    Object.assign(cursor, {
      mode: 'full',
      mark: syncState(ctx.db, RESOURCE).fullPass + 1,
      nextPage: 1,
      fetched: 0,
      since: undefined,
      total: undefined,
    });
    saveCursor(ctx, cursor);
    report.mode = 'full';
    pass.seen.clear();
    report.requests += await walkRows(pass);
  }
  if (cursor.mode === 'incremental' && cursor.total !== undefined) {
    const cached = countStockItems(ctx.db);
    // Fewer rows than the cache holds came back, none outside the filter: the instance filters.
    if (cursor.total < cached) pass.profile.filter('lastModifyFrom', 'honoured');
  }
  if (!pass.shape.stable) await completeUnstableWalk(pass);
}

/**
 * The rows of the pass (all, or changed since the watermark). Each page is committed with its cursor
 * by the writer (a worker thread by default) while the next page is being fetched: at most one page
 * is in flight, so memory stays bounded and the cursor never runs ahead of what committed.
 */
async function walkRows(pass: Pass): Promise<number> {
  const { ctx, cursor, report, shape } = pass;
  const since = cursor.mode === 'incremental' ? cursor.since : undefined;
  const filter = since === undefined ? {} : { lastModifyFrom: since };
  const writer = createStockWriter(ctx.db, () => ctx.giveWay());
  const asked = askedClock(ctx);
  let pending: Promise<void> = Promise.resolve();
  try {
    const requests = await walkFromPosition<StockItem>(
      ctx,
      RESOURCE,
      cursor,
      (startPage) =>
        ctx.source.stockItemPages(
          {
            filter,
            limitFields: shape.fields,
            orderBy: shape.orderBy,
            pageSize: cursor.pageSize,
            startPage,
          },
          ctx.signal,
        ),
      async (page, pageNumber) => {
        await pending;
        if (since !== undefined) checkModifiedSince(pass, page.data, since);
        const rows = keyed(pass, page.data);
        pass.skipped.add(page.skipped);
        pass.findings.page(page);
        // A full pass counts what it saw by its mark; an incremental one (few rows) keeps the ids.
        if (cursor.mode === 'incremental') for (const r of rows) pass.seen.add(r.id);
        if (cursor.fetched === 0)
          cursor.firstPageNewest = newestLastModify(cursor, rows, cursor.startedAt ?? ctx.now());
        cursor.nextPage = pageNumber + 1;
        cursor.fetched += rowsSent(page);
        if (page.totalCount !== undefined) cursor.total = page.totalCount;
        report.fetched += rowsSent(page);
        const done = cursor.fetched;
        const total = Math.max(page.totalCount ?? done, done);
        pending = writer
          .write({ rows, mark: cursor.mark, syncedAt: asked.take(), cursor: JSON.stringify(cursor) })
          .then(() => ctx.emit({ type: 'progress', resource: RESOURCE, done, total }));
        // Handled here so a failure between pages is not an unhandled rejection; awaited above/below.
        pending.catch(() => undefined);
      },
      (error) => {
        const adapted = shape.learn(error, filter);
        if (adapted) {
          ctx.emit({ type: 'retry', resource: RESOURCE, attempt: 0, delayMs: 0, failure: failureOf(error) });
        }
        return adapted;
      },
      () => shape.orderBy,
    );
    await pending;
    return requests;
  } finally {
    await pending.catch(() => undefined);
    await writer.close();
  }
}

/**
 * The newest lastModify among the rows that could be a watermark (watermark.ts); undefined when none
 * has one. The first one refused is kept in the cursor, for the pass's report.
 */
function newestLastModify(cursor: Cursor, rows: readonly StockItem[], startedAt: string): string | undefined {
  let newest: string | undefined;
  for (const r of rows) {
    if (r.lastModify === undefined || r.lastModify <= (newest ?? '')) continue;
    const refused = refusedAsWatermark(r.lastModify, startedAt);
    if (refused === undefined) newest = r.lastModify;
    else cursor.lastModifyRefused ??= refused;
  }
  return newest;
}

/** The rows with the keys the cache is built on; a row without them is skipped (and counted). */
function keyed(pass: Pass, rows: readonly StockItem[]): KeyedStockItem[] {
  const usable = rows.filter(hasKeys);
  if (usable.length < rows.length) {
    pass.skipped.add(
      rows
        .filter((r) => !hasKeys(r))
        .map((r) => keylessRow(r, ESSENTIAL_FIELDS.find((f) => r[f] === undefined) ?? 'id')),
    );
  }
  return usable;
}

/** A row older than lastModifyFrom in the answer: the instance ignores the filter. */
function checkModifiedSince(pass: Pass, rows: readonly StockItem[], since: string): void {
  const from = Date.parse(since);
  const older = rows.some((r) => r.lastModify !== undefined && Date.parse(r.lastModify) < from);
  if (!older) return;
  pass.profile.filter('lastModifyFrom', 'ignored');
  throw new FilterUnusable('lastModifyFrom', 'ignored');
}

/**
 * Offset pages in an unstable order skip and repeat rows. Repeats are harmless (upserts by id); the
 * skipped ones are found by comparing the ids the instance has with those the walk saw, and fetched.
 */
async function completeUnstableWalk(pass: Pass): Promise<void> {
  const { ctx, cursor, report, shape } = pass;
  const full = cursor.mode === 'full';
  const seenCount = full ? countStockItems(ctx.db, cursor.mark) : pass.seen.size;
  if (cursor.total !== undefined && seenCount >= cursor.total) return;
  const filter = full || cursor.since === undefined ? {} : { lastModifyFrom: cursor.since };
  const instance = await allIds(ctx, shape, filter);
  report.requests += instance.requests;
  if (!instance.complete) {
    throw new Error(
      `The instance cannot sort stock items by a unique key and its pages skip rows: ${instance.ids.size} of the ` +
        `${instance.total ?? '?'} rows it counts turned up in repeated walks. The cache keeps what it had and what was found.`,
    );
  }
  const missed = full
    ? stockItemIdsNotCached(ctx.db, [...instance.ids], cursor.mark)
    : [...instance.ids].filter((id) => !pass.seen.has(id));
  const asked = askedClock(ctx);
  const resolved = await resolveIds(ctx, shape, pass.profile, missed, pass.skipped, (rows) => {
    ctx.db.transaction(() => writeRows(ctx, rows, cursor.mark, asked.take())).immediate();
    for (const r of rows) pass.seen.add(r.id);
  });
  report.requests += resolved.requests;
  report.fetched += resolved.found;
}

/**
 * A lower bound of when the instance read the rows of each answer, for their syncedAt (what this till
 * sold since is judged against it, db/sold-here.ts). A walk's requests go out one at a time, each
 * after the answer before it was handled: `take()` in the handler of an answer gives the time before
 * its request (the walk's start, or the previous take) and starts the next one's.
 */
function askedClock(ctx: SyncContext): { take(): string } {
  let at = ctx.now();
  return {
    take: () => {
      const before = at;
      at = ctx.now();
      return before;
    },
  };
}

/** Upserts rows (inside the caller's transaction); new or changed products get their units fetched. */
function writeRows(ctx: SyncContext, rows: readonly KeyedStockItem[], mark: number, syncedAt: string): void {
  const { changedProductIds } = upsertStockItems(ctx.db, rows, { syncedAt, mark });
  addPending(ctx.db, 'productUnits', changedProductIds);
}

/** How many stock items the instance holds (its totalCount); undefined when it does not say. */
async function countOnInstance(ctx: SyncContext): Promise<number | undefined> {
  return (
    await firstPage(ctx, RESOURCE, () =>
      ctx.source.stockItemPages({ limitFields: ['id'], pageSize: 1 }, ctx.signal),
    )
  )?.totalCount;
}

function cachedCount(ctx: SyncContext): number {
  return countStockItems(ctx.db);
}

/**
 * Takes every id the instance has, marking the cached rows it still has and fetching any the cache
 * lacks. Not resumable on its own: it is cheap and simply restarts.
 */
async function markPresentIds(pass: Pass): Promise<void> {
  const { ctx, cursor, report, shape } = pass;
  const { db } = ctx;
  const instance = await allIds(ctx, shape);
  report.requests += instance.requests;
  const ids = [...instance.ids];
  const missing = db
    .transaction(() => {
      markStockItems(db, ids, cursor.mark);
      return stockItemIdsNotCached(db, ids);
    })
    .immediate();
  const asked = askedClock(ctx);
  const resolved = await resolveIds(ctx, shape, pass.profile, missing, pass.skipped, (rows) =>
    db.transaction(() => writeRows(ctx, rows, cursor.mark, asked.take())).immediate(),
  );
  report.requests += resolved.requests;
}

/**
 * Rows the pass did not mark are checked by id before they go: offset paging can skip a row when
 * the instance deletes another mid-walk, and a skipped row must be refreshed, not deleted. Only a
 * row the instance certainly lacks is removed; one that cannot be settled stays as it was.
 */
async function sweep(pass: Pass): Promise<void> {
  const { ctx, cursor, report, shape, profile } = pass;
  const { db } = ctx;
  for (;;) {
    checkAbort(ctx);
    // Without a usable ids filter each lookup walks everything: all the rows at once, then.
    const ids = stockItemIdsBeforeMark(
      db,
      cursor.mark,
      profile.trusts('ids') ? ID_CHUNK : Number.MAX_SAFE_INTEGER,
    );
    if (ids.length === 0) return;
    const asked = askedClock(ctx);
    const resolved = await resolveIds(ctx, shape, profile, ids, pass.skipped, (rows) =>
      db.transaction(() => writeRows(ctx, rows, cursor.mark, asked.take())).immediate(),
    );
    report.requests += resolved.requests;
    db.transaction(() => {
      report.removed += deleteStockItems(db, resolved.absent);
      // Whatever is left (a row returned without its keys, one not settled) counts as seen, so the
      // sweep always moves on.
      markStockItems(db, ids, cursor.mark);
    }).immediate();
  }
}
