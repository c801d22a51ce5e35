// Returns at the till (issue 37): find the sale by its receipt's number, its QR (the order's
// reference) or the instance's order number, from the till's own history (offline too); take back
// lines and quantities never beyond what was sold less what already came back; refund what was paid
// for them, card first up to the card's part, the rest in cash rounded to the cash step. Checked and
// written in one write transaction (the app file's lock taken first), so two returns at once on one
// till cannot both take the same quantity. Its document then goes to the instance by the route
// (route.ts); here it waits, stored.
import { randomUUID } from 'node:crypto';
import { minor, sumMinor, toMajor, type Minor } from '../../common/money.ts';
import { joined, WordedError, words, type Words } from '../../contract/core-words.ts';
import { durably, writeTransaction, type Db } from '../../db/database.ts';
import { formatReceiptNumber } from '../../db/receipts.ts';
import { storeReturnedOf, storeSalesByText, type StoreSale } from '../../db/journal.ts';
import {
  formatReturnNumber,
  insertReturn,
  insertSoldLines,
  refundedOfSale,
  returnedOfSale,
  returnsOfSale,
  salePaid,
  saleOrderByText,
  soldLines,
  type LineProduct,
  type ReturnRow,
  type SoldLine,
} from '../../db/returns.ts';
import { getShoppingSession } from '../../db/sessions.ts';
import { soldLinesOf } from '../counter/index.ts';
import { saleAttribution, type ShiftPolicy } from '../shift/index.ts';
import {
  everythingLeft,
  planLines,
  splitRefund,
  wantedOfProducts,
  type PlannedLine,
  type RefundSplit,
  type RefundTender,
  type Wanted,
} from './plan.ts';

export type ReturnErrorCode =
  | 'unknown-receipt'
  | 'not-a-sale'
  | 'too-much'
  | 'unknown-product'
  | 'nothing-left'
  | 'lines-not-kept'
  | 'nothing-chosen'
  | 'quantity'
  | 'approval'
  | 'card-room'
  | 'unknown-return'
  | 'not-back-office'
  | 'not-in-doubt'
  | 'ambiguous'
  | 'exchange-no-sale'
  | 'no-product'
  | 'price';

export class ReturnError extends WordedError<ReturnErrorCode> {
  override name = 'ReturnError';
}

/** Why a return needs the manager: beyond Settings' amount or days, or a tender the split did not choose. */
export type ApprovalReason =
  | { readonly kind: 'amount'; readonly refund: Minor; readonly limit: Minor }
  | { readonly kind: 'days'; readonly days: number; readonly limit: number }
  | { readonly kind: 'tender'; readonly tender: RefundTender }
  /** Another till's sale, and no claim in the store's bucket (no hub, or out of reach). */
  | { readonly kind: 'store'; readonly till: string; readonly receipt: string }
  /** No receipt at all (without-receipt.ts): always the manager's, who confirms the price. */
  | { readonly kind: 'no-receipt'; readonly name: string; readonly unitPrice: number };

/** A sale line as a return sees it: what was sold and paid, and what is left to take back. */
export interface ReturnableLine extends LineProduct {
  readonly quantityMilli: number;
  readonly paidMinor: number;
  readonly returnedMilli: number;
  readonly leftMilli: number;
}

export interface SaleForReturn {
  /** The till that sold it (its ids are that till's); null: this till. */
  readonly till: string | null;
  readonly sessionId: number;
  readonly orderId: number;
  /** The receipt's number as printed, when the sale has one. */
  readonly receipt: string | null;
  readonly reference: string;
  readonly soldAt: string;
  readonly lines: readonly ReturnableLine[];
  /** What each tender paid of the sale, and what went back to it already. */
  readonly paid: { readonly cash: Minor; readonly card: Minor };
  readonly refunded: { readonly cash: Minor; readonly card: Minor };
  readonly returns: readonly ReturnRow[];
}

export interface ReturnRequest {
  /** The receipt's number (P1-000123), the order's reference (its QR) or the instance's order number. */
  readonly receipt: string;
  /** Quantities per product (as `pos return --item`); without these and `lines`, everything left. */
  readonly items?: readonly { readonly productId: number; readonly quantity: number }[];
  /** Quantities per sale line, as the screen picks them. */
  readonly lines?: readonly { readonly lineNo: number; readonly quantity: number }[];
  /** All of it to one tender (the manager's choice); default: card first up to its part, the rest cash. */
  readonly tender?: RefundTender;
  /** Says whether the manager approved (the PIN given and right); false refuses the return. */
  readonly approve?: (reasons: readonly ApprovalReason[]) => boolean;
  /**
   * Its quantities are claimed in the store's bucket (main/returns/store.ts): another till's sale
   * needs no manager's PIN for it.
   */
  readonly claimed?: boolean;
  /**
   * An exchange (exchange.ts): the refund is a credit on the new sale of this order, made inside the
   * transaction that closes that sale; it goes out as cash that the sale takes straight back in.
   */
  readonly exchangeOrderId?: number;
}

