// A receipt for every order Counter placed or queued: the seller, the till's receipt number, the sale
// it closed (lines and totals as the cashier saw them, the customer, how it was paid), how many times
// it was printed (a later print is a copy), and the order's reference and state. A queued order's
// receipt says so and carries the reference the order will be known by on the instance. An order from
// an order file (`pos order`) had no sale and has no number: its lines are priced from the offline
// catalog of its warehouse, and the receipt says that too.
import { companyNames, stockItemOfProduct, warehouses } from '../../db/catalog/index.ts';
import type { Db } from '../../db/database.ts';
import type { OutboxInternetOrder, OutboxOrder } from '../outbox/index.ts';
import { formatReceiptNumber, receiptRecord, type ReceiptSeller } from '../../db/receipts.ts';
import type { Tender } from '../../contract/contract.ts';
import type { Counter, PricedSession } from './counter.ts';
import { sessionTotals } from './totals.ts';
import { minor, toMajor } from '../../common/money.ts';
import { exchangeReturnOf, formatReturnNumber, returnRefunds } from '../../db/returns.ts';

export interface ReceiptLine {
  readonly name: string;
  readonly quantity: number;
  readonly unitOfMeasure?: string;
  /** Gross per unit; undefined when an order file's product is not in the catalog. */
  readonly unitPrice?: number;
  readonly lineTotal: number;
  readonly discount: number;
  readonly vatRate: number;
}

export interface Receipt {
  readonly orderId: number;
  /** The client reference (Idempotency-Key): how the order is found on the instance. */
  readonly reference: string;
  readonly state: OutboxOrder['state'];
  readonly remoteId?: number;
  /** What the instance said it booked (major units), when its answer said. */
  readonly bookedTotal?: number;
  readonly placedAt: string;
  /** The till's receipt number as printed ("P1-000123"); none for an order that closed no sale. */
  readonly number?: string;
  /** Who sold, as Settings had it when the sale closed (else as they have it now); none when unnamed. */
  readonly seller?: ReceiptSeller;
  /** How many times it went to the printer. */
  readonly printCount: number;
  /** The warehouse's name (the store), when cached. */
  readonly store?: string;
  readonly lines: ReceiptLine[];
  readonly totals: PricedSession['totals'];
  readonly customer?: { readonly companyId: number; readonly name?: string; readonly walkIn: boolean };
  readonly tender?: Tender;
  /** sale: as the cashier closed it; catalog: an order file's lines priced from the cache now. */
  readonly pricedFrom: 'sale' | 'catalog';
  /** An exchange's sale: the return settled with it, and what it credited. */
  readonly exchange?: { readonly number: string; readonly credit: number };
}

/** The receipt of `order`: the sale it closed (from `counter`), or an order file's lines priced from the cache. */
export function receiptOf(db: Db, order: OutboxInternetOrder, counter: Counter): Receipt {
  const sale = saleOf(order, counter);
  const warehouseId = sale?.warehouseId ?? order.payload.warehouseId;
  const store = warehouses(db).find((w) => w.id === warehouseId)?.name;
  const customer = customerOf(db, order, sale);
  const record = receiptRecord(db, order.id);
  // A sale's receipt names the seller as it was when the sale closed (none, if none was named); an
  // order that closed no sale, or one closed before receipts were numbered, names today's.
  const seller = record?.number != null ? record.seller : counter.receiptIssue().seller;
  return {
    orderId: order.id,
    reference: order.clientReference,
    state: order.state,
    ...(order.remoteId === null ? {} : { remoteId: order.remoteId }),
    ...(order.bookedMinor === null ? {} : { bookedTotal: toMajor(order.bookedMinor) }),
    placedAt: order.createdAt,
    ...(record?.number == null ? {} : { number: receiptNumber(record.prefix, record.number) }),
    ...(seller === null ? {} : { seller }),
    printCount: record?.printCount ?? 0,
    ...(store === undefined ? {} : { store }),
    ...bodyOf(db, order, sale),
    ...(customer === undefined ? {} : { customer }),
    ...(sale?.tender == null ? {} : { tender: sale.tender }),
    ...exchangeOf(db, order.id),
  };
}

