// The counter: one shopping session at a time, stored in SQLite from its first scan (a crash or a
// restart loses nothing), edited by scans, quantity changes and removals, and closed into an
// outbox order in the same transaction.
import { appFileStamp, writeTransaction, type Db } from '../../db/database.ts';
import { quantityProblem } from './quantity.ts';
import type { Tender, TenderInput } from '../../contract/contract.ts';
import { WordedError, words, type Words } from '../../contract/core-words.ts';
import {
  hasAtMostTwoDecimals,
  minor,
  roundQuantity,
  roundToMinor,
  toMajor,
  unitPriceText,
  type Minor,
} from '../../common/money.ts';
import {
  addSessionLine,
  attachSessionCustomer,
  cancelShoppingSession,
  closeShoppingSession,
  currentShoppingSession,
  currentShoppingSessionId,
  getSessionLine,
  getShoppingSession,
  adoptSessionWarehouse,
  openShoppingSessionId,
  parkedShoppingSessions,
  parkShoppingSession,
  recallShoppingSession,
  removeSessionLine,
  restoreSessionLine,
  sessionItemQuantities,
  sessionLines,
  setSessionLineAdjustment,
  setSessionLineQuantity,
  shoppingSessionHeader,
  type LineAdjustment,
  type SessionLine,
  type ShoppingSession,
  type WalkInCustomer,
} from '../../db/sessions.ts';
import { issueReceipt, type ReceiptSeller } from '../../db/receipts.ts';
import { recordSale, recordVoid, type SaleAttribution, type SaleFigures } from '../../db/shifts.ts';
import {
  placeOrder,
  type OrderSender,
  type OutboxInternetOrder,
  type StoredOrderSummary,
} from '../outbox/index.ts';
import { saleAttribution, saleFigures, toMinor, voidAttribution, type ShiftPolicy } from '../shift/index.ts';
import type { ScanVia } from './label.ts';
import { orderItems } from './order-lines.ts';
import { soldLinesOf } from './sold-lines.ts';
import { insertSoldLines } from '../../db/returns.ts';
import { enteredPriceProblem, lineProblemWords, saleTooLarge } from './price.ts';
import type { ScanResolver, Resolution, Unpriced } from './resolve.ts';
import { stockBlockedWords, stockConcernWords, stockConcerns, type StockRule } from './stock.ts';
import { saleSummary } from './summary.ts';
import { paidWords, settleTender, TenderRefused } from './tender.ts';
import { sessionTotals, type LineProblem } from './totals.ts';
import { stockFigures, stockItemById, type CachedStockItem } from '../../db/catalog/index.ts';
import { soldHere, soldInStore } from '../outbox/index.ts';
import {
  parkedSessionOf,
  storeParkedSale,
  takenParkedBy,
  takenParkedSessions,
  takeOverParked,
  type StoreParkedSale,
} from '../../db/store-parked.ts';

export type CounterErrorCode =
  | 'no-session'
  | 'no-line'
  | 'no-warehouse'
  | 'empty-session'
  | 'no-customer'
  | 'price-label-line'
  | 'bad-quantity'
  | 'bad-tender'
  | 'line-amount'
  | 'unpriced-line'
  | 'bad-price'
  | 'bad-adjustment'
  | 'not-open'
  | 'nothing-to-park'
  | 'not-parked'
  /** Another till of the store recalled the parked sale first. */
  | 'parked-taken'
  /** Another till's parked sale, with the store hub out of reach. */
  | 'store-offline'
  /** Another till's parked sale holding an exchange's credit: only that till can settle it. */
  | 'parked-exchange'
  /** The stock rule asks the cashier first: the same call again with `confirmed` adds it. */
  | 'unconfirmed';

export class CounterError extends WordedError<CounterErrorCode> {
  override name = 'CounterError';
}

/**
 * A shopping session with its amounts worked out (line totals, the card's discounts, totals per VAT
 * rate): what the counter answers with. The contract's SessionView is its wire form for the UI.
 */
export interface PricedSession {
  readonly id: number;
  readonly state: ShoppingSession['state'];
  readonly warehouseId: number | null;
  readonly createdAt: string;
  /** When the sale was parked (set aside to be recalled); null unless it is parked now. */
  readonly parkedAt: string | null;
  readonly lines: readonly PricedLine[];
  readonly customer: SessionCustomer | null;
  readonly totals: {
    readonly byVatRate: readonly { vatRate: number; base: number; vat: number; gross: number }[];
    /** Everything taken off: the lines' own discounts, the card's percent and its amount off. */
    readonly discount: number;
    /** What comes off after the lines' own discounts: the card's percent and its amount off. */
    readonly saleDiscount: number;
    readonly total: number;
  };
  readonly outboxOrderId: number | null;
  /**
   * Who the sale goes to when no card is scanned: the default customer in Settings while the
   * session is open, the one it went to once closed. Null when a card was scanned (or none is set).
   */
  readonly walkIn: WalkInCustomer | null;
  /** How a closed sale was paid, when the cashier said. */
  readonly tender: Tender | null;
}

