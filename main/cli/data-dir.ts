// The local data folder of the CLI (and of any headless use of the core): <dataDir>/counter.sqlite,
// created on first use and migrated by db/database.ts.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../db/database.ts';

export const DATABASE_FILE = 'counter.sqlite';

export function databasePath(config: { dataDir: string }): string {
  return join(config.dataDir, DATABASE_FILE);
}

export function openDataDir(config: { dataDir: string }): Db {
  mkdirSync(config.dataDir, { recursive: true });
  return openDatabase(databasePath(config));
}
