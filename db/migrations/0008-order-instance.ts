import type Database from 'better-sqlite3';
import type { Migration } from './types.ts';

/**
 * Each order belongs to one instance: `instance` is its key ('demo' for the built-in demo, else the
 * instance URL's origin), and only a sender for that instance sends it. Unsent orders stored before
 * this migration belong to the instance the app file was last used with (setting app.cacheInstance),
 * since the app refused to switch instances while orders were unsent.
 */
export const orderInstance: Migration = {
  version: 8,
  name: 'order-instance',
  up: (db: Database.Database) => {
    db.exec('ALTER TABLE outbox_order ADD COLUMN instance TEXT');
    const raw: unknown = db
      .prepare("SELECT value FROM setting WHERE key = 'app.cacheInstance'")
      .pluck()
      .get();
    if (typeof raw !== 'string') return;
    let key: string | null = raw === 'demo' ? 'demo' : null;
    try {
      key ??= new URL(raw).origin;
    } catch {
      return;
    }
    db.prepare('UPDATE outbox_order SET instance = ?').run(key);
  },
};
