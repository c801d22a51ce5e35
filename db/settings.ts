// The `setting` table of migration 1: keys and their JSON text. What a key means and how its value
// is read is main/settings' (store.ts); here only the rows.
import { z } from 'zod';
import type { Db } from './database.ts';
import { prepared } from './prepared.ts';
import { lazy } from '../common/lazy.ts';

const SettingRow = lazy(() => z.object({ key: z.string(), value: z.string() }));

/** Every setting whose key starts with `prefix`. */
export function settingsStartingWith(db: Db, prefix: string): { key: string; value: string }[] {
  return z
    .array(SettingRow)
    .parse(prepared(db, 'SELECT key, value FROM setting WHERE key LIKE ?').all(`${prefix}%`));
}

/** One setting's value, or null when it was never written. */
export function settingValue(db: Db, key: string): string | null {
  const value: unknown = prepared(db, 'SELECT value FROM setting WHERE key = ?').pluck().get(key);
  return typeof value === 'string' ? value : null;
}

/** Writes each key's value (inserted or replaced) in one transaction. */
export function writeSettings(db: Db, entries: readonly (readonly [key: string, value: string])[]): void {
  const upsert = prepared(
    db,
    'INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  );
  db.transaction(() => {
    for (const [key, value] of entries) upsert.run(key, value);
  })();
}
