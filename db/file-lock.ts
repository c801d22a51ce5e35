// An exclusive hold on a file for as long as this process keeps it, kept by the operating system:
// SQLite's own lock on a database file, a write transaction begun and never committed. The OS lets it
// go with the process however that ends (exit, crash, kill -9; a zombie holds no files), so a holder
// that is gone never holds, whatever became of its pid. Anyone else asking meanwhile (another
// process, or another connection of this one) is refused at once. The file holds no data.
import { closeSync, existsSync, openSync } from 'node:fs';
import Database from 'better-sqlite3';

export interface FileHold {
  /** Lets the file go (again: nothing). */
  release(): void;
}

/** The hold on `file` (made 0600 when new), or null while another holds it. */
export function holdFile(file: string): FileHold | null {
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  const db = new Database(file, { timeout: 0 });
  try {
    // Nothing is ever written: no rollback journal beside it.
    db.pragma('journal_mode = MEMORY');
    // RESERVED lock: one holder, while others may still open the file (and are refused the same).
    db.exec('BEGIN IMMEDIATE');
  } catch (error) {
    db.close();
    if (isBusy(error)) return null;
    throw error;
  }
  return {
    release: () => {
      if (!db.open) return;
      db.exec('ROLLBACK');
      db.close();
    },
  };
}

function isBusy(error: unknown): boolean {
  return (
    error instanceof Database.SqliteError && (error.code === 'SQLITE_BUSY' || error.code === 'SQLITE_LOCKED')
  );
}
