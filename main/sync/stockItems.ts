// Stock items of every warehouse, paginated with only the fields the cache keeps. Incremental passes
// ask for rows with lastModify >= the watermark, and reconcile ids when the counts disagree (an
// incremental pass cannot see deletions); a periodic full pass walks everything and then sweeps the
// rows it did not see. Each page commits together with the cursor, so a killed run resumes at the
// next page and the cache is whole at every commit.
import { z } from 'zod';
import {
  addPending,
  deleteStockItems,
  deleteUnitsOfUnstockedProducts,
  saveSyncState,
  stockedProductIds,
  stockItemFields,
  stockItemIdsBeforeMark,
  syncState,
  upsertStockItems,
  type StockItemInput,
} from '../../db/catalog.ts';
import { ServiceError } from '../service/errors.ts';
import type { StockItem } from '../service/schemas.ts';
import { checkAbort, emptyReport, failureOf, request, walkPages, type SyncContext } from './context.ts';
import { walkFromPosition } from './page-position.ts';
import type { ResourceReport, SyncMode } from './events.ts';
import { ViewFields } from './view.ts';
import { createStockWriter } from './writer.ts';

const RESOURCE = 'stockItems';
/** Page size of the id-only walk that finds deletions. */
const ID_PAGE_SIZE = 5000;
/** Ids per request when fetching or checking rows by id. */
const ID_CHUNK = 200;

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
  /** Newest lastModify seen in this pass: the watermark when the probe found none. */
  maxSeen: z.string().optional(),
  fetched: z.number().int().default(0),
  /** The page size the instance applied to the pages counted in nextPage (page-position.ts). */
  appliedPageSize: z.number().int().min(1).optional(),
});
type Cursor = z.infer<typeof Cursor>;
type Row = StockItem & StockItemInput;

export interface StockPassOptions {
  /** 'auto': full when there is no watermark or the last full pass is older than fullEveryMs. */
  mode: SyncMode | 'auto';
  fullEveryMs: number;
}

export async function syncStockItems(ctx: SyncContext, options: StockPassOptions): Promise<ResourceReport> {
  const { db } = ctx;
  const state = syncState(db, RESOURCE);
  const saved = state.cursor === undefined ? undefined : Cursor.safeParse(JSON.parse(state.cursor));
  const resumed = saved?.success === true;
  const cursor: Cursor = saved?.success === true ? saved.data : await newCursor(ctx, options);
  if (!resumed) saveCursor(ctx, cursor);
  ctx.emit({ type: 'started', resource: RESOURCE, mode: cursor.mode, resumed });
  const report = emptyReport(RESOURCE, cursor.mode, resumed);

  if (cursor.phase === 'rows') report.requests += await walkRows(ctx, cursor, report);
  if (cursor.mode === 'incremental' && cursor.phase === 'rows' && (await countsDiffer(ctx))) {
    cursor.phase = 'sweep';
    cursor.mark = syncState(db, RESOURCE).fullPass + 1;
    saveCursor(ctx, cursor);
  }
  if (cursor.mode === 'incremental' && cursor.phase === 'sweep') {
    report.requests += await markPresentIds(ctx, cursor);
  }
  if (cursor.mode === 'full' || cursor.phase === 'sweep') {
    const swept = await sweep(ctx, cursor);
    report.removed = swept.removed;
    report.requests += swept.requests;
  }

  const at = ctx.now();
  db.transaction(() => {
    if (cursor.mode === 'full') {
      deleteUnitsOfUnstockedProducts(db);
      addPending(db, 'productUnits', stockedProductIds(db));
    }
    const watermark = cursor.newWatermark ?? cursor.maxSeen ?? cursor.since;
    saveSyncState(db, RESOURCE, {
      cursor: null,
      lastCompleteAt: at,
      ...(cursor.mode === 'full' ? { lastFullAt: at } : {}),
      ...(watermark !== undefined ? { watermark } : {}),
      lastError: null,
      lastErrorAt: null,
    });
  })();
  report.count = db.prepare('SELECT count(*) FROM stock_item').pluck().get() as number;
  return report;
}

function saveCursor(ctx: SyncContext, cursor: Cursor): void {
  ctx.db.transaction(() => {
    saveSyncState(ctx.db, RESOURCE, { cursor: JSON.stringify(cursor), fullPass: cursor.mark });
  })();
}

