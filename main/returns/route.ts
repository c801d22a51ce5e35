// How a return reaches the instance's books (issue 37, point 7), chosen from what the instance's
// description (/swagger, authoritative) offers, in this order: an internet order with negative
// quantities that names the original (where the description gives the item's quantity no minimum);
// else, for the whole of a sale's order, DELETE of the original; else "to book in the back office",
// where it stays, on Orders and every Z report, until a manager marks it booked. A claim endpoint
// would come first, but SPEC.md shows none and no instance described one yet (docs/assumptions.md).
//
// The document rides the outbox: the negative order is placed through placeOrder (queued offline,
// Idempotency-Key, in-doubt, per-field 400s: the order's guarantees) in the same transaction that
// marks the return routed; a DELETE is the outbox's own cancel. Until its route is taken a return is
// `waiting` (the outbox's `queued` to the cashier): offline, or its sale's order not on the instance yet.
import { minor, toMajor } from '../../common/money.ts';
import { writeTransaction, type Db } from '../../db/database.ts';
import {
  formatReturnNumber,
  getReturn,
  returnLines,
  returnItemParties,
  returnsOfSale,
  setReturnRoute,
  soldLines,
  soldLinesOfReturn,
  unrouteReturn,
  waitingReturns,
  type ReturnRoute,
  type ReturnRow,
  type SoldLine,
} from '../../db/returns.ts';
import { storeSale } from '../../db/journal.ts';
import { printedReceiptNumber } from '../../db/receipts.ts';
import {
  getOutboxInternetOrder,
  OutboxActionError,
  placeOrder,
  type InternetOrderPayload,
  type OrderSender,
  type OutboxInternetOrder,
  type OutboxOrder,
} from '../outbox/index.ts';
import type { Capabilities } from '../service/index.ts';
import { grossOf } from './plan.ts';

/** What the router asks of the instance: its description, read once per connection. */
export interface RouteService {
  capabilities(signal?: AbortSignal): Promise<Capabilities>;
}

/** The outbox a return's document goes through: it sends a placed order, and cancels a sent one. */
export interface RouteOutbox extends OrderSender {
  cancel(id: number): Promise<OutboxOrder>;
}

export interface RouterOptions {
  readonly db: Db;
  readonly service: RouteService;
  readonly outbox: RouteOutbox;
  readonly now?: () => Date;
  readonly log?: (line: string) => void;
}

/** The route a return takes on an instance with `caps`; `whole`: it takes back all of the sale at once. */
export function chooseRoute(
  caps: Pick<Capabilities, 'described' | 'endpoints' | 'orderQuantityMayBeNegative'>,
  whole: boolean,
): ReturnRoute {
  if (!caps.described) return 'back-office';
  if (caps.orderQuantityMayBeNegative && caps.endpoints.internetOrderCreate) return 'negative-order';
  if (whole && caps.endpoints.internetOrderDelete) return 'delete';
  return 'back-office';
}

export class ReturnRouter {
  readonly #db: Db;
  readonly #service: RouteService;
  readonly #outbox: RouteOutbox;
  readonly #now: () => Date;
  readonly #log: (line: string) => void;
  #running: Promise<void> | undefined;

  constructor(options: RouterOptions) {
    this.#db = options.db;
    this.#service = options.service;
    this.#outbox = options.outbox;
    this.#now = options.now ?? (() => new Date());
    this.#log = options.log ?? (() => undefined);
  }

  /** Takes every waiting return on its route; one pass at a time (a call meanwhile joins it). */
  routeWaiting(): Promise<void> {
    this.#running ??= this.#pass().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #pass(): Promise<void> {
    const waiting = waitingReturns(this.#db);
    if (waiting.length === 0) return;
    let caps: Capabilities;
    try {
      caps = await this.#service.capabilities();
    } catch (error) {
      this.#log(
        `returns: the instance's description could not be read (${String(error)}); ${waiting.length} wait`,
      );
      return;
    }
    for (const r of waiting) await this.#routeOne(r, caps);
  }

  async #routeOne(r: ReturnRow, caps: Capabilities): Promise<void> {
    if (r.saleOrderId === null) return this.#withoutReceipt(r, caps);
    if (r.saleTill !== null) return this.#storeReturn(r, caps);
    const sale = getOutboxInternetOrder(this.#db, r.saleOrderId);
    if (sale === undefined) return;
    const route = chooseRoute(caps, this.#whole(r));
    if (route === 'back-office') return this.#backOffice(r, 'The instance offers no way to take a return.');
    // The original must be on the instance first: a return names its order there.
    if (sale.state === 'cancelled' || sale.state === 'discarded')
      return this.#backOffice(r, `The sale's order is ${sale.state}: book the return by hand.`);
    if (sale.state !== 'sent' || sale.remoteId === null) {
      setReturnRoute(this.#db, r.id, {
        route: null,
        state: 'waiting',
        note: "Waiting for the sale's order to reach the instance.",
      });
      return;
    }
    if (route === 'negative-order') return this.#negativeOrder(r, sale);
    return this.#delete(r, sale, caps);
  }

