// Cash counted in what can be paid, through the real counter on a real SQLite file: a cash sale
// settles against its total rounded to the till's cash step (CZK whole crowns, EUR 0.05 where Settings
// say so, none for 'none'), only a split's cash part is rounded, a card is charged the exact total; the
// rounding is kept as its own figure with the sale and read back by the receipt, the order's note and
// the X and Z reports.
import { minor } from '../../common/money.ts';
import { describe, expect, it } from 'vitest';
import { cashStep, type TenderInput } from '../../contract/contract.ts';
import { tempDbFile } from '../../test/support/fixtures.ts';
import { upsertStockItems } from '../../db/catalog/index.ts';
import { openDatabase, type Db } from '../../db/database.ts';
import { getShoppingSession } from '../../db/sessions.ts';
import { closeShift, currentReport, openShift } from '../shift/index.ts';
import { Counter, CounterError } from './counter.ts';
import { receiptOf } from './receipt.ts';
import { ScanResolver } from './resolve.ts';

const T0 = new Date('2026-03-14T08:00:00.000Z');

/** Goods whose prices end in haléře or cents: 706.17, 706.50, 12.32, 12.33. */
function till(name: string): Db {
  const db = openDatabase(tempDbFile(name));
  const item = (id: number, barcode: string, price: number) => ({
    id,
    warehouseId: 1,
    productId: 100 + id,
    barcode,
    productName: `Goods at ${price.toFixed(2)}`,
    price,
    vatRate: 21,
  });
  upsertStockItems(
    db,
    [
      item(1, 'P706-17', 706.17),
      item(2, 'P706-50', 706.5),
      item(3, 'P12-32', 12.32),
      item(4, 'P12-33', 12.33),
    ],
    { syncedAt: T0.toISOString(), mark: 1 },
  );
  return db;
}

/** A counter whose cash rounds as Settings' `rounding` makes it for `currency`. */
function counterOn(db: Db, step: number): Counter {
  return new Counter({
    db,
    resolver: new ScanResolver({ db }),
    warehouseId: () => 1,
    walkInCustomer: () => ({ companyId: 7, name: 'Walk-in' }),
    shiftPolicy: () => 'require',
    cashStep: () => minor(step),
    now: () => T0,
  });
}

const CZK = cashStep('currency', 'CZK');

async function sell(counter: Counter, code: string, tender: TenderInput) {
  const scanned = await counter.scan(code);
  expect(scanned.outcome.kind).toBe('product');
  return counter.close({ tender });
}

/** How the sale's payments were recorded for the reports, in minor units. */
function payments(db: Db, sessionId: number): unknown[] {
  return db
    .prepare(
      `SELECT method, amountMinor, givenMinor, changeMinor, roundingMinor FROM sale_payment
        WHERE sessionId = ? ORDER BY method`,
    )
    .all(sessionId);
}

