// Everything one sync run shares: the database, the source, cancellation, policy and reporting.
import type { CatalogResource } from '../../db/catalog/index.ts';
import type { Db } from '../../db/database.ts';
import { storageFailure, storageSaid } from '../../db/storage-failure.ts';
import { say } from '../../contract/core-words.ts';
import { ServiceError, serviceSaid, type SkippedRow } from '../service/index.ts';
import type { ResourceReport, SyncEvent, SyncFailure, SyncMode } from './events.ts';
import { abortError, isRetryable, retryDelayMs, sleep, withRetry, type RetryPolicy } from './retry.ts';
import type { CatalogSource } from './source.ts';
import type { InstanceIdentity } from './instance-profile.ts';

export interface SyncContext {
  readonly db: Db;
  readonly source: CatalogSource;
  readonly signal: AbortSignal | undefined;
  readonly policy: RetryPolicy;
  readonly pageSize: number;
  readonly concurrency: number;
  /** The instance and its version: what its learnt profile belongs to. */
  readonly identity: InstanceIdentity;
  now(): string;
  emit(event: SyncEvent): void;
  /** Awaited before a page is written: the till's own work first (till-work.ts). */
  giveWay(): Promise<void>;
}

/** What a walk needs of a page; `pageSize` is the size the instance applied. */
export interface WalkedPage<T> {
  data: T[];
  /** Rows sent but not readable (main/service/schemas.ts paginated). */
  skipped?: SkippedRow[] | undefined;
  totalCount?: number | undefined;
  pageSize?: number | undefined;
  /** The walk stopped at the instance's count though the page said more followed (consumePages). */
  stoppedAtCount?: { counted: number; walked: number } | undefined;
}

/** Throws the sync's abort error when the run was cancelled. */
export function checkAbort(ctx: SyncContext): void {
  if (ctx.signal?.aborted === true) throw abortError();
}

/** One request with sync's retry policy; retries are reported as events. */
export function request<T>(ctx: SyncContext, resource: CatalogResource, fn: () => Promise<T>): Promise<T> {
  return withRetry(fn, ctx.policy, {
    signal: ctx.signal,
    onRetry: (error, attempt, delayMs) =>
      ctx.emit({ type: 'retry', resource, attempt, delayMs, failure: failureOf(error) }),
  });
}

/**
 * Walks a paginated resource from `startPage`, handing each page to `onPage` (which writes it in one
 * transaction). A retryable failure resumes at the page that failed, not at the first.
 */
export async function walkPages<T>(
  ctx: SyncContext,
  resource: CatalogResource,
  startPage: number,
  open: (startPage: number) => AsyncIterable<WalkedPage<T>>,
  onPage: (page: WalkedPage<T>, pageNumber: number) => void | Promise<void>,
  /** Adapts to a failure (e.g. a field the view lacks) and answers true to ask the same page again now. */
  adapt: (error: unknown) => boolean = () => false,
): Promise<number> {
  let next = startPage;
  let requests = 0;
  let failures = 0;
  for (;;) {
    try {
      for await (const page of open(next)) {
        requests++;
        checkAbort(ctx);
        await onPage(page, next);
        next++;
        failures = 0;
      }
      return requests;
    } catch (error) {
      if (adapt(error)) continue;
      failures++;
      if (failures >= ctx.policy.attempts || !isRetryable(error) || ctx.signal?.aborted === true) throw error;
      const delayMs = retryDelayMs(ctx.policy, failures, error);
      ctx.emit({ type: 'retry', resource, attempt: failures, delayMs, failure: failureOf(error) });
      await sleep(delayMs, ctx.signal);
    }
  }
}

/** Walks of an unstable order that turn up nothing new before a repeated walk gives up. */
export const MAX_IDLE_ROUNDS = 8;

/**
 * Repeats `round` (a whole walk) until `done()` holds, or MAX_IDLE_ROUNDS rounds in a row leave
 * `progress()` where it was: an unstable order that stopped turning up new rows. `done` is asked
 * before each round, so a first round always runs when it is false.
 */
export async function repeatWalk(
  done: () => boolean,
  progress: () => number,
  round: () => Promise<void>,
): Promise<void> {
  for (let idle = 0; idle < MAX_IDLE_ROUNDS && !done();) {
    const before = progress();
    await round();
    idle = progress() > before ? 0 : idle + 1;
  }
}

/** The first page of a query, with sync's retry policy: a count, a newest row. */
export function firstPage<T>(
  ctx: SyncContext,
  resource: CatalogResource,
  pages: () => AsyncIterable<WalkedPage<T>>,
): Promise<WalkedPage<T> | undefined> {
  return request(ctx, resource, async () => {
    for await (const page of pages()) return page;
    return undefined;
  });
}

/** `folder`: the data folder, named when the disk refused a write there (kind 'storage'). */
export function failureOf(error: unknown, folder?: string): SyncFailure {
  const storage = folder === undefined ? undefined : storageFailure(error, folder);
  if (storage !== undefined)
    return { kind: 'storage', message: storage.message, said: [storageSaid(storage)] };
  if (error instanceof ServiceError) {
    const failure: SyncFailure = { kind: error.kind, message: error.message, said: serviceSaid(error) };
    if (error.status !== undefined) failure.status = error.status;
    if (error.permission !== undefined) failure.permission = error.permission;
    return failure;
  }
  return {
    kind: 'internal',
    message: error instanceof Error ? error.message : String(error),
    said: [say('failed')],
  };
}

export function emptyReport(resource: CatalogResource, mode: SyncMode, resumed: boolean): ResourceReport {
  return { resource, status: 'ok', mode, count: 0, fetched: 0, requests: 0, removed: 0, resumed };
}