export interface ReturnsOptions {
  readonly db: Db;
  readonly now?: () => Date;
  /** The till's receipt prefix (Settings): a return's number is "<prefix>-V000001". */
  readonly prefix: () => string;
  /** The cash step in minor units (Settings' cash rounding). */
  readonly cashStep: () => Minor;
  readonly shiftPolicy?: () => ShiftPolicy;
  /** Settings' limits beyond which the manager approves (0: no limit). */
  readonly limits: () => { readonly amountMinor: number; readonly days: number };
  /** Called in the transaction that stores a return: what must exist with it (its receipt's print job). */
  readonly alongside?: (made: ReturnRow) => void;
  /** Called after a return is stored (outside its transaction): its document's route takes it on. */
  readonly stored?: (made: ReturnRow) => void;
  /**
   * This till's name in the store (issue 38), when a store hub is set: the other tills' returns of
   * this till's sales, as their journals tell, count as come back too.
   */
  readonly tillName?: () => string | null;
  /** Whether the store's claims can be made now (the hub in reach): `preview` then asks no PIN for another till's sale. */
  readonly storeReachable?: () => boolean;
}

export type ReturnsBasis = Pick<
  ReturnsOptions,
  'db' | 'prefix' | 'cashStep' | 'shiftPolicy' | 'alongside' | 'stored'
> & { readonly now: () => Date };

const DAY_MS = 86_400_000;

export class Returns {
  readonly #db: Db;
  readonly #now: () => Date;
  readonly #options: ReturnsOptions;

  constructor(options: ReturnsOptions) {
    this.#db = options.db;
    this.#now = options.now ?? (() => new Date());
    this.#options = options;
  }

  /** The sale a receipt names, with what is left to return; ReturnError 'unknown-receipt' when none. */
  find(text: string): SaleForReturn {
    return this.#sale(text, false);
  }

