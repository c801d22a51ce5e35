// What a stock item sells for at the counter: its gross unit price (VAT included), from the cache.
import type { CachedStockItem } from '../../db/catalog/index.ts';

type PricedItem = Pick<CachedStockItem, 'price' | 'priceWoVat' | 'vatRate'>;

/** Gross unit price: the stock item's price, or its price without VAT plus VAT. */
export function grossPrice(item: PricedItem): number {
  if (item.price !== undefined) return item.price;
  if (item.priceWoVat !== undefined)
    return Math.round(item.priceWoVat * (1 + (item.vatRate ?? 0) / 100) * 100) / 100;
  return 0;
}
