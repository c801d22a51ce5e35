import type Database from 'better-sqlite3';

export interface Migration {
  /** Strictly increasing; the highest applied one is stored in PRAGMA user_version. */
  readonly version: number;
  readonly name: string;
  readonly up: string | ((db: Database.Database) => void);
}
