// A return as `pos return --json` and the screens show it (INTERFACES.md "Returns"): its number, the
// receipt it takes back, its lines and refund per tender in major units, per VAT rate, and where its
// document is: the outbox's states (a return not yet on its route is `queued`), `back-office` for one
// the instance offers no way to take, `booked` once a manager marked it booked there.
import { decimal, minor, toMajor, vatWithin } from '../../common/money.ts';
import type { OutboxState } from '../../contract/order.ts';
import type { ReturnView as ReturnContractView } from '../../contract/returns.ts';
import type { Db } from '../../db/database.ts';
import {
  formatReturnNumber,
  getReturn,
  returnLines,
  returnRefunds,
  soldLinesOfReturn,
  type ReturnRow,
} from '../../db/returns.ts';
import { storeSale } from '../../db/journal.ts';
import { printedReceiptNumber } from '../../db/receipts.ts';
import { getShoppingSession } from '../../db/sessions.ts';
import { getCashier } from '../../db/cashiers.ts';
import { getOutboxOrder } from '../outbox/index.ts';

export type ReturnState = OutboxState | 'back-office' | 'booked';

/**
 * A return as the contract gives it (contract/returns.ts), but who took it back and the store, which
 * the handlers add by name (only `cashierId` is the return's own).
 */
export type ReturnView = Readonly<Omit<ReturnContractView, 'cashierName' | 'store'>>;

export function returnView(db: Db, id: number): ReturnView | undefined {
  const r = getReturn(db, id);
  return r === undefined ? undefined : viewOf(db, r);
}

export function viewOf(db: Db, r: ReturnRow): ReturnView {
  const sold = new Map(soldLinesOfReturn(db, r).map((l) => [l.lineNo, l]));
  const lines = returnLines(db, r.id).map((l) => {
    const s = sold.get(l.lineNo);
    return {
      lineNo: l.lineNo,
      productId: s?.productId ?? 0,
      name: s?.name ?? '',
      quantity: l.quantityMilli / 1000,
      ...(s?.unitOfMeasure == null ? {} : { unitOfMeasure: s.unitOfMeasure }),
      vatRate: s?.vatRate ?? 0,
      amountMinor: l.refundMinor,
    };
  });
  const rates = new Map<number, number>();
  for (const l of lines) rates.set(l.vatRate, (rates.get(l.vatRate) ?? 0) + l.amountMinor);
  const byVatRate = [...rates]
    .sort((a, b) => a[0] - b[0])
    .map(([vatRate, gross]) => {
      const rate = decimal(vatRate);
      const vat = rate === undefined ? 0 : Number(vatWithin(BigInt(gross), rate));
      return {
        vatRate,
        base: toMajor(minor(gross - vat)),
        vat: toMajor(minor(vat)),
        gross: toMajor(minor(gross)),
      };
    });
  const refunds = returnRefunds(db, r.id);
  // Another till's sale has no order or session here: its journal event says what it was.
  const own = r.saleTill === null;
  const orderId = r.saleOrderId;
  const sale = own && orderId !== null ? getOutboxOrder(db, orderId) : undefined;
  const session = own && r.saleSessionId !== null ? getShoppingSession(db, r.saleSessionId) : undefined;
  const store = r.saleTill === null || orderId === null ? undefined : storeSale(db, r.saleTill, orderId);
  // A return without a receipt names no sale.
  const receipt =
    orderId === null
      ? ''
      : own
        ? (printedReceiptNumber(db, orderId) ?? sale?.clientReference ?? String(orderId))
        : (store?.receipt ?? store?.reference ?? String(orderId));
  return {
    id: r.id,
    number: formatReturnNumber(r.prefix, r.number),
    receipt,
    reference: r.clientReference,
    saleOrderId: orderId,
    ...(orderId === null ? { withoutReceipt: true as const } : {}),
    ...(r.saleTill === null ? {} : { saleTill: r.saleTill }),
    ...(sale?.remoteId == null ? {} : { saleRemoteId: sale.remoteId }),
    soldAt: session?.closedAt ?? store?.soldAt ?? sale?.createdAt ?? r.createdAt,
    createdAt: r.createdAt,
    lines: lines.map(({ amountMinor, ...l }) => ({ ...l, amount: toMajor(minor(amountMinor)) })),
    byVatRate,
    total: toMajor(minor(r.refundMinor)),
    refund: Object.fromEntries(refunds.map((f) => [f.method, toMajor(minor(f.amountMinor))])),
    cashRounding: toMajor(minor(refunds.find((f) => f.method === 'cash')?.roundingMinor ?? 0)),
    state: stateOf(db, r),
    ...(r.route === null ? {} : { route: r.route }),
    ...(r.documentOrderId === null ? {} : { documentOrderId: r.documentOrderId }),
    ...(r.stateNote === null ? {} : { note: r.stateNote }),
    managerApproved: r.managerApproved,
    cashierId: r.cashierId,
    shiftId: r.shiftId,
    printCount: r.printCount,
    ...(r.exchangeOrderId === null
      ? {}
      : {
          exchangeReceipt:
            printedReceiptNumber(db, r.exchangeOrderId) ??
            getOutboxOrder(db, r.exchangeOrderId)?.clientReference ??
            String(r.exchangeOrderId),
        }),
  };
}

/** A DELETE's return by its sale's order's state. */
export function deleteState(order: OutboxState): ReturnState {
  if (order === 'cancelled') return 'sent';
  return order === 'sent' ? 'in-doubt' : order;
}

/** Where the return's document is now. */
export function stateOf(db: Db, r: ReturnRow): ReturnState {
  if (r.state === 'waiting') return 'queued';
  if (r.state === 'back-office' || r.state === 'booked') return r.state;
  const order = r.documentOrderId === null ? undefined : getOutboxOrder(db, r.documentOrderId);
  if (order === undefined) return 'queued';
  // A DELETE's document is the sale's order itself: cancelled there is the return booked; still sent,
  // the DELETE went (or may have) and its answer was never recorded: in doubt, a manager settles it.
  if (r.route === 'delete') return deleteState(order.state);
  return order.state;
}

/** A return as its receipt prints it (main/printer ReturnPaper): its view and who took it back. */
export function returnPaperOf(
  db: Db,
  id: number,
):
  | { readonly paper: ReturnView & { readonly cashierName?: string }; readonly printCount: number }
  | undefined {
  const view = returnView(db, id);
  if (view === undefined) return undefined;
  const cashier = view.cashierId === null ? undefined : getCashier(db, view.cashierId)?.name;
  return {
    paper: { ...view, ...(cashier === undefined ? {} : { cashierName: cashier }) },
    printCount: view.printCount,
  };
}
