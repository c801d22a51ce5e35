// A sale closed by a Counter older than returns (migration 26: no sold_line was written when it
// closed) stays returnable after the upgraded app compacts it. Returns work such a sale's lines out
// from the sale's own lines; compaction drops those, so it must keep them as paid first.
//
// The folder is the one a version at migration 25 wrote (test/integration/core/data-v25, see
// money-migration.test.ts); its first sale (P1-000001, four lines with a card's 10 %, sent and
// acknowledged) is made a year old in the copy, as its times, so the app's own compaction takes it.
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { minor } from '../../../common/money.ts';
import { openDatabase } from '../../../db/database.ts';
import { compactOutboxOrder } from '../../../db/outbox.ts';
import { Core } from '../../../main/core/core.ts';
import { ReturnError, Returns } from '../../../main/returns/index.ts';
import { MemoryCredentialStore } from '../../../main/settings/credentials.ts';
import { tempDir } from '../../support/fixtures.ts';

const FIXTURE = join(import.meta.dirname, 'data-v25');
const A_YEAR_AGO = new Date(Date.now() - 365 * 86_400_000).toISOString();

function agedCopy(): string {
  const dir = tempDir('old-sale-returnable');
  for (const file of ['counter.sqlite', 'counter.catalog.sqlite'])
    cpSync(join(FIXTURE, file), join(dir, file));
  const db = new Database(join(dir, 'counter.sqlite'));
  try {
    expect(db.pragma('user_version', { simple: true })).toBe(25);
    db.prepare(
      `UPDATE outbox_order SET created_at = @t, updated_at = @t, instance_acknowledged_at = @t WHERE id = 1`,
    ).run({ t: A_YEAR_AGO });
    db.prepare('UPDATE order_acknowledged SET at = ? WHERE orderId = 1').run(A_YEAR_AGO);
  } finally {
    db.close();
  }
  return dir;
}

function compactedAt(file: string): unknown {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT compacted_at FROM outbox_order WHERE id = 1').pluck().get();
  } finally {
    db.close();
  }
}

describe('a sale closed before returns existed, in an upgraded folder', () => {
  it('can still be returned after the app compacts it: its lines as paid are kept', async () => {
    const dir = agedCopy();
    const file = join(dir, 'counter.sqlite');
    const core = await Core.create({
      dataDir: dir,
      credentials: new MemoryCredentialStore(),
      autoSync: false,
      compactionAfterStartMs: 0,
      log: () => undefined,
    });
    try {
      await expect.poll(() => compactedAt(file), { timeout: 60_000 }).not.toBeNull();
    } finally {
      await core.close();
    }
    const db = openDatabase(file);
    try {
      expect(db.prepare('SELECT count(*) FROM shopping_session_line WHERE sessionId = 1').pluck().get()).toBe(
        0,
      );
      const returns = new Returns({
        db,
        prefix: () => 'P1',
        cashStep: () => minor(100),
        limits: () => ({ amountMinor: 0, days: 0 }),
      });
      const sale = returns.find('P1-000001');
      expect(sale.lines.map((l) => [l.productId, l.quantityMilli, l.leftMilli])).toEqual([
        [61, 1_000_000, 1_000_000],
        [62, 1_000_000, 1_000_000],
        [63, 1235, 1235],
        [63, 6174, 6174],
      ]);
      // What the lines were paid comes to what the sale cost (335.77, as its receipt said).
      expect(sale.lines.reduce((sum, l) => sum + l.paidMinor, 0)).toBe(33577);
    } finally {
      db.close();
    }
  }, 120_000);

  it('compacted by a version before returns (its lines gone, none kept): says so, not that all came back', () => {
    const file = join(agedCopy(), 'counter.sqlite');
    const db = openDatabase(file);
    try {
      // What an older version's compaction did: the sale's lines dropped, nothing kept for returns.
      const later = new Date().toISOString();
      expect(compactOutboxOrder(db, 1, { olderThan: later, instanceOlderThan: later, throughId: 1 })).toBe(
        true,
      );
      const returns = new Returns({
        db,
        prefix: () => 'P1',
        cashStep: () => minor(100),
        limits: () => ({ amountMinor: 0, days: 0 }),
      });
      const refusal = (fn: () => unknown): unknown => {
        try {
          fn();
        } catch (error) {
          return error instanceof ReturnError ? [error.code, error.message] : error;
        }
        return 'not refused';
      };
      const notKept = [
        'lines-not-kept',
        expect.stringContaining('The lines of receipt "P1-000001" are no longer kept'),
      ];
      expect(refusal(() => returns.find('P1-000001'))).toEqual(notKept);
      expect(refusal(() => returns.make({ receipt: 'P1-000001' }))).toEqual(notKept);
    } finally {
      db.close();
    }
  });
});
