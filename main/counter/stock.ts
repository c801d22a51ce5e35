// Whether a product should go into a sale as the offline catalog sees it: an item marked inactive
// (for the product, or in this warehouse), one out of stock, or more of it in the sale than the
// warehouse has. The counter then asks the cashier to confirm, or refuses, as Settings say
// (StockRule). The stock is the cache's figure as of its last sync, less what this till and the
// store's other tills sold since that the instance's figure does not show yet (main/outbox/sold-here.ts).
import { joined, words, type Words } from '../../contract/core-words.ts';
import type { StockRule } from '../../contract/contract.ts';
import type { CachedStockItem } from '../../db/catalog/index.ts';
import { availableNow } from '../../db/catalog/index.ts';
import { roundQuantity } from '../../common/money.ts';

/** What Settings make of a stock concern: ask the cashier (Enter adds anyway), or refuse the line. */
export type { StockRule };

/** How the stock judged by came about when this till (or the store's tills) sold some since the last sync. */
export interface SoldHere {
  /** The figure of the last sync. */
  readonly cached: number;
  /** Sold here since, not shown by it. */
  readonly sold: number;
  /** Sold at the store's other tills since (their journals, through the store hub); absent: none. */
  readonly others?: number;
}

export type StockConcern =
  | { readonly kind: 'inactive'; readonly where: 'product' | 'warehouse' }
  | { readonly kind: 'out-of-stock'; readonly soldHere?: SoldHere }
  | {
      readonly kind: 'above-stock';
      readonly available: number;
      readonly wanted: number;
      readonly soldHere?: SoldHere;
    };

type StockFields = Pick<
  CachedStockItem,
  'quantityAvailable' | 'quantityInStock' | 'isInactive' | 'isInactiveInWarehouse' | 'unitOfMeasure'
>;

/**
 * How much of the item this warehouse can sell: quantityAvailable (what is in stock less what is
 * blocked for other orders), else quantityInStock when the instance sends only that, less `soldHere`;
 * undefined when it sends neither (then nothing is judged by stock: an unknown stock is no empty one).
 */
export function availableStock(item: StockFields, soldHere = 0): number | undefined {
  return availableNow(item, soldHere);
}

/**
 * The concerns about having `wanted` of the item in the sale (every line of it, this one included).
 * `fresh`: the item comes into the sale now (a scan or a pick), so whether it is inactive or out of
 * stock at all is said; for a quantity raised on a line already there, only the stock it exceeds.
 * `soldHere`: what this till sold of it that the cached figure does not show yet.
 */
export function stockConcerns(
  item: StockFields,
  wanted: number,
  fresh: boolean,
  soldHere = 0,
  soldOthers = 0,
): StockConcern[] {
  const concerns: StockConcern[] = [];
  if (fresh && item.isInactive === true) concerns.push({ kind: 'inactive', where: 'product' });
  else if (fresh && item.isInactiveInWarehouse === true)
    concerns.push({ kind: 'inactive', where: 'warehouse' });
  const sold = soldHere + soldOthers;
  const cached = availableStock(item);
  const available = availableStock(item, sold);
  if (cached === undefined || available === undefined) return concerns;
  const others = soldOthers === 0 ? {} : { others: soldOthers };
  const how = sold > 0 ? { soldHere: { cached, sold: soldHere, ...others } } : {};
  if (available <= 0) {
    if (fresh) concerns.push({ kind: 'out-of-stock', ...how });
    else concerns.push({ kind: 'above-stock', available: Math.max(0, available), wanted, ...how });
  } else if (wanted > available + 1e-9) {
    concerns.push({ kind: 'above-stock', available, wanted, ...how });
  }
  return concerns;
}

/** The concerns about `name`, in words for the cashier. */
export function stockConcernWords(
  name: string,
  unit: string | undefined,
  concerns: readonly StockConcern[],
): Words {
  return joined(...concerns.map((c) => concernWords(name, unit, c)));
}

function concernWords(name: string, unit: string | undefined, concern: StockConcern): Words {
  switch (concern.kind) {
    case 'inactive':
      return words(concern.where === 'product' ? 'stockInactive' : 'stockInactiveHere', { name });
    case 'out-of-stock':
      if (concern.soldHere === undefined) return words('stockOut', { name });
      return concern.soldHere.others === undefined
        ? words('stockOutSoldHere', { name, ...soldHereValues(concern.soldHere) })
        : words('stockOutSoldInStore', { name, ...soldInStoreValues(concern.soldHere) });
    case 'above-stock': {
      const values = {
        name,
        wanted: roundQuantity(concern.wanted),
        available: roundQuantity(concern.available),
      };
      const noUnit = unit === undefined || unit.trim() === '';
      if (concern.soldHere?.others !== undefined) {
        const more = { ...values, ...soldInStoreValues(concern.soldHere) };
        return noUnit
          ? words('stockAboveSoldInStoreNoUnit', more)
          : words('stockAboveSoldInStore', { ...more, unit });
      }
      if (concern.soldHere !== undefined) {
        const more = { ...values, ...soldHereValues(concern.soldHere) };
        return noUnit
          ? words('stockAboveSoldHereNoUnit', more)
          : words('stockAboveSoldHere', { ...more, unit });
      }
      return noUnit ? words('stockAboveNoUnit', values) : words('stockAbove', { ...values, unit });
    }
  }
}

/** Said after the concerns when Settings refuse such lines. */
export function stockBlockedWords(concerns: Words): Words {
  return joined(concerns, words('stockBlocked'));
}

function soldHereValues(soldHere: SoldHere): { cached: number; sold: number } {
  return { cached: roundQuantity(soldHere.cached), sold: roundQuantity(soldHere.sold) };
}

/** The store's tills' part: `sold` all of them together, `here` this till's. */
function soldInStoreValues(soldHere: SoldHere): { cached: number; sold: number; here: number } {
  return {
    cached: roundQuantity(soldHere.cached),
    sold: roundQuantity(soldHere.sold + (soldHere.others ?? 0)),
    here: roundQuantity(soldHere.sold),
  };
}
