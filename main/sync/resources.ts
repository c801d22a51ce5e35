// The smaller resources: warehouses, product units, company representatives, financial receivables
// and company cards. Stock items, the big one, have their own module.
import { say } from '../../contract/core-words.ts';
import { z } from 'zod';
import {
  addPending,
  catalogCounts,
  discoverCompanies,
  discoveredCompanyIds,
  financialReceivableFields,
  markReceivables,
  replaceCompanyCards,
  replaceProductUnits,
  replaceWarehouses,
  saveSyncState,
  sweepBeforeMark,
  syncState,
  upsertReceivables,
  upsertRepresentatives,
  type CatalogResource,
} from '../../db/catalog/index.ts';
import {
  rowsSent,
  type ArrayAnswer,
  type FinancialReceivable,
  type FinancialReceivableField,
} from '../service/index.ts';
import { emptyReport, firstPage, repeatWalk, request, type SyncContext } from './context.ts';
import { InstanceProfile } from './instance-profile.ts';
import { FilterUnusable, RequestShape } from './view.ts';
import { walkFromPosition } from './page-position.ts';
import type { ResourceReport, SyncMode } from './events.ts';
import { drainPending } from './per-key.ts';
import { SkippedRows } from './skipped.ts';
import { WalkFindings } from './walk-findings.ts';

function finish(ctx: SyncContext, resource: CatalogResource, report: ResourceReport): ResourceReport {
  ctx.db
    .transaction(() => {
      saveSyncState(ctx.db, resource, { lastCompleteAt: ctx.now(), lastError: null, lastErrorAt: null });
      if (report.mode === 'full') saveSyncState(ctx.db, resource, { lastFullAt: ctx.now() });
    })
    .immediate();
  report.count = catalogCounts(ctx.db)[resource];
  return report;
}

export async function syncWarehouses(ctx: SyncContext): Promise<ResourceReport> {
  const resource = 'warehouses';
  ctx.emit({ type: 'started', resource, mode: 'full', resumed: false });
  const list = await request(ctx, resource, () => ctx.source.warehouses(ctx.signal));
  const rows = list.flatMap((w) =>
    w.id === undefined ? [] : [{ ...w, id: w.id, name: w.name ?? String(w.id) }],
  );
  ctx.db.transaction(() => replaceWarehouses(ctx.db, rows, ctx.now())).immediate();
  ctx.emit({ type: 'progress', resource, done: rows.length, total: rows.length });
  return finish(ctx, resource, {
    ...emptyReport(resource, 'full', false),
    fetched: rows.length,
    requests: 1,
  });
}

/** Units of every product sync marked pending (new or changed products; all after a full pass). */
export async function syncProductUnits(ctx: SyncContext, mode: SyncMode): Promise<ResourceReport> {
  const resource = 'productUnits';
  ctx.emit({ type: 'started', resource, mode, resumed: false });
  const result = await drainPending(
    ctx,
    resource,
    (productId, maxBytes) => ctx.source.productUnitsAnswer(productId, { signal: ctx.signal, maxBytes }),
    (productId, units) => replaceProductUnits(ctx.db, productId, withIds(units), ctx.now()),
  );
  return perKeyReport(ctx, resource, result, mode);
}

export async function syncRepresentatives(ctx: SyncContext): Promise<ResourceReport> {
  const resource = 'companyRepresentatives';
  ctx.emit({ type: 'started', resource, mode: 'full', resumed: false });
  const list = await request(ctx, resource, () => ctx.source.companyRepresentatives(ctx.signal));
  const rows = list.flatMap((r) => (r.id === undefined ? [] : [{ ...r, id: r.id }]));
  let removed = 0;
  ctx.db
    .transaction(() => {
      const mark = syncState(ctx.db, resource).fullPass + 1;
      upsertRepresentatives(ctx.db, rows, { syncedAt: ctx.now(), mark });
      removed = sweepBeforeMark(ctx.db, 'company_representative', mark);
      saveSyncState(ctx.db, resource, { fullPass: mark });
      discoverCompanies(ctx.db, companyIdsOf(rows.map((r) => r.companyId)), 'representative', ctx.now());
    })
    .immediate();
  ctx.emit({ type: 'progress', resource, done: rows.length, total: rows.length });
  return finish(ctx, resource, {
    ...emptyReport(resource, 'full', false),
    fetched: rows.length,
    requests: 1,
    removed,
  });
}

const ReceivableCursor = z.object({
  mark: z.number().int(),
  nextPage: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  fetched: z.number().int(),
  appliedPageSize: z.number().int().min(1).optional(),
  /** The sort the counted pages were asked in (page-position.ts). */
  orderBy: z.array(z.string()).optional(),
  /** The walk sends isPaid: false (pages of another query when the instance turned out not to know it). */
  filtered: z.boolean().default(true),
  total: z.number().int().optional(),
});
type ReceivableCursor = z.infer<typeof ReceivableCursor>;

