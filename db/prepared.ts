// Prepared statements cached per connection: preparing costs more than running the small statements
// that scans and the outbox sender run many times a second. The one statement cache of db/: every
// module asks here. It names the connection by better-sqlite3's type, not db/database.ts's Db (the
// same type), so database.ts can use it without an import cycle.
import type Database from 'better-sqlite3';

const statements = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/**
 * The statement for `sql` on `db`, prepared once. A cached statement keeps its mode: a caller that
 * plucks says so on every call (`.pluck()`), and the same text is never used both ways.
 */
export function prepared(db: Database.Database, sql: string): Database.Statement {
  let cache = statements.get(db);
  if (!cache) {
    cache = new Map();
    statements.set(db, cache);
  }
  let statement = cache.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    cache.set(sql, statement);
  }
  return statement;
}
