// The local data folder of the CLI (and of any headless use of the core): <dataDir>/counter.sqlite,
// created on first use and migrated by db/database.ts.
import { join } from 'node:path';
import { ensureDataDir, openDatabase, type Db } from '../../db/database.ts';

export const DATABASE_FILE = 'counter.sqlite';

export function databasePath(config: { dataDir: string }): string {
  return join(config.dataDir, DATABASE_FILE);
}

export function openDataDir(config: { dataDir: string }, log: (line: string) => void = () => undefined): Db {
  ensureDataDir(config.dataDir);
  return openDatabase(databasePath(config), {
    // A command beside a sync of another process (two pos sync, the app syncing) waits for its commit.
    busyTimeoutMs: 30_000,
    onCatalogSetAside: (damaged, reason) =>
      log(`The catalog cache was damaged (${reason}): moved to ${damaged}; run "pos sync" to rebuild it.`),
  });
}