async function newCursor(ctx: SyncContext, options: StockPassOptions): Promise<Cursor> {
  const state = syncState(ctx.db, RESOURCE);
  const lastFull = state.lastFullAt === undefined ? 0 : Date.parse(state.lastFullAt);
  const due = Date.parse(ctx.now()) - lastFull >= options.fullEveryMs;
  const full = options.mode === 'full' || state.watermark === undefined || (options.mode === 'auto' && due);
  const newWatermark = await probeNewestLastModify(ctx);
  const base = { phase: 'rows' as const, nextPage: 1, pageSize: ctx.pageSize, fetched: 0 };
  const withWatermark = newWatermark === undefined ? {} : { newWatermark };
  if (full) return { ...base, ...withWatermark, mode: 'full', mark: state.fullPass + 1 };
  return { ...base, ...withWatermark, mode: 'incremental', mark: state.fullPass, since: state.watermark };
}

/**
 * The newest lastModify on the instance now. Taken before the walk, it is the next watermark: any
 * row changed while the pass runs has a lastModify >= it and comes again in the next incremental
 * pass. Undefined when the instance cannot sort by lastModify (then the newest row seen is used).
 */
async function probeNewestLastModify(ctx: SyncContext): Promise<string | undefined> {
  try {
    return await request(ctx, RESOURCE, async () => {
      for await (const page of ctx.source.stockItemPages(
        { limitFields: ['id', 'lastModify'], orderBy: ['lastModify desc'], pageSize: 1 },
        ctx.signal,
      )) {
        return page.data[0]?.lastModify;
      }
      return undefined;
    });
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'http' && error.status === 400) return undefined;
    throw error;
  }
}

/**
 * The rows of the pass (all, or changed since the watermark). Each page is committed with its cursor
 * by the writer (a worker thread by default) while the next page is being fetched: at most one page
 * is in flight, so memory stays bounded and the cursor never runs ahead of what committed.
 */
async function walkRows(ctx: SyncContext, cursor: Cursor, report: ResourceReport): Promise<number> {
  const filter =
    cursor.mode === 'incremental' && cursor.since !== undefined ? { lastModifyFrom: cursor.since } : {};
  const writer = await createStockWriter(ctx.db, ctx.writer);
  const view = new ViewFields(stockItemFields, [...ESSENTIAL_FIELDS]);
  let pending: Promise<void> = Promise.resolve();
  try {
    const requests = await walkFromPosition<StockItem>(
      ctx,
      RESOURCE,
      cursor,
      (startPage) =>
        ctx.source.stockItemPages(
          { filter, limitFields: view.fields, orderBy: ['id'], pageSize: cursor.pageSize, startPage },
          ctx.signal,
        ),
      async (page, pageNumber) => {
        await pending;
        const rows = page.data.filter(hasKeys);
        cursor.nextPage = pageNumber + 1;
        cursor.fetched += page.data.length;
        for (const r of rows) {
          if (r.lastModify !== undefined && r.lastModify > (cursor.maxSeen ?? ''))
            cursor.maxSeen = r.lastModify;
        }
        report.fetched += page.data.length;
        const done = cursor.fetched;
        const total = Math.max(page.totalCount ?? done, done);
        pending = writer
          .write({ rows, mark: cursor.mark, syncedAt: ctx.now(), cursor: JSON.stringify(cursor) })
          .then(() => ctx.emit({ type: 'progress', resource: RESOURCE, done, total }));
        // Handled here so a failure between pages is not an unhandled rejection; awaited above/below.
        pending.catch(() => undefined);
      },
      (error) => {
        const adapted = view.learn(error, 'stock-item');
        if (adapted) {
          report.viewLacks = [...view.missing];
          ctx.emit({ type: 'retry', resource: RESOURCE, attempt: 0, delayMs: 0, failure: failureOf(error) });
        }
        return adapted;
      },
    );
    await pending;
    if (cursor.appliedPageSize !== undefined) report.appliedPageSize = cursor.appliedPageSize;
    return requests;
  } finally {
    await pending.catch(() => undefined);
    await writer.close();
  }
}

