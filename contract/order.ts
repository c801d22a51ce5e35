// The order file of INTERFACES.md, the one schema of an internet order: what the CLI reads, the
// counter closes a sale into, the outbox stores and the service client sends. Local validation checks
// the shape only; business rules (a customer and a warehouse are required, known products,
// quantity > 0) are the service's, so it reports them per field (needs-fix).
import { z } from 'zod';
import { lazy } from '../common/lazy.ts';

export const OrderItem = lazy(() =>
  z.strictObject({
    productId: z.int(),
    quantity: z.number().refine(Number.isFinite, 'must be a finite number'),
    /**
     * The gross unit price (VAT included) the till charged, in the currency's major unit as the
     * service's prices are. Optional: an order file, or an order queued before prices were sent, lets
     * the instance price the line itself.
     */
    price: z.number().nonnegative().optional(),
    /** What came off the line (the card's percent and its share of an amount off), gross, major unit. */
    discountAmount: z.number().nonnegative().optional(),
  }),
);

/** Strict: an unknown key (a typo such as "customerID") is an error, not silently dropped. */
export const InternetOrderPayload = lazy(() =>
  z.strictObject({
    customerId: z.int().optional(),
    warehouseId: z.int().optional(),
    items: z.array(OrderItem),
    note: z.string().optional(),
  }),
);
export type InternetOrderPayload = z.infer<typeof InternetOrderPayload>;

/** Where an order is in the outbox (docs/assumptions.md "Internet orders and the outbox"). */
export const OUTBOX_STATES = [
  'queued',
  'sending',
  'sent',
  'needs-fix',
  'blocked',
  'in-doubt',
  // Kept for the record: the operator discarded it unsent, or cancelled it on the instance.
  'discarded',
  'cancelled',
] as const;
export const OutboxState = lazy(() => z.enum(OUTBOX_STATES));
export type OutboxState = z.infer<typeof OutboxState>;
