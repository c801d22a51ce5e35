import type { Migration } from './types.ts';

/**
 * Catalog file, version 4: the sync running on this catalog, if any (one row at most), so a second
 * sync of the same data folder (the app and `pos sync`, or two `pos sync`) says one is running
 * instead of both writing and failing "database is locked". Read through db/catalog/sync-run.ts.
 */
export const syncRun: Migration = {
  version: 4,
  name: 'sync-run',
  up: `
    CREATE TABLE sync_run (
      id        INTEGER PRIMARY KEY CHECK (id = 1),
      owner     TEXT NOT NULL,     -- host/pid/random/start of the process running it
      startedAt TEXT NOT NULL,     -- ISO UTC
      beatAt    INTEGER NOT NULL   -- ms since the epoch of its latest sign of life
    ) STRICT;
  `,
};