/** A line of a PricedSession: its amounts worked out. The contract's SessionLineView is its wire form. */
export interface PricedLine {
  readonly id: number;
  readonly productId: number;
  readonly productCode?: string;
  readonly name: string;
  readonly barcode?: string;
  readonly kind: 'unit' | 'weight' | 'price';
  readonly quantity: number;
  readonly unitOfMeasure?: string;
  readonly unitPrice: number;
  readonly vatRate: number;
  /** Before the customer's discount; 0 when the line has no amount (problem). */
  readonly lineTotal: number;
  readonly discount: number;
  /** Why the line has no amount the till can charge (a sale stored by an older version). */
  readonly problem?: Words;
  /** The unit price was entered at the till (by a manager), not the catalog's. */
  readonly priceEntered?: true;
  /** The line's own discount or price override (set at the till), with what it takes off. */
  readonly adjustment?: LineAdjustment & { readonly amount: number };
}

/** A line discount or price override as asked for: percent off, or the unit price to charge. */
export interface AdjustmentInput {
  readonly kind: LineAdjustment['kind'];
  readonly value: number;
}

/** Who a session's sale goes to, by the card scanned. The contract's CustomerView is its wire form. */
export interface SessionCustomer {
  readonly companyId: number;
  readonly cardId?: number;
  readonly cardName?: string;
  readonly barcode?: string;
  readonly discount?: number;
  readonly discountAmount?: number;
  readonly owes?: number;
  readonly source: 'online' | 'offline';
}

export type ScanOutcome =
  | {
      readonly kind: 'product';
      readonly lineId: number;
      readonly name: string;
      readonly quantity: number;
    }
  | {
      readonly kind: 'customer';
      readonly source: 'online' | 'offline';
      readonly name: string;
    }
  | {
      readonly kind: 'unknown' | 'misread' | 'rejected';
      readonly message: string;
      readonly said: Words['said'];
      /** Refused for want of a usable price: what a manager-entered price would add (addPriced). */
      readonly unpriced?: Unpriced;
    };

export interface CounterScan {
  readonly outcome: ScanOutcome;
  readonly resolution: Resolution;
  readonly session: PricedSession;
}

/** A session and the app file's stamp, read as one snapshot (Counter's #readStamped). */
interface Stamped {
  readonly stamp: string;
  readonly session: ShoppingSession;
}

/**
 * What a scan or pick is refused for (an outcome 'rejected', the transaction rolled back) rather than
 * thrown: a line without an amount, or a counted line it joined that would hold too much.
 */
const TAKEN_BACK: ReadonlySet<CounterErrorCode> = new Set(['line-amount', 'bad-quantity']);

/** What #applyChecked did, and the sale as it left it, with the app file's stamp then. */
interface Applied {
  readonly outcome: ScanOutcome;
  readonly read: Stamped;
}

export interface CounterOptions {
  readonly db: Db;
  readonly resolver: ScanResolver;
  /** The terminal's warehouse (Settings); products are looked up and ordered there. */
  readonly warehouseId: () => number | null;
  readonly now?: () => Date;
  /**
   * The outbox that tries a closed sale's order at once (and says which instance it is for); without
   * one the order waits in the outbox, queued.
   */
  readonly outbox?: OrderSender | null;
  /** The default customer (Settings) a sale without a scanned card goes to; null: none named. */
  readonly walkInCustomer?: () => WalkInCustomer | null;
  /** What a stock concern (inactive, out of stock, more than in stock) does (Settings); 'warn' by default. */
  readonly stockRule?: () => StockRule;
  /**
   * Whether a sale needs an open shift (main/shift ShiftPolicy). Without one: 'off', a sale is
   * recorded in the shift open at the time, if any, and needs none.
   */
  readonly shiftPolicy?: () => ShiftPolicy;
  /** What a closed sale's receipt prints (Settings): the till's number prefix and the seller. */
  readonly receipts?: () => ReceiptIssue;
  /**
   * The smallest amount cash can pay, in minor units (Settings' cash rounding for the currency, as
   * contract cashStep works it out): 100 rounds cash to whole crowns; 1 (the default) never rounds.
   */
  readonly cashStep?: () => Minor;
  /**
   * Writes that commit with a closed sale's order or not at all (its receipt's print job), called
   * inside the transaction that places it.
   */
  readonly closing?: (closed: ClosedSale) => void;
}

/** The receipt number's prefix and the seller's header (null: none named) a receipt is issued with. */
export interface ReceiptIssue {
  readonly prefix: string;
  readonly seller: ReceiptSeller | null;
}

/** A sale as it closes: the order it placed and how it was paid. */
export interface ClosedSale {
  readonly orderId: number;
  readonly tender: Tender | null;
  readonly at: Date;
}

/** The cashier confirmed the stock concern the same call was refused for a moment ago. */
export interface Confirmed {
  readonly confirmed?: boolean;
}

export class Counter {
  readonly #db: Db;
  readonly #resolver: ScanResolver;
  readonly #warehouseId: () => number | null;
  readonly #now: () => Date;
  readonly #outbox: OrderSender | null;
  readonly #walkIn: () => WalkInCustomer | null;
  readonly #stockRule: () => StockRule;
  readonly #receipts: () => ReceiptIssue;
  readonly #shiftPolicy: () => ShiftPolicy;
  readonly #cashStep: () => Minor;
  readonly #closing: ((closed: ClosedSale) => void) | undefined;

  constructor(options: CounterOptions) {
    this.#db = options.db;
    this.#resolver = options.resolver;
    this.#warehouseId = options.warehouseId;
    this.#now = options.now ?? (() => new Date());
    this.#outbox = options.outbox ?? null;
    this.#walkIn = options.walkInCustomer ?? (() => null);
    this.#stockRule = options.stockRule ?? (() => 'warn');
    this.#shiftPolicy = options.shiftPolicy ?? (() => 'off');
    this.#receipts = options.receipts ?? (() => ({ prefix: '', seller: null }));
    this.#cashStep = options.cashStep ?? (() => minor(1));
    this.#closing = options.closing;
  }

