// Returns at the till (issue 37) as the screens see them: a return, its lines and refund in the
// currency's major unit, and where its document is. main/returns/view.ts builds these.
import { z } from 'zod';
import { SaidSchema } from './core-words.ts';
import { OutboxState } from './order.ts';
import { lazy } from '../common/lazy.ts';

const int = lazy(() => z.number().int());
const ref = lazy(() => z.union([int, z.string()]));

/** A return (its row's id): its receipt, a reprint, marking it booked. */
export const ReturnRef = lazy(() => z.object({ id: ref }).strict());
export type ReturnRef = z.input<typeof ReturnRef>;

/** Where a return's document is: the outbox's states, the back office's list, booked there by hand. */
export const ReturnState = lazy(() => z.union([OutboxState, z.enum(['back-office', 'booked'])]));
export type ReturnState = z.infer<typeof ReturnState>;

export const ReturnRoute = lazy(() => z.enum(['claim', 'negative-order', 'delete', 'back-office']));

export const ReturnView = lazy(() =>
  z.object({
    id: int,
    /** "P1-V000004" */
    number: z.string(),
    /** The receipt it takes back ("P1-000123"), else the order's reference. */
    receipt: z.string(),
    reference: z.string(),
    /** null: a return without a receipt (issue 37, point 3), which names no sale; `receipt` is then empty. */
    saleOrderId: int.nullable(),
    withoutReceipt: z.literal(true).optional(),
    /** The till that sold it, when another till of the store did (its order's number is that till's). */
    saleTill: z.string().optional(),
    saleRemoteId: int.optional(),
    soldAt: z.string(),
    createdAt: z.string(),
    lines: z.array(
      z.object({
        lineNo: int,
        productId: int,
        name: z.string(),
        quantity: z.number(),
        unitOfMeasure: z.string().optional(),
        vatRate: z.number(),
        amount: z.number(),
      }),
    ),
    byVatRate: z.array(
      z.object({ vatRate: z.number(), base: z.number(), vat: z.number(), gross: z.number() }),
    ),
    total: z.number(),
    refund: z.object({ cash: z.number().optional(), card: z.number().optional() }),
    cashRounding: z.number(),
    state: ReturnState,
    route: ReturnRoute.optional(),
    documentOrderId: int.optional(),
    /** The document's order's client reference: the Orders list finds that order by it. */
    documentReference: z.string().optional(),
    note: z.string().optional(),
    managerApproved: z.boolean(),
    cashierId: int.nullable(),
    /** Who took it back, by name (none when the till has no cashiers). */
    cashierName: z.string().optional(),
    /** The store it was taken back in (its warehouse's name), the receipt's heading; none when unknown. */
    store: z.string().optional(),
    shiftId: int.nullable(),
    printCount: int,
    /** An exchange's new sale, by its receipt number: the return was settled with it. */
    exchangeReceipt: z.string().optional(),
  }),
);
export type ReturnView = z.infer<typeof ReturnView>;

/** Where the next page of returns starts: after the last return shown (its time and id). */
export const ReturnCursor = lazy(() =>
  z.object({ createdAt: z.string().min(1).max(40), id: int.min(1) }).strict(),
);
export type ReturnCursor = z.infer<typeof ReturnCursor>;

/** A page of the till's returns (Orders): newest first, ties broken by id. */
export const ReturnsPageInput = lazy(() =>
  z
    .object({
      /** The `next` of the page before: only older returns. Absent: the newest. */
      before: ReturnCursor.optional(),
      limit: int.min(1).max(200).optional(),
    })
    .strict(),
);
export type ReturnsPageInput = z.infer<typeof ReturnsPageInput>;

export const ReturnsPageView = lazy(() =>
  z.object({
    entries: z.array(ReturnView),
    /** Ask with `before` = this for the next, older page; absent: this was the last. */
    next: ReturnCursor.optional(),
  }),
);
export type ReturnsPageView = z.infer<typeof ReturnsPageView>;