  /**
   * What `make` would take back and refund now, stored nowhere: each line's refund, the split per
   * tender with the cash rounded, and why the manager must approve it (empty: no PIN). The screen
   * shows it before the cashier pays anything out; `make` checks it all again in its transaction.
   */
  preview(request: Omit<ReturnRequest, 'approve'>): ReturnPreview {
    const sale = this.#sale(request.receipt, false);
    const { planned, refund, split } = this.#refund(sale, request);
    const reasons = this.#reasons(sale, refund, split.card, request.tender, this.#now());
    // Another till's sale: no PIN when its claims can be made now (the hub in reach).
    if (sale.till !== null && request.claimed !== true && this.#options.storeReachable?.() !== true)
      reasons.unshift(storeReason(sale));
    return {
      sale,
      lines: planned,
      refund,
      split,
      reasons,
      ...(reasons.length === 0 ? {} : { why: joined(...reasons.map(reasonWords)) }),
    };
  }

  /** Makes a return: checks and stores it in one transaction; the refund is what it says. */
  make(request: ReturnRequest): MadeReturn {
    const now = this.#now();
    // Inside an exchange's sale-closing transaction: a savepoint of it, made durable by its commit.
    const outer = request.exchangeOrderId === undefined ? durably : <T>(_db: Db, fn: () => T): T => fn();
    const made = outer(this.#db, () =>
      writeTransaction(this.#db, () => {
        const sale = this.#sale(request.receipt, true);
        const { planned, refund, split } = this.#refund(sale, request);
        // An exchange's credit is no cash out of the drawer: the tender rule does not ask for it.
        const reasons = this.#reasons(sale, refund, split.card, request.tender, now).filter(
          (r) => request.exchangeOrderId === undefined || r.kind !== 'tender',
        );
        if (sale.till !== null && request.claimed !== true) reasons.unshift(storeReason(sale));
        const approved = reasons.length > 0 && (request.approve?.(reasons) ?? false);
        if (reasons.length > 0 && !approved) throw new ReturnError('approval', approvalWords(reasons));
        const who = saleAttribution(this.#db, this.#options.shiftPolicy?.() ?? 'off', now);
        const row = insertReturn(this.#db, {
          prefix: this.#options.prefix(),
          saleSessionId: sale.sessionId,
          saleOrderId: sale.orderId,
          saleTill: sale.till,
          createdAt: now.toISOString(),
          shiftId: who.shiftId,
          cashierId: who.cashierId,
          refundMinor: refund,
          managerApproved: approved,
          clientReference: randomUUID(),
          ...(request.exchangeOrderId === undefined ? {} : { exchangeOrderId: request.exchangeOrderId }),
          lines: planned.map((p) => ({
            lineNo: p.line.lineNo,
            quantityMilli: p.quantityMilli,
            refundMinor: p.refundMinor,
          })),
          refunds: [
            ...(split.card > 0
              ? [{ method: 'card' as const, amountMinor: split.card, roundingMinor: 0 }]
              : []),
            ...(split.cashShare > 0
              ? [{ method: 'cash' as const, amountMinor: split.cash, roundingMinor: split.cashRounding }]
              : []),
          ],
        });
        this.#options.alongside?.(row);
        return row;
      }),
    );
    // An exchange's return is committed with its sale: exchange.ts says it is stored after that.
    if (request.exchangeOrderId === undefined) this.#options.stored?.(made);
    return { row: made, number: formatReturnNumber(made.prefix, made.number) };
  }

  /**
   * What a return without a receipt (without-receipt.ts) shares with every return: the file, the
   * clock, the series, the cash step, who did it, its receipt's job and its document's route.
   */
  basis(): ReturnsBasis {
    const o = this.#options;
    return {
      db: this.#db,
      now: this.#now,
      prefix: o.prefix,
      cashStep: o.cashStep,
      ...(o.shiftPolicy === undefined ? {} : { shiftPolicy: o.shiftPolicy }),
      ...(o.alongside === undefined ? {} : { alongside: o.alongside }),
      ...(o.stored === undefined ? {} : { stored: o.stored }),
    };
  }

  /** A return stored by an exchange's sale (committed now): its document's route takes it on. */
  stored(row: ReturnRow): void {
    this.#options.stored?.(row);
  }

  #sale(text: string, writing: boolean): SaleForReturn {
    const db = this.#db;
    const order = saleOrderByText(db, text);
    if (order === undefined) return this.#storeSale(text);
    const session = getShoppingSession(db, order.sessionId);
    if (session?.state !== 'closed') throw new ReturnError('not-a-sale', words('returnNotASale', { text }));
    let sold = soldLines(db, session.id);
    // A sale closed before returns existed: its lines as paid are worked out once from the sale's own
    // (still there unless compacted) and kept, so later compaction leaves them.
    if (sold.length === 0 && session.lines.length > 0) {
      sold = soldLinesOf(session.id, session.lines, session.customer?.card ?? null);
      if (writing) insertSoldLines(db, sold);
    }
    // Compacted by a version before returns: its lines are gone and none were kept as paid. Saying
    // "everything came back" would be false: nothing did, the till just no longer knows the lines.
    if (sold.length === 0) throw new ReturnError('lines-not-kept', words('returnLinesNotKept', { text }));
    const returned = this.#withStore(
      returnedOfSale(db, session.id),
      this.#options.tillName?.(),
      order.orderId,
    );
    const paid = salePaid(db, session.id);
    const refunded = refundedOfSale(db, session.id);
    return {
      till: null,
      sessionId: session.id,
      orderId: order.orderId,
      receipt: order.number === null ? null : formatReceiptNumber(order.prefix, order.number),
      reference: order.clientReference,
      soldAt: session.closedAt ?? session.updatedAt,
      lines: returnable(sold, returned),
      paid: { cash: minor(paid.cashMinor), card: minor(paid.cardMinor) },
      refunded: { cash: minor(refunded.cashMinor), card: minor(refunded.cardMinor) },
      returns: returnsOfSale(db, session.id),
    };
  }

  /**
   * Another till's sale the text names, as its journal told this till (issue 38): its lines as paid,
   * what came back of it here and at the other tills. One the journal says nothing of is unknown.
   */
  #storeSale(text: string): SaleForReturn {
    const found = storeSalesFor(this.#db, text);
    const sale = found[0];
    if (sale === undefined) throw new ReturnError('unknown-receipt', words('returnUnknownReceipt', { text }));
    if (found.length > 1)
      throw new ReturnError(
        'ambiguous',
        words('returnReceiptAmbiguous', { text, tills: found.map((f) => f.till).join(', ') }),
      );
    const db = this.#db;
    const sold = sale.sold.map((l) => ({ ...l, sessionId: sale.sessionId }));
    if (sold.length === 0) throw new ReturnError('lines-not-kept', words('returnLinesNotKept', { text }));
    const returned = this.#withStore(returnedOfSale(db, sale.sessionId, sale.till), sale.till, sale.orderId);
    const refunded = refundedOfSale(db, sale.sessionId, sale.till);
    const paidBy = (card: boolean) =>
      minor(
        sumMinor(
          sale.payments.filter((p) => (p.method === 'card') === card).map((p) => minor(p.amountMinor)),
        ),
      );
    return {
      till: sale.till,
      sessionId: sale.sessionId,
      orderId: sale.orderId,
      receipt: sale.receipt,
      reference: sale.reference,
      soldAt: sale.soldAt,
      lines: returnable(sold, returned),
      paid: { cash: paidBy(false), card: paidBy(true) },
      refunded: { cash: minor(refunded.cashMinor), card: minor(refunded.cardMinor) },
      returns: returnsOfSale(db, sale.sessionId, sale.till),
    };
  }

  /** What came back per line here, and what the store's other tills' journals say came back there. */
  #withStore(
    here: Map<number, { quantityMilli: number }>,
    saleTill: string | null | undefined,
    orderId: number,
  ): Map<number, { quantityMilli: number }> {
    if (saleTill == null) return here;
    const out = new Map(here);
    for (const [lineNo, milli] of storeReturnedOf(this.#db, saleTill, orderId))
      out.set(lineNo, { quantityMilli: (out.get(lineNo)?.quantityMilli ?? 0) + milli });
    return out;
  }

  /** The lines `request` takes back, what they refund, and that split per tender with the cash rounded. */
  #refund(
    sale: SaleForReturn,
    request: Omit<ReturnRequest, 'approve'>,
  ): { planned: PlannedLine[]; refund: Minor; split: RefundSplit } {
    const planned = this.#plan(sale, request);
    const refund = sumMinor(planned.map((p) => p.refundMinor));
    const split = splitRefund(
      refund,
      { cardPaid: sale.paid.card, cardRefunded: sale.refunded.card },
      this.#options.cashStep(),
      request.tender,
    );
    return { planned, refund, split };
  }

  #plan(sale: SaleForReturn, request: ReturnRequest): PlannedLine[] {
    const sold: SoldLine[] = sale.lines.map((l) => ({
      sessionId: sale.sessionId,
      lineNo: l.lineNo,
      productId: l.productId,
      productCode: l.productCode,
      name: l.name,
      kind: l.kind,
      quantityMilli: l.quantityMilli,
      unitOfMeasure: l.unitOfMeasure,
      unitPrice: l.unitPrice,
      vatRate: l.vatRate,
      grossMinor: 0,
      paidMinor: l.paidMinor,
    }));
    const returned = new Map(sale.lines.map((l) => [l.lineNo, { quantityMilli: l.returnedMilli }]));
    let wanted: Wanted[];
    if (request.lines !== undefined && request.lines.length > 0) {
      wanted = request.lines.map((l) => ({ lineNo: l.lineNo, quantityMilli: milli(l.quantity) }));
    } else if (request.items !== undefined && request.items.length > 0) {
      const spread = wantedOfProducts(
        sold,
        returned,
        request.items.map((i) => ({ productId: i.productId, quantityMilli: milli(i.quantity) })),
      );
      if (!Array.isArray(spread))
        throw new ReturnError(
          'unknown-product',
          words('returnUnknownProduct', { productId: spread.productId, receipt: request.receipt }),
        );
      wanted = spread;
    } else {
      wanted = everythingLeft(sold, returned);
      if (wanted.length === 0)
        throw new ReturnError('nothing-left', words('returnNothingLeft', { receipt: request.receipt }));
    }
    const planned = planLines(sold, returned, wanted);
    if (Array.isArray(planned)) return planned;
    if (planned.kind === 'too-much')
      throw new ReturnError(
        'too-much',
        words('returnTooMuch', {
          name: planned.line.name,
          sold: quantityText(planned.line.quantityMilli),
          left: quantityText(planned.leftMilli),
        }),
      );
    throw new ReturnError('nothing-chosen', words('returnNothingChosen'));
  }

  #reasons(
    sale: SaleForReturn,
    refund: Minor,
    cardRefund: Minor,
    tender: RefundTender | undefined,
    now: Date,
  ): ApprovalReason[] {
    const limits = this.#options.limits();
    const reasons: ApprovalReason[] = [];
    if (limits.amountMinor > 0 && refund > limits.amountMinor)
      reasons.push({ kind: 'amount', refund, limit: minor(limits.amountMinor) });
    const days = Math.floor((now.getTime() - Date.parse(sale.soldAt)) / DAY_MS);
    if (limits.days > 0 && days > limits.days) reasons.push({ kind: 'days', days, limit: limits.days });
    // Cash out of the drawer for what a card paid (or to a card beyond its part) is the manager's call.
    const cardRoom = Math.max(0, sale.paid.card - sale.refunded.card);
    if (tender === 'cash' && cardRoom > 0) reasons.push({ kind: 'tender', tender });
    if (tender === 'card' && cardRefund > cardRoom) reasons.push({ kind: 'tender', tender });
    return reasons;
  }
}

