// The disk's failures reach the screens as core sentences by key, with the same English the data
// layer writes (db/storage-failure.ts), so the CLI, the log and an English screen read alike.
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedTempDb } from '../../test/support/fixtures.ts';
import { storageFailure } from '../../db/storage-failure.ts';
import { asCoreError } from './error-mapping.ts';

const { db, file } = sharedTempDb('errors');
const dir = dirname(file);

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
