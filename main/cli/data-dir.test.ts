import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedTempDir } from '../../test/support/fixtures.ts';
import { schemaVersion } from '../../db/database.ts';
import { migrations } from '../../db/migrations/index.ts';
import { databasePath, openDataDir } from './data-dir.ts';

const root = sharedTempDir('datadir');

describe('openDataDir', () => {
  it('creates the folder and a migrated counter.sqlite in it, and reopens it', () => {
    const config = { dataDir: join(root, 'nested', 'data') };
    const db = openDataDir(config);
    try {
      expect(databasePath(config)).toBe(join(root, 'nested', 'data', 'counter.sqlite'));
      expect(existsSync(databasePath(config))).toBe(true);
      expect(schemaVersion(db)).toBe(migrations.at(-1)?.version);
      db.prepare("INSERT INTO setting (key, value) VALUES ('probe', 'kept')").run();
    } finally {
      db.close();
    }
    const again = openDataDir(config);
    try {
      expect(again.prepare("SELECT value FROM setting WHERE key = 'probe'").pluck().get()).toBe('kept');
    } finally {
      again.close();
    }
  });

  it('creates the folder 0700 and its databases (with their WAL files) 0600', () => {
    const config = { dataDir: join(root, 'private', 'data') };
    const db = openDataDir(config);
    try {
      db.prepare("INSERT INTO setting (key, value) VALUES ('probe', 'x')").run();
      expect(statSync(config.dataDir).mode & 0o777).toBe(0o700);
      const files = readdirSync(config.dataDir);
      expect(files).toEqual(
        expect.arrayContaining(['counter.sqlite', 'counter.catalog.sqlite', 'counter.sqlite-wal']),
      );
      for (const f of files) expect([f, statSync(join(config.dataDir, f)).mode & 0o777]).toEqual([f, 0o600]);
    } finally {
      db.close();
    }
  });
});