  /** What a receipt is issued with now (Settings): the till's prefix and the seller. */
  receiptIssue(): ReceiptIssue {
    return this.#receipts();
  }

  /** The open session, or null when the next scan starts a new one. */
  current(): PricedSession | null {
    // The stamp first, then the header and the lines, in one read transaction: one snapshot, so a
    // commit by another connection is either in all three or in none.
    const { stamp, session } = this.#db.transaction(() => ({
      stamp: appFileStamp(this.#db),
      session: currentShoppingSession(this.#db),
    }))();
    return this.#atCounter(session ? this.#view(session) : null, stamp);
  }

  /**
   * current() as a call last built it, while nothing was written to the app file since (its stamp
   * the same): what the customer display follows a call with, without reading and pricing the sale
   * the call has just read again. Its walk-in customer is as it was then (the display shows none).
   */
  currentAsRead(): PricedSession | null {
    const last = this.#lastAtCounter;
    return last !== null && last.stamp === appFileStamp(this.#db) ? last.session : this.current();
  }

  /** The sale at the counter as last built, and the app file's stamp then (currentAsRead). */
  #lastAtCounter: { readonly stamp: string; readonly session: PricedSession | null } | null = null;

  /**
   * `session` is the sale at the counter (or null: none), built from what was read at `stamp`
   * (#readStamped, or current()'s read): kept for currentAsRead. The stamp is never read after the
   * sale: a commit by another connection in between would be in the stamp and not in the sale, and
   * the display would keep the older sale until this connection wrote again.
   */
  #atCounter<T extends PricedSession | null>(session: T, stamp: string): T {
    this.#lastAtCounter = { stamp, session };
    return session;
  }

  /**
   * Session `sessionId` (with `lines`, those as its lines: read in the same transaction with nothing
   * written to them since) and the app file's stamp, read as one snapshot. Inside the caller's write
   * transaction, which holds main's write lock: no other connection commits to it until ours has, so
   * the stamp's data_version is that of what was read, and no row is written after the stamp's
   * total_changes before the commit. Outside one (a scan taken back), in a read transaction of its own.
   */
  #readStamped(sessionId: number, lines?: readonly SessionLine[]): Stamped {
    const read = (): Stamped => ({
      stamp: appFileStamp(this.#db),
      session: this.#mustGet(sessionId, lines),
    });
    return this.#db.inTransaction ? read() : this.#db.transaction(read)();
  }

  session(id: number): PricedSession | undefined {
    const session = getShoppingSession(this.#db, id);
    return session ? this.#view(session) : undefined;
  }

  /**
   * Resolves a scanned code into the open session (made now if there is none). With `sessionId`,
   * into that session, which must be open.
   */
  async scan(
    code: string,
    options: { sessionId?: number; signal?: AbortSignal; quantity?: number; via?: ScanVia } & Confirmed = {},
  ): Promise<CounterScan> {
    const sessionId = options.sessionId ?? this.#openSessionId();
    const session = shoppingSessionHeader(this.#db, sessionId);
    if (!session) throw new CounterError('no-session', words('noSession', { sessionId }));
    if (session.state !== 'open')
      throw new CounterError('not-open', words('sessionNotOpen', { sessionId, state: session.state }));
    const warehouseId = this.#currentWarehouse(session);
    const resolution =
      warehouseId === null && looksLikeProduct(this.#resolver, code)
        ? noWarehouse()
        : await this.#resolver.resolve(code, {
            warehouseId,
            sessionId,
            via: options.via,
            ...(options.signal ? { signal: options.signal } : {}),
          });
    // The app file's write lock first (another process, the CLI, may be writing it); never the
    // catalog's, which a sync holds while it commits a page.
    const counted = times(resolution, options.quantity);
    const { outcome, read } = this.#applyChecked(sessionId, counted, options);
    const view = this.#view(read.session);
    // Into the sale at the counter (no sessionId given): the one currentAsRead follows.
    return {
      outcome,
      resolution: counted,
      session: options.sessionId === undefined ? this.#atCounter(view, read.stamp) : view,
    };
  }

  /**
   * Adds a stock item the cashier picked by name (products without a barcode are sold this way),
   * `quantity` pieces of it (a `3*` typed before the pick), into the open session.
   */
  addStockItem(stockItemId: number, quantity = 1, options: Confirmed = {}): CounterScan {
    const sessionId = this.#openSessionId();
    const session = shoppingSessionHeader(this.#db, sessionId);
    if (!session) throw new CounterError('no-session', words('noSession', { sessionId }));
    const warehouseId = this.#currentWarehouse(session);
    const resolution = times(
      warehouseId === null ? noWarehouse() : this.#resolver.resolveStockItem(stockItemId, warehouseId),
      quantity,
    );
    const { outcome, read } = this.#applyChecked(sessionId, resolution, options);
    return { outcome, resolution, session: this.#atCounter(this.#view(read.session), read.stamp) };
  }

  /**
   * Adds a stock item the catalog has no usable price for, at the unit price a manager entered
   * (the caller asks for the manager PIN), `quantity` of it. The line says its price was entered.
   */
  addPriced(stockItemId: number, price: number, quantity = 1, options: Confirmed = {}): CounterScan {
    const invalid = enteredPriceProblem(price);
    if (invalid !== undefined) throw new CounterError('bad-price', invalid);
    const sessionId = this.#openSessionId();
    const session = shoppingSessionHeader(this.#db, sessionId);
    if (!session) throw new CounterError('no-session', words('noSession', { sessionId }));
    const warehouseId = this.#currentWarehouse(session);
    const resolution = times(
      warehouseId === null
        ? noWarehouse()
        : this.#resolver.resolveStockItem(stockItemId, warehouseId, toMajor(roundToMinor(price))),
      quantity,
    );
    const { outcome, read } = this.#applyChecked(sessionId, resolution, options);
    return { outcome, resolution, session: this.#atCounter(this.#view(read.session), read.stamp) };
  }

  setQuantity(lineId: number, quantity: number, options: Confirmed = {}): PricedSession {
    const sessionId = this.#requireOpen();
    const read = writeTransaction(this.#db, () => {
      const line = getSessionLine(this.#db, sessionId, lineId);
      if (!line) throw new CounterError('no-line', words('noLine', { lineId }));
      if (line.kind === 'price') {
        throw new CounterError('price-label-line', words('priceLabelLine'));
      }
      const rounded = line.kind === 'weight' ? roundQuantity(quantity) : quantity;
      const problem = quantityProblem(line, rounded);
      if (problem !== undefined) throw new CounterError('bad-quantity', problem);
      // Only more of it is judged: taking some back never asks.
      const item =
        rounded > line.quantity && line.stockItemId !== null
          ? stockItemById(this.#db, line.stockItemId)
          : undefined;
      if (item !== undefined) {
        const blocked = this.#judgeStock(sessionId, item, rounded - line.quantity, options, false);
        if (blocked !== undefined) throw new CounterError('bad-quantity', blocked);
      }
      setSessionLineQuantity(this.#db, sessionId, lineId, rounded, null, this.#now());
      this.#checkAmounts(sessionId, lineId);
      return this.#readStamped(sessionId);
    });
    return this.#atCounter(this.#view(read.session), read.stamp);
  }

  /**
   * Sets a line's own discount (percent off) or price override (a unit price below its own), or
   * with null takes it off; `by` says who (the caller asks for the manager PIN when one is set).
   * The line keeps its own unit price as the original; the discount is said on the line and the
   * receipt. Refused, saying why: a line whose item takes no discounts, a price label's price, a
   * value out of range.
   */
  adjustLine(lineId: number, adjustment: AdjustmentInput | null, by: LineAdjustment['by']): PricedSession {
    const sessionId = this.#requireOpen();
    const read = writeTransaction(this.#db, () => {
      const line = getSessionLine(this.#db, sessionId, lineId);
      if (!line) throw new CounterError('no-line', words('noLine', { lineId }));
      if (adjustment !== null) {
        const problem = adjustmentProblem(line, adjustment);
        if (problem !== undefined) throw new CounterError('bad-adjustment', problem);
      }
      const stored =
        adjustment === null
          ? null
          : { kind: adjustment.kind, value: adjustment.value, by, at: this.#now().toISOString() };
      setSessionLineAdjustment(this.#db, sessionId, lineId, stored, this.#now());
      this.#checkAmounts(sessionId, lineId);
      return this.#readStamped(sessionId);
    });
    return this.#atCounter(this.#view(read.session), read.stamp);
  }

  removeLine(lineId: number): PricedSession {
    const sessionId = this.#requireOpen();
    const read = writeTransaction(this.#db, () =>
      removeSessionLine(this.#db, sessionId, lineId, this.#now()) ? this.#readStamped(sessionId) : undefined,
    );
    if (!read) throw new CounterError('no-line', words('noLine', { lineId }));
    return this.#atCounter(this.#view(read.session), read.stamp);
  }

  /** Puts a line removed from the open session back (undo). */
  restoreLine(lineId: number): PricedSession {
    const sessionId = this.#requireOpen();
    const read = writeTransaction(this.#db, () => {
      const line = restoreSessionLine(this.#db, sessionId, lineId, this.#now());
      if (line === undefined) return undefined;
      checkJoined(line);
      this.#checkAmounts(sessionId, line.id);
      return this.#readStamped(sessionId);
    });
    if (!read) throw new CounterError('no-line', words('lineNotRemoved', { lineId }));
    return this.#atCounter(this.#view(read.session), read.stamp);
  }

  /**
   * Closes the open session into an outbox order and numbers its receipt: all or nothing (one
   * transaction, placeOrder's), then the outbox tries to send it. Without a scanned card the order goes
   * to the walk-in customer; with a tender, how it was paid is kept with the sale and said in the
   * order's note. The sale is recorded in the till's open shift with the cashier signed in, and its
   * figures for the reports; with no shift open it is refused first when the shift policy requires
   * one (ShiftError).
   */
  close(
    options: {
      note?: string;
      tender?: TenderInput;
      /** Stored with the sale, in its transaction (an exchange's return: main/returns/exchange.ts). */
      alongside?: (orderId: number) => void;
    } = {},
  ): {
    order: OutboxInternetOrder;
    session: PricedSession;
  } {
    const sessionId = this.#requireOpen();
    const now = this.#now();
    let closing: { tender: Tender | null; walkIn: WalkInCustomer | null } = {
      tender: null,
      walkIn: null,
    };
    let summary: StoredOrderSummary | undefined;
    let who: SaleAttribution = { shiftId: null, cashierId: null };
    let figures: SaleFigures | undefined;
    let sold: ReturnType<typeof soldLinesOf> = [];
    const placed = placeOrder(
      this.#db,
      () => {
        who = saleAttribution(this.#db, this.#shiftPolicy(), now);
        const session = this.#mustGet(sessionId);
        if (session.lines.length === 0) throw new CounterError('empty-session', words('emptySession'));
        const view = this.#view(session);
        const unpriced = view.lines.find((l) => l.problem !== undefined);
        if (unpriced !== undefined) {
          throw new CounterError('unpriced-line', words('unpricedLine', { name: unpriced.name }));
        }
        const walkIn = session.customer === null ? this.#walkIn() : null;
        if (session.customer === null && walkIn === null) {
          throw new CounterError('no-customer', words('noCustomer'));
        }
        if (session.warehouseId === null) throw noWarehouseError();
        const tender = options.tender === undefined ? null : this.#settle(options.tender, view.totals.total);
        closing = { tender, walkIn };
        summary = saleSummary(this.#db, view, walkIn);
        figures = saleFigures(view.totals, tender);
        // What each line was paid, kept for returns past compaction (db/returns.ts sold_line).
        sold = soldLinesOf(sessionId, session.lines, session.customer?.card ?? null);
        return {
          customerId: session.customer?.companyId ?? walkIn?.companyId,
          warehouseId: session.warehouseId,
          items: orderItems(session.lines, session.customer?.card ?? null),
          note: options.note ?? orderNote(sessionId, tender, session.lines),
        };
      },
      {
        originSessionId: sessionId,
        now,
        summary: () => summary,
        // The receipt's number is given with the sale: both, or neither and no number used up.
        alongside: (order) => {
          closeShoppingSession(this.#db, sessionId, order.id, now, closing);
          issueReceipt(this.#db, order.id, this.#receipts());
          if (figures !== undefined) recordSale(this.#db, sessionId, who, figures);
          insertSoldLines(this.#db, sold);
          options.alongside?.(order.id);
          this.#closing?.({ orderId: order.id, tender: closing.tender, at: now });
        },
        sender: this.#outbox,
      },
    );
    // The order is stored and the sale closed; an attempt that fails leaves it to the outbox's passes.
    placed.sent.catch(() => undefined);
    return { order: placed.order, session: this.#view(this.#mustGet(sessionId)) };
  }

  /**
   * Sets the open sale aside (park) with its lines and customer; the next scan starts a new sale.
   * A sale with nothing on it has nothing to park. Returns the parked sale.
   */
  park(): PricedSession {
    const sessionId = writeTransaction(this.#db, () => {
      const session = currentShoppingSession(this.#db);
      if (session === undefined || !hasContent(session)) {
        throw new CounterError('nothing-to-park', words('nothingToPark'));
      }
      parkShoppingSession(this.#db, session.id, this.#now());
      return session.id;
    });
    return this.#view(this.#mustGet(sessionId));
  }

  /** The parked sales, the longest parked first. */
  parked(): PricedSession[] {
    return parkedShoppingSessions(this.#db).map((s) => this.#view(s));
  }

  /**
   * Brings a parked sale back to the counter. A sale open there is parked in its place (one with
   * nothing on it is dropped, as cancelled), in the same transaction: nothing is lost either way.
   * Returns the recalled sale and the one parked for it, if any.
   */
  recall(sessionId: number): { session: PricedSession; parked: PricedSession | null } {
    const parkedId = writeTransaction(this.#db, () => {
      const wanted = getShoppingSession(this.#db, sessionId);
      const takenBy = takenParkedBy(this.#db, sessionId);
      if (takenBy !== undefined)
        throw new CounterError('parked-taken', words('parkedTaken', { till: takenBy }));
      if (wanted?.state !== 'parked') {
        throw new CounterError('not-parked', words('notParked', { sessionId }));
      }
      const now = this.#now();
      const parkedNow = this.#clearCounter(now);
      recallShoppingSession(this.#db, sessionId, now);
      return parkedNow;
    });
    return {
      session: this.#view(this.#mustGet(sessionId)),
      parked: parkedId === null ? null : this.#view(this.#mustGet(parkedId)),
    };
  }

  /**
   * Takes over a sale parked at another till of the store (claimed there first): it becomes the sale
   * at the counter here, with its lines, prices and customer as parked; a sale on the counter is
   * parked in its place, as for a recall. Refused when this till has learnt meanwhile that it is no
   * longer parked there.
   */
  takeOver(till: string, sessionId: number): { session: PricedSession; parked: PricedSession | null } {
    const result = writeTransaction(this.#db, () => {
      const sale = storeParkedSale(this.#db, till, sessionId);
      if (sale === undefined) throw new CounterError('not-parked', words('notParked', { sessionId }));
      const now = this.#now();
      const parkedNow = this.#clearCounter(now);
      return { taken: takeOverParked(this.#db, sale, now), parkedNow };
    });
    return {
      session: this.#view(this.#mustGet(result.taken)),
      parked: result.parkedNow === null ? null : this.#view(this.#mustGet(result.parkedNow)),
    };
  }

  /**
   * This till's parked sales another till of the store recalled first, over the last 12 hours (this
   * till's clock): the list shows them as taken, so the cashier who parked one knows where it went.
   */
  takenParked(): (PricedSession & { readonly takenBy: string })[] {
    const since = new Date(this.#now().getTime() - 12 * 3_600_000).toISOString();
    return takenParkedSessions(this.#db, since).map((t) => ({
      ...this.#view(this.#mustGet(t.id)),
      takenBy: t.takenBy,
    }));
  }

  /** Another till's parked sale priced as this till prices its own (the recall list shows it). */
  priceParked(sale: StoreParkedSale): PricedSession {
    return this.#view(parkedSessionOf(sale));
  }

  /**
   * Makes room at the counter for a sale coming back: the sale there is parked (one with nothing on
   * it is dropped, as cancelled). Returns the one parked, if any. Call in a transaction.
   */
  #clearCounter(now: Date): number | null {
    const open = currentShoppingSession(this.#db);
    if (open !== undefined && hasContent(open)) {
      parkShoppingSession(this.#db, open.id, now);
      return open.id;
    }
    if (open !== undefined) cancelShoppingSession(this.#db, open.id, now);
    return null;
  }

  /**
   * Voids the open session (nothing is ordered); the next scan starts a new one. The void is kept:
   * the session stays, cancelled, with what it came to, who voided it and in which shift.
   */
  cancel(): PricedSession {
    const sessionId = this.#requireOpen();
    writeTransaction(this.#db, () => {
      const who = voidAttribution(this.#db);
      const total = this.#view(this.#mustGet(sessionId)).totals.total;
      cancelShoppingSession(this.#db, sessionId, this.#now());
      recordVoid(this.#db, sessionId, who, toMinor(total));
    });
    return this.#view(this.#mustGet(sessionId));
  }

  /**
   * Applies a resolution in one transaction with the check of its amounts: a line the sale could
   * not show (no amount, or a sale beyond what it may hold), or a counted line holding more than a
   * line may once the scan joined it, is taken back and refused instead.
   */
  #applyChecked(sessionId: number, resolution: Resolution, options: Confirmed): Applied {
    try {
      return writeTransaction(this.#db, (): Applied => {
        if (resolution.kind === 'product') {
          const blocked = this.#judgeStock(sessionId, resolution.stockItem, resolution.quantity, options);
          if (blocked !== undefined)
            return {
              outcome: { kind: 'rejected', message: blocked.message, said: blocked.said },
              read: this.#readStamped(sessionId),
            };
        }
        const outcome = this.#apply(sessionId, resolution);
        // The check reads the sale's lines as the call leaves them: the answer's view is built from
        // them, not from a second read of every line. The header and the stamp are read here too,
        // before the commit (#readStamped): the answer is one snapshot, and its stamp that one's.
        if (outcome.kind === 'product')
          return {
            outcome,
            read: this.#readStamped(sessionId, this.#checkAmounts(sessionId, outcome.lineId)),
          };
        return { outcome, read: this.#readStamped(sessionId) };
      });
    } catch (error) {
      if (!(error instanceof CounterError) || !TAKEN_BACK.has(error.code)) throw error;
      // Taken back: the sale as the rollback left it, read with its stamp in a transaction of its own.
      return {
        outcome: { kind: 'rejected', message: error.message, said: error.said },
        read: this.#readStamped(sessionId),
      };
    }
  }

  /**
   * Judges `adding` more of `item` in the session by the stock rule: nothing to say, or confirmed
   * in 'warn': undefined (go ahead); 'warn' unconfirmed: throws CounterError 'unconfirmed' with the
   * concerns; 'block': the words of the refusal. `fresh`: unless the item is on a line already, it
   * comes in now, and being inactive or out of stock is said too (once, not for each piece more).
   * The stock is the cached figure less what this till and the store's other tills sold since that it
   * does not show yet.
   */
  #judgeStock(
    sessionId: number,
    item: CachedStockItem,
    adding: number,
    options: Confirmed,
    fresh?: boolean,
  ): Words | undefined {
    const quantities = sessionItemQuantities(this.#db, sessionId, item.id);
    const wanted = quantities.reduce((sum, quantity) => sum + quantity, 0) + adding;
    const figures = stockFigures(this.#db, [item.id]);
    const sold = soldHere(this.#db, figures).get(item.id) ?? 0;
    // The store's other tills' sales too, as their journals reached this till (issue 38).
    const others = (soldInStore(this.#db, figures).get(item.id) ?? []).reduce(
      (sum, t) => sum + t.quantity,
      0,
    );
    const concerns = stockConcerns(
      item,
      wanted,
      fresh ?? quantities.length === 0,
      sold,
      roundQuantity(others),
    );
    if (concerns.length === 0) return undefined;
    const name = item.productName ?? item.productCode ?? `Product ${item.productId}`;
    const said = stockConcernWords(name, item.unitOfMeasure, concerns);
    if (this.#stockRule() === 'block') return stockBlockedWords(said);
    if (options.confirmed !== true) throw new CounterError('unconfirmed', said);
    return undefined;
  }

  /**
   * Throws (CounterError 'line-amount', which rolls the caller's transaction back) when line
   * `lineId`, as stored now, has no amount, or takes the sale past what it may hold. Other lines'
   * problems (from an older version) are theirs, reported in the view, and do not block this one.
   */
  #checkAmounts(sessionId: number, lineId: number): readonly SessionLine[] {
    const lines = sessionLines(this.#db, sessionId);
    const totals = sessionTotals(lines, null);
    const name = lines.find((l) => l.id === lineId)?.name ?? `Line ${lineId}`;
    const problem = totals.lines.find((l) => l.lineId === lineId)?.problem;
    if (problem !== undefined) throw new CounterError('line-amount', lineProblemWords(name, problem));
    if (totals.beyondMax) throw new CounterError('line-amount', saleTooLarge(name));
    return lines;
  }

  #apply(sessionId: number, resolution: Resolution): ScanOutcome {
    const now = this.#now();
    switch (resolution.kind) {
      case 'product': {
        const item = resolution.stockItem;
        const line = addSessionLine(
          this.#db,
          sessionId,
          {
            stockItemId: item.id,
            productId: item.productId,
            productCode: item.productCode ?? null,
            name: item.productName ?? item.productCode ?? `Product ${item.productId}`,
            barcode: resolution.reading.code,
            kind: resolution.lineKind,
            quantity: resolution.quantity,
            unitOfMeasure: item.unitOfMeasure ?? null,
            unitPrice: resolution.unitPrice,
            vatRate: item.vatRate ?? 0,
            fixedTotalMinor: resolution.fixedTotalMinor,
            noDiscount: item.prohibitionOfDiscounts === true,
            priceEntered: resolution.priceEntered,
          },
          now,
        );
        checkJoined(line);
        return {
          kind: 'product',
          lineId: line.id,
          name: line.name,
          quantity: line.quantity,
        };
      }
      case 'customer': {
        attachSessionCustomer(
          this.#db,
          sessionId,
          {
            companyId: resolution.companyId,
            card: resolution.card,
            source: resolution.source,
            owesMinor: resolution.owesMinor,
          },
          now,
        );
        const name = resolution.card.name ?? `Customer ${resolution.companyId}`;
        return { kind: 'customer', source: resolution.source, name };
      }
      default:
        return {
          kind: resolution.kind,
          message: resolution.message,
          said: resolution.said,
          ...(resolution.unpriced === undefined ? {} : { unpriced: resolution.unpriced }),
        };
    }
  }

  /**
   * The session's warehouse, after an empty session took the terminal's: a first scan before a
   * warehouse was chosen opened it without one, and it must not stay stuck that way.
   */
  #currentWarehouse(session: { id: number; warehouseId: number | null }): number | null {
    const terminal = this.#warehouseId();
    if (terminal === null || terminal === session.warehouseId) return session.warehouseId;
    const adopted = writeTransaction(this.#db, () =>
      adoptSessionWarehouse(this.#db, session.id, terminal, this.#now()),
    );
    return adopted ? terminal : session.warehouseId;
  }

  #openSessionId(): number {
    const open = currentShoppingSessionId(this.#db);
    if (open !== undefined) return open;
    return writeTransaction(this.#db, () =>
      openShoppingSessionId(this.#db, this.#warehouseId(), this.#now()),
    );
  }

  #requireOpen(): number {
    const session = currentShoppingSession(this.#db);
    if (!session) throw new CounterError('no-session', words('noOpenSession'));
    return session.id;
  }

  /** The payment as kept, cash rounded to the till's step now; refused as a CounterError, in words. */
  #settle(tender: TenderInput, total: number): Tender {
    try {
      return settleTender(tender, total, this.#cashStep());
    } catch (error) {
      if (error instanceof TenderRefused) throw new CounterError('bad-tender', error.words);
      throw error;
    }
  }

  /** Session `id`; with `lines`, its lines as read with nothing written to them since (getShoppingSession). */
  #mustGet(id: number, lines?: readonly SessionLine[]): ShoppingSession {
    const session = getShoppingSession(this.#db, id, lines);
    if (!session) throw new CounterError('no-session', words('noSession', { sessionId: id }));
    return session;
  }

  #view(session: ShoppingSession): PricedSession {
    const card = session.customer?.card;
    const totals = sessionTotals(session.lines, card ?? null);
    const amounts = new Map(totals.lines.map((l) => [l.lineId, l]));
    const problem = (l: { id: number; name: string }): Words | undefined => {
      const found: LineProblem | undefined = amounts.get(l.id)?.problem;
      return found === undefined ? undefined : lineProblemWords(l.name, found);
    };
    return {
      id: session.id,
      state: session.state,
      warehouseId: session.warehouseId,
      createdAt: session.createdAt,
      parkedAt: session.parkedAt,
      lines: session.lines.map((l) =>
        compact({
          id: l.id,
          productId: l.productId,
          productCode: l.productCode ?? undefined,
          name: l.name,
          barcode: l.barcode ?? undefined,
          kind: l.kind,
          // A stored infinity is said in the line's problem; the view carries numbers only.
          quantity: finiteOr0(l.quantity),
          unitOfMeasure: l.unitOfMeasure ?? undefined,
          unitPrice: finiteOr0(l.unitPrice),
          vatRate: finiteOr0(l.vatRate),
          lineTotal: amounts.get(l.id)?.lineTotal ?? 0,
          discount: amounts.get(l.id)?.discount ?? 0,
          problem: problem(l),
          priceEntered: l.priceEntered ? true : undefined,
          adjustment:
            l.adjustment === null
              ? undefined
              : { ...l.adjustment, amount: amounts.get(l.id)?.adjustment ?? 0 },
        }),
      ),
      customer: session.customer
        ? compact({
            companyId: session.customer.companyId,
            cardId: card?.id,
            cardName: card?.name,
            barcode: card?.barcode,
            discount: card?.discount,
            discountAmount: card?.discountAmount,
            owes: session.customer.owesMinor === null ? undefined : toMajor(session.customer.owesMinor),
            source: session.customer.source,
          })
        : null,
      totals: {
        byVatRate: totals.byVatRate,
        discount: totals.discount,
        saleDiscount: totals.saleDiscount,
        total: totals.total,
      },
      outboxOrderId: session.outboxOrderId,
      walkIn:
        session.customer !== null
          ? null
          : session.state !== 'closed' && session.state !== 'cancelled'
            ? this.#walkIn()
            : session.walkIn,
      tender: session.tender,
    };
  }
}

/**
 * A product line taken `quantity` times (a `3*` before the scan or pick). Counted lines only: a weight
 * or price label says its own quantity, so a multiplier there is refused rather than guessed at.
 */
function times(resolution: Resolution, quantity: number | undefined): Resolution {
  if (quantity === undefined || quantity === 1) return resolution;
  if (resolution.kind === 'rejected' && resolution.unpriced?.quantity === undefined) {
    // What a manager-entered price would add: that many.
    const unpriced = resolution.unpriced;
    return unpriced === undefined ? resolution : { ...resolution, unpriced: { ...unpriced, quantity } };
  }
  if (resolution.kind !== 'product') return resolution;
  const name = resolution.stockItem.productName ?? `Product ${resolution.stockItem.productId}`;
  if (resolution.lineKind !== 'unit') {
    return {
      kind: 'rejected',
      ...words('labelWithQuantity', { name }),
    };
  }
  const total = resolution.quantity * quantity;
  const problem = quantityProblem(
    { name, kind: 'unit', unitOfMeasure: resolution.stockItem.unitOfMeasure },
    total,
  );
  if (problem !== undefined) return { kind: 'rejected', ...problem };
  return { ...resolution, quantity: total };
}

/**
 * Throws CounterError 'bad-quantity' (which rolls the caller's transaction back) when counted `line`,
 * as a scan or an undo left it, holds a quantity no line may: a counted item scanned again, or a
 * removed line put back, joins its twin, and the sum is checked as a quantity typed would be (9999
 * and one more is refused, not stored). Labels' lines never join, and their quantities were checked.
 */
function checkJoined(line: SessionLine): void {
  if (line.kind !== 'unit') return;
  const problem = quantityProblem(line, line.quantity);
  if (problem !== undefined) throw new CounterError('bad-quantity', problem);
}

/** The order's note: where it came from and how it was paid (SPEC.md's order has no payment field). */
function orderNote(
  sessionId: number,
  tender: Tender | null,
  lines: readonly {
    name: string;
    unitPrice: number;
    priceEntered: boolean;
    adjustment: LineAdjustment | null;
  }[],
): string {
  const base = `Counter session ${sessionId}`;
  const paid = tender === null ? '' : `; ${paidWords(tender)}`;
  // A price typed at the till is said here too, for the back office: an instance may price the
  // order itself whatever the items carry.
  const entered = lines.filter((l) => l.priceEntered).map((l) => `${l.name} ${unitPriceText(l.unitPrice)}`);
  // A line's own discount too: who set it at the till, and the price it was taken off.
  const adjusted = lines.flatMap((l) =>
    l.adjustment === null
      ? []
      : [
          `${l.name} ${l.adjustment.kind === 'percent' ? `${l.adjustment.value} % off` : `at ${unitPriceText(l.adjustment.value)}`} (was ${unitPriceText(l.unitPrice)}, ${l.adjustment.by})`,
        ],
  );
  return [
    `${base}${paid}`,
    ...(entered.length === 0 ? [] : [`price entered at the till: ${entered.join(', ')}`]),
    ...(adjusted.length === 0 ? [] : [`discount at the till: ${adjusted.join(', ')}`]),
  ].join('; ');
}

/** Why `adjustment` cannot be `line`'s own discount, in words for the cashier; undefined when it can. */
function adjustmentProblem(
  line: { name: string; kind: string; unitPrice: number; noDiscount: boolean },
  adjustment: AdjustmentInput,
): Words | undefined {
  if (line.noDiscount) return words('adjustNoDiscount', { name: line.name });
  const whole = hasAtMostTwoDecimals(adjustment.value);
  if (adjustment.kind === 'percent') {
    return whole && adjustment.value > 0 && adjustment.value < 100 ? undefined : words('adjustPercentRange');
  }
  if (line.kind === 'price') return words('adjustPriceLabel', { name: line.name });
  if (whole && adjustment.value > 0 && adjustment.value < line.unitPrice) return undefined;
  return words('adjustPriceRange', { name: line.name, price: unitPriceText(line.unitPrice) });
}

/** A sale worth keeping: something on it, or a customer's card scanned. */
function hasContent(session: ShoppingSession): boolean {
  return session.lines.length > 0 || session.customer !== null;
}

function looksLikeProduct(resolver: ScanResolver, code: string): boolean {
  const result = resolver.resolveProduct(code.trim(), null);
  return result.kind === 'resolved';
}

function noWarehouse(): Resolution {
  return { kind: 'rejected', ...words('noWarehouse') };
}

function noWarehouseError(): CounterError {
  return new CounterError('no-warehouse', words('noWarehouse'));
}

function finiteOr0(n: number): number {
  return Number.isFinite(n) ? n : 0;
}

/** `value` without its undefined fields; a loop, not entries/fromEntries: it runs for every line of every scan. */
function compact<T extends object>(value: T): T {
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(source)) if (source[key] !== undefined) out[key] = source[key];
  return out as T;
}
