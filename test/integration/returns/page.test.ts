// Orders' returns a page at a time (returns.page) through the app's core over a real SQLite file: a
// till with 250 returns and more (one made on screen against a sale, the rest stored in its file,
// many sharing a timestamp and their ids not in time order) pages through every return exactly once,
// newest first with ties broken by id; each page is one statement, whatever its length; the input is
// checked at the boundary.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedTempDir } from '../../support/fixtures.ts';
import { sellTwoInCash, startSyncedCore, type SyncedCore } from '../../support/synced-core.ts';
import type { ReturnSaleView, ReturnView, ReturnsPageView } from '../../../contract/contract.ts';
import { openDatabase } from '../../../db/database.ts';
import { insertReturn, returnListings } from '../../../db/returns.ts';

const STORED = 250;
let till: SyncedCore;
let file: string;

beforeAll(async () => {
  const dataDir = sharedTempDir('returns-page');
  file = join(dataDir, 'counter.sqlite');
  till = await startSyncedCore({ dataDir, sim: { size: 'small', negativeOrderQuantities: true } });
  const order = await sellTwoInCash(till, dataDir);
  const sale = (await till.call('returns.find', { text: order.receiptNumber })) as ReturnSaleView;
  const line = sale.lines[0];
  if (line === undefined) throw new Error('the sale has no line');
  await till.call('returns.make', {
    receipt: order.receiptNumber,
    lines: [{ lineNo: line.lineNo, quantity: 1 }],
  });
  // Stored in the till's file as a return without a receipt is: seven share each second, and each
  // second's returns are written in turn across the seconds (ids do not follow the time).
  const db = openDatabase(file);
  try {
    db.transaction(() => {
      for (let i = 0; i < STORED; i++) {
        const second = (i * 37) % Math.ceil(STORED / 7);
        insertReturn(db, {
          prefix: 'P1',
          saleSessionId: null,
          saleOrderId: null,
          createdAt: new Date(Date.UTC(2023, 0, 1, 0, 0, second)).toISOString(),
          shiftId: null,
          cashierId: null,
          refundMinor: 100 + i,
          managerApproved: true,
          clientReference: `page-${i}`,
          lines: [{ lineNo: 1, quantityMilli: 1000, refundMinor: 100 + i }],
          refunds: [{ method: 'cash', amountMinor: 100 + i, roundingMinor: 0 }],
          items: [
            {
              lineNo: 1,
              productId: 1,
              productCode: null,
              name: `Zboží ${i}`,
              kind: 'unit',
              unitOfMeasure: 'ks',
              vatRate: 21,
              unitPrice: (100 + i) / 100,
              warehouseId: 1,
              customerId: null,
            },
          ],
        });
      }
    })();
  } finally {
    db.close();
  }
}, 240_000);

afterAll(() => till.close());

/** Every return's id as the file orders them: newest first, ties by id. */
function expectedOrder(): number[] {
  const db = openDatabase(file);
  try {
    return db
      .prepare('SELECT id FROM till_return ORDER BY createdAt DESC, id DESC')
      .pluck()
      .all() as number[];
  } finally {
    db.close();
  }
}

/**
 * A view less what its document's outbox pass may change between two reads (the return made on
 * screen is being sent while the test reads it): the rest must read the same each time.
 */
function settled(view: ReturnView | undefined): Partial<ReturnView> | undefined {
  if (view === undefined) return undefined;
  const moving = new Set(['state', 'route', 'documentOrderId', 'note']);
  return Object.fromEntries(Object.entries(view).filter(([key]) => !moving.has(key)));
}

describe('returns.page', () => {
  it('pages cover every return exactly once, newest first with ties broken by id', async () => {
    const expected = expectedOrder();
    expect(expected).toHaveLength(STORED + 1);
    const seen: ReturnView[] = [];
    let before: ReturnsPageView['next'];
    let pages = 0;
    do {
      const page = (await till.call('returns.page', {
        limit: 20,
        ...(before === undefined ? {} : { before }),
      })) as ReturnsPageView;
      expect(page.entries.length).toBeLessThanOrEqual(20);
      seen.push(...page.entries);
      before = page.next;
      pages++;
    } while (before !== undefined && pages < 100);
    expect(pages).toBe(Math.ceil((STORED + 1) / 20));
    expect(seen.map((r) => r.id)).toEqual(expected);
    // The one made on screen keeps what its view said of its sale.
    const made = seen.find((r) => r.withoutReceipt !== true);
    expect(made?.receipt).toMatch(/^P1-\d{6}$/);
    expect(settled(made)).toEqual(settled((await till.call('returns.get', { id: made?.id })) as ReturnView));
    // The default page is the screen's 50; the whole list (for tools) is the same order.
    const first = ((await till.call('returns.page', {})) as ReturnsPageView).entries;
    expect(first.map(settled)).toEqual(seen.slice(0, 50).map(settled));
    expect(((await till.call('returns.list', {})) as ReturnView[]).map((r) => r.id)).toEqual(expected);
  });

  it('reads a page in one statement, whatever its length', () => {
    const statements: string[] = [];
    const db = new Database(file, { readonly: true, verbose: (sql) => statements.push(String(sql)) });
    try {
      for (const limit of [1, 20, 200]) {
        statements.length = 0;
        const page = returnListings(db, { limit });
        expect(page).toHaveLength(limit);
        const last = page.at(-1);
        if (last === undefined) throw new Error('no page');
        expect(statements).toHaveLength(1);
        statements.length = 0;
        returnListings(db, { limit, before: { createdAt: last.createdAt, id: last.id } });
        expect(statements).toHaveLength(1);
      }
      // The page's own statement walks the index from its cursor: no sort of every return, no scan.
      statements.length = 0;
      returnListings(db, { limit: 20, before: { createdAt: '2023-01-01T00:00:10.000Z', id: 1 } });
      const [sql] = statements;
      const plan = db
        .prepare(`EXPLAIN QUERY PLAN ${sql ?? ''}`)
        .all({ limit: 20, createdAt: '2023-01-01T00:00:10.000Z', id: 1 }) as { detail: string }[];
      const said = plan.map((p) => p.detail).join('\n');
      expect(said).toMatch(/SEARCH r USING INDEX till_return_created/);
      expect(said).not.toMatch(/TEMP B-TREE/);
    } finally {
      db.close();
    }
  });

  it('refuses a page asked wrong at the boundary', async () => {
    expect(((await till.call('returns.page', { limit: 1 })) as ReturnsPageView).entries).toHaveLength(1);
    for (const input of [
      { limit: 0 },
      { limit: 201 },
      { before: { createdAt: '2023-01-01T00:00:00.000Z' } },
      { before: { createdAt: '2023-01-01T00:00:00.000Z', id: 'x' } },
      { cursor: 'x' },
    ])
      expect((await till.refusal('returns.page', input)).code, JSON.stringify(input)).toBe('invalid-input');
  });
});
