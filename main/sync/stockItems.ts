// Stock items of every warehouse, paginated with only the fields the cache keeps. Incremental passes
// ask for rows with lastModify >= the watermark; a periodic full pass walks everything and then
// sweeps the rows it did not see. Each page commits together with the cursor, so a killed run
// resumes at the next page and the cache is whole at every commit.
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
import { checkAbort, emptyReport, request, walkPages, type SyncContext } from './context.ts';
import type { ResourceReport, SyncMode } from './events.ts';

const RESOURCE = 'stockItems';

const Cursor = z.object({
  mode: z.enum(['full', 'incremental']),
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
});
type Cursor = z.infer<typeof Cursor>;

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
  if (!resumed) {
    db.transaction(() => {
      saveSyncState(db, RESOURCE, { cursor: JSON.stringify(cursor), fullPass: cursor.mark });
    })();
  }
  ctx.emit({ type: 'started', resource: RESOURCE, mode: cursor.mode, resumed });
  const report = emptyReport(RESOURCE, cursor.mode, resumed);

  const filter =
    cursor.mode === 'incremental' && cursor.since !== undefined ? { lastModifyFrom: cursor.since } : {};
  report.requests += await walkPages<StockItem>(
    ctx,
    RESOURCE,
    cursor.nextPage,
    (startPage) =>
      ctx.source.stockItemPages(
        { filter, limitFields: stockItemFields, orderBy: ['id'], pageSize: cursor.pageSize, startPage },
        ctx.signal,
      ),
    (page, pageNumber) => {
      const rows = page.data.filter(hasKeys);
      db.transaction(() => {
        const { changedProductIds } = upsertStockItems(db, rows, { syncedAt: ctx.now(), mark: cursor.mark });
        // Units are fetched for products that are new or changed (every product on a full pass).
        addPending(db, 'productUnits', changedProductIds);
        cursor.nextPage = pageNumber + 1;
        cursor.fetched += page.data.length;
        for (const r of rows)
          if (r.lastModify !== undefined && r.lastModify > (cursor.maxSeen ?? ''))
            cursor.maxSeen = r.lastModify;
        saveSyncState(db, RESOURCE, { cursor: JSON.stringify(cursor) });
      })();
      report.fetched += page.data.length;
      const total = page.totalCount ?? cursor.fetched;
      ctx.emit({ type: 'progress', resource: RESOURCE, done: Math.min(cursor.fetched, total), total });
    },
  );

  if (cursor.mode === 'full') {
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

async function newCursor(ctx: SyncContext, options: StockPassOptions): Promise<Cursor> {
  const state = syncState(ctx.db, RESOURCE);
  const lastFull = state.lastFullAt === undefined ? 0 : Date.parse(state.lastFullAt);
  const due = Date.parse(ctx.now()) - lastFull >= options.fullEveryMs;
  const full = options.mode === 'full' || state.watermark === undefined || (options.mode === 'auto' && due);
  const newWatermark = await probeNewestLastModify(ctx);
  const base = { nextPage: 1, pageSize: ctx.pageSize, fetched: 0 };
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
 * Rows the full pass did not see are checked by id before they go: offset paging can skip a row
 * when the instance deletes another mid-walk, and a skipped row must be refreshed, not deleted.
 */
async function sweep(ctx: SyncContext, cursor: Cursor): Promise<{ removed: number; requests: number }> {
  const { db } = ctx;
  let removed = 0;
  let requests = 0;
  for (;;) {
    checkAbort(ctx);
    const ids = stockItemIdsBeforeMark(db, cursor.mark, 200);
    if (ids.length === 0) return { removed, requests };
    const present: StockItemInput[] = [];
    await request(ctx, RESOURCE, async () => {
      present.length = 0;
      for await (const page of ctx.source.stockItemPages(
        { filter: { ids }, limitFields: stockItemFields, orderBy: ['id'], pageSize: ids.length },
        ctx.signal,
      )) {
        requests++;
        present.push(...page.data.filter(hasKeys));
      }
    });
    const found = new Set(present.map((r) => r.id));
    db.transaction(() => {
      upsertStockItems(db, present, { syncedAt: ctx.now(), mark: cursor.mark });
      removed += deleteStockItems(
        db,
        ids.filter((id) => !found.has(id)),
      );
      // An id the instance still has but under a mark we asked about and it did not return is
      // impossible; guard anyway so the loop always progresses.
      db.prepare('UPDATE stock_item SET syncMark = ? WHERE id IN (SELECT value FROM json_each(?))').run(
        cursor.mark,
        JSON.stringify(ids),
      );
    })();
  }
}

/** Rows without their identity cannot be cached; limitFields always asks for these three. */
function hasKeys(row: StockItem): row is StockItem & StockItemInput {
  return row.id !== undefined && row.warehouseId !== undefined && row.productId !== undefined;
}
