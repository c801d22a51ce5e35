// An exchange (issue 37, point 4) through the app's core against the sim over HTTP: a sale of two
// of a product; the next visit the customer brings one back and takes another product instead. The
// return and the new sale are settled together by returns.exchange: the customer pays only the
// difference by one tender (cash, then card), the return names the new sale's order, both documents
// are on the books (the new sale's order on the instance, the return on its route), and the shift's
// report counts the sale in sales and the return in returns while its expected cash moves by the
// difference only.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../support/fixtures.ts';
import { startSyncedCore, type SyncedCore } from '../../support/synced-core.ts';
import { SELLS_PLAINLY } from '../../support/terminal.ts';
import type {
  OutboxEntryView,
  ReturnExchangeView,
  ReturnView,
  ShiftStateView,
} from '../../../contract/contract.ts';
import { openDatabase } from '../../../db/database.ts';

let till: SyncedCore | undefined;
afterEach(async () => {
  await till?.close();
  till = undefined;
});

interface Report {
  sales: { count: number; gross: number };
  expectedCash: number;
  returns?: { count: number; gross: number; byMethod: Record<string, number> };
  byMethod: Record<string, number>;
}

async function report(t: SyncedCore): Promise<Report> {
  const state = (await t.call('shift.current', {})) as ShiftStateView;
  if (state.open === null) throw new Error(`no open shift: ${JSON.stringify(state)}`);
  return state.open;
}

async function start(name: string) {
  const dataDir = tempDir(`returns-${name}`);
  till = await startSyncedCore({ dataDir });
  await till.call('settings.set', { priceCurrency: 'CZK' });
  const db = openDatabase(join(dataDir, 'counter.sqlite'));
  const items = db
    .prepare(
      `SELECT id, productId, price FROM stock_item WHERE warehouseId = 1 AND ${SELLS_PLAINLY} AND price < 1000
        ORDER BY id LIMIT 2`,
    )
    .all() as { id: number; productId: number; price: number }[];
  db.close();
  return { t: till, items };
}

describe('an exchange', () => {
  it.each(['cash', 'card'] as const)(
    'settles a return and a new sale together: the difference paid by %s, both documents linked',
    async (pays) => {
      const { t, items } = await start(`exchange-${pays}`);
      const [a, b] = items;
      if (a === undefined || b === undefined) throw new Error('two products');
      await t.call('session.addStockItem', { stockItemId: a.id, quantity: 2 });
      const first = (await t.call('session.close', { tender: { method: 'cash' } })) as {
        order: OutboxEntryView;
      };
      const sold = await t.settled(first.order.id);
      const before = await report(t);

      // The next visit: the new sale on the counter, then one of the first sale's product back.
      await t.call('session.addStockItem', { stockItemId: b.id, quantity: 3 });
      const refused = await t.refusal('returns.exchange', {
        receipt: sold.receiptNumber,
        lines: [{ lineNo: 0, quantity: 5 }],
        pays,
      });
      expect(refused.code).toBe('rejected');
      const done = (await t.call('returns.exchange', {
        receipt: sold.receiptNumber,
        lines: [{ lineNo: 0, quantity: 1 }],
        pays,
      })) as ReturnExchangeView;
      expect(done.credit).toBeGreaterThan(0);
      expect(done.pays).toBe(pays);
      // What the customer pays is the difference only (cash: the sale's total rounded to whole crowns).
      const saleDue = pays === 'cash' ? Math.round(done.saleTotal) : done.saleTotal;
      expect(done.difference).toBeCloseTo(saleDue - done.credit, 2);

      const sale = await t.settled(done.orderId);
      expect(sale.state).toBe('sent');
      const ret = (await t.call('returns.get', { id: done.return.id })) as ReturnView & {
        exchangeReceipt?: string;
      };
      expect(ret.receipt).toBe(sold.receiptNumber);
      expect(ret.exchangeReceipt).toBe(sale.receiptNumber);
      expect(ret.refund).toEqual({ cash: done.credit });
      // Each receipt names the other.
      const saleReceipt = (await t.call('receipt.get', { id: done.orderId })) as {
        exchange?: { number: string; credit: number };
      };
      expect(saleReceipt.exchange).toEqual({ number: ret.number, credit: done.credit });
      // A second exchange has no sale on the counter.
      expect(
        (
          await t.refusal('returns.exchange', {
            receipt: sold.receiptNumber,
            lines: [{ lineNo: 0, quantity: 1 }],
          })
        ).code,
      ).toBe('rejected');

      const after = await report(t);
      expect(after.sales.count).toBe(before.sales.count + 1);
      expect(after.sales.gross).toBeCloseTo(before.sales.gross + done.saleTotal, 2);
      expect(after.returns?.count).toBe(1);
      expect(after.returns?.gross).toBeCloseTo(done.return.total, 2);
      // The drawer: only the difference moved (by card, nothing).
      const moved = pays === 'cash' ? done.difference : 0;
      expect(after.expectedCash).toBeCloseTo(before.expectedCash + moved, 2);
      expect(after.byMethod['card'] ?? 0).toBeCloseTo(
        (before.byMethod['card'] ?? 0) + (pays === 'card' ? done.difference : 0),
        2,
      );
    },
    180_000,
  );
});
