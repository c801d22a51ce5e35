// The shift's shapes in the contract: opening with a float, cash paid in and out, closing with the
// cash counted, the X and Z reports (INTERFACES.md "Shift report"), and the cashiers who sign in at
// the till. Amounts travel in the currency's major unit (koruna, euro) with at most two decimals, as
// every amount of the contract; the core keeps them in integer minor units.
import { z } from 'zod';
import { AT_MOST_TWO_DECIMALS, hasAtMostTwoDecimals } from '../common/money.ts';
import { OutboxState } from './order.ts';
import { lazy } from '../common/lazy.ts';

const int = lazy(() => z.number().int());

/** An amount of cash as typed: 0 or more, at most two decimals, below ten billion. */
export const CashAmount = lazy(() =>
  z
    .number()
    .nonnegative('An amount cannot be negative.')
    .max(9_999_999_999.99, 'An amount is below ten billion.')
    .refine(hasAtMostTwoDecimals, AT_MOST_TWO_DECIMALS),
);

export const ShiftOpenInput = lazy(() => z.object({ float: CashAmount }).strict());
export const ShiftCloseInput = lazy(() => z.object({ counted: CashAmount }).strict());
export const CashMoveInput = lazy(() =>
  z
    .object({
      direction: z.enum(['in', 'out']),
      amount: CashAmount.refine((n) => n > 0, 'An amount paid in or out is above 0.'),
      reason: z.string().trim().min(1, 'Say why the cash is paid in or out.').max(200),
    })
    .strict(),
);

/** A cashier as the screens see them: never their PIN nor its hash. */
export const CashierView = lazy(() => z.object({ id: int, name: z.string() }));
export type CashierView = z.infer<typeof CashierView>;

/** A cashier's own PIN: 4 to 6 digits. */
export const CashierPin = lazy(() => z.string().regex(/^\d{4,6}$/, "A cashier's PIN is 4 to 6 digits."));
export const CashierAddInput = lazy(() =>
  z.object({ name: z.string().trim().min(1, 'A cashier needs a name.').max(60), pin: CashierPin }).strict(),
);
export const CashierRef = lazy(() => z.object({ id: int }).strict());
export const CashierSignInInput = lazy(() => z.object({ id: int, pin: z.string().max(6) }).strict());
export const CashiersView = lazy(() =>
  z.object({
    cashiers: z.array(CashierView),
    /** Who works the till now; null: nobody is signed in. */
    signedIn: CashierView.nullable(),
  }),
);
export type CashiersView = z.infer<typeof CashiersView>;

const Sum = lazy(() => z.object({ count: int, gross: z.number() }));
/** How many orders of the shift's sales are in each state: the proof that each reached the books. */
export const ShiftOrderCounts = lazy(() =>
  z.object({
    placed: int,
    /** Stored by the instance (state sent), with its id there. */
    acknowledged: int,
    /** Waiting to be sent (queued, or being sent now). */
    queued: int,
    inDoubt: int,
    needsFix: int,
    blocked: int,
    /** Stored by the instance, then cancelled there. */
    cancelled: int,
    /** Discarded unsent by the operator: never on the instance. */
    discarded: int,
  }),
);
export type ShiftOrderCounts = z.infer<typeof ShiftOrderCounts>;

/** One sale of the shift and where its order is. */
export const ShiftSaleView = lazy(() =>
  z.object({
    orderId: int,
    sessionId: int,
    /** The client reference: how the order is found on the instance. */
    reference: z.string(),
    closedAt: z.string(),
    total: z.number(),
    cashierId: int.nullable(),
    state: OutboxState,
    /** The instance's id of the order, once it acknowledged it. */
    remoteId: int.optional(),
    acknowledgedAt: z.string().optional(),
    /** The till's receipt number the sale was given. */
    receiptNumber: int.optional(),
  }),
);
export type ShiftSaleView = z.infer<typeof ShiftSaleView>;

