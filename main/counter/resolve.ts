// Scan resolution: what a scanned code is at this counter. Products come from the offline cache
// by barcode in the terminal's warehouse (never the network: a scan must land in milliseconds);
// customer cards come from the service's scan endpoint with a short timeout, falling back to the
// cached cards when the service cannot answer, honouring isInvalid, validFrom and validTo.
import { joined, words, type Words } from '../../contract/core-words.ts';
import {
  cardByBarcode,
  commonCurrency,
  customerOwes,
  isIssuedHere,
  stockItemByBarcode,
  stockItemById,
  stockItemsByBarcode,
  stockItemsSyncedAt,
  upsertCompanyCard,
  type CachedStockItem,
} from '../../db/catalog/index.ts';
import type { Db } from '../../db/database.ts';
import { isServiceError, type CompanyCard, type ScanResult } from '../service/index.ts';
import { BarcodeReader, type BarcodeReading } from '../barcode/index.ts';
import { labelMeasure, typedLabel, type LabelMeasure, type ScanVia } from './label.ts';
import { priceProblemWords, sellingPrice } from './price.ts';
import { quantityProblem } from './quantity.ts';
import { quantityForAmount } from './totals.ts';
import { majorText, roundToMinor, unitPriceText, type Minor } from '../../common/money.ts';
import { cardValidity } from './validity.ts';

/** The part of ServiceClient the counter uses. */
export interface CardService {
  scanCard(sessionId: number, barcode: string, signal?: AbortSignal): Promise<ScanResult>;
}

export type ProductLineKind = 'unit' | 'weight' | 'price';

export interface ProductResolution {
  readonly kind: 'product';
  readonly stockItem: CachedStockItem;
  readonly reading: BarcodeReading;
  readonly lineKind: ProductLineKind;
  readonly quantity: number;
  /** A price label's amount: the line's total as printed. */
  readonly fixedTotalMinor: Minor | null;
  /** The gross price per unit the line takes: the catalog's, or one entered at the till. */
  readonly unitPrice: number;
  /** The unit price was entered at the till (the catalog had no usable one). */
  readonly priceEntered: boolean;
}

/** A product refused for want of a usable price: what a manager-entered price would add. */
export interface Unpriced {
  readonly stockItemId: number;
  readonly name: string;
  /** The quantity the line would have had (a label's weight, a `3*`); undefined: one. */
  readonly quantity?: number;
}

export interface CustomerResolution {
  readonly kind: 'customer';
  readonly companyId: number;
  readonly card: CompanyCard;
  readonly source: 'online' | 'offline';
  /** What the customer still owes (cached financial receivables) in `owesCurrency`; null when not known. */
  readonly owesMinor: Minor | null;
  /** The till's currency owesMinor is in; undefined where neither Settings nor receivables say one. */
  readonly owesCurrency?: string;
  /** What is owed in other currencies, each apart (null: not known); empty when nothing or not known. */
  readonly owesElsewhere: readonly { readonly currency: string; readonly owed: number | null }[];
}

export interface FailedResolution {
  readonly kind: 'unknown' | 'misread' | 'rejected';
  readonly message: string;
  /** The message's sentences by key (contract/core-words.ts). */
  readonly said: Words['said'];
  /** Set when the card was found but may not be used. */
  readonly card?: CompanyCard;
  /** Set when the product was found but may not be sold. */
  readonly stockItem?: CachedStockItem;
  /** Set when the product was refused for want of a usable price: a manager may enter one. */
  readonly unpriced?: Unpriced;
  readonly source?: 'online' | 'offline';
}

export type Resolution = ProductResolution | CustomerResolution | FailedResolution;

export interface ResolverOptions {
  readonly db: Db;
  /** The label rules in force; a function when they may change while the resolver lives. */
  readonly reader?: BarcodeReader | (() => BarcodeReader);
  /** null: offline only (cached cards). */
  readonly cardService?: CardService | null;
  /** How long a card scan waits for the service before using the cache (ms). */
  readonly cardTimeoutMs?: number;
  readonly now?: () => Date;
  readonly log?: (line: string) => void;
  /** The currency the till shows prices in (what a customer owes is said in it); absent: the receivables' most common. */
  readonly currency?: () => string | undefined;
}

