// The store's shift view, from the journals: this till's own and the others' as the hub delivered
// them. Each till's open shift is its last shift opened and not closed, in that till's own order of
// events; its sales, cash paid in and out and the float give the cash its drawer should hold. No
// clock is read: a till's figures are as its last event here says.
import { z } from 'zod';
import type { StoreShiftView, StoreTillShiftView } from '../../contract/contract.ts';
import type { Db } from '../../db/database.ts';
import { eventsOfKind, SaleBody, type JournalEvent } from '../../db/journal.ts';

const ShiftOpen = z.object({ shiftId: z.int(), floatMinor: z.int() });
const ShiftClose = z.object({ shiftId: z.int() });
const Refund = z.object({ shiftId: z.int().nullable(), method: z.string(), amountMinor: z.int() });
const CashMove = z.object({ shiftId: z.int(), direction: z.enum(['in', 'out']), amountMinor: z.int() });

type Shift = NonNullable<StoreTillShiftView['shift']>;

/** Every till's open shift: this till (named `self`, or 'this till' before it has a name) first. */
export function storeShifts(db: Db, self: string, hub: { set: boolean; connected: boolean }): StoreShiftView {
  const byTill = new Map<string, Map<number, Shift>>();
  const shiftsOf = (till: string | null) => {
    const name = till ?? self;
    let shifts = byTill.get(name);
    if (shifts === undefined) {
      shifts = new Map();
      byTill.set(name, shifts);
    }
    return shifts;
  };
  shiftsOf(null);
  for (const { till, event } of eventsOfKind(db, 'shift-open')) {
    const open = ShiftOpen.safeParse(event.body);
    if (open.success)
      shiftsOf(till).set(open.data.shiftId, emptyShift(open.data.shiftId, open.data.floatMinor));
  }
  for (const { till, event } of eventsOfKind(db, 'shift-close')) {
    const closed = ShiftClose.safeParse(event.body);
    if (closed.success) shiftsOf(till).delete(closed.data.shiftId);
  }
  for (const { till, event } of eventsOfKind(db, 'sale')) addSale(shiftsOf(till), event);
  for (const { till, event } of eventsOfKind(db, 'cash-move')) addCashMove(shiftsOf(till), event);
  for (const { till, event } of eventsOfKind(db, 'return-refund')) addRefund(shiftsOf(till), event);
  const tills: StoreTillShiftView[] = [...byTill.entries()]
    .map(([till, shifts]) => {
      // A till has one shift open at a time: the highest number is its latest.
      const open = [...shifts.values()].sort((a, b) => b.id - a.id)[0] ?? null;
      return { till, self: till === self, shift: open === null ? null : withExpected(open) };
    })
    .sort((a, b) => (a.self === b.self ? a.till.localeCompare(b.till) : a.self ? -1 : 1));
  const openShifts = tills.flatMap((t) => (t.shift === null ? [] : [t.shift]));
  return {
    hub: hub.set,
    connected: hub.connected,
    tills,
    total: {
      sales: openShifts.reduce((sum, s) => sum + s.sales, 0),
      salesMinor: openShifts.reduce((sum, s) => sum + s.salesMinor, 0),
      expectedCashMinor: openShifts.reduce((sum, s) => sum + s.expectedCashMinor, 0),
      openShifts: openShifts.length,
    },
  };
}

function emptyShift(id: number, floatMinor: number): Shift {
  return {
    id,
    floatMinor,
    sales: 0,
    salesMinor: 0,
    cashSalesMinor: 0,
    cashInMinor: 0,
    cashOutMinor: 0,
    cashRefundsMinor: 0,
    expectedCashMinor: floatMinor,
  };
}

function addSale(shifts: Map<number, Shift>, event: JournalEvent): void {
  const sale = SaleBody.safeParse(event.body);
  if (!sale.success || sale.data.shiftId === null) return;
  const shift = shifts.get(sale.data.shiftId);
  if (shift === undefined) return;
  const cash = sale.data.payments
    .filter((p) => p.method === 'cash')
    .reduce((sum, p) => sum + p.amountMinor, 0);
  shifts.set(shift.id, {
    ...shift,
    sales: shift.sales + 1,
    salesMinor: shift.salesMinor + sale.data.totalMinor,
    cashSalesMinor: shift.cashSalesMinor + cash,
  });
}

function addCashMove(shifts: Map<number, Shift>, event: JournalEvent): void {
  const move = CashMove.safeParse(event.body);
  if (!move.success) return;
  const shift = shifts.get(move.data.shiftId);
  if (shift === undefined) return;
  shifts.set(
    shift.id,
    move.data.direction === 'in'
      ? { ...shift, cashInMinor: shift.cashInMinor + move.data.amountMinor }
      : { ...shift, cashOutMinor: shift.cashOutMinor + move.data.amountMinor },
  );
}

/** A return's cash refund left the drawer of the shift it was made in. */
function addRefund(shifts: Map<number, Shift>, event: JournalEvent): void {
  const refund = Refund.safeParse(event.body);
  if (!refund.success || refund.data.method !== 'cash' || refund.data.shiftId === null) return;
  const shift = shifts.get(refund.data.shiftId);
  if (shift === undefined) return;
  shifts.set(shift.id, { ...shift, cashRefundsMinor: shift.cashRefundsMinor + refund.data.amountMinor });
}

function withExpected(shift: Shift): Shift {
  return {
    ...shift,
    expectedCashMinor:
      shift.floatMinor +
      shift.cashSalesMinor +
      shift.cashInMinor -
      shift.cashOutMinor -
      shift.cashRefundsMinor,
  };
}
