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
// The outbox's own bookkeeping (issue 36, point 4): only open and recent orders are read (db/outbox.ts
// soldItemsSince), those not acknowledged and those acknowledged after the oldest figures asked
// about (migration 19), never the whole history.
import { roundQuantity } from '../../common/money.ts';
import type { StockFigures } from '../../db/catalog/index.ts';
import type { Db } from '../../db/database.ts';
import {
  returnedItemsSince,
  soldItemsSince,
  storeSoldItemsSince,
  type SoldItemRow,
} from '../../db/outbox.ts';

/**
 * For each stock item, what this till sold of it that its cached figures do not reflect (in its
 * unit of measure, to a thousandth); items with nothing are left out.
 */
export function soldHere(db: Db, figures: readonly StockFigures[]): Map<number, number> {
  const sold = new Map<number, number>();
  if (figures.length === 0) return sold;
  const since = figures.reduce((min, f) => (f.asOf < min ? f.asOf : min), figures[0]?.asOf ?? '');
  const products = [...new Set(figures.map((f) => f.productId))];
  // Goods taken back count as negative sales until the instance's figures show them (issue 37).
  const items = [...soldItemsSince(db, since, products), ...returnedItemsSince(db, since, products)];
  for (const f of figures) {
    const quantity = items.filter((i) => countsAgainst(i, f)).reduce((sum, i) => sum + i.quantity, 0);
    const rounded = roundQuantity(quantity);
    if (rounded !== 0) sold.set(f.stockItemId, rounded);
  }
  return sold;
}

/** The item is of the figures' product and warehouse, and the figures predate its acknowledgement. */
function countsAgainst(item: SoldItemRow, figures: StockFigures): boolean {
  if (item.productId !== figures.productId || item.warehouseId !== figures.warehouseId) return false;
  return item.acknowledgedAt === null || item.acknowledgedAt > figures.asOf;
}

/** What one other till of the store sold of a stock item that the cached figures do not show yet. */
export interface SoldAtTill {
  readonly till: string;
  readonly quantity: number;
}

/**
 * For each stock item, what each other till of the store sold of it (less what it took back) that
 * its cached figures do not reflect, as their journals reached this till through the store hub
 * (db/outbox.ts storeSoldItemsSince); tills with nothing are left out, in the tills' name order.
 */
export function soldInStore(db: Db, figures: readonly StockFigures[]): Map<number, SoldAtTill[]> {
  const sold = new Map<number, SoldAtTill[]>();
  if (figures.length === 0) return sold;
  const since = figures.reduce((min, f) => (f.asOf < min ? f.asOf : min), figures[0]?.asOf ?? '');
  const products = [...new Set(figures.map((f) => f.productId))];
  const items = storeSoldItemsSince(db, since, products);
  for (const f of figures) {
    const perTill = new Map<string, number>();
    for (const i of items.filter((item) => countsAgainst(item, f)))
      perTill.set(i.till, (perTill.get(i.till) ?? 0) + i.quantity);
    const tills = [...perTill]
      .map(([till, quantity]) => ({ till, quantity: roundQuantity(quantity) }))
      .filter((t) => t.quantity !== 0)
      .sort((a, b) => a.till.localeCompare(b.till));
    if (tills.length > 0) sold.set(f.stockItemId, tills);
  }
  return sold;
}
