// The X and Z reports, added up in SQLite from what the shift's sales, voids and cash moves stored
// (db/shifts.ts), in minor units until the view: sales and their totals per VAT rate, per way of
// paying and per cashier; voids; orders cancelled on the instance; the cash the drawer should hold;
// and, for each sale, where its order is, the proof that it reached the books once.
import type { OutboxState, ShiftOrderCounts, ShiftReportView } from '../../contract/contract.ts';
import { getCashier } from '../../db/cashiers.ts';
import type { Db } from '../../db/database.ts';
import { drawerOpenings } from '../../db/drawer.ts';
import {
  cashMoves,
  shiftCancellationSums,
  shiftCashierSums,
  shiftCashMoveSums,
  shiftPaymentSums,
  shiftReceiptNumbers,
  shiftSales,
  shiftSessionSum,
  shiftVatSums,
  type ShiftRow,
} from '../../db/shifts.ts';
import { ordersCancelledInShift, ordersNow } from '../outbox/index.ts';
import { toMajor } from './money.ts';
import { printedReceiptNumber } from '../../db/receipts.ts';
import { storeSale } from '../../db/journal.ts';
import {
  formatReturnNumber,
  returnsOfShift,
  shiftReturnCashiers,
  shiftReturnSums,
  shiftReturnVat,
  returnStateOf,
} from '../../db/returns.ts';

/** A report's figures before anything is closed, with the expected cash in minor units for the close. */
export interface Figures {
  readonly view: ShiftReportView;
  readonly expectedMinor: number;
}

/** The shift's X report as of `now` (state as stored: an open shift's, or a closed one's recomputed). */
export function xReport(db: Db, shift: ShiftRow, now: Date): Figures {
  const sales = shiftSessionSum(db, shift.id, 'closed');
  const voids = shiftSessionSum(db, shift.id, 'cancelled');
  const payments = shiftPaymentSums(db, shift.id);
  const moves = shiftCashMoveSums(db, shift.id);
  const cancelled = shiftCancellationSums(db, ordersCancelledInShift(db, shift.id));
  const returned = returnFigures(db, shift.id);
  const cash = payments.find((p) => p.method === 'cash');
  const cashTaken = cash?.givenMinor ?? 0;
  const changeGiven = cash?.changeMinor ?? 0;
  const expectedMinor = expectedCash({
    floatMinor: shift.floatMinor,
    cashTakenMinor: cashTaken,
    changeGivenMinor: changeGiven,
    paidInMinor: moves.inMinor,
    paidOutMinor: moves.outMinor,
    cashRefundedMinor: cancelled.cashRefundedMinor + returned.sums.cashMinor,
  });
  const saleRows = salesWithOrders(db, shift.id);
  const view: ShiftReportView = {
    id: shift.id,
    kind: 'X',
    state: shift.state,
    at: now.toISOString(),
    openedAt: shift.openedAt,
    openedBy: cashierRef(db, shift.openedBy),
    float: toMajor(shift.floatMinor),
    sales: { count: sales.count, gross: toMajor(sales.grossMinor) },
    byVatRate: shiftVatSums(db, shift.id).map((v) => ({
      vatRate: v.vatRate,
      base: toMajor(v.baseMinor),
      vat: toMajor(v.vatMinor),
      gross: toMajor(v.grossMinor),
    })),
    byMethod: Object.fromEntries(payments.map((p) => [p.method, toMajor(p.amountMinor)])),
    rounding: toMajor(cash?.roundingMinor ?? 0),
    byCashier: shiftCashierSums(db, shift.id).map((c) => ({
      cashierId: c.cashierId,
      name: c.name,
      sales: { count: c.sales, gross: toMajor(c.grossMinor) },
      voids: { count: c.voids, gross: toMajor(c.voidedMinor) },
    })),
    voids: { count: voids.count, gross: toMajor(voids.grossMinor) },
    cancelled: {
      count: cancelled.count,
      gross: toMajor(cancelled.grossMinor),
      cashRefunded: toMajor(cancelled.cashRefundedMinor),
    },
    ...(returned.sums.count === 0 ? {} : { returns: returned.view }),
    cashTaken: toMajor(cashTaken),
    changeGiven: toMajor(changeGiven),
    paidIn: toMajor(moves.inMinor),
    paidOut: toMajor(moves.outMinor),
    cashMoves: cashMoves(db, shift.id).map((m) => ({
      direction: m.direction,
      amount: toMajor(m.amountMinor),
      reason: m.reason,
      cashierId: m.cashierId,
      at: m.at,
    })),
    // Every one made in the shift so far (a close takes this report as it is then).
    drawerOpenings: openingsOf(db, shift.id),
    expectedCash: toMajor(expectedMinor),
    receiptNumbers: shiftReceiptNumbers(db, shift.id),
    orders: orderCounts(saleRows.map((s) => s.state)),
    saleOrders: saleRows.map((s) => ({
      orderId: s.orderId,
      sessionId: s.sessionId,
      reference: s.clientReference,
      closedAt: s.closedAt,
      total: toMajor(s.totalMinor ?? 0),
      cashierId: s.cashierId,
      state: s.state,
      ...(s.remoteId === null ? {} : { remoteId: s.remoteId }),
      ...(s.acknowledgedAt === null ? {} : { acknowledgedAt: s.acknowledgedAt }),
      ...(s.receiptNumber === null ? {} : { receiptNumber: s.receiptNumber }),
    })),
  };
  return { view, expectedMinor };
}

