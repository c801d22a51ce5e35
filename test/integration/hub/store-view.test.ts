// The store's shift view from store_shift (migration 34), kept as events are written: this till's
// shift, cash and sales through its own tables' triggers, another till's through store_event once per
// (till, seq) however often the hub delivers it, a closed shift gone from the view and the next one
// shown; and a file with journals already written before migration 33 shows the same figures after it.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, writeTransaction, type Db } from '../../../db/database.ts';
import { applyStoreEvent, type JournalEvent } from '../../../db/journal.ts';
import { migrations } from '../../../db/migrations/index.ts';
import { storeShifts } from '../../../main/hub/index.ts';
import { tempDir } from '../../support/fixtures.ts';
import { cashIn, openShift, openTillDb, returnCash, sell } from '../../support/store-till.ts';

const hub = { set: true, connected: true };
const sale = (seq: number, shiftId: number, totalMinor: number, cashMinor: number): JournalEvent => ({
  seq,
  kind: 'sale',
  body: {
    orderId: seq,
    receipt: null,
    shiftId,
    totalMinor,
    state: 'queued',
    warehouseId: 1,
    lines: [{ productId: 1, quantity: 1 }],
    payments: [
      { method: 'card', amountMinor: totalMinor - cashMinor },
      { method: 'cash', amountMinor: cashMinor },
    ],
  },
});
const till2Events: JournalEvent[] = [
  { seq: 1, kind: 'shift-open', body: { shiftId: 4, floatMinor: 5_000 } },
  sale(2, 4, 3_000, 1_000),
  { seq: 3, kind: 'cash-move', body: { shiftId: 4, direction: 'out', amountMinor: 700 } },
  { seq: 4, kind: 'shift-close', body: { shiftId: 4 } },
  { seq: 5, kind: 'shift-open', body: { shiftId: 5, floatMinor: 2_000 } },
  sale(6, 5, 4_000, 4_000),
  { seq: 7, kind: 'return-refund', body: { shiftId: 5, method: 'cash', amountMinor: 500 } },
  { seq: 8, kind: 'cash-move', body: { shiftId: 5, direction: 'in', amountMinor: 300 } },
];
const till3Events: JournalEvent[] = [
  { seq: 1, kind: 'shift-open', body: { shiftId: 1, floatMinor: 0 } },
  sale(2, 1, 1_000, 1_000),
  { seq: 3, kind: 'shift-close', body: { shiftId: 1 } },
];

/** This till: a shift of 100.00, 20.00 paid in, two cash sales of 10.00 and 20.00, 10.00 paid back. */
function ownDay(db: Db): void {
  openShift(db, 10_000);
  cashIn(db, 2_000);
  sell(db, 1, 1);
  const order = sell(db, 2, 2);
  returnCash(db, order, 1);
}

function applyAll(db: Db, till: string, events: readonly JournalEvent[]): void {
  writeTransaction(db, () => {
    for (const event of events) applyStoreEvent(db, till, event, new Date());
  });
}

const expected = {
  hub: true,
  connected: true,
  tills: [
    {
      till: 'till1',
      self: true,
      shift: {
        id: 1,
        floatMinor: 10_000,
        sales: 2,
        salesMinor: 3_000,
        cashSalesMinor: 3_000,
        cashInMinor: 2_000,
        cashOutMinor: 0,
        cashRefundsMinor: 1_000,
        expectedCashMinor: 14_000,
      },
    },
    {
      till: 'till2',
      self: false,
      shift: {
        id: 5,
        floatMinor: 2_000,
        sales: 1,
        salesMinor: 4_000,
        cashSalesMinor: 4_000,
        cashInMinor: 300,
        cashOutMinor: 0,
        cashRefundsMinor: 500,
        expectedCashMinor: 5_800,
      },
    },
    { till: 'till3', self: false, shift: null },
  ],
  total: { sales: 3, salesMinor: 7_000, expectedCashMinor: 19_800, openShifts: 2 },
};

describe("the store's shift view", () => {
  it('is kept as events are written, a redelivery counted once', () => {
    const db = openTillDb('view');
    ownDay(db);
    applyAll(db, 'till2', till2Events);
    applyAll(db, 'till3', till3Events);
    // The hub delivers some of till 2's events again: nothing changes.
    applyAll(db, 'till2', till2Events.slice(4));
    expect(storeShifts(db, 'till1', hub)).toEqual(expected);
  });

  it('shows the same after migration 33 for journals written before it', () => {
    const file = join(tempDir('before-33'), 'counter.sqlite');
    const before = openDatabase(file, { migrations: migrations.filter((m) => m.version < 33) });
    // This till's events as the journal's triggers of migrations 27 and 30 wrote them (its tables'
    // rows need the catalog: its events are written here as those triggers write them).
    before
      .prepare(
        `INSERT INTO journal (kind, body) VALUES
           ('shift-open', '{"shiftId":1,"floatMinor":10000}'),
           ('cash-move', '{"shiftId":1,"direction":"in","amountMinor":2000}'),
           ('sale', ?), ('sale', ?),
           ('return-line', '{"returnId":1,"saleOrderId":2,"lineNo":0,"quantityMilli":1000,"refundMinor":1000}'),
           ('return-refund', '{"returnId":1,"shiftId":1,"method":"cash","amountMinor":1000}')`,
      )
      .run(JSON.stringify(sale(3, 1, 1_000, 1_000).body), JSON.stringify(sale(4, 1, 2_000, 2_000).body));
    applyAll(before, 'till2', till2Events);
    applyAll(before, 'till3', till3Events);
    before.close();
    const after = openDatabase(file);
    try {
      expect(storeShifts(after, 'till1', hub)).toEqual(expected);
    } finally {
      after.close();
    }
  });
});