function refusal(fn: () => unknown): CounterError {
  try {
    fn();
  } catch (error) {
    if (error instanceof CounterError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('cash counted in what can be paid', () => {
  it('settles a 706.17 Kč cash sale against 706 Kč: 706 given is enough, the rounding kept with the sale', async () => {
    const db = till('czk-down');
    openShift(db, 0, T0);
    const counter = counterOn(db, CZK);
    const closed = await sell(counter, 'P706-17', { method: 'cash', given: 706 });
    expect(closed.session.totals.total).toBe(706.17);
    expect(closed.session.tender).toEqual({
      parts: [{ method: 'cash', amount: 706, given: 706 }],
      change: 0,
      rounding: -0.17,
    });
    // Kept as settled: read back from the file, on its receipt, and as integer figures for the reports.
    expect(getShoppingSession(db, closed.session.id)?.tender).toEqual(closed.session.tender);
    expect(receiptOf(db, closed.order, counter).tender).toEqual(closed.session.tender);
    expect(payments(db, closed.session.id)).toEqual([
      { method: 'cash', amountMinor: 70600, givenMinor: 70600, changeMinor: 0, roundingMinor: -17 },
    ]);
    // The order's lines are priced as sold; the rounding is a payment matter, said in its note.
    expect(closed.order.payload.items).toEqual([{ productId: 101, quantity: 1, price: 706.17 }]);
    expect(closed.order.payload.note).toBe(
      `Counter session ${String(closed.session.id)}; paid in cash 706.00 (total 706.17 rounded by -0.17), 706.00 given, 0.00 change`,
    );
  });

  it('gives change in whole crowns, takes nothing typed as the rounded amount, refuses what is short of it', async () => {
    const db = till('czk-change');
    openShift(db, 0, T0);
    const counter = counterOn(db, CZK);
    const paidWith1000 = await sell(counter, 'P706-17', { method: 'cash', given: 1000 });
    expect(paidWith1000.session.tender).toMatchObject({ change: 294, rounding: -0.17 });
    const exact = await sell(counter, 'P706-17', { method: 'cash' });
    expect(exact.session.tender?.parts).toEqual([{ method: 'cash', amount: 706, given: 706 }]);
    await counter.scan('P706-17');
    const short = refusal(() => counter.close({ tender: { method: 'cash', given: 705.99 } }));
    expect(short.code).toBe('bad-tender');
    expect(short.message).toBe('The amount given (705.99) is less than the total (706.00).');
    expect(counter.current()?.state).toBe('open');
  });

  it('rounds 706.50 Kč up to 707 Kč: half a crown goes up', async () => {
    const db = till('czk-up');
    openShift(db, 0, T0);
    const counter = counterOn(db, CZK);
    await counter.scan('P706-50');
    expect(refusal(() => counter.close({ tender: { method: 'cash', given: 706.5 } })).message).toBe(
      'The amount given (706.50) is less than the total (707.00).',
    );
    const closed = counter.close({ tender: { method: 'cash', given: 1000 } });
    expect(closed.session.tender).toEqual({
      parts: [{ method: 'cash', amount: 707, given: 1000 }],
      change: 293,
      rounding: 0.5,
    });
    expect(payments(db, closed.session.id)).toEqual([
      { method: 'cash', amountMinor: 70700, givenMinor: 100000, changeMinor: 29300, roundingMinor: 50 },
    ]);
  });

  it('charges a card the exact total: no rounding, on its own or as the card part of a split', async () => {
    const db = till('czk-card');
    openShift(db, 0, T0);
    const counter = counterOn(db, CZK);
    const card = await sell(counter, 'P706-17', { method: 'card' });
    expect(card.session.tender).toEqual({ parts: [{ method: 'card', amount: 706.17 }], change: 0 });
    expect(payments(db, card.session.id)).toEqual([
      { method: 'card', amountMinor: 70617, givenMinor: 70617, changeMinor: 0, roundingMinor: 0 },
    ]);
    expect(card.order.payload.note).toBe(`Counter session ${String(card.session.id)}; paid by card`);

    // Split: the card 200.00 exactly, the rest 506.17 in cash rounded to 506, out of 600: 94 back.
    const split = await sell(counter, 'P706-17', { method: 'split', card: 200, given: 600 });
    expect(split.session.tender).toEqual({
      parts: [
        { method: 'card', amount: 200 },
        { method: 'cash', amount: 506, given: 600 },
      ],
      change: 94,
      rounding: -0.17,
    });
    expect(payments(db, split.session.id)).toEqual([
      { method: 'card', amountMinor: 20000, givenMinor: 20000, changeMinor: 0, roundingMinor: 0 },
      { method: 'cash', amountMinor: 50600, givenMinor: 60000, changeMinor: 9400, roundingMinor: -17 },
    ]);
    expect(split.order.payload.note).toContain(
      'paid by card 200.00 and in cash 506.00 (rest 506.17 rounded by -0.17), 600.00 given, 94.00 change',
    );
    // A card part that leaves less than the cash can pay (0.17 rounds to nothing) is refused.
    await counter.scan('P706-17');
    const nothingLeft = refusal(() => counter.close({ tender: { method: 'split', card: 706 } }));
    expect(nothingLeft.code).toBe('bad-tender');
    expect(nothingLeft.said).toEqual([
      { key: 'tenderSplitNoCash', values: { card: '706.00', rest: '0.17', total: '706.17' } },
    ]);
  });

  it('rounds euro cash to 0.05 where Settings say so; the currency alone leaves euro and "none" anything exact', async () => {
    const db = till('eur');
    openShift(db, 0, T0);
    const euro = counterOn(db, cashStep('0.05', 'EUR'));
    expect((await sell(euro, 'P12-32', { method: 'cash', given: 12.3 })).session.tender).toEqual({
      parts: [{ method: 'cash', amount: 12.3, given: 12.3 }],
      change: 0,
      rounding: -0.02,
    });
    expect((await sell(euro, 'P12-33', { method: 'cash', given: 20 })).session.tender).toEqual({
      parts: [{ method: 'cash', amount: 12.35, given: 20 }],
      change: 7.65,
      rounding: 0.02,
    });
    for (const step of [cashStep('currency', 'EUR'), cashStep('none', 'CZK')]) {
      const exact = await sell(counterOn(db, step), 'P706-17', { method: 'cash', given: 1000 });
      expect(exact.session.tender).toEqual({
        parts: [{ method: 'cash', amount: 706.17, given: 1000 }],
        change: 293.83,
      });
      expect(payments(db, exact.session.id)).toEqual([
        { method: 'cash', amountMinor: 70617, givenMinor: 100000, changeMinor: 29383, roundingMinor: 0 },
      ]);
    }
  });

  it('adds the rounding up on the X and Z reports: cash as taken, the drawer as it is', async () => {
    const db = till('report');
    openShift(db, 150000, T0);
    const counter = counterOn(db, CZK);
    await sell(counter, 'P706-17', { method: 'cash', given: 1000 }); // 706 taken, 294 back, -0.17
    await sell(counter, 'P706-50', { method: 'cash', given: 707 }); // 707 taken, +0.50
    await sell(counter, 'P706-17', { method: 'card' }); // 706.17 exact
    await sell(counter, 'P706-17', { method: 'split', card: 200, given: 506 }); // 506 in cash, -0.17
    const x = currentReport(db, T0);
    expect(x).toMatchObject({
      sales: { count: 4, gross: 2825.01 },
      // What each way of paying actually took: with the rounding they come to the sales' total.
      byMethod: { cash: 1919, card: 906.17 },
      rounding: 0.16,
      cashTaken: 2213,
      changeGiven: 294,
      // 1500 + 2213 - 294
      expectedCash: 3419,
    });
    const z = closeShift(db, { countedMinor: 341900, limitMinor: 0, approve: () => false }, T0);
    expect(z).toMatchObject({ kind: 'Z', rounding: 0.16, expectedCash: 3419, difference: 0 });
  });
});
