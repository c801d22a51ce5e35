// The disk's failures reach the screens as core sentences by key, with the same English the data
// layer writes (db/storage-failure.ts), so the CLI, the log and an English screen read alike.
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedTempDb } from '../../test/support/fixtures.ts';
import { storageFailure } from '../../db/storage-failure.ts';
import { asCoreError } from './error-mapping.ts';
import { ServiceError } from '../service/index.ts';

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

describe("the instance's failures in words", () => {
  it('says why the instance was out of reach by key, the system code as a value', () => {
    const refused = new ServiceError({
      kind: 'network',
      message: 'POST /api/x could not reach the service (ECONNREFUSED)',
      mayHaveReachedServer: false,
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }),
    });
    const error = asCoreError(refused, context);
    expect(error.code).toBe('offline');
    expect(error.said).toEqual([{ key: 'offline' }, { key: 'whyRefused', values: { code: 'ECONNREFUSED' } }]);
  });

  it("introduces the instance's own words as its, and keeps them as it wrote them", () => {
    const refused = new ServiceError({
      kind: 'http',
      status: 400,
      message: 'DELETE /api/x answered 400: Order has a delivery note',
      messages: ['Order has a delivery note'],
      mayHaveReachedServer: true,
    });
    const error = asCoreError(refused, context);
    expect(error.said).toEqual([
      { key: 'answeredStatus', values: { status: 400 } },
      { key: 'instanceSays', values: { text: 'Order has a delivery note' } },
    ]);
    expect(error.message).toBe('Order has a delivery note');
  });

  it('says an unexpected range error as a value not valid, its detail to the log only', () => {
    const lines: string[] = [];
    const error = asCoreError(new RangeError('Invalid time value'), {
      ...context,
      log: (l) => lines.push(l),
    });
    expect(error.said).toEqual([{ key: 'requestInvalid' }]);
    expect(lines.join('\n')).toContain('Invalid time value');
  });
});
