// Runs a whole sync on a worker thread: the core's event loop only receives progress events (a
// scan never waits for a page being parsed or written), and the worker's heap is capped so a sync
// of any size stays within a fixed memory budget (garbage of parsed pages is collected early
// instead of growing the heap).
import { Worker } from 'node:worker_threads';
import { releaseSyncRun } from '../../db/catalog/index.ts';
import { catalogFileOf, type Db } from '../../db/database.ts';
import { newOwnerName } from '../ground/index.ts';
import type { ServiceConfig } from '../service/index.ts';
import type { SyncEvent, SyncReport } from './events.ts';
import { WorkerMessage, type WorkerInput, type WorkerOptions } from './worker-protocol.ts';

export interface WorkerSyncOptions extends WorkerOptions {
  signal?: AbortSignal;
  onEvent?: (event: SyncEvent) => void;
  /** The worker's client heard from the token endpoint: credentials accepted or refused (400/401). */
  onCredentials?: (accepted: boolean) => void;
  /** Old-generation heap cap of the worker in MB (default 64). */
  heapMb?: number;
}

/**
 * How long a cancelled sync may take to stop by itself (its requests are aborted at once, a page
 * being written commits) before its thread is ended: a cancel always ends the run.
 */
export const CANCEL_GRACE_MS = 10_000;

/** Like runSync, on a worker thread with its own connection to `db`'s catalog file and its own client. */
export function runSyncInWorker(
  db: Db,
  service: ServiceConfig,
  options: WorkerSyncOptions = {},
): Promise<SyncReport> {
  const { signal, onEvent, onCredentials, heapMb, ...rest } = options;
  if (db.memory) return Promise.reject(new Error('runSyncInWorker needs a database file'));
  const owner = rest.owner ?? newOwnerName();
  const input: WorkerInput = { dbFile: catalogFileOf(db), service, options: { ...rest, owner } };
  const startedAt = new Date().toISOString();
  const worker = new Worker(new URL('./sync-worker.ts', import.meta.url), {
    workerData: input,
    resourceLimits: { maxOldGenerationSizeMb: heapMb ?? 64, maxYoungGenerationSizeMb: 8 },
  });
  return new Promise<SyncReport>((resolve, reject) => {
    let report: SyncReport | undefined;
    let failure: Error | undefined;
    let ended: NodeJS.Timeout | undefined;
    const cancel = (): void => {
      worker.postMessage({ type: 'cancel' });
      ended = setTimeout(() => void worker.terminate(), CANCEL_GRACE_MS);
    };
    signal?.addEventListener('abort', cancel, { once: true });
    if (signal?.aborted === true) cancel();
    worker.on('message', (raw: unknown) => {
      const message = WorkerMessage.parse(raw);
      if (message.type === 'event') onEvent?.(message.event);
      else if (message.type === 'credentials') onCredentials?.(message.accepted);
      else if (message.type === 'report') report = message.report;
      else failure = new Error(`Sync failed: ${message.message}`);
    });
    worker.on('error', (error: Error) => {
      failure ??= error;
    });
    worker.on('exit', (code) => {
      clearTimeout(ended);
      signal?.removeEventListener('abort', cancel);
      // A thread ended mid-run cannot let the catalog go itself: its parent does (a no-op otherwise).
      releaseSyncRun(db, owner);
      if (report) resolve(report);
      else if (signal?.aborted === true) resolve(cancelledReport(startedAt));
      else reject(failure ?? new Error(`The sync worker stopped (exit ${code})`));
    });
  });
}

/** The report of a run whose thread was ended after a cancel: what committed stays. */
function cancelledReport(startedAt: string): SyncReport {
  return {
    startedAt,
    finishedAt: new Date().toISOString(),
    unreachable: false,
    cancelled: true,
    resources: [],
  };
}
