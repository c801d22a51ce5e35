// What a stock item sells for at the counter: its gross unit price (VAT included) from the cache, or
// why it has none (then a manager may enter one for the line), and why a line has no amount the till
// can charge, in words for the cashier.
import type { CachedStockItem } from '../../db/catalog/index.ts';
import { words, type Words } from '../../contract/core-words.ts';
import {
  decimal,
  decimalNumber,
  grossOfNet,
  majorText,
  MAX_SALE_MINOR,
  minorOf,
} from '../../common/money.ts';
import { MAX_VAT_RATE, type LineProblem } from './totals.ts';

type PricedItem = Pick<CachedStockItem, 'price' | 'priceWoVat' | 'vatRate'>;

/**
 * Why a stock item has no price to sell at: the instance sent none (its view may lack `price` and
 * `priceWoVat`), it is 0 (SPEC.md gives 0 no meaning, so it is taken as unset, never as "free"), or
 * it is negative or not finite. A price below half a cent is a price (0.004 a gram: 1000 g cost
 * 4.00), kept exactly as the instance sent it.
 */
export type PriceProblem =
  | { readonly kind: 'missing' }
  | { readonly kind: 'no-vat-rate' }
  | { readonly kind: 'zero' }
  | { readonly kind: 'unusable'; readonly value: number };

/**
 * The gross unit price a stock item sells at: its `price` as the instance sent it, or its
 * `priceWoVat` plus VAT, exactly (0.0826 at 21 % is 0.099946: never rounded to cents before it is
 * multiplied by a quantity); or why it has none the till may charge. Without a usable price and
 * without `vatRate` it is no-vat-rate: the net price would be sold at 0 % VAT, and so would a price
 * a manager entered (printed and booked at 0 %), so it is not sold at all.
 */
export function sellingPrice(item: PricedItem): number | PriceProblem {
  const gross =
    item.price ??
    (item.priceWoVat === undefined || item.vatRate === undefined
      ? undefined
      : grossOf(item.priceWoVat, item.vatRate));
  const problem = priceProblem(gross);
  if (problem === undefined) return gross as number;
  return item.vatRate === undefined ? { kind: 'no-vat-rate' } : problem;
}

/** Why a gross price is none to sell at (undefined: it is one). */
function priceProblem(gross: number | undefined): PriceProblem | undefined {
  if (gross === undefined) return { kind: 'missing' };
  if (gross === 0) return { kind: 'zero' };
  if (!Number.isFinite(gross) || gross < 0) return { kind: 'unusable', value: gross };
  return undefined;
}

/** priceWoVat plus its VAT rate's percent, exactly; not a number where either is none. */
function grossOf(priceWoVat: number, vatRate: number): number {
  const net = decimal(priceWoVat);
  const rate = decimal(vatRate);
  if (net === undefined) return priceWoVat;
  return rate === undefined ? Number.NaN : decimalNumber(grossOfNet(net, rate));
}

/** Why `name` is not sold as it is, and that a manager may enter its price. */
export function priceProblemWords(name: string, problem: PriceProblem): Words {
  switch (problem.kind) {
    case 'missing':
      return words('priceMissing', { name });
    case 'no-vat-rate':
      return words('priceNoVatRate', { name });
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
  const cents = minorOf(price);
  if (cents !== undefined && cents > 0 && cents <= MAX_SALE_MINOR) return undefined;
  return words('enteredPriceInvalid', { max: MAX_SALE });
}

/** The most a sale may come to, as the messages say it. */
const MAX_SALE = majorText(MAX_SALE_MINOR);

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
