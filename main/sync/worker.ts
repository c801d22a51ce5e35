// Runs a whole sync on a worker thread: the core's event loop only receives progress events (a
// scan never waits for a page being parsed or written), and the worker's heap is capped so a sync
// of any size stays within a fixed memory budget (garbage of parsed pages is collected early
// instead of growing the heap).
import { Worker } from 'node:worker_threads';
import { catalogFileOf, type Db } from '../../db/database.ts';
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

/** Like runSync, on a worker thread with its own connection to `db`'s catalog file and its own client. */
export function runSyncInWorker(
  db: Db,
  service: ServiceConfig,
  options: WorkerSyncOptions = {},
): Promise<SyncReport> {
  const { signal, onEvent, onCredentials, heapMb, ...rest } = options;
  if (db.memory) return Promise.reject(new Error('runSyncInWorker needs a database file'));
  const input: WorkerInput = { dbFile: catalogFileOf(db), service, options: rest };
  const worker = new Worker(new URL('./sync-worker.ts', import.meta.url), {
    workerData: input,
    resourceLimits: { maxOldGenerationSizeMb: heapMb ?? 64, maxYoungGenerationSizeMb: 8 },
  });
  return new Promise<SyncReport>((resolve, reject) => {
    let report: SyncReport | undefined;
    let failure: Error | undefined;
    const cancel = (): void => worker.postMessage({ type: 'cancel' });
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
      signal?.removeEventListener('abort', cancel);
      if (report) resolve(report);
      else reject(failure ?? new Error(`The sync worker stopped (exit ${code})`));
    });
  });
}