export interface ResolveContext {
  /** The terminal's warehouse; null looks in any warehouse (the CLI without one configured). */
  readonly warehouseId: number | null;
  /** The shopping session id sent to the service's scan endpoint. */
  readonly sessionId: number;
  readonly signal?: AbortSignal;
  /** How the code came; a weight or price in it is taken from a scanner only (label.ts). */
  readonly via?: ScanVia | undefined;
}

export const DEFAULT_CARD_TIMEOUT_MS = 1500;

export class ScanResolver {
  readonly #db: Db;
  readonly #reader: () => BarcodeReader;
  readonly #cards: CardService | null;
  readonly #timeoutMs: number;
  readonly #now: () => Date;
  readonly #log: (line: string) => void;
  readonly #currency: () => string | undefined;

  constructor(options: ResolverOptions) {
    this.#db = options.db;
    const reader = options.reader ?? new BarcodeReader();
    this.#reader = typeof reader === 'function' ? reader : () => reader;
    this.#cards = options.cardService ?? null;
    this.#timeoutMs = options.cardTimeoutMs ?? DEFAULT_CARD_TIMEOUT_MS;
    this.#now = options.now ?? (() => new Date());
    this.#log = options.log ?? (() => undefined);
    const { currency } = options;
    this.#currency = currency === undefined ? () => commonCurrency(options.db) : currency;
  }

