// Resources fetched one key at a time (units per product, cards per company). The keys still to
// fetch live in sync_pending: each chunk of answers commits together with the removal of its keys,
// so a killed run resumes with exactly the keys it had not stored.
import { pendingCount, pendingKeys, removePending, type CatalogResource } from '../../db/catalog/index.ts';
import { ServiceError } from '../service/index.ts';
import { checkAbort, failureOf, request, type SyncContext } from './context.ts';
import type { SyncFailure } from './events.ts';
import { mapLimit } from './limit.ts';

export interface PerKeyResult {
  fetched: number;
  requests: number;
  /** Keys that failed after retries (left pending for the next run). */
  failedKeys: number;
  failure?: SyncFailure;
}

const CHUNK = 100;

/**
 * Fetches every pending key of `resource` with bounded concurrency. `store` writes one key's answer
 * (undefined: the instance answered 404 for that key, i.e. it no longer has it).
 */
export async function drainPending<T>(
  ctx: SyncContext,
  resource: CatalogResource,
  fetch: (key: number) => Promise<T>,
  store: (key: number, value: T | undefined) => void,
): Promise<PerKeyResult> {
  const { db } = ctx;
  const total = pendingCount(db, resource);
  const result: PerKeyResult = { fetched: 0, requests: 0, failedKeys: 0 };
  let after = Number.MIN_SAFE_INTEGER;
  let done = 0;
  ctx.emit({ type: 'progress', resource, done, total });
  for (;;) {
    checkAbort(ctx);
    const keys = pendingKeys(db, resource, CHUNK, after);
    const last = keys.at(-1);
    if (last === undefined) return result;
    after = last;
    const answers = await mapLimit(keys, ctx.concurrency, (key) => {
      result.requests++;
      return request(ctx, resource, () => fetch(key));
    });
    checkAbort(ctx);
    // A 403, or an endpoint this instance lacks, stops the resource; so does a 404 for every key of
    // a chunk: that is the endpoint failing, not every product or company vanishing at once.
    const notFound = answers.filter((a) => a.status === 'rejected' && isStatus(a.reason, 404)).length;
    if (keys.length > 1 && notFound === keys.length)
      throw answers.find((a) => a.status === 'rejected')?.reason;
    const fatal = answers.find(
      (a) => a.status === 'rejected' && (isStatus(a.reason, 403) || isMissingRoute(a.reason)),
    );
    if (fatal?.status === 'rejected') throw fatal.reason;
    const stored: number[] = [];
    db.transaction(() => {
      answers.forEach((answer, i) => {
        const key = keys[i] as number;
        if (answer.status === 'fulfilled') store(key, answer.value);
        else if (isStatus(answer.reason, 404)) store(key, undefined);
        else {
          if (isAbortLike(answer.reason)) return;
          result.failedKeys++;
          result.failure = failureOf(answer.reason);
          return;
        }
        stored.push(key);
      });
      removePending(db, resource, stored);
    }).immediate();
    result.fetched += stored.length;
    done += keys.length;
    ctx.emit({ type: 'progress', resource, done: Math.min(done, total), total });
  }
}

function isStatus(error: unknown, status: number): boolean {
  return error instanceof ServiceError && error.kind === 'http' && error.status === status;
}

function isMissingRoute(error: unknown): boolean {
  return error instanceof ServiceError && error.kind === 'not-available';
}

function isAbortLike(error: unknown): boolean {
  return error instanceof ServiceError && error.kind === 'aborted';
}
