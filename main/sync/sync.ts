// One sync run: every resource in dependency order, each on its own so that a 403 or 404 on one is
// reported for it while the others still sync. Cancellation (AbortSignal) stops at the next page or
// chunk; whatever committed stays, and the next run resumes from the cursors.
import {
  catalogCounts,
  catalogResources,
  clearSyncProgress,
  saveSyncState,
  type CatalogResource,
} from '../../db/catalog/index.ts';
import type { Db } from '../../db/database.ts';
import { ServiceError } from '../service/index.ts';
import { folderOf } from '../../db/storage-failure.ts';
import { emptyReport, failureOf, type SyncContext } from './context.ts';
import type { ResourceReport, SyncEvent, SyncFailure, SyncMode, SyncReport } from './events.ts';
import {
  syncCompanyCards,
  syncProductUnits,
  syncReceivables,
  syncRepresentatives,
  syncWarehouses,
} from './resources.ts';
import { defaultRetryPolicy, isAbort, withRetry, type RetryPolicy } from './retry.ts';
import type { CatalogSource } from './source.ts';
import { syncStockItems } from './stock-items.ts';
import { InstanceProfile } from './instance-profile.ts';
import { newOwnerName } from '../ground/index.ts';
import { takeCatalog } from './run-lock.ts';
import { english, say } from '../../contract/core-words.ts';

