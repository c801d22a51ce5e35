// Whether an order sent without some of its item fields (the instance's description shows no price
// or discountAmount on an item, so they were left out) may have been booked at another total than
// the till charged. The instance then books its own price and no discount: it differs where a line
// had a discount the instance did not take, or a price other than the catalog's it was not given.
// The catalog is the till's synced one; a price it does not know is taken as differing.
import type { InternetOrderPayload } from '../service/index.ts';

/** The catalog's price of a product in a warehouse (major unit), or undefined where it is not known. */
export type CatalogPrice = (productId: number, warehouseId: number) => number | undefined;

export function tillPricesAtStake(
  order: InternetOrderPayload,
  withheld: readonly string[],
  catalogPrice: CatalogPrice | undefined,
): boolean {
  const noPrice = withheld.includes('price');
  const noDiscount = withheld.includes('discountAmount');
  if (!noPrice && !noDiscount) return false;
  return order.items.some((item) => {
    if (noDiscount && (item.discountAmount ?? 0) > 0) return true;
    if (!noPrice || item.price === undefined) return false;
    const catalog =
      order.warehouseId === undefined ? undefined : catalogPrice?.(item.productId, order.warehouseId);
    // Exactly: a price of 0.125 the instance books is not the 0.13 an older till may have charged.
    return catalog === undefined || catalog !== item.price;
  });
}