  async resolve(scanned: string, context: ResolveContext): Promise<Resolution> {
    const code = scanned.trim();
    if (code === '') return unknown(words('scanEmpty'));
    const product = this.resolveProduct(code, context.warehouseId, context.via);
    if (product.kind !== 'not-a-product') return product.resolution;
    if (product.reading.kind === 'misread') {
      // A card number may look like a GTIN without being one: a cached card wins over "misread".
      const cached = cardByBarcode(this.#db, code);
      return cached ? this.#customer(cached, cached.companyId, 'offline') : misread(product.reading);
    }
    return this.#resolveCard(code, product.reading, context);
  }

  /** The synchronous, cache-only half: a product line, a misread, or not a product at all. */
  resolveProduct(
    code: string,
    warehouseId: number | null,
    via?: ScanVia,
  ): { kind: 'resolved'; resolution: Resolution } | { kind: 'not-a-product'; reading: BarcodeReading } {
    const exact = this.#lookup(code, warehouseId);
    const reading = this.#reader().read(code, this.#now());
    if (exact) return { kind: 'resolved', resolution: sellable(exact, reading, via) };
    if (reading.kind === 'misread' || reading.kind === 'other') return { kind: 'not-a-product', reading };
    for (const candidate of reading.lookup) {
      const item = this.#lookup(candidate, warehouseId);
      if (item) return { kind: 'resolved', resolution: sellable(item, reading, via) };
    }
    return { kind: 'not-a-product', reading };
  }

  /**
   * A stock item the cashier picked by name (products without a barcode are sold this way): a line
   * of one piece, or why it cannot be sold here. `enteredPrice`: the unit price a manager entered
   * for it at the till, instead of the catalog's.
   */
  resolveStockItem(stockItemId: number, warehouseId: number | null, enteredPrice?: number): Resolution {
    const item = stockItemById(this.#db, stockItemId);
    if (item === undefined) return unknown(words('stockItemNotCached', { stockItemId }));
    if (warehouseId !== null && item.warehouseId !== warehouseId) {
      const name = item.productName ?? item.productCode ?? `product ${item.productId}`;
      return {
        kind: 'rejected',
        ...words('stockItemElsewhere', { name, stockItemId, warehouseId: item.warehouseId }),
      };
    }
    return sellable(item, { kind: 'other', code: item.barcode ?? '' }, undefined, enteredPrice);
  }

  #lookup(barcode: string, warehouseId: number | null): CachedStockItem | undefined {
    if (warehouseId !== null) return stockItemByBarcode(this.#db, barcode, warehouseId);
    return stockItemsByBarcode(this.#db, barcode)[0];
  }

  async #resolveCard(code: string, reading: BarcodeReading, context: ResolveContext): Promise<Resolution> {
    if (this.#cards) {
      const signals = [AbortSignal.timeout(this.#timeoutMs), ...(context.signal ? [context.signal] : [])];
      try {
        const found = await this.#cards.scanCard(context.sessionId, code, AbortSignal.any(signals));
        this.#remember(found);
        return this.#customer(found.card, found.companyId, 'online');
      } catch (error) {
        if (isServiceError(error) && error.kind === 'http' && error.status === 404) {
          // A card issued at this till that the instance does not have yet (its document waits in
          // the outbox) is the customer's all the same.
          const issued = cardByBarcode(this.#db, code);
          if (issued !== undefined && isIssuedHere(issued))
            return this.#customer(issued, issued.companyId, 'offline');
          return unknown(this.#unknownMessage(code, reading, context.warehouseId));
        }
        // The service could not answer (offline, slow, 5xx, no permission): the cache decides.
        const why = isServiceError(error)
          ? `${error.kind}${error.status ? ` ${error.status}` : ''}`
          : String(error);
        this.#log(`card scan: the service did not answer (${why}); using cached cards`);
      }
    }
    const cached = cardByBarcode(this.#db, code);
    if (cached) return this.#customer(cached, cached.companyId, 'offline');
    const unknownCode = this.#unknownMessage(code, reading, context.warehouseId);
    return unknown(this.#cards ? joined(unknownCode, words('cardServiceNotAsked')) : unknownCode);
  }

  #customer(card: CompanyCard, companyId: number, source: 'online' | 'offline'): Resolution {
    const validity = cardValidity(card, this.#now());
    if (!validity.ok)
      return {
        kind: 'rejected',
        message: validity.message,
        said: validity.said,
        card,
        source,
      };
    return { kind: 'customer', companyId, card, source, ...this.#owes(companyId) };
  }

  /**
   * Receivables are known only once they were synced completely at least once; a sum no amount
   * Counter can hold (an instance's 1e14) is not known either, and the card scans all the same.
   */
  #owes(companyId: number): Pick<CustomerResolution, 'owesMinor' | 'owesCurrency' | 'owesElsewhere'> {
    const currency = this.#currency();
    const owed = customerOwes(this.#db, companyId, currency);
    if (owed === undefined) return { owesMinor: null, owesElsewhere: [] };
    return {
      owesMinor: owed.owed ?? null,
      ...(currency === undefined ? {} : { owesCurrency: currency }),
      owesElsewhere: owed.elsewhere,
    };
  }

  /** A card the service resolved is cached, so the same card works offline next time. */
  #remember(found: ScanResult): void {
    const { card } = found;
    if (card.id === undefined) return;
    try {
      upsertCompanyCard(
        this.#db,
        { ...card, id: card.id, companyId: found.companyId },
        this.#now().toISOString(),
      );
    } catch (error) {
      this.#log(`card scan: could not cache card ${card.id}: ${String(error)}`);
    }
  }

  #unknownMessage(code: string, reading: BarcodeReading, warehouseId: number | null): Words {
    if (reading.kind === 'other') return words('unknownCode', { code });
    const elsewhere = warehouseId === null ? [] : reading.kind === 'gs1' ? [] : this.#elsewhere(reading);
    if (elsewhere.length > 0) {
      return words('notStockedHere', { code, warehouses: elsewhere.join(', ') });
    }
    const at = stockItemsSyncedAt(this.#db);
    return at === undefined
      ? words('unknownProductNeverSynced', { code })
      : words('unknownProductSyncedAt', { code, at });
  }

  #elsewhere(reading: BarcodeReading): string[] {
    const candidates = 'lookup' in reading ? [reading.code, ...reading.lookup] : [reading.code];
    const names = new Set<string>();
    for (const c of candidates) {
      for (const item of stockItemsByBarcode(this.#db, c))
        names.add(item.warehouseName ?? `warehouse ${item.warehouseId}`);
    }
    return [...names];
  }
}

function sellable(
  item: CachedStockItem,
  reading: BarcodeReading,
  via: ScanVia | undefined,
  enteredPrice?: number,
): Resolution {
  const name = item.productName ?? item.productCode ?? `product ${item.productId}`;
  if (item.prohibitionOfSale === true) return rejected(words('prohibitedSale', { name }), item);
  const measure = labelMeasure(reading, via);
  if (measure.kind === 'typed') return rejected(typedLabel(name), item);
  const catalog = sellingPrice(item);
  // No VAT rate to book a price at: refused even at a price a manager entered, and none is offered.
  if (typeof catalog !== 'number' && catalog.kind === 'no-vat-rate')
    return rejected(priceProblemWords(name, catalog), item);
  const price = enteredPrice ?? catalog;
  if (typeof price !== 'number') {
    // Never sold at 0.00 without a word: refused, with what a manager-entered price would add.
    const quantity =
      measure.kind === 'weight' ? measure.kg : measure.kind === 'count' ? measure.pieces : undefined;
    return {
      ...rejected(priceProblemWords(name, price), item),
      unpriced: { stockItemId: item.id, name, ...(quantity === undefined ? {} : { quantity }) },
    };
  }
  return productLine(item, name, reading, measure, {
    unitPrice: price,
    priceEntered: enteredPrice !== undefined,
  });
}

/** The line a code makes of a sellable stock item at its price: one piece, or the measure its label says. */
function productLine(
  item: CachedStockItem,
  name: string,
  reading: BarcodeReading,
  measure: Exclude<LabelMeasure, { kind: 'typed' }>,
  priced: { unitPrice: number; priceEntered: boolean },
): Resolution {
  const base = { kind: 'product', stockItem: item, reading, ...priced } as const;
  switch (measure.kind) {
    case 'none':
      return { ...base, lineKind: 'unit', quantity: 1, fixedTotalMinor: null };
    case 'weight': {
      const problem = quantityProblem({ name, kind: 'weight' }, measure.kg);
      if (problem !== undefined) return rejected(problem, item);
      return { ...base, lineKind: 'weight', quantity: measure.kg, fixedTotalMinor: null };
    }
    case 'count': {
      const problem = quantityProblem(
        { name, kind: 'unit', unitOfMeasure: item.unitOfMeasure },
        measure.pieces,
      );
      if (problem !== undefined) return rejected(problem, item);
      return { ...base, lineKind: 'unit', quantity: measure.pieces, fixedTotalMinor: null };
    }
    case 'price': {
      // The order carries quantities only: the label's amount becomes the quantity that costs
      // exactly that much, so the receipt and the order the instance books agree to the cent.
      const amount = roundToMinor(measure.amount);
      if (amount <= 0) return rejected(words('labelAmountZero', { name }), item);
      const price = priced.unitPrice;
      const quantity = quantityForAmount(amount, price);
      if (quantity === undefined) {
        return rejected(
          words('labelAmountNoQuantity', {
            name,
            amount: majorText(amount),
            price: unitPriceText(price),
            unit: item.unitOfMeasure ?? '-',
          }),
          item,
        );
      }
      const problem = quantityProblem({ name, kind: 'weight' }, quantity);
      if (problem !== undefined) return rejected(problem, item);
      return { ...base, lineKind: 'price', quantity, fixedTotalMinor: amount };
    }
  }
}

function rejected(why: Words, stockItem: CachedStockItem): FailedResolution {
  return { kind: 'rejected', message: why.message, said: why.said, stockItem };
}

function unknown(why: Words): FailedResolution {
  return { kind: 'unknown', message: why.message, said: why.said };
}

function misread(why: Words): FailedResolution {
  return { kind: 'misread', message: why.message, said: why.said };
}
