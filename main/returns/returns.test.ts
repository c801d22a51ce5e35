// Returns on a real SQLite file, through the real counter: what comes back is never more than was
// sold less what came back already (across a restart too), the refunds of a line add up exactly to
// what was paid for it (line discount and card-like discounts pro rata, a weighed line in part), a
// split sale refunds card first, cash rounds, the return numbers run without gaps, a sale whose
// lines were compacted can still be returned against, and the shift's report adds up each return's
// VAT as its receipt shows it.
import { describe, expect, it } from 'vitest';
import { tempDbFile } from '../../test/support/fixtures.ts';
import { upsertStockItems } from '../../db/catalog/index.ts';
import { openDatabase, type Db } from '../../db/database.ts';
import {
  claimForSending,
  compactOutboxOrder,
  insertOutboxOrder,
  recordOutboxOutcome,
} from '../../db/outbox.ts';
import { returnRefunds, setReturnRoute } from '../../db/returns.ts';
import { minor } from '../../common/money.ts';
import { Counter } from '../counter/counter.ts';
import { ScanResolver } from '../counter/resolve.ts';
import { closeShift, currentReport, openShift } from '../shift/index.ts';
import { soldHere } from '../outbox/index.ts';
import { ReturnError, Returns, returnOrderPayload, returnView } from './index.ts';

const T0 = new Date('2025-03-03T07:00:00.000Z');
const at = (minutes: number): Date => new Date(T0.getTime() + minutes * 60_000);

function till(name: string, file = tempDbFile(name)): { db: Db; file: string } {
  const db = openDatabase(file);
  upsertStockItems(
    db,
    [
      {
        id: 1,
        warehouseId: 1,
        productId: 11,
        barcode: 'CODE-A',
        productName: 'Bread',
        price: 10.1,
        vatRate: 21,
      },
      {
        id: 2,
        warehouseId: 1,
        productId: 12,
        barcode: 'CODE-B',
        productName: 'Bun',
        price: 0.35,
        vatRate: 12,
      },
      {
        id: 3,
        warehouseId: 1,
        productId: 13,
        barcode: 'CODE-C',
        productName: 'Cheese',
        price: 199.99,
        vatRate: 12,
        unitOfMeasure: 'kg',
      },
      {
        id: 4,
        warehouseId: 1,
        productId: 14,
        barcode: 'CODE-D',
        productName: 'Roll',
        price: 1,
        vatRate: 21,
      },
    ],
    { syncedAt: T0.toISOString(), mark: 1 },
  );
  return { db, file };
}

function counterOn(db: Db, now: () => Date = () => T0): Counter {
  return new Counter({
    db,
    resolver: new ScanResolver({ db }),
    warehouseId: () => 1,
    walkInCustomer: () => ({ companyId: 7, name: 'Walk-in' }),
    receipts: () => ({ prefix: 'P1', seller: null }),
    cashStep: () => minor(100),
    now,
  });
}

function returnsOn(
  db: Db,
  now: () => Date = () => at(60 * 24),
  limits = { amountMinor: 0, days: 0 },
): Returns {
  return new Returns({ db, now, prefix: () => 'P1', cashStep: () => minor(100), limits: () => limits });
}

