// Prepared statements cached per connection: preparing costs more than running the small statements
// that scans and the outbox sender run many times a second. The one statement cache of db/: every
// module asks here. It names the connection by better-sqlite3's type, not db/database.ts's Db (the
// same type), so database.ts can use it without an import cycle.
import type Database from 'better-sqlite3';

// A parameter compared with `=` is written `+?` (`+@name`) in a cached statement the planner might
// answer by scanning in another order (an ORDER BY, an OR): planning that, SQLite 3.54 marks the
// parameter "re-optimise when bound" (where.c whereLoopOutputAdjust), and better-sqlite3 clears the
// bindings after every run, which with such a mark expires the statement: it was parsed and planned
// again at every call (the scan's barcode lookup: 227 -> 39 us of CPU a call; 4 of the 13 queries
// of a scan were, test/bench/scan-core-profile.ts). The unary plus changes neither the value, its affinity, nor the
// plan (EXPLAIN QUERY PLAN alike); it only keeps the planner from looking at the bound value.
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