/**
 * Open receivables, every run a full pass: the resource has no lastModify to ask from. Their
 * customers are discovered companies. Resumable by page like stock items. An instance that rejects
 * or ignores the isPaid filter is walked whole and the paid rows are left out here; one that cannot
 * sort by id is walked again until every row it counts was seen.
 */
export async function syncReceivables(ctx: SyncContext): Promise<ResourceReport> {
  const resource = 'financialReceivables';
  const { db } = ctx;
  const profile = InstanceProfile.load(db, resource, ctx.identity);
  const shape = new RequestShape(profile, {
    wanted: financialReceivableFields,
    essential: ['id'],
    orders: [['id']],
    where: 'financial-receivable',
  });
  const state = syncState(db, resource);
  const saved = state.cursor === undefined ? undefined : ReceivableCursor.safeParse(JSON.parse(state.cursor));
  const resumed = saved?.success === true;
  const cursor: ReceivableCursor =
    saved?.success === true
      ? saved.data
      : {
          mark: state.fullPass + 1,
          nextPage: 1,
          pageSize: ctx.pageSize,
          fetched: 0,
          filtered: profile.trusts('isPaid'),
        };
  const save = (): void =>
    db
      .transaction(() =>
        saveSyncState(db, resource, { cursor: JSON.stringify(cursor), fullPass: cursor.mark }),
      )
      .immediate();
  if (!resumed) save();
  ctx.emit({ type: 'started', resource, mode: 'full', resumed });
  const report = emptyReport(resource, 'full', resumed);
  const walk: ReceivableWalk = {
    seen: new Set(),
    skipped: new SkippedRows(),
    findings: new WalkFindings(),
  };
  try {
    report.requests += await walkReceivables(ctx, cursor, report, shape, profile, walk);
  } catch (error) {
    if (!(error instanceof FilterUnusable) || !cursor.filtered) throw error;
    // The instance does not know isPaid: the same pass from its first page, unfiltered.
    Object.assign(cursor, { filtered: false, nextPage: 1, fetched: 0, total: undefined });
    save();
    report.requests += await walkReceivables(ctx, cursor, report, shape, profile, walk);
  }
  const { seen } = walk;
  const short = (): boolean => cursor.total !== undefined && seen.size < cursor.total;
  await repeatWalk(
    () => shape.stable || !short(),
    () => seen.size,
    async () => {
      Object.assign(cursor, { nextPage: 1, fetched: 0 });
      report.requests += await walkReceivables(ctx, cursor, report, shape, profile, walk);
    },
  );
  if (!shape.stable && (cursor.total === undefined || short())) {
    // The sweep would remove the rows the walks skipped (or, with no count, might): it stops before.
    throw new Error(
      `The instance cannot sort receivables by id and its pages skip rows: ${seen.size} of the ${cursor.total ?? '?'} ` +
        'rows it counts turned up in repeated walks. The cache keeps what it had and what was found.',
    );
  }
  if (cursor.appliedPageSize !== undefined) {
    report.appliedPageSize = cursor.appliedPageSize;
    profile.pageSize(cursor.appliedPageSize);
  }
  const skipped = walk.skipped.report();
  if (skipped !== undefined) report.skipped = skipped;
  walk.findings.describe(report);
  shape.describe(report);
  db.transaction(() => {
    // A row skipped as unreadable was not marked, yet the instance has it: its last good copy stays.
    if (walk.skipped.ids.size > 0) markReceivables(db, [...walk.skipped.ids], cursor.mark);
    report.removed = sweepBeforeMark(db, 'financial_receivable', cursor.mark);
    saveSyncState(db, resource, { cursor: null });
  }).immediate();
  const finished = finish(ctx, resource, report);
  profile.lastPass(finished);
  return finished;
}

/** What the walks of one pass saw: the ids read, and the rows that could not be read. */
interface ReceivableWalk {
  seen: Set<number>;
  skipped: SkippedRows;
  findings: WalkFindings;
}

/** One walk from the cursor's page; paid rows (sent by an instance that ignores isPaid) are left out. */
async function walkReceivables(
  ctx: SyncContext,
  cursor: ReceivableCursor,
  report: ResourceReport,
  shape: RequestShape<FinancialReceivableField>,
  profile: InstanceProfile,
  { seen, skipped, findings }: ReceivableWalk,
): Promise<number> {
  const resource = 'financialReceivables';
  const { db } = ctx;
  const filter = cursor.filtered ? { isPaid: false } : {};
  return walkFromPosition<FinancialReceivable>(
    ctx,
    resource,
    cursor,
    (startPage) =>
      ctx.source.financialReceivablePages(
        { filter, limitFields: shape.fields, orderBy: shape.orderBy, pageSize: cursor.pageSize, startPage },
        ctx.signal,
      ),
    async (page, pageNumber) => {
      const keyed = page.data.flatMap((r) => (r.id === undefined ? [] : [{ ...r, id: r.id }]));
      for (const r of keyed) seen.add(r.id);
      skipped.add(page.skipped);
      findings.page(page);
      // Counted as seen: the instance has them, so a walk is not repeated to look for them.
      for (const r of page.skipped ?? []) if (r.id !== undefined) seen.add(r.id);
      if (cursor.filtered && keyed.some((r) => !isOpen(r)) && profile.filters['isPaid'] === undefined)
        await judgeIsPaid(ctx, profile, page.totalCount);
      // Counter leaves paid rows out itself only where the instance does not (its own notion of
      // paid prevails where it filters: a credit note it calls unpaid stays).
      const local = !cursor.filtered || profile.filters['isPaid'] === 'ignored';
      const rows = local ? keyed.filter(isOpen) : keyed;
      db.transaction(() => {
        upsertReceivables(db, rows, { syncedAt: ctx.now(), mark: cursor.mark });
        discoverCompanies(db, companyIdsOf(rows.map((r) => r.customerId)), 'receivable', ctx.now());
        cursor.nextPage = pageNumber + 1;
        cursor.fetched += rowsSent(page);
        if (page.totalCount !== undefined) cursor.total = page.totalCount;
        saveSyncState(db, resource, { cursor: JSON.stringify(cursor) });
      }).immediate();
      report.fetched += rowsSent(page);
      const total = page.totalCount ?? cursor.fetched;
      ctx.emit({ type: 'progress', resource, done: Math.min(cursor.fetched, total), total });
    },
    (error) => shape.learn(error, filter),
    () => shape.orderBy,
  );
}