export interface ReturnPreview {
  /** The sale, with what came back of it so far (here and, by their journals, at the other tills). */
  readonly sale: SaleForReturn;
  readonly lines: readonly PlannedLine[];
  readonly refund: Minor;
  readonly split: RefundSplit;
  readonly reasons: readonly ApprovalReason[];
  /** Why the manager must approve it, in the core's words. */
  readonly why?: Words;
}

/** Each sold line with what came back of it and what is left. */
function returnable(
  sold: readonly SoldLine[],
  returned: ReadonlyMap<number, { readonly quantityMilli: number }>,
): ReturnableLine[] {
  return sold.map((l) => {
    const back = returned.get(l.lineNo)?.quantityMilli ?? 0;
    return {
      lineNo: l.lineNo,
      productId: l.productId,
      productCode: l.productCode,
      name: l.name,
      kind: l.kind,
      unitOfMeasure: l.unitOfMeasure,
      vatRate: l.vatRate,
      unitPrice: l.unitPrice,
      quantityMilli: l.quantityMilli,
      paidMinor: l.paidMinor,
      returnedMilli: back,
      leftMilli: l.quantityMilli - back,
    };
  });
}

/** The other tills' sales a text names: the reference as typed, or the receipt number it spells. */
function storeSalesFor(db: Db, text: string): StoreSale[] {
  const t = text.trim();
  if (t === '') return [];
  const m = /^(?:(.*)-)?0*(\d{1,15})$/.exec(t);
  const receipt = m === null ? null : formatReceiptNumber(m[1] ?? '', Number(m[2]));
  return storeSalesByText(db, t, receipt);
}

