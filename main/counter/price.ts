// What a stock item sells for at the counter: its gross unit price (VAT included) from the cache, or
// why it has none (then a manager may enter one for the line), and why a line has no amount the till
// can charge, in words for the cashier.
import type { CachedStockItem } from '../../db/catalog/index.ts';
import { words, type Words } from '../../contract/core-words.ts';
import { MAX_SALE_CENTS, MAX_VAT_RATE, type LineProblem } from './totals.ts';

type PricedItem = Pick<CachedStockItem, 'price' | 'priceWoVat' | 'vatRate'>;

/**
 * Why a stock item has no price to sell at: the instance sent none (its view may lack `price` and
 * `priceWoVat`), it is 0 or below half a cent (SPEC.md gives 0 no meaning, so it is taken as unset,
 * never as "free"),
 * or it is negative or not finite.
 */
export type PriceProblem =
  | { readonly kind: 'missing' }
  | { readonly kind: 'zero' }
  | { readonly kind: 'unusable'; readonly value: number };

/**
 * The gross unit price a stock item sells at: its `price`, or its `priceWoVat` plus VAT when it has
 * no `price`; or why it has none the till may charge.
 */
export function sellingPrice(item: PricedItem): number | PriceProblem {
  const gross =
    item.price ??
    (item.priceWoVat === undefined
      ? undefined
      : Math.round(item.priceWoVat * (1 + (item.vatRate ?? 0) / 100) * 100) / 100);
  if (gross === undefined) return { kind: 'missing' };
  // Below half a cent a line of it costs 0.00: no price either.
  if (Math.abs(gross) < 0.005) return { kind: 'zero' };
  if (!Number.isFinite(gross) || gross < 0) return { kind: 'unusable', value: gross };
  return gross;
}

/** Why `name` is not sold as it is, and that a manager may enter its price. */
export function priceProblemWords(name: string, problem: PriceProblem): Words {
  switch (problem.kind) {
    case 'missing':
      return words('priceMissing', { name });
    case 'zero':
      return words('priceZero', { name });
    case 'unusable':
      return words('priceUnusable', { name, price: String(problem.value) });
  }
}

/**
 * Why a price entered at the till cannot be a line's unit price: it must be above 0, in whole cents,
 * and no more than a sale may hold. Undefined when it can.
 */
export function enteredPriceProblem(price: number): Words | undefined {
  const cents = price * 100;
  if (
    Number.isFinite(cents) &&
    cents > 0 &&
    cents <= MAX_SALE_CENTS &&
    Math.abs(cents - Math.round(cents)) < 1e-6
  )
    return undefined;
  return words('enteredPriceInvalid', { max: MAX_SALE });
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
