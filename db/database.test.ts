import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { tempDbFile, tempDir } from '../test/support/fixtures.ts';
import {
  catalogFileFor,
  checkpointBetweenCalls,
  DamagedDatabaseError,
  DatabaseVersionError,
  durably,
  migrate,
  openCatalog,
  openDatabase,
  schemaVersion,
  useWal,
} from './database.ts';
import { catalogMigrations, migrations, type Migration } from './migrations/index.ts';

/** A new SQLite file of this test (removed when it finishes). */
const tempFile = (): string => tempDbFile('db');

describe('openDatabase', () => {
  it('uses WAL and foreign keys and applies every migration to a new file', () => {
    const db = openDatabase(tempFile());
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(schemaVersion(db)).toBe(migrations.at(-1)?.version);
    db.close();
  });

  it('says so, naming the file, when SQLite will not keep it in WAL mode', () => {
    // A file on a filesystem without shared memory answers the switch with its old mode; so does a
    // temporary database (SQLite's own, in no file): the answer is read, not assumed.
    const db = new Database('');
    try {
      expect(() => useWal(db, 1000)).toThrow(
        /^The database file "" cannot be kept in WAL mode: SQLite answered "delete" to journal_mode = WAL/,
      );
    } finally {
      db.close();
    }
  });

  it('refuses a database written by a newer version and leaves it untouched', () => {
    const file = tempFile();
    const db = openDatabase(file);
    db.prepare("INSERT INTO setting (key, value) VALUES ('k', 'v')").run();
    db.pragma('user_version = 999');
    db.close();
    expect(() => openDatabase(file)).toThrow(DatabaseVersionError);
    expect(() => openDatabase(file)).toThrow(/newer version of Counter \(schema 999/);
    const raw = openDatabase(file, { readonly: true });
    expect(schemaVersion(raw)).toBe(999);
    expect(raw.prepare('SELECT value FROM setting WHERE key = ?').pluck().get('k')).toBe('v');
    raw.close();
  });

  it('refuses a catalog file written by a newer version opened alone; the app sets it aside and starts a new one', () => {
    const file = tempFile();
    openDatabase(file).close();
    const catalog = openCatalog(catalogFileFor(file));
    catalog.pragma('user_version = 999');
    catalog.close();
    expect(() => openCatalog(catalogFileFor(file))).toThrow(/newer version of Counter \(schema 999/);
    expect(() => openCatalog(catalogFileFor(file))).toThrow(DatabaseVersionError);
    const setAside: string[] = [];
    const db = openDatabase(file, {
      onCatalogSetAside: (path, reason) => setAside.push(`${path} ${reason}`),
    });
    db.close();
    expect(setAside).toEqual([expect.stringMatching(/\.damaged-.* .*newer version of Counter/)]);
    expect(schemaVersion(openCatalog(catalogFileFor(file)))).toBe(catalogMigrations.length);
  });

  it('durably() commits at synchronous FULL on the app file, then goes back to NORMAL; not in a transaction', () => {
    const db = openDatabase(tempFile());
    const level = (schema: string) => db.pragma(`${schema}.synchronous`, { simple: true });
    expect([level('main'), level('catalog')]).toEqual([1, 1]); // NORMAL
    const seen = durably(db, () => {
      db.prepare("INSERT INTO setting (key, value) VALUES ('k', 'v')").run();
      return [level('main'), level('catalog')];
    });
    expect(seen).toEqual([2, 1]); // FULL for the app file's commit, the catalog untouched
    expect(level('main')).toBe(1);
    expect(() => db.transaction(() => durably(db, () => 0))()).toThrow(/inside a transaction/);
    expect(level('main')).toBe(1);
    db.close();
  });

  it('checkpointBetweenCalls: a commit past 1,000 WAL pages does not checkpoint; a timer turn later copies it', async () => {
    const file = tempFile();
    const db = openDatabase(file);
    const stop = checkpointBetweenCalls(db, 20);
    try {
      db.exec('CREATE TABLE bulk (v TEXT)');
      // A checkpoint is what writes the file itself: in WAL mode a commit only appends to the WAL.
      const before = statSync(file).size;
      const insert = db.prepare('INSERT INTO bulk (v) VALUES (?)');
      // ~1,500 pages of 4 KiB in one commit: SQLite's default would checkpoint inside it.
      db.transaction(() => {
        for (let i = 0; i < 1500; i++) insert.run('x'.repeat(3000));
      })();
      expect(statSync(file).size).toBe(before);
      // The timer's turn, between calls: the file gets the pages, and every page of the WAL was copied.
      await expect.poll(() => statSync(file).size, { timeout: 10_000 }).toBeGreaterThan(before + 4_000_000);
      const [result] = db.pragma('main.wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[];
      expect(result?.checkpointed).toBe(result?.log);
    } finally {
      stop();
      db.close();
    }
  });

  it('applies pending migrations in one transaction: a failing one leaves the previous schema', () => {
    const file = tempFile();
    const first: Migration = { version: 1, name: 'a', up: 'CREATE TABLE a (x INTEGER) STRICT;' };
    const db = openDatabase(file, { migrations: [first] });
    db.prepare('INSERT INTO a VALUES (1)').run();
    const good: Migration = { version: 2, name: 'b', up: 'CREATE TABLE b (y INTEGER) STRICT;' };
    const bad: Migration = { version: 3, name: 'c', up: 'CREATE TABLE broken (' };
    expect(() => migrate(db, [first, good, bad])).toThrow();
    expect(schemaVersion(db)).toBe(1);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
    expect(tables).toEqual(['a']);
    expect(db.prepare('SELECT x FROM a').pluck().all()).toEqual([1]);
    db.close();
  });

  it('on a file whose schema is current reads its version once and runs nothing else; one behind runs what is above it', () => {
    const file = tempFile();
    const ran: string[] = [];
    const list: Migration[] = [
      { version: 1, name: 'a', up: 'CREATE TABLE a (x INTEGER) STRICT;' },
      { version: 2, name: 'b', up: 'CREATE TABLE b (y INTEGER) STRICT;' },
      {
        version: 3,
        name: 'c',
        up: (db) => {
          ran.push('c');
          db.exec('CREATE TABLE c (z INTEGER) STRICT;');
        },
      },
    ];
    // A folder from before migrations 2 and 3: opened by this build, it is brought up to date.
    openDatabase(file, { migrations: list.slice(0, 1) }).close();
    const statements: string[] = [];
    const db = new Database(file, { verbose: (sql) => statements.push(String(sql)) });
    migrate(db, list);
    expect(schemaVersion(db)).toBe(3);
    expect(ran).toEqual(['c']);
    expect(statements.filter((sql) => sql.startsWith('CREATE TABLE'))).toEqual([
      'CREATE TABLE b (y INTEGER) STRICT;',
      'CREATE TABLE c (z INTEGER) STRICT;',
    ]);
    // Current now (as at every later start): its version is read, nothing more.
    statements.length = 0;
    migrate(db, list);
    expect(statements).toEqual(['PRAGMA user_version']);
    expect(ran).toEqual(['c']);
    db.close();
  });

  it('rejects a migration list out of order', () => {
    const db = openDatabase(tempFile(), { migrations: [] });
    const a: Migration = { version: 2, name: 'a', up: '' };
    const b: Migration = { version: 1, name: 'b', up: '' };
    expect(() => migrate(db, [a, b])).toThrow(/not after/);
    db.close();
  });
});

describe('migration 1 (meta)', () => {
  it('creates the setting table on a real file', () => {
    const file = tempFile();
    const db = openDatabase(file, { migrations: migrations.filter((m) => m.version <= 1) });
    db.prepare("INSERT INTO setting (key, value) VALUES ('terminal.warehouseId', '3')").run();
    db.close();
    const again = openDatabase(file);
    expect(again.prepare('SELECT value FROM setting').pluck().get()).toBe('3');
    again.close();
  });
});

describe('damaged files', () => {
  it('sets a damaged catalog aside (kept, named) and starts an empty one; the outbox is untouched', () => {
    const dir = tempDir('damaged');
    const file = join(dir, 'counter.sqlite');
    const first = openDatabase(file);
    first.prepare("INSERT INTO setting (key, value) VALUES ('probe', 'kept')").run();
    first.close();
    writeFileSync(catalogFileFor(file), 'this is not a database, it is garbage '.repeat(200));
    const setAside: string[] = [];
    const db = openDatabase(file, { onCatalogSetAside: (path) => setAside.push(path) });
    try {
      expect(setAside).toHaveLength(1);
      expect(readFileSync(setAside[0] ?? '', 'utf8')).toContain('garbage');
      expect(db.prepare('SELECT count(*) FROM stock_item').pluck().get()).toBe(0);
      expect(db.prepare("SELECT value FROM setting WHERE key = 'probe'").pluck().get()).toBe('kept');
    } finally {
      db.close();
    }
  });

  it('refuses a damaged app file by name, saying what to do, and changes nothing', () => {
    const dir = tempDir('damaged');
    const file = join(dir, 'counter.sqlite');
    const garbage = 'not an outbox '.repeat(500);
    writeFileSync(file, garbage);
    expect(() => openDatabase(file)).toThrow(DamagedDatabaseError);
    expect(() => openDatabase(file)).toThrow(file);
    expect(() => openDatabase(file)).toThrow(/nothing was deleted/);
    expect(readFileSync(file, 'utf8')).toBe(garbage);
    expect(readdirSync(dir)).toEqual(['counter.sqlite']);
  });
});
