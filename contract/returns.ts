// Returns at the till (issue 37) as the screens see them: a return, its lines and refund in the
// currency's major unit, and where its document is. main/returns/view.ts builds these.
import { z } from 'zod';
import { OutboxState } from './order.ts';

const int = z.number().int();
const ref = z.union([int, z.string()]);

/** A return (its row's id): its receipt, a reprint, marking it booked. */
export const ReturnRef = z.object({ id: ref }).strict();
export type ReturnRef = z.input<typeof ReturnRef>;

/** Where a return's document is: the outbox's states, the back office's list, booked there by hand. */
export const ReturnState = z.union([OutboxState, z.enum(['back-office', 'booked'])]);
export type ReturnState = z.infer<typeof ReturnState>;

export const ReturnRoute = z.enum(['claim', 'negative-order', 'delete', 'back-office']);

export const ReturnView = z.object({
  id: int,
  /** "P1-V000004" */
  number: z.string(),
  /** The receipt it takes back ("P1-000123"), else the order's reference. */
  receipt: z.string(),
  reference: z.string(),
  saleOrderId: int,
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
  byVatRate: z.array(z.object({ vatRate: z.number(), base: z.number(), vat: z.number(), gross: z.number() })),
  total: z.number(),
  refund: z.object({ cash: z.number().optional(), card: z.number().optional() }),
  cashRounding: z.number(),
  state: ReturnState,
  route: ReturnRoute.optional(),
  documentOrderId: int.optional(),
  note: z.string().optional(),
  managerApproved: z.boolean(),
  cashierId: int.nullable(),
  /** Who took it back, by name (none when the till has no cashiers). */
  cashierName: z.string().optional(),
  shiftId: int.nullable(),
  printCount: int,
});
export type ReturnView = z.infer<typeof ReturnView>;

/** A manager's word on a return whose DELETE went unanswered: is the sale's order gone from the instance? */
export const ReturnSettleInput = z.object({ id: ref, deleted: z.boolean() }).strict();
export type ReturnSettleInput = z.input<typeof ReturnSettleInput>;
