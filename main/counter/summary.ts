// What the Orders list shows of an order, worked out once: a sale's figures as it closes (stored with
// its order in the same transaction), or, for an order stored without them, its receipt's.
import { companyNames } from '../../db/catalog/index.ts';
import type { Db } from '../../db/database.ts';
import type { StoredOrderSummary, WorkedSummary } from '../outbox/index.ts';

/** An order's totals as the counter works them out (a sale's, a receipt's). */
interface Totals {
  readonly byVatRate: readonly StoredOrderSummary['byVatRate'][number][];
  readonly discount: number;
  readonly total: number;
}

/** A sale's figures as the counter priced them (a PricedSession has them). */
export interface ClosingSale {
  readonly lines: readonly unknown[];
  readonly totals: Totals;
  readonly customer: { readonly companyId: number; readonly cardName?: string } | null;
}

/**
 * The summary of a sale closing now: its totals and line count, and the customer by the name the
 * cashier saw: a card's company by the cache's name for it (the card names the card, not who holds
 * it), else the card's; the walk-in customer by the name Settings gives it.
 */
export function saleSummary(
  db: Db,
  sale: ClosingSale,
  walkIn: { readonly companyId: number; readonly name: string } | null,
): StoredOrderSummary {
  const companyId = sale.customer?.companyId ?? walkIn?.companyId;
  const cached = companyId === undefined ? undefined : companyNames(db, [companyId]).get(companyId);
  const name = sale.customer === null ? (walkIn?.name ?? cached) : (cached ?? sale.customer.cardName);
  return {
    total: sale.totals.total,
    lineCount: sale.lines.length,
    ...(name === undefined ? {} : { customerName: name }),
    walkIn: sale.customer === null && walkIn !== null,
    byVatRate: sale.totals.byVatRate.map((r) => ({ ...r })),
    discount: sale.totals.discount,
  };
}

/** A receipt's figures (receipt.ts's Receipt has them). */
export interface ReceiptFigures {
  readonly lines: readonly { readonly unitPrice?: number }[];
  readonly totals: Totals;
  readonly customer?: { readonly name?: string; readonly walkIn: boolean };
  readonly pricedFrom: 'sale' | 'catalog';
}

/**
 * The summary of an order stored without one, from its receipt. A sale's is final; an order file's,
 * priced from the cache, only once the cache knew every product's price (a later sync may still).
 */
export function receiptSummary(receipt: ReceiptFigures): WorkedSummary {
  const name = receipt.customer?.name;
  return {
    summary: {
      total: receipt.totals.total,
      lineCount: receipt.lines.length,
      ...(name === undefined ? {} : { customerName: name }),
      walkIn: receipt.customer?.walkIn === true,
      byVatRate: receipt.totals.byVatRate.map((r) => ({ ...r })),
      discount: receipt.totals.discount,
    },
    final: receipt.pricedFrom === 'sale' || receipt.lines.every((l) => l.unitPrice !== undefined),
  };
}
