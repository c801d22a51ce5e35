// Opens the app's SQLite files: WAL, foreign keys, and the migrations recorded in user_version.
//
// Two files: the app's own (counter.sqlite: settings, outbox, shopping sessions) and the catalog
// beside it (counter.catalog.sqlite: what sync copies from the service). The catalog is attached to
// the app file's connection, so queries name its tables as if they were one database; but SQLite
// locks each file on its own, so a sync committing a page into the catalog never holds the lock a
// scan, a session or an order needs. The sync's own connection opens the catalog alone.
import { closeSync, existsSync, mkdirSync, openSync, renameSync } from 'node:fs';
import Database from 'better-sqlite3';
import { catalogMigrations, migrations, type Migration } from './migrations/index.ts';
import { prepared } from './prepared.ts';

export type Db = Database.Database;

export class DatabaseVersionError extends Error {
  override name = 'DatabaseVersionError';
}

export interface OpenOptions {
  readonly readonly?: boolean;
  /**
   * The catalog file was damaged or written by a newer version: it was moved to `damagedPath` (kept
   * for a look) and an empty one made in its place, to be filled by the next sync.
   */
  readonly onCatalogSetAside?: (damagedPath: string, reason: string) => void;
  /**
   * How long a statement waits for another connection's write lock (ms, default 5000). The CLI waits
   * longer: beside a sync in another process it may wait for a page's commit, and waiting is right.
   */
  readonly busyTimeoutMs?: number;
  /** Only for tests of the migrator itself (the file alone: no catalog is attached). */
  readonly migrations?: readonly Migration[];
}

/** The catalog's file beside the app's: counter.sqlite -> counter.catalog.sqlite. */
export function catalogFileFor(file: string): string {
  return `${file.replace(/\.sqlite$/, '')}.catalog.sqlite`;
}

