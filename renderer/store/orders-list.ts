// The Orders list as the screen shows it: pages of the outbox the core filtered (newest first), kept
// fresh by `outbox.changed`, which carries the orders that changed. Those are put in place, taken
// out when they no longer match the filter, or added where they belong; the list is never read again
// for an event, so a sale costs the same with ten orders in the history or a hundred thousand.
//
// Pages and events race like every mirrored state (newest.ts): a page is the list when the core
// answered, events come down their own stream. So each page and event gets the next number; a page
// is shown only if no page asked later was shown first, and the events numbered after it are put on
// it again (putting an order as an event said is the same however often it is done).
import type {
  OutboxChangedEvent,
  OutboxCounts,
  OutboxEntryView,
  OutboxFilter,
  OutboxPageInput,
  OutboxPageView,
} from '../../contract/contract.ts';
import { FILTERS, inFilter, matchesReference, type OrderFilter } from '../words/orders.ts';

type Id = OutboxEntryView['id'];

/** What the Orders screen asks to see. */
export interface OrdersQuery {
  readonly filter: OrderFilter;
  /** Part of a reference or of the instance's order id. */
  readonly text: string;
  /** A day ('YYYY-MM-DD', in the terminal's time zone); '' for any. */
  readonly day: string;
}

export const ALL_ORDERS: OrdersQuery = { filter: 'all', text: '', day: '' };

/** Orders per page: a screenful or two of tickets, and what one request reads. */
export const PAGE_SIZE = 50;

export interface OrdersList {
  /** Newest first. */
  readonly entries: readonly OutboxEntryView[];
  /** Where the next, older page starts; null: everything that matches is shown. */
  readonly next: Id | null;
  /** Orders per state in the whole history (the filters' counts); null until the core said. */
  readonly counts: OutboxCounts | null;
}

export const EMPTY_LIST: OrdersList = { entries: [], next: null, counts: null };

/** The day's bounds as instants: from its local midnight to the next. */
function dayBounds(day: string): { from: string; to: string } | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (m === null) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return { from: new Date(y, mo - 1, d).toISOString(), to: new Date(y, mo - 1, d + 1).toISOString() };
}

/** The core's filter for what the screen asks. */
export function filterOf(query: OrdersQuery): OutboxFilter {
  const states = FILTERS[query.filter];
  const text = query.text.trim();
  return {
    ...(states === null ? {} : { states: [...states] }),
    ...(text === '' ? {} : { text }),
    ...dayBounds(query.day),
  };
}

/** The same test as the core's, for an order an event brought. */
export function matches(entry: OutboxEntryView, query: OrdersQuery): boolean {
  const day = dayBounds(query.day);
  const at = new Date(entry.createdAt).getTime();
  return (
    inFilter(entry.state, query.filter) &&
    matchesReference(entry, query.text) &&
    (day === undefined || (at >= new Date(day.from).getTime() && at < new Date(day.to).getTime()))
  );
}

const newestFirst = (a: OutboxEntryView, b: OutboxEntryView): number => Number(b.id) - Number(a.id);

/**
 * The list with `changed` put in: each replaces its row, or leaves the list when it no longer
 * matches; one not shown yet joins when it falls among the rows shown (or all are shown), else it
 * waits for its page.
 */
export function withChanged(
  list: OrdersList,
  changed: readonly OutboxEntryView[],
  query: OrdersQuery,
): OrdersList {
  if (changed.length === 0) return list;
  const byId = new Map(changed.map((e) => [String(e.id), e]));
  const kept = list.entries.flatMap((e) => {
    const now = byId.get(String(e.id));
    if (now === undefined) return [e];
    byId.delete(String(e.id));
    return matches(now, query) ? [now] : [];
  });
  const oldest = list.entries.at(-1);
  const joining = [...byId.values()].filter(
    (e) =>
      matches(e, query) && (list.next === null || (oldest !== undefined && Number(e.id) > Number(oldest.id))),
  );
  return joining.length === 0
    ? { ...list, entries: kept }
    : { ...list, entries: [...kept, ...joining].sort(newestFirst) };
}

/** How many events are kept to be put again on a page that was asked before them. */
const EVENT_LOG = 1000;

/** The Orders list, fed by pages and events in whatever order they arrive. */
export class OrdersMirror {
  readonly #apply: (list: OrdersList) => void;
  #list: OrdersList = EMPTY_LIST;
  #query: OrdersQuery = ALL_ORDERS;
  #next = 0;
  #pageShown = 0;
  #events: { readonly number: number; readonly event: OutboxChangedEvent }[] = [];

  constructor(apply: (list: OrdersList) => void) {
    this.#apply = apply;
  }

  get query(): OrdersQuery {
    return this.#query;
  }

  /** An event: its orders put in place at once, its counts shown. */
  event(event: OutboxChangedEvent): void {
    const number = ++this.#next;
    this.#events.push({ number, event });
    if (this.#events.length > EVENT_LOG) this.#events.shift();
    this.#show(this.#withEvent(this.#list, event));
  }

  /** An order an answer carried (the sale just placed): shown if no event brought it yet. */
  note(entry: OutboxEntryView): void {
    if (this.#list.entries.some((e) => String(e.id) === String(entry.id))) return;
    this.#show(withChanged(this.#list, [entry], this.#query));
  }

  /**
   * Another filter. The rows shown stay until its first page comes (typing a reference does not
   * blank the list at each key), but no older page can be asked for them meanwhile.
   */
  setQuery(query: OrdersQuery): void {
    this.#query = query;
    this.#show({ ...this.#list, next: null });
  }

  /**
   * Asks for the first page (`older` false) or the one after the rows shown, and shows it unless a
   * page asked later was shown first or the filter changed meanwhile. A refusal is thrown.
   */
  async page(ask: (input: OutboxPageInput) => Promise<OutboxPageView>, older = false): Promise<void> {
    const before = older ? this.#list.next : null;
    if (older && before === null) return;
    const number = ++this.#next;
    const query = this.#query;
    const page = await ask({
      filter: filterOf(query),
      limit: PAGE_SIZE,
      ...(before === null ? {} : { before }),
    });
    if (number < this.#pageShown || query !== this.#query) return;
    this.#pageShown = number;
    const shown = new Set(older ? this.#list.entries.map((e) => String(e.id)) : []);
    let list: OrdersList = {
      entries: [
        ...(older ? this.#list.entries : []),
        ...page.entries.filter((e) => !shown.has(String(e.id))),
      ],
      next: page.next ?? null,
      counts: page.counts,
    };
    for (const { number: n, event } of this.#events) if (n > number) list = this.#withEvent(list, event);
    this.#show(list);
  }

  #withEvent(list: OrdersList, event: OutboxChangedEvent): OrdersList {
    return { ...withChanged(list, event.entries, this.#query), counts: event.counts };
  }

  #show(list: OrdersList): void {
    this.#list = list;
    this.#apply(list);
  }
}
