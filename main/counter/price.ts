// What a stock item sells for at the counter: its gross unit price (VAT included), from the cache,
// and why a line has no amount the till can charge, in words for the cashier.
import type { CachedStockItem } from '../../db/catalog/index.ts';
import { words, type Words } from '../../preload/core-words.ts';
import { MAX_SALE_CENTS, MAX_VAT_RATE, type LineProblem } from './totals.ts';

type PricedItem = Pick<CachedStockItem, 'price' | 'priceWoVat' | 'vatRate'>;

/** Gross unit price: the stock item's price, or its price without VAT plus VAT. */
export function grossPrice(item: PricedItem): number {
  if (item.price !== undefined) return item.price;
  if (item.priceWoVat !== undefined)
    return Math.round(item.priceWoVat * (1 + (item.vatRate ?? 0) / 100) * 100) / 100;
  return 0;
}

/** The most a sale may come to, as the messages say it. */
const MAX_SALE = (MAX_SALE_CENTS / 100).toFixed(2);

/** Why the line of `name` has no amount, for the cashier. */
export function lineProblemWords(name: string, problem: LineProblem): Words {
  switch (problem.kind) {
    case 'price':
      return words('lineBadPrice', { name, price: String(problem.value) });
    case 'vat-rate':
      return words('lineBadVatRate', { name, rate: String(problem.value), max: MAX_VAT_RATE });
    case 'quantity':
      return words('lineBadQuantity', { name, quantity: String(problem.value) });
    case 'amount':
      return words('lineTooLarge', { name, max: MAX_SALE });
  }
}

/** Adding `name` would take the sale past what it can hold. */
export function saleTooLarge(name: string): Words {
  return words('saleTooLarge', { name, max: MAX_SALE });
}
