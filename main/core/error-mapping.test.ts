// The disk's failures reach the screens as core sentences by key, with the same English the data
// layer writes (db/storage-failure.ts), so the CLI, the log and an English screen read alike.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { storageFailure } from '../../db/storage-failure.ts';
import { asCoreError } from './error-mapping.ts';

const dir = mkdtempSync(join(tmpdir(), 'counter-errors-'));
const db = openDatabase(join(dir, 'counter.sqlite'));
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const context = {
  channel: 'session.close',
  db: () => db,
  reportOffline: () => undefined,
  log: () => undefined,
};
const coded = (code: string): Error => Object.assign(new Error('disk I/O error'), { code });

describe('asCoreError', () => {
  it.each([
    ['SQLITE_FULL', 'storageFull'],
    ['EROFS', 'storageReadOnly'],
    ['SQLITE_IOERR_WRITE', 'storageIo'],
  ])('says a %s by key (%s), in the data layer’s English', (code, key) => {
    const error = asCoreError(coded(code), context);
    expect(error.code).toBe('failed');
    expect(error.said).toEqual([{ key, values: { folder: dir, code } }]);
    expect(error.message).toBe(storageFailure(coded(code), dir)?.message);
  });
});