/** A shift's returns as the report shows them, and what they paid out. */
function returnFigures(db: Db, shiftId: number) {
  const sums = shiftReturnSums(db, shiftId);
  const rows = returnsOfShift(db, shiftId);
  const now = new Map(
    ordersNow(
      db,
      rows.flatMap((r) => (r.documentOrderId === null ? [] : [r.documentOrderId])),
    ).map((o) => [o.orderId, o]),
  );
  const sales = new Map(
    ordersNow(
      db,
      // Another till's sale (issue 38) is not in this till's outbox: its ids are that till's.
      rows.flatMap((r) => (r.saleTill === null && r.saleOrderId !== null ? [r.saleOrderId] : [])),
    ).map((o) => [o.orderId, o]),
  );
  const view: NonNullable<ShiftReportView['returns']> = {
    count: sums.count,
    gross: toMajor(sums.grossMinor),
    // Each return's VAT as its receipt shows it, added up per rate (db/returns.ts shiftReturnVat).
    byVatRate: shiftReturnVat(db, shiftId).map((v) => ({
      vatRate: v.vatRate,
      base: toMajor(v.baseMinor),
      vat: toMajor(v.vatMinor),
      gross: toMajor(v.grossMinor),
    })),
    byMethod: {
      ...(sums.cashMinor > 0 ? { cash: toMajor(sums.cashMinor) } : {}),
      ...(sums.cardMinor > 0 ? { card: toMajor(sums.cardMinor) } : {}),
    },
    rounding: toMajor(sums.roundingMinor),
    byCashier: shiftReturnCashiers(db, shiftId).map((c) => ({
      cashierId: c.cashierId,
      count: c.count,
      gross: toMajor(c.grossMinor),
    })),
    list: rows.map((r) => {
      // A return without a receipt names no sale (no receipt on its line).
      const orderId = r.saleOrderId;
      const receipt =
        orderId === null
          ? undefined
          : r.saleTill === null
            ? printedReceiptNumber(db, orderId)
            : (storeSale(db, r.saleTill, orderId)?.receipt ?? undefined);
      const remote = r.saleTill === null && orderId !== null ? (sales.get(orderId)?.remoteId ?? null) : null;
      return {
        id: r.id,
        number: formatReturnNumber(r.prefix, r.number),
        ...(receipt === undefined ? {} : { receipt }),
        ...(orderId === null ? { withoutReceipt: true as const } : {}),
        createdAt: r.createdAt,
        total: toMajor(r.refundMinor),
        state: returnStateOf(r, r.documentOrderId === null ? undefined : now.get(r.documentOrderId)?.state),
        ...(r.route === null ? {} : { route: r.route }),
        ...(remote === null ? {} : { saleRemoteId: remote }),
      };
    }),
  };
  return { sums, view };
}

/** The drawer opened without a sale in shift `shiftId` (as recorded with each, never by its time). */
export function openingsOf(db: Db, shiftId: number): ShiftReportView['drawerOpenings'] {
  return drawerOpenings(db, shiftId).map((o) => ({ at: o.at, by: o.by }));
}

export interface CashFlow {
  readonly floatMinor: number;
  readonly cashTakenMinor: number;
  readonly changeGivenMinor: number;
  readonly paidInMinor: number;
  readonly paidOutMinor: number;
  /** Cash given back for the sales of orders cancelled on the instance during the shift. */
  readonly cashRefundedMinor: number;
}

/** What the drawer should hold: float + cash taken - change given + paid in - paid out - refunded. */
export function expectedCash(flow: CashFlow): number {
  return (
    flow.floatMinor +
    flow.cashTakenMinor -
    flow.changeGivenMinor +
    flow.paidInMinor -
    flow.paidOutMinor -
    flow.cashRefundedMinor
  );
}

/** How many of the orders are in each state, in the words of the report. */
export function orderCounts(states: readonly OutboxState[]): ShiftOrderCounts {
  const counts: ShiftOrderCounts = {
    placed: states.length,
    acknowledged: 0,
    queued: 0,
    inDoubt: 0,
    needsFix: 0,
    blocked: 0,
    cancelled: 0,
    discarded: 0,
  };
  for (const state of states) counts[COUNTED_AS[state]] += 1;
  return counts;
}

const COUNTED_AS: Readonly<Record<OutboxState, Exclude<keyof ShiftOrderCounts, 'placed'>>> = {
  sent: 'acknowledged',
  queued: 'queued',
  // An attempt under way has no answer yet: still waiting, as queued.
  sending: 'queued',
  'in-doubt': 'inDoubt',
  'needs-fix': 'needsFix',
  blocked: 'blocked',
  cancelled: 'cancelled',
  discarded: 'discarded',
};

/** A cashier as the report names them (null: nobody signed in). */
export function cashierRef(db: Db, id: number | null): { id: number; name: string } | null {
  if (id === null) return null;
  const cashier = getCashier(db, id);
  return cashier === undefined ? null : { id: cashier.id, name: cashier.name };
}

/** Each sale the shift placed, with where its order is now and when it was acknowledged (the outbox's). */
function salesWithOrders(db: Db, shiftId: number) {
  const sales = shiftSales(db, shiftId);
  const orders = new Map(
    ordersNow(
      db,
      sales.map((s) => s.orderId),
    ).map((o) => [o.orderId, o]),
  );
  return sales.flatMap((sale) => {
    const order = orders.get(sale.orderId);
    return order === undefined ? [] : [{ ...sale, ...order }];
  });
}
