// A return as `pos return --json` and the screens show it (INTERFACES.md "Returns"): its number, the
// receipt it takes back, its lines and refund per tender in major units, per VAT rate, and where its
// document is: the outbox's states (a return not yet on its route is `queued`), `back-office` for one
// the instance offers no way to take, `booked` once a manager marked it booked there.
import { minor, toMajor } from '../../common/money.ts';
import { OutboxState } from '../../contract/order.ts';
import type { ReturnView as ReturnContractView } from '../../contract/returns.ts';
import type { Db } from '../../db/database.ts';
import {
  formatReturnNumber,
  returnLineVatRate,
  returnListings,
  returnStateOf,
  returnVatTable,
  type ReturnListing,
} from '../../db/returns.ts';
import { storeSaleOf } from '../../db/journal.ts';
import { formatReceiptNumber } from '../../db/receipts.ts';

export type { ReturnState } from '../../contract/returns.ts';

/**
 * A return as the contract gives it (contract/returns.ts), but who took it back and the store, which
 * the handlers add by name (only `cashierId` is the return's own).
 */
export type ReturnView = Readonly<Omit<ReturnContractView, 'cashierName' | 'store'>>;

export function returnView(db: Db, id: number): ReturnView | undefined {
  const [listing] = returnListings(db, { ids: [id] });
  return listing === undefined ? undefined : viewOfListing(listing);
}

/** A return's view from what one query read of it (db/returns.ts returnListings): no further reads. */
export function viewOfListing(r: ReturnListing): ReturnView {
  const lines = [...r.lines]
    .sort((a, b) => a.lineNo - b.lineNo)
    .map((l) => ({
      lineNo: l.lineNo,
      productId: l.productId ?? 0,
      name: l.name ?? '',
      quantity: l.quantityMilli / 1000,
      ...(l.unitOfMeasure == null ? {} : { unitOfMeasure: l.unitOfMeasure }),
      vatRate: returnLineVatRate(l.vatRate),
      amountMinor: l.refundMinor,
    }));
  // The one rule the shift's report adds up too (db/returns.ts returnVatTable).
  const byVatRate = returnVatTable(r.lines).map((v) => ({
    vatRate: v.vatRate,
    base: toMajor(minor(v.baseMinor)),
    vat: toMajor(minor(v.vatMinor)),
    gross: toMajor(minor(v.grossMinor)),
  }));
  const refunds = [...r.refunds].sort((a, b) => (a.method < b.method ? -1 : a.method > b.method ? 1 : 0));
  // Another till's sale has no order or session here: its journal event says what it was.
  const own = r.saleTill === null;
  const orderId = r.saleOrderId;
  const store =
    own || orderId === null || r.storeSaleBody === null
      ? undefined
      : storeSaleOf({ till: r.storeSaleTill, body: r.storeSaleBody });
  const saleReceipt =
    r.saleReceiptNumber === null
      ? undefined
      : formatReceiptNumber(r.saleReceiptPrefix ?? '', r.saleReceiptNumber);
  // A return without a receipt names no sale.
  const receipt =
    orderId === null
      ? ''
      : own
        ? (saleReceipt ?? r.saleReference ?? String(orderId))
        : (store?.receipt ?? store?.reference ?? String(orderId));
  return {
    id: r.id,
    number: formatReturnNumber(r.prefix, r.number),
    receipt,
    reference: r.clientReference,
    saleOrderId: orderId,
    ...(orderId === null ? { withoutReceipt: true as const } : {}),
    ...(r.saleTill === null ? {} : { saleTill: r.saleTill }),
    ...(r.saleRemoteId == null ? {} : { saleRemoteId: r.saleRemoteId }),
    soldAt: r.saleClosedAt ?? store?.soldAt ?? r.saleCreatedAt ?? r.createdAt,
    createdAt: r.createdAt,
    lines: lines.map(({ amountMinor, ...l }) => ({ ...l, amount: toMajor(minor(amountMinor)) })),
    byVatRate,
    total: toMajor(minor(r.refundMinor)),
    refund: Object.fromEntries(refunds.map((f) => [f.method, toMajor(minor(f.amountMinor))])),
    cashRounding: toMajor(minor(refunds.find((f) => f.method === 'cash')?.roundingMinor ?? 0)),
    state: returnStateOf(r, r.documentState === null ? undefined : OutboxState.parse(r.documentState)),
    ...(r.route === null ? {} : { route: r.route }),
    ...(r.documentOrderId === null ? {} : { documentOrderId: r.documentOrderId }),
    ...(r.documentReference === null ? {} : { documentReference: r.documentReference }),
    ...(r.stateNote === null ? {} : { note: r.stateNote }),
    managerApproved: r.managerApproved,
    cashierId: r.cashierId,
    shiftId: r.shiftId,
    printCount: r.printCount,
    ...(r.exchangeOrderId === null
      ? {}
      : {
          exchangeReceipt:
            (r.exchangeReceiptNumber === null
              ? undefined
              : formatReceiptNumber(r.exchangeReceiptPrefix ?? '', r.exchangeReceiptNumber)) ??
            r.exchangeReference ??
            String(r.exchangeOrderId),
        }),
  };
}

/** A return as its receipt prints it (main/printer ReturnPaper): its view and who took it back. */
export function returnPaperOf(
  db: Db,
  id: number,
):
  | { readonly paper: ReturnView & { readonly cashierName?: string }; readonly printCount: number }
  | undefined {
  const [listing] = returnListings(db, { ids: [id] });
  if (listing === undefined) return undefined;
  const view = viewOfListing(listing);
  const cashier = listing.cashierName ?? undefined;
  return {
    paper: { ...view, ...(cashier === undefined ? {} : { cashierName: cashier }) },
    printCount: view.printCount,
  };
}