/** The X report (the open shift, nothing closed) or the Z report (a closed shift, as it was at close). */
export const ShiftReportView = lazy(() =>
  z.object({
    id: int,
    kind: z.enum(['X', 'Z']),
    state: z.enum(['open', 'closed']),
    /** When the figures were taken: now for an X report, the close for a Z report. */
    at: z.string(),
    openedAt: z.string(),
    openedBy: CashierView.nullable(),
    closedAt: z.string().optional(),
    closedBy: CashierView.nullable().optional(),
    float: z.number(),
    sales: Sum,
    byVatRate: z.array(
      z.object({ vatRate: z.number(), base: z.number(), vat: z.number(), gross: z.number() }),
    ),
    /**
     * What each way of paying took (cash, card; unsaid: placed without saying): cash as rounded to what
     * can be paid, so they add up to the sales' gross plus `rounding`.
     */
    byMethod: z.record(z.string(), z.number()),
    /** Cash rounded to what can be paid, as stored with each sale: taken beyond (+) or short of (-) the totals. */
    rounding: z.number(),
    byCashier: z.array(
      z.object({ cashierId: int.nullable(), name: z.string().nullable(), sales: Sum, voids: Sum }),
    ),
    voids: Sum,
    /** Orders cancelled on the instance during the shift, and the cash their sales took, given back. */
    cancelled: z.object({ count: int, gross: z.number(), cashRefunded: z.number() }),
    /**
     * Goods taken back during the shift (issue 37): how many, what they refunded, per VAT rate, per
     * tender (cash as paid out, after rounding) and per cashier, and each return with where its
     * document is (the outbox's states, `back-office` until a manager marks it `booked`). Absent from
     * reports made before returns existed.
     */
    returns: z
      .object({
        count: int,
        gross: z.number(),
        byVatRate: z.array(
          z.object({ vatRate: z.number(), base: z.number(), vat: z.number(), gross: z.number() }),
        ),
        byMethod: z.record(z.string(), z.number()),
        rounding: z.number(),
        byCashier: z.array(z.object({ cashierId: int.nullable(), count: int, gross: z.number() })),
        list: z.array(
          z.object({
            id: int,
            number: z.string(),
            receipt: z.string().optional(),
            /** A return without a receipt (issue 37, point 3): it names no sale. */
            withoutReceipt: z.literal(true).optional(),
            createdAt: z.string(),
            total: z.number(),
            state: z.string(),
            route: z.string().optional(),
            saleRemoteId: int.optional(),
          }),
        ),
      })
      .optional(),
    cashTaken: z.number(),
    changeGiven: z.number(),
    paidIn: z.number(),
    paidOut: z.number(),
    cashMoves: z.array(
      z.object({
        direction: z.enum(['in', 'out']),
        amount: z.number(),
        reason: z.string(),
        cashierId: int.nullable(),
        at: z.string(),
      }),
    ),
    /**
     * The cash drawer opened without a sale during the shift (printer.openDrawer), oldest first: by
     * the manager (the PIN was given) or the till (no manager PIN is set). It moves no cash.
     */
    drawerOpenings: z.array(z.object({ at: z.string(), by: z.enum(['manager', 'till']) })),
    /** float + cash taken - change given + paid in - paid out - cash refunded (cancellations and returns). */
    expectedCash: z.number(),
    countedCash: z.number().optional(),
    /** counted - expected: above 0 more cash than expected, below 0 less. */
    difference: z.number().optional(),
    /** The limit in Settings at close, and whether the difference went beyond it. */
    differenceLimit: z.number().optional(),
    overLimit: z.boolean().optional(),
    /** The manager gave the PIN for a difference over the limit. */
    managerApproved: z.boolean().optional(),
    /** The first and last receipt number of the shift's sales (null: none numbered). */
    receiptNumbers: z.object({ first: int.nullable(), last: int.nullable() }),
    orders: ShiftOrderCounts,
    /** Each sale the shift placed and its order's state (for a Z report: as at close). */
    saleOrders: z.array(ShiftSaleView),
    /** A closed shift seen later: where each sale's order is now, and when it was acknowledged. */
    followUp: z
      .object({
        at: z.string(),
        orders: ShiftOrderCounts,
        saleOrders: z.array(
          z.object({
            orderId: int,
            state: OutboxState,
            remoteId: int.optional(),
            acknowledgedAt: z.string().optional(),
          }),
        ),
      })
      .optional(),
  }),
);
export type ShiftReportView = z.infer<typeof ShiftReportView>;

/** The till's shift now: the open one's X report (null: none open), and whether selling needs one. */
export const ShiftStateView = lazy(() =>
  z.object({
    open: ShiftReportView.nullable(),
    /** A sale is refused while no shift is open (Settings; the demo opens one by itself). */
    required: z.boolean(),
  }),
);
export type ShiftStateView = z.infer<typeof ShiftStateView>;
