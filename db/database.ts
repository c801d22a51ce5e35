// Opens the app's SQLite file: WAL, foreign keys, and the migrations recorded in user_version.
import Database from 'better-sqlite3';
import { migrations, type Migration } from './migrations/index.ts';

export type Db = Database.Database;

export class DatabaseVersionError extends Error {
  override name = 'DatabaseVersionError';
}

export interface OpenOptions {
  readonly readonly?: boolean;
  /** Only for tests of the migrator itself. */
  readonly migrations?: readonly Migration[];
}

export function openDatabase(file: string, options: OpenOptions = {}): Db {
  const db = new Database(file, { readonly: options.readonly ?? false });
  try {
    if (!options.readonly) {
      db.pragma('journal_mode = WAL');
      // NORMAL is durable across process crashes in WAL mode; only an OS crash may lose the last commit.
      db.pragma('synchronous = NORMAL');
    }
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    if (!options.readonly) migrate(db, options.migrations ?? migrations);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Applies every migration above user_version in one transaction: all of them or none. */
export function migrate(db: Db, list: readonly Migration[]): void {
  assertOrdered(list);
  const current = schemaVersion(db);
  const latest = list.at(-1)?.version ?? 0;
  if (current > latest) {
    throw new DatabaseVersionError(
      `This database was written by a newer version of Counter (schema ${current}, this build knows up to ${latest}). ` +
        'Update Counter, or point it at another data folder; nothing was changed.',
    );
  }
  const pending = list.filter((m) => m.version > current);
  if (pending.length === 0) return;
  db.transaction(() => {
    for (const m of pending) {
      if (typeof m.up === 'string') db.exec(m.up);
      else m.up(db);
    }
    db.pragma(`user_version = ${latest}`);
  }).immediate();
}

function assertOrdered(list: readonly Migration[]): void {
  list.forEach((m, i) => {
    const prev = list[i - 1];
    if (prev && m.version <= prev.version) {
      throw new Error(`Migration ${m.name} (${m.version}) is not after ${prev.name} (${prev.version})`);
    }
  });
}
