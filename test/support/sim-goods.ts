// Goods picked on the sim itself (its admin view of the stock items), before or without a till's
// cache: what SELLS_PLAINLY (terminal.ts) picks from a synced cache, for tests that start from the sim.

type SimItem = Readonly<Record<string, unknown>>;

/**
 * Whether a cashier sells the sim's stock item without any question: a Czech EAN-13 (859…, no
 * in-store or scale code), counted in pieces, priced, allowed, active (for the product and in its
 * warehouse), and at least `inStock` of it, so no stock rule asks before a few are sold.
 */
export function sellsPlainlyOnSim(item: SimItem, inStock = 5): boolean {
  return (
    typeof item['barcode'] === 'string' &&
    /^859\d{10}$/.test(item['barcode']) &&
    Number(item['price']) > 0 &&
    item['unitOfMeasure'] === 'ks' &&
    item['prohibitionOfSale'] !== true &&
    item['isInactive'] !== true &&
    item['isInactiveInWarehouse'] !== true &&
    Number(item['quantityAvailable'] ?? item['quantityInStock']) >= inStock
  );
}

/** The first plain item on the sim (sellsPlainlyOnSim), of `warehouseId` when given; throws if none. */
export function plainItemOnSim(
  sim: { readonly admin: { stockItems(): SimItem[] } },
  options: { readonly warehouseId?: number; readonly inStock?: number } = {},
): SimItem {
  const item = sim.admin
    .stockItems()
    .find(
      (i) =>
        (options.warehouseId === undefined || i['warehouseId'] === options.warehouseId) &&
        sellsPlainlyOnSim(i, options.inStock),
    );
  if (item === undefined) throw new Error('the sim has no product a cashier sells plainly');
  return item;
}
