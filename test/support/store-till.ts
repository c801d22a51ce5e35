// A till's data folder for the store hub's tests: the app's real SQLite file (every migration), a
// shift opened and sales closed the way the counter closes them (session, order, figures, journal
// event in one transaction), and the till's StoreHub joined to a test hub.
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { openDatabase, type Db } from '../../db/database.ts';
import { StoreHub, type StoreHubOptions } from '../../main/hub/index.ts';
import { tempDir } from './fixtures.ts';

export { cashIn, openShift, returnCash, sell, WAREHOUSE } from './store-sales.ts';

export function openTillDb(name: string): Db {
  const db = openDatabase(join(tempDir(`till-${name}`), 'counter.sqlite'));
  onTestFinished(() => {
    db.close();
  });
  return db;
}

/** The till's link to the hub, started, closed when the test finishes. */
export function joinHub(db: Db, till: string, url: string, more: Partial<StoreHubOptions> = {}): StoreHub {
  const hub = new StoreHub({ db, url, till, password: `pw-${till}`, maxRetryMs: 300, ...more });
  hub.start();
  onTestFinished(() => hub.close());
  return hub;
}

export const tillUsers = (...tills: string[]) =>
  tills.map((till) => ({ user: till, password: `pw-${till}` }));