/** The return an exchange settled with this sale, named on its receipt. */
function exchangeOf(db: Db, orderId: number): Pick<Receipt, 'exchange'> {
  const r = exchangeReturnOf(db, orderId);
  if (r === undefined) return {};
  const credit = returnRefunds(db, r.id).find((f) => f.method === 'cash')?.amountMinor ?? 0;
  return { exchange: { number: formatReturnNumber(r.prefix, r.number), credit: toMajor(minor(credit)) } };
}

/** The number as printed: the till's prefix, a dash, six digits at least ("P1-000123"). */
export function receiptNumber(prefix: string, number: number): string {
  return formatReceiptNumber(prefix, number);
}

function saleOf(order: OutboxInternetOrder, counter: Counter): PricedSession | undefined {
  return order.originSessionId === null ? undefined : counter.session(order.originSessionId);
}

function bodyOf(
  db: Db,
  order: OutboxInternetOrder,
  sale: PricedSession | undefined,
): Pick<Receipt, 'lines' | 'totals' | 'pricedFrom'> {
  return sale === undefined ? fromCatalog(db, order) : fromSale(sale);
}

/**
 * Who the order goes to now: its company by the cache's name (a card's company too: the card names
 * the card), the walk-in customer by the name Settings gave it, else the card's name. An order fixed
 * to another customer (Orders' fix form) names that one, never the sale's.
 */
function customerOf(
  db: Db,
  order: OutboxInternetOrder,
  sale: PricedSession | undefined,
): Receipt['customer'] {
  const companyId = order.payload.customerId;
  if (companyId === undefined) return undefined;
  const sold = sale?.customer?.companyId ?? sale?.walkIn?.companyId;
  const asSold = sold === companyId ? sale : undefined;
  const walkIn = asSold?.customer === null ? asSold.walkIn : null;
  const cached = companyNames(db, [companyId]).get(companyId);
  const name = walkIn !== null ? walkIn.name : (cached ?? asSold?.customer?.cardName);
  return { companyId, ...(name === undefined ? {} : { name }), walkIn: walkIn !== null };
}

function fromSale(sale: PricedSession): Pick<Receipt, 'lines' | 'totals' | 'pricedFrom'> {
  return {
    lines: sale.lines.map((l) => ({
      name: l.name,
      quantity: l.quantity,
      ...(l.unitOfMeasure === undefined ? {} : { unitOfMeasure: l.unitOfMeasure }),
      unitPrice: l.unitPrice,
      lineTotal: l.lineTotal,
      discount: l.discount,
      vatRate: l.vatRate,
    })),
    totals: sale.totals,
    pricedFrom: 'sale',
  };
}

function fromCatalog(db: Db, order: OutboxInternetOrder): Pick<Receipt, 'lines' | 'totals' | 'pricedFrom'> {
  const warehouseId = order.payload.warehouseId;
  const items = order.payload.items.map((line, i) => {
    const item = warehouseId === undefined ? undefined : stockItemOfProduct(db, line.productId, warehouseId);
    return {
      id: i,
      name: item?.productName ?? item?.productCode ?? `Product ${line.productId}`,
      quantity: line.quantity,
      unitOfMeasure: item?.unitOfMeasure,
      unitPrice: item?.price,
      vatRate: item?.vatRate ?? 0,
    };
  });
  const totals = sessionTotals(
    items.map((l) => ({ ...l, unitPrice: l.unitPrice ?? 0, fixedTotalMinor: null })),
    null,
  );
  return {
    lines: items.map((l, i) => ({
      name: l.name,
      quantity: l.quantity,
      ...(l.unitOfMeasure === undefined ? {} : { unitOfMeasure: l.unitOfMeasure }),
      ...(l.unitPrice === undefined ? {} : { unitPrice: l.unitPrice }),
      lineTotal: totals.lines[i]?.lineTotal ?? 0,
      discount: 0,
      vatRate: l.vatRate,
    })),
    totals: {
      byVatRate: totals.byVatRate,
      discount: totals.discount,
      saleDiscount: totals.saleDiscount,
      total: totals.total,
    },
    pricedFrom: 'catalog',
  };
}
