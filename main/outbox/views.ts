// What the Orders screen and the outbox's events show of orders: each entry with its summary, a page
// of the list, and the event that carries the orders that changed. A summary is read from the row;
// an order stored before summaries were (or an order file's, priced from the cache) has it worked out
// here once and stored, so no order is priced again on the next page or event.
import { orderId } from '../../contract/ids.ts';
import type { Db } from '../../db/database.ts';
import {
  countOutboxOrders,
  isInternetOrder,
  pageOutboxOrders,
  setOutboxSummary,
  type OutboxInternetOrder,
  type OutboxOrder,
  type StoredOrderSummary,
} from '../../db/outbox.ts';
import type {
  OutboxChangedEvent,
  OutboxEntryView,
  OutboxPageInput,
  OutboxPageView,
} from '../../contract/contract.ts';
import { printedReceiptNumber } from '../../db/receipts.ts';
import { entryView, listSummary } from './entry.ts';
import { outboxCounts } from './counts.ts';

/** An order's summary as worked out now; `final` when it will not change (then it is stored). */
export interface WorkedSummary {
  readonly summary: StoredOrderSummary;
  /** A sale's figures are final; an order file's are once every line was priced from the cache. */
  readonly final: boolean;
}

export interface SummarySource {
  db(): Db;
  /** The summary of an order without one; undefined while nothing can price it (no counter yet). */
  summarize(order: OutboxInternetOrder): WorkedSummary | undefined;
  /** The cache's names for an order's ids, for the fix form. */
  names(order: OutboxInternetOrder): OutboxEntryView['names'];
}

/** The Orders screen's page when it asks for no length. */
export const DEFAULT_PAGE_SIZE = 50;

/**
 * An order as the Orders screen shows it, with its summary (stored, or worked out and stored now) and,
 * when it needs fixing, the names its fix form shows.
 */
export function orderView(source: SummarySource, order: OutboxOrder): OutboxEntryView {
  // Another kind of document (a card) has no receipt, lines or fix form of an order.
  if (!isInternetOrder(order)) return entryView(order);
  const number = printedReceiptNumber(source.db(), order.id);
  const view = { ...entryView(order), ...(number === undefined ? {} : { receiptNumber: number }) };
  const names = order.state === 'needs-fix' ? { names: source.names(order) } : {};
  if (view.summary !== undefined) return { ...view, ...names };
  const worked = source.summarize(order);
  if (worked === undefined) return { ...view, ...names };
  if (worked.final) storeQuietly(source.db(), order.id, worked.summary);
  return { ...view, ...names, summary: listSummary(worked.summary) };
}

/** One page of the list, newest first, filtered in SQLite. */
export function outboxPage(source: SummarySource, input: OutboxPageInput): OutboxPageView {
  const filter = input.filter ?? {};
  const db = source.db();
  const page = pageOutboxOrders(db, {
    ...(filter.states === undefined ? {} : { states: filter.states }),
    ...(filter.text === undefined ? {} : { text: filter.text }),
    ...(filter.from === undefined ? {} : { from: new Date(filter.from).toISOString() }),
    ...(filter.to === undefined ? {} : { to: new Date(filter.to).toISOString() }),
    ...(input.before === undefined ? {} : { before: Number(input.before) }),
    limit: input.limit ?? DEFAULT_PAGE_SIZE,
  });
  const last = page.orders.at(-1);
  return {
    entries: page.orders.map((order) => orderView(source, order)),
    ...(page.more && last !== undefined ? { next: orderId(last.id) } : {}),
    counts: countOutboxOrders(db),
  };
}

/** What `outbox.changed` carries: the figures, and the orders that changed as they are now. */
export function changedEvent(source: SummarySource, changed: readonly OutboxOrder[]): OutboxChangedEvent {
  const db = source.db();
  return {
    ...outboxCounts(db),
    counts: countOutboxOrders(db),
    entries: changed.map((order) => orderView(source, order)),
  };
}

/**
 * A summary that could not be stored (another process holds the write lock) is worked out again the
 * next time: storing it only saves work, and a read must not fail for it.
 */
function storeQuietly(db: Db, id: number, summary: StoredOrderSummary): void {
  try {
    setOutboxSummary(db, id, summary);
  } catch {
    // Left for the next reader.
  }
}