/** Upserts rows (inside the caller's transaction); new or changed products get their units fetched. */
function writeRows(ctx: SyncContext, rows: readonly Row[], mark: number): void {
  const { changedProductIds } = upsertStockItems(ctx.db, rows, { syncedAt: ctx.now(), mark });
  addPending(ctx.db, 'productUnits', changedProductIds);
}

/** Whether the instance holds a different number of stock items than the cache. */
async function countsDiffer(ctx: SyncContext): Promise<boolean> {
  const total = await request(ctx, RESOURCE, async () => {
    for await (const page of ctx.source.stockItemPages({ limitFields: ['id'], pageSize: 1 }, ctx.signal)) {
      return page.totalCount;
    }
    return undefined;
  });
  const local = ctx.db.prepare('SELECT count(*) FROM stock_item').pluck().get() as number;
  return total !== local;
}

/**
 * Walks every id the instance has (ids only, large pages), marking the cached rows it still has and
 * fetching any the cache lacks. Not resumable on its own: it is cheap and simply restarts.
 */
async function markPresentIds(ctx: SyncContext, cursor: Cursor): Promise<number> {
  const { db } = ctx;
  const missing: number[] = [];
  let requests = await walkPages<StockItem>(
    ctx,
    RESOURCE,
    1,
    (startPage) =>
      ctx.source.stockItemPages(
        { limitFields: ['id'], orderBy: ['id'], pageSize: ID_PAGE_SIZE, startPage },
        ctx.signal,
      ),
    (page) => {
      const json = JSON.stringify(page.data.flatMap((r) => (r.id === undefined ? [] : [r.id])));
      db.transaction(() => {
        db.prepare('UPDATE stock_item SET syncMark = ? WHERE id IN (SELECT value FROM json_each(?))').run(
          cursor.mark,
          json,
        );
        const absent = db
          .prepare('SELECT value FROM json_each(?) WHERE value NOT IN (SELECT id FROM stock_item)')
          .pluck()
          .all(json) as number[];
        missing.push(...absent);
      })();
    },
  );
  for (let i = 0; i < missing.length; i += ID_CHUNK) {
    const rows = await fetchByIds(ctx, missing.slice(i, i + ID_CHUNK));
    requests++;
    db.transaction(() => writeRows(ctx, rows, cursor.mark))();
  }
  return requests;
}

/**
 * Rows the pass did not mark are checked by id before they go: offset paging can skip a row when
 * the instance deletes another mid-walk, and a skipped row must be refreshed, not deleted.
 */
async function sweep(ctx: SyncContext, cursor: Cursor): Promise<{ removed: number; requests: number }> {
  const { db } = ctx;
  let removed = 0;
  let requests = 0;
  for (;;) {
    checkAbort(ctx);
    const ids = stockItemIdsBeforeMark(db, cursor.mark, ID_CHUNK);
    if (ids.length === 0) return { removed, requests };
    const present = await fetchByIds(ctx, ids);
    requests++;
    const found = new Set(present.map((r) => r.id));
    db.transaction(() => {
      writeRows(ctx, present, cursor.mark);
      removed += deleteStockItems(
        db,
        ids.filter((id) => !found.has(id)),
      );
      // Whatever is left of the chunk (a row the instance returned without its keys) counts as seen,
      // so the sweep always moves on.
      db.prepare('UPDATE stock_item SET syncMark = ? WHERE id IN (SELECT value FROM json_each(?))').run(
        cursor.mark,
        JSON.stringify(ids),
      );
    })();
  }
}

async function fetchByIds(ctx: SyncContext, ids: readonly number[]): Promise<Row[]> {
  return request(ctx, RESOURCE, async () => {
    const rows: Row[] = [];
    for await (const page of ctx.source.stockItemPages(
      { filter: { ids: [...ids] }, limitFields: stockItemFields, orderBy: ['id'], pageSize: ids.length },
      ctx.signal,
    )) {
      rows.push(...page.data.filter(hasKeys));
    }
    return rows;
  });
}

/** Rows without their identity cannot be cached; limitFields always asks for these three. */
/** The cache's keys: a view without them cannot be cached at all. */
const ESSENTIAL_FIELDS = ['id', 'productId', 'warehouseId'] as const;

function hasKeys(row: StockItem): row is Row {
  return row.id !== undefined && row.warehouseId !== undefined && row.productId !== undefined;
}