/**
 * A filtered answer held rows that look paid: the instance ignores isPaid when it counts as many
 * rows with the filter as without it; otherwise it filters by its own notion of paid.
 */
async function judgeIsPaid(
  ctx: SyncContext,
  profile: InstanceProfile,
  filteredTotal: number | undefined,
): Promise<void> {
  const all = (
    await firstPage(ctx, 'financialReceivables', () =>
      ctx.source.financialReceivablePages({ limitFields: ['id'], pageSize: 1 }, ctx.signal),
    )
  )?.totalCount;
  if (filteredTotal === undefined || all === undefined) return;
  profile.filter('isPaid', filteredTotal >= all ? 'ignored' : 'honoured');
}

/**
 * Still to be paid: amount above what was paid (the sim's rule for isPaid; SPEC.md does not define
 * it). A row whose view lacks the amount is kept: Counter cannot tell.
 */
function isOpen(row: FinancialReceivable): boolean {
  if (row.amount === undefined) return true;
  return row.amount - (row.alreadyPaid ?? 0) > 0;
}

/**
 * Cards of every discovered company, every run (cards carry validity the offline counter relies on).
 * A run left unfinished keeps its pending companies; a new pass adds every discovered company again.
 */
export async function syncCompanyCards(ctx: SyncContext): Promise<ResourceReport> {
  const resource = 'companyCards';
  const { db } = ctx;
  const resumed = syncState(db, resource).cursor !== undefined;
  if (!resumed) {
    db.transaction(() => {
      addPending(db, resource, discoveredCompanyIds(db));
      saveSyncState(db, resource, { cursor: JSON.stringify({ pass: 'running' }) });
    }).immediate();
  }
  ctx.emit({ type: 'started', resource, mode: 'full', resumed });
  const result = await drainPending(
    ctx,
    resource,
    (companyId, maxBytes) => ctx.source.companyCardsAnswer(companyId, { signal: ctx.signal, maxBytes }),
    (companyId, cards) =>
      replaceCompanyCards(
        db,
        companyId,
        mapRows(withIds(cards), (c) => ({ ...c, companyId })),
        ctx.now(),
      ),
  );
  db.transaction(() => saveSyncState(db, resource, { cursor: null })).immediate();
  const report = perKeyReport(ctx, resource, result, 'full');
  report.resumed = resumed;
  return report;
}

function perKeyReport(
  ctx: SyncContext,
  resource: CatalogResource,
  result: Awaited<ReturnType<typeof drainPending>>,
  mode: SyncMode,
): ResourceReport {
  const report: ResourceReport = {
    ...emptyReport(resource, mode, false),
    fetched: result.fetched,
    requests: result.requests,
  };
  if (result.failure !== undefined) {
    // Some keys failed after every retry: the rest is stored, the resource is not complete.
    report.status = 'failed';
    report.failure = {
      ...result.failure,
      message: `${result.failedKeys} key(s) failed: ${result.failure.message}`,
      said: [say('syncKeysFailed', { count: result.failedKeys }), ...(result.failure.said ?? [])],
    };
    report.count = catalogCounts(ctx.db)[resource];
    return report;
  }
  return finish(ctx, resource, report);
}

/** The rows of a per-key answer that carry an id, read one at a time (none for a 404: undefined). */
function* withIds<T extends { id?: number | undefined }>(
  answer: ArrayAnswer<T> | undefined,
): Generator<T & { id: number }> {
  if (answer === undefined) return;
  for (const row of answer.rows()) if (row.id !== undefined) yield { ...row, id: row.id };
}

function* mapRows<T, U>(rows: Iterable<T>, fn: (row: T) => U): Generator<U> {
  for (const row of rows) yield fn(row);
}

function companyIdsOf(ids: readonly (number | undefined)[]): number[] {
  return ids.filter((id): id is number => id !== undefined);
}
