// The sync running on this catalog (sync_run, one row at most): who runs it, since when, and its
// latest sign of life. Taking it is one write transaction (BEGIN IMMEDIATE), so of two processes
// starting at once exactly one gets it; whether a holder is gone is the caller's judgement.
import { z } from 'zod';
import type { Db } from '../database.ts';
import { prepared } from '../prepared.ts';
import { column, parseRow } from './rows.ts';
import { lazy } from '../../common/lazy.ts';

const SyncRunRow = lazy(() => z.object({ owner: column.text, startedAt: column.text, beatAt: column.int }));
export type SyncRun = z.output<typeof SyncRunRow>;

export function currentSyncRun(db: Db): SyncRun | undefined {
  const row = prepared(db, 'SELECT owner, startedAt, beatAt FROM sync_run WHERE id = 1').get();
  return row === undefined ? undefined : parseRow(SyncRunRow, row);
}

/**
 * Takes the catalog for `run.owner` unless another run holds it and `gone` says its holder still
 * lives. Returns the run that holds it afterwards: `run` itself when taken.
 */
export function takeSyncRun(db: Db, run: SyncRun, gone: (holder: SyncRun) => boolean): SyncRun {
  return db
    .transaction(() => {
      const holder = currentSyncRun(db);
      if (holder !== undefined && holder.owner !== run.owner && !gone(holder)) return holder;
      prepared(db, 'INSERT OR REPLACE INTO sync_run (id, owner, startedAt, beatAt) VALUES (1, ?, ?, ?)').run(
        run.owner,
        run.startedAt,
        run.beatAt,
      );
      return run;
    })
    .immediate();
}

/** A sign of life of the run `owner` holds; false when it no longer holds it. */
export function beatSyncRun(db: Db, owner: string, beatAt: number): boolean {
  return (
    prepared(db, 'UPDATE sync_run SET beatAt = ? WHERE id = 1 AND owner = ?').run(beatAt, owner).changes > 0
  );
}

/** Lets the catalog go, if `owner` holds it. */
export function releaseSyncRun(db: Db, owner: string): void {
  prepared(db, 'DELETE FROM sync_run WHERE id = 1 AND owner = ?').run(owner);
}