function refused(fn: () => unknown): ReturnError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ReturnError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('returns', () => {
  it('takes back no more than was sold less what came back, and the refunds of a line add up to what was paid', async () => {
    const { db } = till('quantities');
    const counter = counterOn(db);
    const scan = await counter.scan('CODE-A');
    expect(scan.outcome.kind).toBe('product');
    const lineId = counter.current()?.lines[0]?.id ?? 0;
    counter.setQuantity(lineId, 3);
    // 3 x 10.10 = 30.30, less 7 %: 2.12 off, 28.18 paid.
    counter.adjustLine(lineId, { kind: 'percent', value: 7 }, 'till');
    await counter.scan('CODE-B');
    const { session } = counter.close({ tender: { method: 'cash', given: 100 } });
    expect(session.totals.total).toBe(28.53);

    const returns = returnsOn(db);
    const sale = returns.find('P1-000001');
    expect(sale.lines.map((l) => [l.name, l.quantityMilli, l.paidMinor])).toEqual([
      ['Bread', 3000, 2818],
      ['Bun', 1000, 35],
    ]);
    const first = returns.make({ receipt: 'P1-000001', items: [{ productId: 11, quantity: 1 }] });
    expect(first.number).toBe('P1-V000001');
    // 28.18 / 3 = 9.393.. -> 9.39; the cash part rounds to whole crowns: 9 Kč out of the drawer.
    expect(first.row.refundMinor).toBe(939);
    expect(returnRefunds(db, first.row.id)).toEqual([
      { method: 'cash', amountMinor: 900, roundingMinor: -39 },
    ]);

    const tooMuch = refused(() => returns.make({ receipt: 'p1-1', items: [{ productId: 11, quantity: 3 }] }));
    expect(tooMuch.code).toBe('too-much');
    expect(tooMuch.message).toBe(
      'Only 2 of Bread can come back: 3 were sold and the rest came back already.',
    );
    const second = returns.make({ receipt: sale.reference, items: [{ productId: 11, quantity: 2 }] });
    expect(second.number).toBe('P1-V000002');
    // The rest of what was paid for the line, exactly: 28.18 - 9.39.
    expect(second.row.refundMinor).toBe(1879);
    expect(
      refused(() => returns.make({ receipt: 'P1-000001', items: [{ productId: 11, quantity: 1 }] })).code,
    ).toBe('too-much');
    // A refused return used no number: the next one is V000003.
    expect(returns.make({ receipt: 'P1-000001' }).number).toBe('P1-V000003');
    expect(refused(() => returns.make({ receipt: 'P1-000001' })).code).toBe('nothing-left');
    expect(refused(() => returns.find('P1-000002')).code).toBe('unknown-receipt');
  });

  it('keeps what came back across a restart', async () => {
    const { db, file } = till('restart');
    const counter = counterOn(db);
    await counter.scan('CODE-A');
    await counter.scan('CODE-A');
    counter.close({ tender: { method: 'card' } });
    returnsOn(db).make({ receipt: 'P1-000001', items: [{ productId: 11, quantity: 1 }] });
    db.close();
    const again = openDatabase(file);
    const returns = returnsOn(again);
    expect(returns.find('P1-000001').lines[0]).toMatchObject({ returnedMilli: 1000, leftMilli: 1000 });
    expect(
      refused(() => returns.make({ receipt: 'P1-000001', items: [{ productId: 11, quantity: 2 }] })).code,
    ).toBe('too-much');
    again.close();
  });

  it('takes a weighed line back in part, and its parts add up to what it cost', () => {
    const { db } = till('weighed');
    const counter = counterOn(db);
    counter.addStockItem(3, 0.347);
    counter.close({ tender: { method: 'card' } });
    const returns = returnsOn(db);
    // 199.99 x 0.347 = 69.39653 -> 69.40
    expect(returns.find('P1-000001').lines[0]?.paidMinor).toBe(6940);
    const part = returns.make({ receipt: 'P1-000001', items: [{ productId: 13, quantity: 0.1 }] });
    expect(part.row.refundMinor).toBe(2000); // 69.40 x 0.1 / 0.347 = 19.999.. -> 20.00
    expect(returnRefunds(db, part.row.id)).toEqual([{ method: 'card', amountMinor: 2000, roundingMinor: 0 }]);
    const rest = returns.make({ receipt: 'P1-000001' });
    expect(rest.row.refundMinor).toBe(4940);
    expect(
      refused(() => returns.make({ receipt: 'P1-000001', items: [{ productId: 13, quantity: 0.0001 }] }))
        .code,
    ).toBe('quantity');
  });

  it('never refunds a weighed part above its weight at the price sold: the cent the sale rounded up stays', () => {
    const { db } = till('weighed-cent');
    upsertStockItems(
      db,
      [
        {
          id: 5,
          warehouseId: 1,
          productId: 15,
          barcode: 'CODE-E',
          productName: 'Ham',
          price: 39.9,
          vatRate: 12,
          unitOfMeasure: 'kg',
        },
      ],
      { syncedAt: T0.toISOString(), mark: 1 },
    );
    const counter = counterOn(db);
    counter.addStockItem(5, 0.108);
    const { order } = counter.close({ tender: { method: 'card' } });
    const returns = returnsOn(db);
    // 39.90 x 0.108 = 4.3092 -> 4.31 paid.
    expect(returns.find('P1-000001').lines[0]?.paidMinor).toBe(431);
    // 0.053 kg is 4.31 x 0.053 / 0.108 = 2.115 -> 2.12 of what was paid, but 39.90 x 0.053 = 2.1147 ->
    // 2.11 at the price sold: the instance books 2.11 for it, so 2.11 comes back.
    const part = returns.make({ receipt: 'P1-000001', items: [{ productId: 15, quantity: 0.053 }] });
    expect(part.row.refundMinor).toBe(211);
    expect(returnOrderPayload(db, part.row, order).items).toEqual([
      { productId: 15, quantity: -0.053, price: 39.9 },
    ]);
    const rest = returns.make({ receipt: 'P1-000001' });
    expect(rest.row.refundMinor).toBe(219); // 4.31 - 2.12, and 39.90 x 0.055 = 2.1945 -> 2.19
    expect(returnOrderPayload(db, rest.row, order).items).toEqual([
      { productId: 15, quantity: -0.055, price: 39.9 },
    ]);
  });

  it('refunds a split sale to the card first, up to its part, and the rest in cash', async () => {
    const { db } = till('split');
    const counter = counterOn(db);
    for (const code of ['CODE-A', 'CODE-A', 'CODE-A', 'CODE-B']) await counter.scan(code);
    // 30.65: 20 on the card, 10.65 -> 11 Kč cash.
    counter.close({ tender: { method: 'split', card: 20, given: 11 } });
    const returns = returnsOn(db);
    const one = returns.make({ receipt: 'P1-000001', items: [{ productId: 11, quantity: 1 }] });
    expect(returnRefunds(db, one.row.id)).toEqual([{ method: 'card', amountMinor: 1010, roundingMinor: 0 }]);
    const two = returns.make({ receipt: 'P1-000001', items: [{ productId: 11, quantity: 2 }] });
    // 9.90 left on the card, 10.30 in cash rounded to 10 Kč.
    expect(returnRefunds(db, two.row.id)).toEqual([
      { method: 'card', amountMinor: 990, roundingMinor: 0 },
      { method: 'cash', amountMinor: 1000, roundingMinor: -30 },
    ]);
  });

  it('asks the manager beyond the limits, and for cash out for a card sale', async () => {
    const { db } = till('limits');
    const counter = counterOn(db);
    await counter.scan('CODE-C');
    counter.close({ tender: { method: 'card' } });
    const returns = returnsOn(db, () => at(60 * 24 * 40), { amountMinor: 10000, days: 30 });
    const asked: string[] = [];
    const no = refused(() =>
      returns.make({
        receipt: 'P1-000001',
        tender: 'cash',
        approve: (reasons) => {
          asked.push(...reasons.map((r) => r.kind));
          return false;
        },
      }),
    );
    expect(no.code).toBe('approval');
    expect(asked).toEqual(['amount', 'days', 'tender']);
    const yes = returns.make({ receipt: 'P1-000001', tender: 'cash', approve: () => true });
    expect(yes.row.managerApproved).toBe(true);
    expect(returnRefunds(db, yes.row.id)).toEqual([{ method: 'cash', amountMinor: 20000, roundingMinor: 1 }]);
  });

  it('returns against a sale whose lines were compacted, from the lines kept for returns', async () => {
    const { db } = till('compacted');
    const counter = counterOn(db, () => at(1));
    openShift(db, 0, T0);
    await counter.scan('CODE-A');
    const { order } = counter.close({ tender: { method: 'card' } });
    recordOutboxOutcome(db, order.id, ['queued'], { state: 'sent', remoteId: 9 }, at(2));
    closeShift(db, { countedMinor: 0, limitMinor: 0, approve: () => false }, at(3));
    const later = at(60 * 24 * 365).toISOString();
    expect(
      compactOutboxOrder(db, order.id, { olderThan: later, instanceOlderThan: later, throughId: order.id }),
    ).toBe(true);
    expect(db.prepare('SELECT count(*) FROM shopping_session_line').pluck().get()).toBe(0);
    const made = returnsOn(db).make({ receipt: 'P1-000001' });
    expect(made.row.refundMinor).toBe(1010);
  });

  it('shows in the X report (count, gross, VAT, tender, cashier), takes the cash refunded off the expected cash, and adds the goods back to stock', async () => {
    const { db } = till('report');
    const counter = counterOn(db, () => at(1));
    openShift(db, 50000, T0);
    for (const code of ['CODE-A', 'CODE-A', 'CODE-B']) await counter.scan(code);
    counter.close({ tender: { method: 'cash', given: 100 } });
    // 20.55 in cash rounds to 21 Kč: 500 + 21 in the drawer.
    expect(currentReport(db, at(2))?.expectedCash).toBe(521);
    const asOf = at(1).toISOString();
    const before = soldHere(db, [{ stockItemId: 1, productId: 11, warehouseId: 1, asOf }]).get(1);
    const made = returnsOn(db, () => at(3)).make({
      receipt: 'P1-000001',
      items: [{ productId: 11, quantity: 1 }],
    });
    const x = currentReport(db, at(4));
    expect(x?.returns).toEqual({
      count: 1,
      gross: 10.1,
      byVatRate: [{ vatRate: 21, base: 8.35, vat: 1.75, gross: 10.1 }],
      byMethod: { cash: 10 },
      rounding: -0.1,
      byCashier: [{ cashierId: null, count: 1, gross: 10.1 }],
      list: [
        {
          id: made.row.id,
          number: 'P1-V000001',
          receipt: 'P1-000001',
          createdAt: at(3).toISOString(),
          total: 10.1,
          state: 'queued',
        },
      ],
    });
    expect(x?.expectedCash).toBe(511);
    const after = soldHere(db, [{ stockItemId: 1, productId: 11, warehouseId: 1, asOf }]).get(1);
    expect([before, after]).toEqual([2, 1]);
  });

  it("adds up each return's VAT as its receipt shows it in the Z report, not the VAT of the shift's summed refunds", async () => {
    const { db } = till('return-vat');
    const counter = counterOn(db, () => at(1));
    openShift(db, 0, T0);
    await counter.scan('CODE-D');
    await counter.scan('CODE-D');
    counter.close({ tender: { method: 'card' } });
    const returns = returnsOn(db, () => at(3));
    const made = [1, 2].map(() =>
      returns.make({ receipt: 'P1-000001', items: [{ productId: 14, quantity: 1 }] }),
    );
    // 1.00 at 21 %: 1.00 x 21 / 121 = 0.1735.. -> 0.17 on each return's receipt.
    expect(made.map((m) => returnView(db, m.row.id)?.byVatRate)).toEqual([
      [{ vatRate: 21, base: 0.83, vat: 0.17, gross: 1 }],
      [{ vatRate: 21, base: 0.83, vat: 0.17, gross: 1 }],
    ]);
    // The Z report: 0.17 + 0.17 = 0.34, as the two receipts say (2.00 x 21 / 121 would be 0.35).
    const z = closeShift(db, { countedMinor: 0, limitMinor: 0, approve: () => false }, at(4));
    expect(z.returns).toMatchObject({
      count: 2,
      gross: 2,
      byVatRate: [{ vatRate: 21, base: 1.66, vat: 0.34, gross: 2 }],
    });
  });

  it('counts a returned line no VAT rate is known for at 0 %, on the receipt as in the report, so its VAT table adds up to its gross', async () => {
    const { db } = till('return-no-rate');
    const counter = counterOn(db, () => at(1));
    openShift(db, 0, T0);
    await counter.scan('CODE-A');
    await counter.scan('CODE-B');
    const { session } = counter.close({ tender: { method: 'card' } });
    const made = returnsOn(db, () => at(3)).make({ receipt: 'P1-000001' });
    // The Bun's sold line is no longer on the file: nothing says its rate.
    const gone = db
      .prepare('DELETE FROM sold_line WHERE sessionId = ? AND name = ?')
      .run(session.id, 'Bun').changes;
    expect(gone).toBe(1);
    const receipt = returnView(db, made.row.id);
    expect(receipt?.lines.map((l) => [l.name, l.vatRate, l.amount])).toEqual([
      ['Bread', 21, 10.1],
      ['', 0, 0.35],
    ]);
    const table = [
      { vatRate: 0, base: 0.35, vat: 0, gross: 0.35 },
      { vatRate: 21, base: 8.35, vat: 1.75, gross: 10.1 },
    ];
    expect(receipt?.byVatRate).toEqual(table);
    const x = currentReport(db, at(4));
    expect(x?.returns).toMatchObject({ count: 1, gross: 10.45, byVatRate: table });
  });

  it("says a document in doubt is in doubt while a pass settles it, on the Returns screen as in the shift's report", async () => {
    const { db } = till('settling-document');
    const counter = counterOn(db, () => at(1));
    openShift(db, 50000, T0);
    await counter.scan('CODE-A');
    counter.close({ tender: { method: 'cash', given: 100 } });
    const made = returnsOn(db, () => at(3)).make({ receipt: 'P1-000001' });
    // Its document (a negative order) went and its answer never came: in doubt. Then a pass takes it
    // to settle it (stored `sending`, taken from in doubt): until the pass stores what it found, a
    // manager still has it to settle, and every screen says so alike.
    const document = insertOutboxOrder(db, {
      customerId: 7,
      warehouseId: 1,
      items: [{ productId: 11, quantity: -1 }],
    });
    setReturnRoute(db, made.row.id, {
      route: 'negative-order',
      state: 'document',
      documentOrderId: document.id,
    });
    expect(claimForSending(db, document.id, ['queued'])).toBe(true);
    recordOutboxOutcome(db, document.id, ['sending'], { state: 'in-doubt' });
    const shown = () => [
      returnView(db, made.row.id)?.state,
      currentReport(db, at(4))?.returns?.list.find((r) => r.id === made.row.id)?.state,
    ];
    expect(shown()).toEqual(['in-doubt', 'in-doubt']);
    expect(claimForSending(db, document.id, ['in-doubt'])).toBe(true);
    expect(shown()).toEqual(['in-doubt', 'in-doubt']);
    recordOutboxOutcome(db, document.id, ['sending'], { state: 'sent' });
    expect(shown()).toEqual(['sent', 'sent']);
  });
});