  /** This return alone takes back everything the sale sold (nothing came back before it). */
  #whole(r: ReturnRow): boolean {
    if (r.saleSessionId === null) return false;
    if (returnsOfSale(this.#db, r.saleSessionId).some((other) => other.id !== r.id)) return false;
    const back = new Map(returnLines(this.#db, r.id).map((l) => [l.lineNo, l.quantityMilli]));
    return soldLines(this.#db, r.saleSessionId).every((l) => back.get(l.lineNo) === l.quantityMilli);
  }

  #backOffice(r: ReturnRow, note: string): void {
    setReturnRoute(this.#db, r.id, { route: 'back-office', state: 'back-office', note });
    this.#log(`return ${formatReturnNumber(r.prefix, r.number)}: to book in the back office (${note})`);
  }

  /**
   * A return of another till's sale (issue 38): that sale's order is in the other till's outbox, so
   * it is never deleted from here; a negative order names it by its till, receipt and reference
   * where the instance takes one, else the back office books it.
   */
  async #storeReturn(r: ReturnRow, caps: Capabilities): Promise<void> {
    if (chooseRoute(caps, false) !== 'negative-order')
      return this.#backOffice(
        r,
        `Sold at till ${r.saleTill ?? '?'}: the instance offers no way to take a return.`,
      );
    return this.#placeNegative(r, storeReturnPayload(this.#db, r));
  }

  /**
   * A return without a receipt (issue 37, point 3): there is no original, so never a DELETE; a
   * negative order naming no original where the instance takes one, else the back office books it.
   */
  async #withoutReceipt(r: ReturnRow, caps: Capabilities): Promise<void> {
    if (chooseRoute(caps, false) !== 'negative-order')
      return this.#backOffice(r, 'Without a receipt: the instance offers no way to take a return.');
    return this.#placeNegative(r, withoutReceiptPayload(this.#db, r));
  }

  async #negativeOrder(r: ReturnRow, sale: OutboxInternetOrder): Promise<void> {
    return this.#placeNegative(r, returnOrderPayload(this.#db, r, sale));
  }

