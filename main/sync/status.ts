// The sync view of a data folder (sync.status, sync.progress): the runner's, or without a runner
// (no instance configured) no resource rows and the age of the stock items the cache holds.
import type { SyncStatusView } from '../../contract/contract.ts';
import { stockItemsSyncedAt } from '../../db/catalog/index.ts';
import type { Db } from '../../db/database.ts';
import type { SyncRunner } from './runner.ts';

export function syncStatus(db: Db, runner: SyncRunner | null): SyncStatusView {
  return runner?.status() ?? { running: false, resources: [], lastSyncedAt: stockItemsSyncedAt(db) ?? null };
}
