// What this till sold that the instance's stock figures, as cached, do not show yet. A sale closed
// here counts against a stock item (its product in the order's warehouse) while its order is not
// acknowledged by the instance, or when it was acknowledged after the item's figures were read from
// the instance: those figures predate it. Once the item is read again after the acknowledgement, the
// instance's figure stands on its own and the sale no longer counts. A voided sale made no order;
// cancelled and discarded orders count nothing (docs/assumptions.md "Sold here since the last sync").
//
// The quantities are the order's own items: what the instance books, in the product's unit of
// measure, which is the stock item's (the order names no other unit).
//
// Only open and recent orders are read: those not acknowledged (outbox_order_state) and those
// acknowledged after the oldest figures asked about (order_acknowledged_at, migration 19), never
// the whole history.
import { z } from 'zod';
import type { Db } from './database.ts';
import { prepared } from './prepared.ts';

/** One stock item's figures as cached, and when the instance gave them (at the earliest). */
export interface StockFigures {
  readonly stockItemId: number;
  readonly productId: number;
  readonly warehouseId: number;
  /** ISO UTC: the figures include every order the instance had acknowledged before then. */
  readonly asOf: string;
}

/**
 * What the counter sells by: quantityAvailable (what is in stock less what is blocked for other
 * orders), else quantityInStock when the instance sends only that, less what was sold here since;
 * undefined when it sends neither (an unknown stock is no empty one).
 */
export function availableNow(
  figures: { readonly quantityAvailable?: number | undefined; readonly quantityInStock?: number | undefined },
  soldHere = 0,
): number | undefined {
  const available = figures.quantityAvailable ?? figures.quantityInStock;
  if (available === undefined || !Number.isFinite(available)) return undefined;
  return Math.round((available - soldHere) * 1000) / 1000;
}

/** An item of an order that may count: its product, warehouse and quantity, and when it was acknowledged. */
const OrderItemRow = z.object({
  productId: z.number().int(),
  warehouseId: z.number().int(),
  quantity: z.number(),
  acknowledgedAt: z.string().nullable(),
});
type OrderItemRow = z.infer<typeof OrderItemRow>;

// The states an order waits in before the instance acknowledges it (db/outbox.ts) are written out so
// the planner reads each from the (state, id) index. CROSS JOIN keeps the acknowledged ones read from
// order_acknowledged_at: joined plainly, SQLite would walk every 'sent' order of the history instead.
export const soldHereSql = `
  WITH counted (orderId, acknowledgedAt) AS (
    SELECT id, NULL FROM outbox_order
      WHERE state IN ('queued', 'sending', 'needs-fix', 'blocked', 'in-doubt')
    UNION ALL
    SELECT a.orderId, a.at FROM order_acknowledged a CROSS JOIN outbox_order o ON o.id = a.orderId
      WHERE a.at > @since AND o.state = 'sent'
  )
  SELECT CAST(json_extract(i.value, '$.productId') AS INTEGER) AS productId,
         CAST(json_extract(o.payload, '$.warehouseId') AS INTEGER) AS warehouseId,
         json_extract(i.value, '$.quantity') AS quantity,
         c.acknowledgedAt AS acknowledgedAt
    FROM counted c
    JOIN outbox_order o ON o.id = c.orderId
    JOIN shopping_session s ON s.id = o.origin_session_id AND s.state = 'closed'
    JOIN json_each(o.payload, '$.items') i
   WHERE CAST(json_extract(i.value, '$.productId') AS INTEGER) IN (SELECT value FROM json_each(@products))`;

/**
 * For each stock item, what this till sold of it that its cached figures do not reflect (in its
 * unit of measure, to a thousandth); items with nothing are left out.
 */
export function soldHere(db: Db, figures: readonly StockFigures[]): Map<number, number> {
  const sold = new Map<number, number>();
  if (figures.length === 0) return sold;
  const since = figures.reduce((min, f) => (f.asOf < min ? f.asOf : min), figures[0]?.asOf ?? '');
  const products = [...new Set(figures.map((f) => f.productId))];
  const items = z
    .array(OrderItemRow)
    .parse(prepared(db, soldHereSql).all({ since, products: JSON.stringify(products) }));
  for (const f of figures) {
    const quantity = items.filter((i) => countsAgainst(i, f)).reduce((sum, i) => sum + i.quantity, 0);
    const rounded = Math.round(quantity * 1000) / 1000;
    if (rounded > 0) sold.set(f.stockItemId, rounded);
  }
  return sold;
}

/** The item is of the figures' product and warehouse, and the figures predate its acknowledgement. */
function countsAgainst(item: OrderItemRow, figures: StockFigures): boolean {
  if (item.productId !== figures.productId || item.warehouseId !== figures.warehouseId) return false;
  return item.acknowledgedAt === null || item.acknowledgedAt > figures.asOf;
}
