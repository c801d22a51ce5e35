// The disk's failures as one message naming the data folder; other errors are left alone.
import { describe, expect, it } from 'vitest';
import { storageFailure, StorageError } from './storage-failure.ts';

const coded = (code: string): Error => Object.assign(new Error('disk I/O error'), { code });

describe('storageFailure', () => {
  it.each([
    ['SQLITE_FULL', 'full'],
    ['ENOSPC', 'full'],
    ['SQLITE_READONLY', 'read-only'],
    ['SQLITE_READONLY_DBMOVED', 'read-only'],
    ['SQLITE_CANTOPEN', 'read-only'],
    ['EROFS', 'read-only'],
    ['EACCES', 'read-only'],
    ['SQLITE_IOERR_WRITE', 'io'],
    ['SQLITE_IOERR_SHMSIZE', 'io'],
    ['EFBIG', 'io'],
  ])('%s is a %s data folder, named in the message with what to do', (code, kind) => {
    const failure = storageFailure(coded(code), '/srv/counter');
    expect(failure).toBeInstanceOf(StorageError);
    expect(failure).toMatchObject({ kind, code, folder: '/srv/counter' });
    expect(failure?.message).toMatch(/^Cannot write to the data folder \/srv\/counter: /);
    expect(failure?.message).toContain(code);
    expect(failure?.message).toContain('then try again');
  });

  it('leaves every other error alone', () => {
    for (const error of [
      coded('SQLITE_CONSTRAINT_UNIQUE'),
      coded('ECONNRESET'),
      new Error('x'),
      'text',
      null,
    ]) {
      expect(storageFailure(error, '/srv/counter')).toBeUndefined();
    }
  });
});