/** The app's file with its catalog attached (as `catalog`; unqualified table names find it). */
export function openDatabase(file: string, options: OpenOptions = {}): Db {
  if (options.migrations !== undefined) return openFile(file, options, options.migrations);
  const catalogFile = catalogFileFor(file);
  const readonly = options.readonly ?? false;
  // The app file first: it holds the outbox, and a damaged one is never replaced behind anyone's back.
  const db = openAppFile(file, options);
  // The catalog is a cache: a damaged one is set aside and rebuilt by syncing, never a reason to stop.
  // Migrated (and switched to WAL) by a connection of its own: migrations name no schema.
  if (!readonly) {
    try {
      openCatalogOrSetAside(catalogFile, options);
    } catch (error) {
      db.close();
      throw error;
    }
  }
  try {
    if (!readonly || existsSync(catalogFile)) {
      db.prepare('ATTACH DATABASE ? AS catalog').run(catalogFile);
      if (!readonly) db.pragma('catalog.synchronous = NORMAL');
    }
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** SQLite's answers for a file that is not a whole database (SQLITE_CORRUPT, SQLITE_NOTADB). */
function isDamage(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB' || error instanceof DatabaseVersionError;
}

export class DamagedDatabaseError extends Error {
  override name = 'DamagedDatabaseError';
}

function openAppFile(file: string, options: OpenOptions): Db {
  try {
    return openFile(file, options, migrations);
  } catch (error) {
    if (error instanceof DatabaseVersionError || !isDamage(error)) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new DamagedDatabaseError(
      `${file} is damaged (${reason}). It holds the outbox and the shopping sessions, so Counter will not ` +
        'replace it: nothing was deleted. Restore it from a backup, or move it elsewhere to start with an empty outbox.',
    );
  }
}

function openCatalogOrSetAside(file: string, options: OpenOptions): void {
  const onSetAside = options.onCatalogSetAside;
  const catalogOptions = options.busyTimeoutMs === undefined ? {} : { busyTimeoutMs: options.busyTimeoutMs };
  try {
    openCatalog(file, catalogOptions).close();
    return;
  } catch (error) {
    if (!isDamage(error)) throw error;
    const damaged = `${file}.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    for (const suffix of ['', '-wal', '-shm']) {
      if (existsSync(file + suffix)) renameSync(file + suffix, damaged + suffix);
    }
    onSetAside?.(damaged, error instanceof Error ? error.message : String(error));
  }
  openCatalog(file, catalogOptions).close();
}

/** The catalog's file alone: the sync's connection, and tools that only read the cache. */
export function openCatalog(file: string, options: Omit<OpenOptions, 'migrations'> = {}): Db {
  return openFile(file, options, catalogMigrations);
}

/**
 * The data folder, created private (0700): it holds the outbox, the settings and the cached
 * catalog. A folder that already exists is the operator's and keeps its mode.
 */
export function ensureDataDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}

/**
 * A connection for background work that may wait (the sync's): another process opening the data
 * folder (a second `pos sync`, the app migrating its file with the catalog attached) can hold the
 * write lock for seconds on a busy machine, and a page written a little later is better than a
 * resource failed "database is locked". Its WAL is checkpointed every ~40 MB instead of every ~4 MB:
 * index pages rewritten by consecutive pages are copied back once, and fsync'd 10 times less often.
 */
export function waitingLonger(db: Db): void {
  db.pragma('busy_timeout = 30000');
  db.pragma('wal_autocheckpoint = 10000');
}

function openFile(file: string, options: OpenOptions, list: readonly Migration[]): Db {
  // A new file is created 0600 before SQLite opens it; SQLite gives its -wal and -shm files the
  // database file's mode.
  if (!(options.readonly ?? false) && !existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  const db = new Database(file, { readonly: options.readonly ?? false });
  try {
    // First: another process opening the same new file at once (two `pos sync`) holds it briefly.
    const busyTimeoutMs = options.busyTimeoutMs ?? 5000;
    db.pragma(`busy_timeout = ${busyTimeoutMs}`);
    if (!options.readonly) {
      useWal(db, busyTimeoutMs);
      // NORMAL is durable across process crashes in WAL mode; only an OS crash may lose the last commit.
      db.pragma('synchronous = NORMAL');
    }
    db.pragma('foreign_keys = ON');
    if (!options.readonly) migrate(db, list);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * Puts the file in WAL mode. Two processes opening the same new file at once (two `pos sync`) both
 * ask for the switch; SQLite may answer the second SQLITE_BUSY at once, without its busy timeout
 * (seen: "database is locked" from the pragma, one run in 30), so the switch is tried again for as
 * long as the busy timeout, on the monotonic clock. A file already in WAL mode needs no switch.
 */
export function useWal(db: Db, busyTimeoutMs: number): void {
  const deadline = performance.now() + busyTimeoutMs;
  for (;;) {
    try {
      if (db.pragma('journal_mode', { simple: true }) === 'wal') return;
      // SQLite answers with the mode it is in: the old one when the file cannot be in WAL mode (its
      // filesystem has no shared memory), and the app then would run without what WAL gives it.
      const answered: unknown = db.pragma('journal_mode = WAL', { simple: true });
      if (answered !== 'wal') throw new WalUnavailableError(db.name, String(answered));
      return;
    } catch (error) {
      if (!isBusy(error) || performance.now() >= deadline) throw error;
      Atomics.wait(PAUSE, 0, 0, 10);
    }
  }
}

export class WalUnavailableError extends Error {
  override name = 'WalUnavailableError';
  constructor(file: string, answered: string) {
    super(
      `The database file "${file}" cannot be kept in WAL mode: SQLite answered "${answered}" to journal_mode = WAL. ` +
        'Its filesystem may not offer shared memory (some network shares do not): put the data folder on a local disk.',
    );
  }
}

/** A buffer to wait on, for a synchronous pause (Atomics.wait) between tries. */
const PAUSE = new Int32Array(new SharedArrayBuffer(4));

function isBusy(error: unknown): boolean {
  return error instanceof Database.SqliteError && error.code.startsWith('SQLITE_BUSY');
}

export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/**
 * Applies every migration above user_version in one transaction: all of them or none. The version
 * is read again inside the write transaction: two processes opening a new file at once (two
 * `pos sync`) both saw 0 before, and the second failed "table ... already exists".
 */
export function migrate(db: Db, list: readonly Migration[]): void {
  const latest = list.at(-1)?.version ?? 0;
  const check = (current: number): void => {
    if (current > latest) {
      throw new DatabaseVersionError(
        `This database was written by a newer version of Counter (schema ${current}, this build knows up to ${latest}). ` +
          'Update Counter, or point it at another data folder; nothing was changed.',
      );
    }
  };
  // The version is read once and compared with the last migration's: a file that is current (every
  // start but the first after an update) runs nothing more, not a read of it per migration.
  const found = schemaVersion(db);
  check(found);
  if (found === latest) return;
  assertOrdered(list);
  db.transaction(() => {
    const current = schemaVersion(db);
    check(current);
    for (const m of list.filter((x) => x.version > current)) {
      if (typeof m.up === 'string') db.exec(m.up);
      else m.up(db);
    }
    if (current < latest) db.pragma(`user_version = ${latest}`);
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

/**
 * A transaction that takes the app file's write lock before anything else, as BEGIN IMMEDIATE
 * would, but on that file only: BEGIN IMMEDIATE also locks the attached catalog, so it would wait for
 * a sync page. The lock is taken before anything is read, so a busy lock is waited for (busy_timeout);
 * a deferred transaction that read first would fail at once with SQLITE_BUSY_SNAPSHOT instead.
 */
export function writeTransaction<T>(db: Db, fn: () => T): T {
  return db.transaction(() => {
    // A write that changes nothing still takes main's write lock.
    prepared(db, 'UPDATE main.setting SET value = value WHERE 0').run();
    return fn();
  })();
}

/**
 * Runs `fn` (one statement or transaction) with the app file at synchronous = FULL, so its commit,
 * and every commit before it in the WAL, is on disk when it returns: a power cut or an OS crash
 * cannot take it back. For the commits an order's fate hangs on (an order placed, an order marked
 * `sending` before its request leaves); the rest stay at NORMAL, which a killed process never loses
 * (a fsync per scan would cost ~0.2 ms p50 / 0.7 ms p99 on this machine). Outside a transaction
 * only: SQLite does not change `synchronous` inside one.
 */
export function durably<T>(db: Db, fn: () => T): T {
  if (db.inTransaction) throw new Error('durably() must not be called inside a transaction');
  db.pragma('main.synchronous = FULL');
  try {
    return fn();
  } finally {
    db.pragma('main.synchronous = NORMAL');
  }
}

/** Pages a connection lets its WAL grow to before checkpointing in a commit: SQLite's own default. */
const AUTOCHECKPOINT_PAGES = 1000;

/**
 * Moves most of `db`'s checkpoints of its app file (main) out of its commits: SQLite checkpoints in
 * the commit that takes the WAL past 1,000 pages, and that commit (a scan's line, every ~300 scans)
 * waited 5-7 ms for the copy and its fsyncs instead of ~1 ms. Every `everyMs` (in a timer's own turn,
 * between calls) a PASSIVE checkpoint copies what the WAL gathered since; a WAL with nothing new
 * costs it no copy and no fsync. What it does not do:
 * - It does not make a call never wait for a checkpoint: the timer's checkpoint runs on the same
 *   thread as the calls, so a call arriving while it copies waits for it (the wait moves from the
 *   commit to the call's start, and is for what the WAL gathered since the timer's last turn).
 * - It does not take checkpoints out of commits altogether: the commit's own checkpoint stays as a
 *   net at 10x the pages (10,000, ~40 MB of WAL), for a WAL the timer cannot keep up with, and a
 *   commit past that still waits for it.
 * - wal_autocheckpoint is the connection's, so the 10,000 holds for every file attached to `db` too
 *   (the catalog), whose WAL the timer does not checkpoint (it checkpoints main only). Harmless
 *   today: the sync worker writes the catalog on its own connection (waitingLonger: 10,000 as well),
 *   which checkpoints it in its commits; a catalog written through `db` would wait for 10,000 pages.
 * Durability is the commits', untouched: a checkpoint only copies committed pages into the file.
 * Returns: stop (before the connection is closed).
 */
export function checkpointBetweenCalls(db: Db, everyMs = 1000): () => void {
  db.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES * 10}`);
  const timer = setInterval(() => {
    if (!db.open || db.inTransaction) return;
    try {
      db.pragma('main.wal_checkpoint(PASSIVE)');
    } catch {
      // Busy or failing now: the next turn tries again, and the commit's own checkpoint is the net.
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** The file holding `db`'s catalog: the attached one, or `db`'s own when it is the catalog alone. */
export function catalogFileOf(db: Db): string {
  const list = db.pragma('database_list') as { name: string; file: string }[];
  return list.find((d) => d.name === 'catalog')?.file ?? db.name;
}

/**
 * What tells whether the app file (`main`) may have changed since: rows this connection wrote
 * (total_changes counts every insert, update and delete it made, in any schema, rolled back or not)
 * and commits other connections made to it (data_version). The same stamp twice: the app file holds
 * what it held then. A stamp kept with what was read must be read in the same transaction as it
 * (one snapshot; in a write transaction, after its last write), or before it: read after it, a commit
 * by another connection in between is in the stamp and not in what was read.
 */
export function appFileStamp(db: Db): string {
  const written: unknown = prepared(db, 'SELECT total_changes()').pluck().get();
  const committed: unknown = prepared(db, 'PRAGMA main.data_version').pluck().get();
  return `${String(written)}:${String(committed)}`;
}

/**
 * What tells whether another connection committed to the catalog since (its data_version); this
 * connection's own writes to it do not move it. Undefined when `db` has no catalog attached.
 */
export function catalogCommits(db: Db): number | undefined {
  try {
    const version: unknown = prepared(db, 'PRAGMA catalog.data_version').pluck().get();
    return typeof version === 'number' ? version : undefined;
  } catch {
    return undefined; // no catalog attached (a read-only open of an app file alone)
  }
}
