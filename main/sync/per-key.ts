// Resources fetched one key at a time (units per product, cards per company). The keys still to
// fetch live in sync_pending: each answer commits together with the removal of its key, so a killed
// run resumes with exactly the keys it had not stored.
//
// What a run holds is bounded, whatever one key's answer weighs: an answer is stored as soon as it
// comes (never held for its chunk), read element by element (ArrayAnswer: its text, not a parsed
// tree of it), and while `concurrency` answers come at once each may be at most its share of the
// body limit. A key whose answer is bigger than its share is asked again alone, after its chunk,
// with the whole limit: at most one body limit of answers is held at any time (worker.ts sizes the
// sync thread's heap from it).
import { pendingCount, pendingKeys, removePending, type CatalogResource } from '../../db/catalog/index.ts';
import { BODY_TOO_LARGE, ServiceError, type ArrayAnswer } from '../service/index.ts';
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

/** A key's answer, or undefined: the instance answered 404 for that key (it no longer has it). */
type Store<T> = (key: number, answer: ArrayAnswer<T> | undefined) => void;

/** What became of the keys of one chunk that were not stored. */
interface ChunkOutcome {
  /** The first 404 (thrown when every key of the chunk had one). */
  notFound: ServiceError | undefined;
  notFoundKeys: number[];
  fatal: ServiceError | undefined;
  /**
   * No connection to the instance after a key's retries: the keys not asked yet are not asked (each
   * would wait out the same retries for nothing while the till shows "syncing"); they stay pending.
   */
  lost: ServiceError | undefined;
  /** Answers bigger than their share of the body limit: asked again alone. */
  alone: number[];
}

/**
 * Fetches every pending key of `resource`: `fetch(key, maxBytes)` asks for one key's answer within
 * maxBytes (undefined: the client's body limit), `store` writes it (inside its transaction).
 */
export async function drainPending<T>(
  ctx: SyncContext,
  resource: CatalogResource,
  fetch: (key: number, maxBytes: number | undefined) => Promise<ArrayAnswer<T>>,
  store: Store<T>,
): Promise<PerKeyResult> {
  const { db } = ctx;
  const total = pendingCount(db, resource);
  const result: PerKeyResult = { fetched: 0, requests: 0, failedKeys: 0 };
  const share = Math.max(1, Math.floor(ctx.source.maxResponseBytes / Math.max(1, ctx.concurrency)));
  let after = Number.MIN_SAFE_INTEGER;
  let done = 0;
  ctx.emit({ type: 'progress', resource, done, total });
  for (;;) {
    checkAbort(ctx);
    const keys = pendingKeys(db, resource, CHUNK, after);
    const last = keys.at(-1);
    if (last === undefined) return result;
    after = last;
    const outcome: ChunkOutcome = {
      notFound: undefined,
      notFoundKeys: [],
      fatal: undefined,
      lost: undefined,
      alone: [],
    };
    const one = async (key: number, maxBytes: number | undefined): Promise<void> => {
      if (outcome.lost === undefined)
        await fetchAndStore(ctx, resource, key, () => fetch(key, maxBytes), store, result, outcome);
    };
    await mapLimit(keys, ctx.concurrency, (key) => one(key, share));
    for (const key of outcome.alone) {
      checkAbort(ctx);
      await one(key, undefined);
    }
    checkAbort(ctx);
    // A 403, or an endpoint this instance lacks, stops the resource; so does a 404 for every key of
    // a chunk: that is the endpoint failing, not every product or company vanishing at once.
    if (outcome.fatal !== undefined) throw outcome.fatal;
    if (outcome.lost !== undefined) return lostAt(ctx, resource, result, outcome.lost);
    if (keys.length > 1 && outcome.notFound !== undefined && outcome.notFoundKeys.length === keys.length)
      throw outcome.notFound;
    if (outcome.notFoundKeys.length > 0) {
      db.transaction(() => {
        for (const key of outcome.notFoundKeys) store(key, undefined);
        removePending(db, resource, outcome.notFoundKeys);
      }).immediate();
      result.fetched += outcome.notFoundKeys.length;
    }
    done += keys.length;
    ctx.emit({ type: 'progress', resource, done: Math.min(done, total), total });
  }
}

/**
 * The run's result when the instance went away: what was stored stays, the keys not stored stay
 * pending for the next run, and the failure is the connection's (sync.ts instanceLost then fails
 * the resources after this one at once).
 */
function lostAt(
  ctx: SyncContext,
  resource: CatalogResource,
  result: PerKeyResult,
  lost: ServiceError,
): PerKeyResult {
  return { ...result, failedKeys: pendingCount(ctx.db, resource), failure: failureOf(lost) };
}

/** One key: its answer stored with its key's removal, or what went wrong noted in the outcome. */
async function fetchAndStore<T>(
  ctx: SyncContext,
  resource: CatalogResource,
  key: number,
  fetch: () => Promise<ArrayAnswer<T>>,
  store: Store<T>,
  result: PerKeyResult,
  outcome: ChunkOutcome,
): Promise<void> {
  result.requests++;
  try {
    const answer = await request(ctx, resource, fetch);
    ctx.db
      .transaction(() => {
        store(key, answer);
        removePending(ctx.db, resource, [key]);
      })
      .immediate();
    result.fetched += 1;
  } catch (error) {
    // Anything but the instance's answer (the disk refusing a write) stops the resource.
    if (!(error instanceof ServiceError)) throw error;
    if (error.code === BODY_TOO_LARGE && !outcome.alone.includes(key)) outcome.alone.push(key);
    else if (isStatus(error, 404)) {
      outcome.notFound ??= error;
      outcome.notFoundKeys.push(key);
    } else if (isStatus(error, 403) || error.kind === 'not-available') outcome.fatal ??= error;
    else if (error.kind === 'network') outcome.lost ??= error;
    else if (error.kind !== 'aborted') {
      result.failedKeys++;
      result.failure = failureOf(error);
    }
  }
}

function isStatus(error: ServiceError, status: number): boolean {
  return error.kind === 'http' && error.status === status;
}
