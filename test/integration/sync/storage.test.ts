// A disk that takes no more writes during a sync: the stock-item writer passes SQLite's code on, so
// the resource's failure names the data folder. The file size limit (util-linux prlimit on this test
// process) stands in for a full disk.
import { execFileSync } from 'node:child_process';
import { dirname } from 'node:path';
import { expect, it } from 'vitest';
import { failureOf } from '../../../main/sync/context.ts';
import { createStockWriter } from '../../../main/sync/writer.ts';
import { tempDb } from '../../support/fixtures.ts';

it('a refused write in the stock-item writer fails the page with its code, named as the data folder', async () => {
  const { db, file } = tempDb('sync');
  const writer = createStockWriter(db);
  const row = { id: 1, warehouseId: 1, productId: 1, productName: 'x'.repeat(4000) };
  const page = { rows: [row], mark: 1, syncedAt: new Date().toISOString(), cursor: '{}' };
  let failure: unknown;
  execFileSync('prlimit', ['--pid', String(process.pid), '--fsize=1024:unlimited']);
  try {
    await writer.write(page).catch((error: unknown) => (failure = error));
  } finally {
    execFileSync('prlimit', ['--pid', String(process.pid), '--fsize=unlimited:unlimited']);
  }
  expect((failure as { code?: unknown } | undefined)?.code).toMatch(/^SQLITE_(IOERR|FULL)/);
  const described = failureOf(failure, dirname(file));
  expect(described.kind).toBe('storage');
  expect(described.message).toContain(`Cannot write to the data folder ${dirname(file)}`);
  await writer.close().catch(() => undefined);
});