export interface MadeReturn {
  readonly row: ReturnRow;
  /** As printed: "P1-V000004". */
  readonly number: string;
}

/** A quantity in thousandths; ReturnError 'quantity' for one that is not above 0 or has more decimals. */
export function milli(quantity: number): number {
  const m = Math.round(quantity * 1000);
  if (!(quantity > 0) || !Number.isFinite(quantity) || Math.abs(m - quantity * 1000) > 1e-6 || m <= 0)
    throw new ReturnError('quantity', words('returnQuantity', { quantity: String(quantity) }));
  return m;
}

export function quantityText(m: number): string {
  return String(m / 1000);
}

function approvalWords(reasons: readonly ApprovalReason[]): Words {
  const first = reasons[0];
  return first === undefined ? words('returnNeedsPinTender') : reasonWords(first);
}

/** Another till's sale taken back with no claim in the store's bucket. */
function storeReason(sale: SaleForReturn): ApprovalReason {
  return { kind: 'store', till: sale.till ?? '', receipt: sale.receipt ?? sale.reference };
}

/** One reason the manager must approve, in the core's words. */
function reasonWords(reason: ApprovalReason): Words {
  if (reason.kind === 'amount')
    return words('returnNeedsPinAmount', {
      refund: toMajor(reason.refund).toFixed(2),
      limit: toMajor(reason.limit).toFixed(2),
    });
  if (reason.kind === 'days') return words('returnNeedsPinDays', { days: reason.days, limit: reason.limit });
  if (reason.kind === 'store')
    return words('returnNeedsPinStore', { receipt: reason.receipt, till: reason.till });
  if (reason.kind === 'no-receipt')
    return words('returnNeedsPinNoReceipt', { name: reason.name, price: reason.unitPrice });
  return words('returnNeedsPinTender');
}