/** A manager's word on a return whose DELETE went unanswered: is the sale's order gone from the instance? */
export const ReturnSettleInput = lazy(() => z.object({ id: ref, deleted: z.boolean() }).strict());
export type ReturnSettleInput = z.input<typeof ReturnSettleInput>;

// ---------- the Returns screen: find the sale, plan the return, make it ----------

const isoDateTime = lazy(() => z.string());

/** What a cashier types or scans to find a sale: its receipt number, its reference (QR), its order id. */
export const ReturnFindInput = lazy(() =>
  z.object({ text: z.string().trim().min(1, 'Scan or type the receipt number.').max(200) }).strict(),
);

export const ReturnSaleLineView = lazy(() =>
  z.object({
    lineNo: int,
    productId: int,
    code: z.string().optional(),
    name: z.string(),
    /** A weighed line ('weight') may come back in part; a price label's ('price') as one. */
    kind: z.enum(['unit', 'weight', 'price']),
    unit: z.string().optional(),
    vatRate: z.number(),
    unitPrice: z.number(),
    quantity: z.number(),
    /** What the customer paid for the whole line, discounts taken off. */
    paid: z.number(),
    returned: z.number(),
    left: z.number(),
  }),
);
export type ReturnSaleLineView = z.infer<typeof ReturnSaleLineView>;

const Tenders = lazy(() => z.object({ cash: z.number(), card: z.number() }));

export const ReturnSaleView = lazy(() =>
  z.object({
    /** The receipt's number as printed ("P1-000123"); absent for a sale that printed none. */
    receipt: z.string().optional(),
    /** The till of the store that sold it, when another till did (issue 38). */
    till: z.string().optional(),
    reference: z.string(),
    soldAt: isoDateTime,
    lines: z.array(ReturnSaleLineView),
    paid: Tenders,
    refunded: Tenders,
    /** The returns made against it already. */
    returns: z.array(z.object({ number: z.string(), createdAt: isoDateTime })),
  }),
);
export type ReturnSaleView = z.infer<typeof ReturnSaleView>;

const ReturnQuantity = lazy(() =>
  z
    .number()
    .positive('The quantity must be a number above zero.')
    .max(1_000_000)
    .refine((q) => Math.abs(Math.round(q * 1000) - q * 1000) < 1e-6, 'At most three decimals.'),
);

export const ReturnTender = lazy(() => z.enum(['cash', 'card']));
export type ReturnTender = z.infer<typeof ReturnTender>;

export const ReturnPlanInput = lazy(() =>
  z
    .object({
      /** The sale, as found (its receipt number or reference). */
      receipt: z.string().trim().min(1).max(200),
      lines: z
        .array(z.object({ lineNo: int, quantity: ReturnQuantity }).strict())
        .min(1)
        .max(500),
      /** All of it to one tender (the manager's choice); absent: card first up to its part, the rest cash. */
      tender: ReturnTender.optional(),
    })
    .strict(),
);
export type ReturnPlanInput = z.infer<typeof ReturnPlanInput>;

/** What a planned return pays out, with or without a receipt, and what the manager is asked. */
const payout = () => ({
  total: z.number(),
  /** Cash out of the drawer: the cash share (all of it without a receipt) rounded to the cash step. */
  cash: z.number(),
  /** What rounding added to the cash share (negative: less paid out). */
  cashRounding: z.number(),
  /**
   * Why the manager must approve it (beyond Settings' limits, another tender; without a receipt
   * always: each product and its price); empty: no PIN.
   */
  approval: z.array(SaidSchema).readonly(),
});

export const ReturnPlanView = lazy(() =>
  z.object({
    lines: z.array(z.object({ lineNo: int, quantity: z.number(), refund: z.number() })),
    /** To the card, on the payment terminal (the cashier confirms it was done). */
    card: z.number(),
    ...payout(),
  }),
);
export type ReturnPlanView = z.infer<typeof ReturnPlanView>;