  async #placeNegative(r: ReturnRow, payload: InternetOrderPayload): Promise<void> {
    let placed: ReturnType<typeof placeOrder>;
    try {
      placed = this.#place(r, payload);
    } catch (error) {
      if (error instanceof AlreadyRouted) return;
      throw error;
    }
    await placed.sent.catch(() => undefined);
  }

  #place(r: ReturnRow, payload: InternetOrderPayload): ReturnType<typeof placeOrder> {
    return placeOrder(this.#db, () => payload, {
      now: this.#now(),
      sender: this.#outbox,
      // Routed once: the order and the return's mark commit together, and a second router that
      // got here meanwhile finds the return no longer waiting and stores nothing.
      alongside: (order) => {
        const still = getReturn(this.#db, r.id);
        if (still?.state !== 'waiting') throw new AlreadyRouted();
        setReturnRoute(this.#db, r.id, {
          route: 'negative-order',
          state: 'document',
          documentOrderId: order.id,
        });
      },
    });
  }

  async #delete(r: ReturnRow, sale: OutboxInternetOrder, caps: Capabilities): Promise<void> {
    // Marked before the DELETE goes: the return names the sale's order as its document from then on.
    // Cut off before the outbox records the order cancelled (a crash, a kill), it is in doubt (its
    // order still sent: db/returns.ts returnStateOf), for a manager to settle, and never waiting to be sent again.
    if (!this.#markDeleting(r, sale)) return;
    try {
      await this.#outbox.cancel(sale.id);
    } catch (error) {
      if (error instanceof OutboxActionError && error.reason === 'dependent-records') {
        // The instance keeps the order (other records depend on it): nothing else it offers takes it.
        unrouteReturn(this.#db, r.id, null);
        const next = caps.orderQuantityMayBeNegative ? 'negative-order' : 'back-office';
        if (next === 'negative-order') return this.#negativeOrder(r, sale);
        return this.#backOffice(r, `The instance keeps order ${sale.remoteId ?? sale.id}: ${error.message}`);
      }
      if (error instanceof OutboxActionError && !error.mayHaveBeenDone) {
        // The instance answered and did not delete it (or the order is no longer sent): not in doubt.
        unrouteReturn(this.#db, r.id, `DELETE not done: ${error.message}`);
        this.#log(`return ${formatReturnNumber(r.prefix, r.number)}: DELETE not done (${error.message})`);
        return;
      }
      // No answer, or a 5xx after it arrived: the instance may have deleted it. In doubt until a
      // manager settles it, never sent again on a guess.
      this.#log(
        `return ${formatReturnNumber(r.prefix, r.number)}: DELETE of order ${sale.remoteId ?? sale.id} unanswered (${String(error)}); in doubt`,
      );
    }
  }

  /** The return takes the DELETE route, naming the sale's order; false when another pass took it. */
  #markDeleting(r: ReturnRow, sale: OutboxInternetOrder): boolean {
    return writeTransaction(this.#db, () => {
      if (getReturn(this.#db, r.id)?.state !== 'waiting') return false;
      setReturnRoute(this.#db, r.id, { route: 'delete', state: 'document', documentOrderId: sale.id });
      return true;
    });
  }
}

class AlreadyRouted extends Error {
  override name = 'AlreadyRouted';
}

/**
 * The negative order of a return: the sale's customer and warehouse, each line's product at minus the
 * quantity back, at the price sold, with what came off it (price x quantity less the refund) as its
 * discountAmount, so the instance books -(price x |quantity| - discountAmount) = -refund; its note
 * names the original (receipt, the instance's order id, reference).
 */
export function returnOrderPayload(db: Db, r: ReturnRow, sale: OutboxInternetOrder): InternetOrderPayload {
  const receipt = printedReceiptNumber(db, sale.id) ?? `order ${sale.id}`;
  return {
    ...(sale.payload.customerId === undefined ? {} : { customerId: sale.payload.customerId }),
    ...(sale.payload.warehouseId === undefined ? {} : { warehouseId: sale.payload.warehouseId }),
    items: returnItems(db, r),
    note: `Return ${formatReturnNumber(r.prefix, r.number)} of receipt ${receipt}, order ${sale.remoteId ?? '?'} (reference ${sale.clientReference})`,
  };
}

/**
 * The negative order of a return of another till's sale (issue 38): that sale's customer and
 * warehouse as its journal told, its note naming the till, the receipt and the order's reference.
 */
export function storeReturnPayload(db: Db, r: ReturnRow): InternetOrderPayload {
  const sale =
    r.saleTill === null || r.saleOrderId === null ? undefined : storeSale(db, r.saleTill, r.saleOrderId);
  return {
    ...(sale?.customerId == null ? {} : { customerId: sale.customerId }),
    ...(sale?.warehouseId == null ? {} : { warehouseId: sale.warehouseId }),
    items: returnItems(db, r),
    note: `Return ${formatReturnNumber(r.prefix, r.number)} of receipt ${sale?.receipt ?? '?'} of till ${r.saleTill ?? '?'} (reference ${sale?.reference ?? '?'})`,
  };
}

/**
 * The negative order of a return without a receipt: the till's walk-in customer and warehouse, each product at minus the
 * quantity at the price the manager confirmed; its note says no receipt was shown.
 */
export function withoutReceiptPayload(db: Db, r: ReturnRow): InternetOrderPayload {
  const { warehouseId, customerId } = returnItemParties(db, r.id);
  return {
    ...(customerId === null ? {} : { customerId }),
    ...(warehouseId === null ? {} : { warehouseId }),
    items: returnItems(db, r),
    note: `Return ${formatReturnNumber(r.prefix, r.number)} without a receipt (price confirmed by the manager)`,
  };
}

/** Each line taken back at minus its quantity, at the price sold, less what came off it. */
function returnItems(db: Db, r: ReturnRow): InternetOrderPayload['items'] {
  const sold = new Map<number, SoldLine>(soldLinesOfReturn(db, r).map((l) => [l.lineNo, l]));
  return returnLines(db, r.id).flatMap((l) => {
    const line = sold.get(l.lineNo);
    if (line === undefined) return [];
    // The refund is never above the gross (plan.ts lineRefund): what came off is the discount.
    const gross = grossOf(line, l.quantityMilli) ?? l.refundMinor;
    const off = Math.max(0, gross - l.refundMinor);
    return [
      {
        productId: line.productId,
        quantity: -(l.quantityMilli / 1000),
        price: line.unitPrice,
        ...(off > 0 ? { discountAmount: toMajor(minor(off)) } : {}),
      },
    ];
  });
}
