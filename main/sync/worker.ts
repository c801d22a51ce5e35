// Runs a whole sync on a worker thread: the core's event loop only receives progress events (a
// scan never waits for a page being parsed or written), and the worker's heap is capped so a sync
// of any size stays within a fixed memory budget (garbage of parsed pages is collected early
// instead of growing the heap). The cap is sized from the body limit: per-key answers are bounded
// by it (per-key.ts), so an answer the client accepts fits. A thread that dies all the same (out of
// memory on an answer parsed whole) costs the resource it was on: the resources after it run on a
// new thread.
import { Worker } from 'node:worker_threads';
import { say } from '../../contract/core-words.ts';
import { releaseSyncRun, type CatalogResource } from '../../db/catalog/index.ts';
import { catalogFileOf, type Db } from '../../db/database.ts';
import { newOwnerName } from '../ground/index.ts';
import { DEFAULT_MAX_RESPONSE_BYTES, type ServiceConfig } from '../service/index.ts';
import { emptyReport } from './context.ts';
import type { ResourceReport, SyncEvent, SyncReport } from './events.ts';
import { allResources } from './sync.ts';
import { WorkerMessage, type WorkerInput, type WorkerOptions } from './worker-protocol.ts';

export interface WorkerSyncOptions extends WorkerOptions {
  signal?: AbortSignal;
  onEvent?: (event: SyncEvent) => void;
  /** The worker's client heard from the token endpoint: credentials accepted or refused (400/401). */
  onCredentials?: (accepted: boolean) => void;
  /** Old-generation heap cap of the worker in MB (default: heapMbFor the body limit). */
  heapMb?: number;
  /** The core's TillWork buffer: the sync gives way to the till's calls (till-work.ts). */
  tillWork?: SharedArrayBuffer;
  /** A gate of the sync waited for the till's work. */
  onGaveWay?: () => void;
}

/**
 * How long a cancelled sync may take to stop by itself (its requests are aborted at once, a page
 * being written commits) before its thread is ended: a cancel always ends the run.
 */
export const CANCEL_GRACE_MS = 10_000;

const MIB = 1024 * 1024;

/**
 * The worker's heap for a body limit: 64 MB for the run itself, and twice the limit for the answers
 * held at once (at most one body limit in all, per-key.ts; as text, which takes two bytes a character
 * when any is outside Latin-1).
 */
export function heapMbFor(maxResponseBytes: number): number {
  return 64 + 2 * Math.ceil(maxResponseBytes / MIB);
}

/** What one thread did: its report, or how it ended without one. */
type ThreadEnd =
  | { kind: 'report'; report: SyncReport }
  | { kind: 'died'; error: Error; running: CatalogResource | undefined; reports: ResourceReport[] };

/** Like runSync, on a worker thread with its own connection to `db`'s catalog file and its own client. */
export async function runSyncInWorker(
  db: Db,
  service: ServiceConfig,
  options: WorkerSyncOptions = {},
): Promise<SyncReport> {
  if (db.memory) throw new Error('runSyncInWorker needs a database file');
  const owner = options.owner ?? newOwnerName();
  const startedAt = new Date().toISOString();
  const wanted = options.resources ?? allResources;
  const done: ResourceReport[] = [];
  let resources = wanted;
  for (;;) {
    const end = await runThread(db, service, { ...options, owner, resources: [...resources] });
    if (end.kind === 'report') {
      if (done.length === 0) return end.report;
      return { ...end.report, startedAt, resources: [...done, ...end.report.resources] };
    }
    if (options.signal?.aborted === true) return cancelledReport(startedAt, done);
    done.push(...end.reports);
    // Nothing under way when it died (before the first resource, or between two): not a resource's
    // doing, and a new thread would meet the same.
    if (end.running === undefined) throw end.error;
    const failed = stoppedOn(end.running, end.error);
    done.push(failed);
    options.onEvent?.({ type: 'finished', resource: end.running, report: failed });
    const after = wanted.slice(wanted.indexOf(end.running) + 1);
    if (after.length === 0) {
      return {
        startedAt,
        finishedAt: new Date().toISOString(),
        unreachable: false,
        cancelled: false,
        resources: done,
      };
    }
    resources = after;
  }
}

/** The report of the resource a thread died on: failed, saying why. */
function stoppedOn(resource: CatalogResource, error: Error): ResourceReport {
  const report = emptyReport(resource, 'incremental', false);
  report.status = 'failed';
  report.failure = {
    kind: 'internal',
    message: `The sync stopped while on ${resource} (${error.message}); the resources after it were synced without it.`,
    said: [say('syncThreadStopped', { reason: error.message })],
  };
  return report;
}

function runThread(
  db: Db,
  service: ServiceConfig,
  options: WorkerSyncOptions & { owner: string },
): Promise<ThreadEnd> {
  const { signal, onEvent, onCredentials, heapMb, tillWork, onGaveWay, ...rest } = options;
  const input: WorkerInput = {
    dbFile: catalogFileOf(db),
    service,
    options: rest,
    ...(tillWork === undefined ? {} : { tillWork }),
  };
  const worker = new Worker(new URL('./sync-worker.ts', import.meta.url), {
    workerData: input,
    resourceLimits: {
      maxOldGenerationSizeMb: heapMb ?? heapMbFor(rest.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES),
      maxYoungGenerationSizeMb: 8,
    },
  });
  return new Promise<ThreadEnd>((resolve) => {
    let report: SyncReport | undefined;
    let failure: Error | undefined;
    let ended: NodeJS.Timeout | undefined;
    let running: CatalogResource | undefined;
    const reports: ResourceReport[] = [];
    const cancel = (): void => {
      worker.postMessage({ type: 'cancel' });
      ended = setTimeout(() => void worker.terminate(), CANCEL_GRACE_MS);
    };
    signal?.addEventListener('abort', cancel, { once: true });
    if (signal?.aborted === true) cancel();
    worker.on('message', (raw: unknown) => {
      const message = WorkerMessage.parse(raw);
      if (message.type === 'event') {
        const event = message.event;
        if (event.type === 'started') running = event.resource;
        if (event.type === 'finished') {
          running = undefined;
          reports.push(event.report);
        }
        onEvent?.(event);
      } else if (message.type === 'credentials') onCredentials?.(message.accepted);
      else if (message.type === 'gaveWay') onGaveWay?.();
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
      releaseSyncRun(db, options.owner);
      if (report) resolve({ kind: 'report', report });
      else
        resolve({
          kind: 'died',
          error: failure ?? new Error(`The sync worker stopped (exit ${code})`),
          running,
          reports,
        });
    });
  });
}

/** The report of a run whose thread was ended after a cancel: what committed stays. */
function cancelledReport(startedAt: string, resources: ResourceReport[]): SyncReport {
  return {
    startedAt,
    finishedAt: new Date().toISOString(),
    unreachable: false,
    cancelled: true,
    resources,
  };
}
