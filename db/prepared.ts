// Prepared statements cached per connection: preparing costs more than running the small statements
// that scans and the outbox sender run many times a second.
import type Database from 'better-sqlite3';
import type { Db } from './database.ts';

const statements = new WeakMap<Db, Map<string, Database.Statement>>();

export function prepared(db: Db, sql: string): Database.Statement {
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