export const ReturnMakeInput = lazy(() =>
  ReturnPlanInput.extend({
    /** The cashier says the card part was refunded on the payment terminal (required when there is one). */
    cardRefunded: z.boolean().optional(),
  }).strict(),
);
export type ReturnMakeInput = z.infer<typeof ReturnMakeInput>;

/** One product coming back without a receipt: its barcode (as scanned) or id, how much, the price confirmed. */
export const GoodsBackInput = lazy(() =>
  z
    .object({
      barcode: z.string().trim().min(1).max(200).optional(),
      productId: int.positive().optional(),
      quantity: ReturnQuantity,
      unitPrice: z.number().positive('The price must be a number above zero.').max(10_000_000).optional(),
    })
    .strict()
    .refine((r) => r.barcode !== undefined || r.productId !== undefined, 'Scan the product or give its id.'),
);

/**
 * A return without a receipt (issue 37, point 3): the products scanned (their barcodes) or picked by
 * id, how much of each comes back, and the unit price the manager confirms (absent: the catalog's).
 * Always needs the manager PIN; refunded in cash.
 */
export const ReturnWithoutReceiptInput = lazy(() =>
  z.object({ items: z.array(GoodsBackInput).min(1).max(100) }).strict(),
);
export type ReturnWithoutReceiptInput = z.infer<typeof ReturnWithoutReceiptInput>;

/** What a return without a receipt would take back and pay out (returns.planWithoutReceipt), stored nowhere. */
export const ReturnWithoutReceiptPlanView = lazy(() =>
  z.object({
    lines: z.array(
      z.object({
        lineNo: int,
        productId: int,
        code: z.string().optional(),
        name: z.string(),
        kind: z.enum(['unit', 'weight']),
        unit: z.string().optional(),
        quantity: z.number(),
        /** The price it comes back at: the manager's, else the catalog's. */
        unitPrice: z.number(),
        refund: z.number(),
      }),
    ),
    ...payout(),
  }),
);
export type ReturnWithoutReceiptPlanView = z.infer<typeof ReturnWithoutReceiptPlanView>;

/** An exchange: goods of `receipt` back as a credit on the sale open at the counter (issue 37, point 4). */
export const ReturnExchangeInput = lazy(() =>
  ReturnPlanInput.omit({ tender: true })
    .extend({
      /** How the customer pays a difference in the till's favour (default cash); one back is cash. */
      pays: ReturnTender.optional(),
    })
    .strict(),
);
export type ReturnExchangeInput = z.infer<typeof ReturnExchangeInput>;

export const ReturnExchangeView = lazy(() =>
  z.object({
    return: ReturnView,
    /** The new sale's order (its receipt: receipt.get). */
    orderId: int,
    saleTotal: z.number(),
    /** The return's refund credited to the sale (rounded to the cash step). */
    credit: z.number(),
    /** What the customer pays (above 0) or gets back in cash (below 0). */
    difference: z.number(),
    pays: ReturnTender,
  }),
);
export type ReturnExchangeView = z.infer<typeof ReturnExchangeView>;

/** "Výměna": the chosen lines of `receipt` held as a credit on the sale at the counter. */
export const ExchangeHoldInput = lazy(() => ReturnPlanInput.omit({ tender: true }).strict());
export type ExchangeHoldInput = z.infer<typeof ExchangeHoldInput>;

/** The credit held on the sale at the counter, kept with the sale (a reload finds it again). */
export const HeldExchangeView = lazy(() =>
  z.object({
    receipt: z.string(),
    lines: z.array(z.object({ lineNo: int, quantity: z.number() })),
    /** The refund credited to the sale (rounded to the cash step). */
    credit: z.number(),
  }),
);
export type HeldExchangeView = z.infer<typeof HeldExchangeView>;
