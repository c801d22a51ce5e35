// What the display facing the customer shows, read from the counter: the open sale's lines and total
// as they are scanned; once paid, that sale with the cash handed over, the change due and the cash
// rounding (if any), until the next sale starts; else a welcome. The change is the core's settled tender, never worked out here.
import type { CustomerDisplayView, Tender } from '../../contract/contract.ts';
import type { Db } from '../../db/database.ts';
import { getOutboxInternetOrder } from '../outbox/index.ts';
import type { Counter, PricedSession } from './counter.ts';
import { receiptOf } from './receipt.ts';

/** The sale last paid at this till: its order and how it was paid. */
export interface PaidSale {
  readonly orderId: number;
  readonly tender: Tender | null;
}

export function customerDisplay(
  counter: Counter,
  db: Db,
  paid: PaidSale | null,
  /** The open sale when the caller read it already (counter.current()): read once, not twice. */
  open: PricedSession | null = counter.current(),
): Omit<CustomerDisplayView, 'language' | 'currency'> {
  if (open !== null && open.lines.length > 0) {
    return {
      state: 'sale',
      lines: open.lines.map(lineOf),
      ...discountOf(open.totals.discount),
      total: open.totals.total,
    };
  }
  const order = paid === null ? undefined : getOutboxInternetOrder(db, paid.orderId);
  if (paid === null || order === undefined) return { state: 'idle', lines: [], total: 0 };
  const receipt = receiptOf(db, order, counter);
  const cash = paid.tender?.parts.find((part) => part.method === 'cash');
  return {
    state: 'paid',
    lines: receipt.lines.map(lineOf),
    ...discountOf(receipt.totals.discount),
    total: receipt.totals.total,
    ...(cash === undefined || paid.tender === null
      ? {}
      : {
          given: cash.given,
          change: paid.tender.change,
          ...(paid.tender.rounding === undefined ? {} : { rounding: paid.tender.rounding }),
        }),
  };
}

/** The discount row's amount, when anything came off: the lines are shown before it. */
function discountOf(discount: number): Pick<CustomerDisplayView, 'discount'> {
  return discount > 0 ? { discount } : {};
}

function lineOf(line: {
  readonly name: string;
  readonly quantity: number;
  readonly unitOfMeasure?: string | undefined;
  readonly unitPrice?: number | undefined;
  readonly lineTotal: number;
}): CustomerDisplayView['lines'][number] {
  return {
    name: line.name,
    quantity: line.quantity,
    ...(line.unitOfMeasure === undefined ? {} : { unitOfMeasure: line.unitOfMeasure }),
    ...(line.unitPrice === undefined ? {} : { unitPrice: line.unitPrice }),
    lineTotal: line.lineTotal,
  };
}