export interface SyncOptions {
  /** 'auto' (default): incremental, with a full pass when none ran within fullEveryMs. */
  mode?: SyncMode | 'auto';
  /** How often a full pass (which also removes rows the instance no longer has) runs; default 24 h. */
  fullEveryMs?: number;
  signal?: AbortSignal;
  onEvent?: (event: SyncEvent) => void;
  /** Rows per page; default 250 (parsing a page is event-loop time: smaller pages, shorter stalls). */
  pageSize?: number;
  /** Parallel per-product / per-company requests; default 6 (the client's keep-alive pool size). */
  concurrency?: number;
  retry?: RetryPolicy;
  /** Only these resources (default: all, in order). */
  resources?: readonly CatalogResource[];
  now?: () => string;
  /** The instance's base URL: what is learnt of it (instance-profile.ts) is kept for it alone. */
  instance?: string;
  /**
   * Who runs this sync, as the catalog's sync_run row names it (run-lock.ts); a new name by
   * default. The worker's parent passes its own, so it can let the catalog go if the worker dies.
   */
  owner?: string;
  /**
   * The longest the whole run may take, retries and waits included (default 15 min): at the
   * deadline the run stops as a cancel does (what committed stays, the next run resumes), and the
   * resource under way and those after it are reported failed, saying so.
   */
  passDeadlineMs?: number;
  /**
   * Awaited before each page is written (till-work.ts; the worker also has its client await it before
   * each answer is decoded). Default: never waits.
   */
  giveWay?: () => Promise<void>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A run's default deadline. A full pass of a big instance on a slow till takes minutes; one whose
 * instance drips its answers (each request bounded by the client's deadline, then retried) would
 * otherwise run for as long as the retries last, resource after resource.
 */
export const DEFAULT_PASS_DEADLINE_MS = 15 * 60_000;

/** The run's deadline: its own signal (the caller's cancel is another), and how it is said. */
interface PassDeadline {
  readonly signal: AbortSignal;
  readonly failure: SyncFailure;
}

function passDeadline(ms: number): PassDeadline & { clear(): void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  const seconds = Math.round(ms / 100) / 10;
  const said = [say('syncPassDeadline', { seconds })];
  return {
    signal: controller.signal,
    failure: { kind: 'deadline', message: english(said), said },
    clear: () => clearTimeout(timer),
  };
}

/**
 * One sync run, unless another holds this catalog (the app and `pos sync` on one data folder): then
 * nothing is done and the report names that run (runningElsewhere).
 */
export async function runSync(db: Db, source: CatalogSource, options: SyncOptions = {}): Promise<SyncReport> {
  const now = options.now ?? (() => new Date().toISOString());
  const startedAt = now();
  const catalog = takeCatalog(db, options.owner ?? newOwnerName(), startedAt);
  if (!catalog.taken) {
    const { owner, startedAt: since } = catalog;
    return {
      startedAt,
      finishedAt: now(),
      unreachable: false,
      cancelled: false,
      resources: [],
      runningElsewhere: { owner, startedAt: since },
    };
  }
  const deadline = passDeadline(options.passDeadlineMs ?? DEFAULT_PASS_DEADLINE_MS);
  try {
    return await runHoldingCatalog(db, source, options, deadline);
  } finally {
    deadline.clear();
    catalog.release();
  }
}

async function runHoldingCatalog(
  db: Db,
  source: CatalogSource,
  options: SyncOptions,
  deadline: PassDeadline,
): Promise<SyncReport> {
  const emit = options.onEvent ?? (() => undefined);
  const base: SyncContext = {
    db,
    source,
    signal:
      options.signal === undefined ? deadline.signal : AbortSignal.any([options.signal, deadline.signal]),
    policy: options.retry ?? defaultRetryPolicy,
    pageSize: options.pageSize ?? 250,
    concurrency: options.concurrency ?? 6,
    now: options.now ?? (() => new Date().toISOString()),
    emit,
    giveWay: options.giveWay ?? (() => Promise.resolve()),
    identity: { instance: options.instance ?? '', version: null },
  };
  const report: SyncReport = {
    startedAt: base.now(),
    finishedAt: '',
    unreachable: false,
    cancelled: false,
    resources: [],
  };
  const preflight = await checkInstance(base);
  if (preflight.kind !== 'ok') {
    if (preflight.kind === 'unreachable') report.unreachable = true;
    else report.refused = preflight.failure;
    report.finishedAt = base.now();
    return report;
  }
  const ctx: SyncContext = { ...base, identity: { ...base.identity, version: preflight.version } };
  const otherInstance = filledFromAnotherInstance(db, ctx.identity.instance);
  if (otherInstance) clearSyncProgress(db);
  const wanted = new Set(options.resources ?? allResources);
  let stockMode: SyncMode = 'incremental';
  const steps: [CatalogResource, () => Promise<ResourceReport>][] = [
    ['warehouses', () => syncWarehouses(ctx)],
    [
      'stockItems',
      async () => {
        const r = await syncStockItems(ctx, {
          mode: otherInstance ? 'full' : (options.mode ?? 'auto'),
          fullEveryMs: options.fullEveryMs ?? DAY_MS,
        });
        stockMode = r.mode;
        return r;
      },
    ],
    ['productUnits', () => syncProductUnits(ctx, stockMode)],
    ['companyRepresentatives', () => syncRepresentatives(ctx)],
    ['financialReceivables', () => syncReceivables(ctx)],
    ['companyCards', () => syncCompanyCards(ctx)],
  ];
  let lost: SyncFailure | undefined;
  // Past the deadline (and not cancelled), every resource not done fails saying so.
  const overdue = (): boolean => deadline.signal.aborted && options.signal?.aborted !== true;
  for (const [resource, step] of steps) {
    if (!wanted.has(resource)) continue;
    if (overdue()) lost ??= deadline.failure;
    else if (ctx.signal?.aborted === true) {
      report.cancelled = true;
      break;
    }
    let result = lost === undefined ? await runStep(ctx, resource, step) : failedAs(ctx, resource, lost);
    if (result.status === 'cancelled' && overdue()) {
      result = failedAs(ctx, resource, deadline.failure);
    }
    report.resources.push(result);
    emit({ type: 'finished', resource, report: result });
    if (result.status === 'cancelled') {
      report.cancelled = true;
      break;
    }
    lost ??= instanceLost(result);
  }
  if (overdue()) report.deadlineMs = options.passDeadlineMs ?? DEFAULT_PASS_DEADLINE_MS;
  report.finishedAt = ctx.now();
  return report;
}

/**
 * The failure that says the instance cannot be reached any more (no connection after the step's
 * retries): the resources after it would each wait out the same retries for nothing (seconds each)
 * while the till shows "syncing". A timeout or an HTTP failure may be that one endpoint's own (a
 * page that never finishes): the others are still asked.
 */
function instanceLost(result: ResourceReport): SyncFailure | undefined {
  return result.status === 'failed' && result.failure?.kind === 'network' ? result.failure : undefined;
}

/**
 * The resource's report and its sync state say it failed so; its cached rows stay. Also for the
 * resources not asked for because the instance was lost before them: failed alike.
 */
function failedAs(ctx: SyncContext, resource: CatalogResource, failure: SyncFailure): ResourceReport {
  const failed = emptyReport(resource, 'incremental', false);
  failed.count = catalogCounts(ctx.db)[resource];
  failed.status = 'failed';
  failed.failure = failure;
  ctx.db
    .transaction(() =>
      saveSyncState(ctx.db, resource, { lastError: failure.message, lastErrorAt: ctx.now() }),
    )
    .immediate();
  return failed;
}

/** Every resource, in the order a run syncs them (the catalog's list is in that order). */
export const allResources: readonly CatalogResource[] = catalogResources;

async function runStep(
  ctx: SyncContext,
  resource: CatalogResource,
  step: () => Promise<ResourceReport>,
): Promise<ResourceReport> {
  try {
    return await step();
  } catch (error) {
    if (isAbort(error) || ctx.signal?.aborted === true) {
      const cancelled = emptyReport(resource, 'incremental', false);
      cancelled.count = catalogCounts(ctx.db)[resource];
      cancelled.status = 'cancelled';
      return cancelled;
    }
    return failedAs(ctx, resource, failureOf(error, folderOf(ctx.db)));
  }
}

/**
 * Whether the instance answers at all and accepts the credentials. Only a network failure or
 * timeout (after retries) counts as unreachable and only a refused token as refused; any other
 * answer, even an error, means each resource is tried and reports its own outcome.
 */
async function checkInstance(
  ctx: SyncContext,
): Promise<
  { kind: 'ok'; version: string | null } | { kind: 'unreachable' } | { kind: 'refused'; failure: SyncFailure }
> {
  try {
    // Fewer attempts than for pages: a machine that is offline should hear so within a second.
    const info = await withRetry(
      () => ctx.source.version(ctx.signal),
      { ...ctx.policy, attempts: Math.min(3, ctx.policy.attempts) },
      {
        signal: ctx.signal,
      },
    );
    return { kind: 'ok', version: info.version ?? null };
  } catch (error) {
    // The version is unknown: what is learnt is kept under "no version" until it is known.
    if (!(error instanceof ServiceError)) return { kind: 'ok', version: null };
    if (error.kind === 'network' || error.kind === 'timeout') return { kind: 'unreachable' };
    if (
      error.kind === 'http' &&
      !error.mayHaveReachedServer &&
      (error.status === 401 || error.status === 400)
    ) {
      return { kind: 'refused', failure: failureOf(error) };
    }
    return { kind: 'ok', version: null };
  }
}

/**
 * The catalog was last filled from another instance (the kept stock-item profile names it): its
 * unfinished passes are that instance's pages and its watermark that instance's clock, so they are
 * dropped and the stock items get a full pass (which also removes the other instance's rows).
 */
function filledFromAnotherInstance(db: Db, instance: string): boolean {
  const previous = InstanceProfile.kept(db, 'stockItems')?.instance;
  return instance !== '' && previous !== undefined && previous !== instance;
}
