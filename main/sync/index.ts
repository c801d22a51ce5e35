// Sync of the offline catalog: service -> SQLite. See sync.ts for the run, stock-items.ts for the
// incremental/full passes, per-key.ts for per-product and per-company resources.
export { runSync, allResources, type SyncOptions } from './sync.ts';
export { ResourceReport, SyncEvent, SyncFailure, SyncMode, SyncReport } from './events.ts';
export { runSyncInWorker, type WorkerSyncOptions } from './worker.ts';
export type { CatalogSource } from './source.ts';
export { defaultRetryPolicy, type RetryPolicy } from './retry.ts';
export { syncHandlers, type SyncDeps } from './handlers.ts';
export { syncStatus } from './status.ts';
export { SyncRunner } from './runner.ts';
export { whatWasFound } from './discovery.ts';
export { InstanceProfile, type LearntProfile } from './instance-profile.ts';
export { localPid, runningElsewhere } from './run-lock.ts';
