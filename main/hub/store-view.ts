// The store's shift view, from the journals: this till's own and the others' as the hub delivered
// them. Each till's open shift is its last shift opened and not closed; its sales, cash paid in and
// out and the float give the cash its drawer should hold. The figures are kept per shift in
// store_shift as the events are written (migration 33's triggers), so a call reads a row per shift,
// not every event the store ever journaled. No clock is read: a till's figures are as its last event
// here says.
import type { StoreShiftView, StoreTillShiftView } from '../../contract/contract.ts';
import type { Db } from '../../db/database.ts';
import { openStoreShifts } from '../../db/journal.ts';
import { minor, sumMinor } from '../../common/money.ts';

type Shift = NonNullable<StoreTillShiftView['shift']>;

/** Every till's open shift: this till (named `self`, or 'this till' before it has a name) first. */
export function storeShifts(db: Db, self: string, hub: { set: boolean; connected: boolean }): StoreShiftView {
  const latest = new Map<string, Shift | null>([[self, null]]);
  for (const row of openStoreShifts(db)) {
    const till = row.till === '' ? self : row.till;
    const known = latest.get(till) ?? null;
    const id = row.shiftId;
    // A till has one shift open at a time: the highest number is its latest.
    if (id === null) latest.set(till, known);
    else if (known === null || id > known.id) latest.set(till, withExpected({ ...row, shiftId: id }));
  }
  const tills: StoreTillShiftView[] = [...latest.entries()]
    .map(([till, shift]) => ({ till, self: till === self, shift }))
    .sort((a, b) => (a.self === b.self ? a.till.localeCompare(b.till) : a.self ? -1 : 1));
  const openShifts = tills.flatMap((t) => (t.shift === null ? [] : [t.shift]));
  return {
    hub: hub.set,
    connected: hub.connected,
    tills,
    total: {
      sales: openShifts.reduce((sum, s) => sum + s.sales, 0),
      salesMinor: sumMinor(openShifts.map((s) => s.salesMinor)),
      expectedCashMinor: sumMinor(openShifts.map((s) => s.expectedCashMinor)),
      openShifts: openShifts.length,
    },
  };
}

function withExpected(row: Omit<Shift, 'id' | 'expectedCashMinor'> & { shiftId: number }): Shift {
  return {
    id: row.shiftId,
    floatMinor: row.floatMinor,
    sales: row.sales,
    salesMinor: row.salesMinor,
    cashSalesMinor: row.cashSalesMinor,
    cashInMinor: row.cashInMinor,
    cashOutMinor: row.cashOutMinor,
    cashRefundsMinor: row.cashRefundsMinor,
    expectedCashMinor: minor(
      row.floatMinor + row.cashSalesMinor + row.cashInMinor - row.cashOutMinor - row.cashRefundsMinor,
    ),
  };
}
