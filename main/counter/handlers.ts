// The counter's calls: the shopping session (session.*), the receipt of an order (receipt.get, and
// receipt.printed counting its prints) and what a scanned code is (barcode.describe).
import { say } from '../../contract/core-words.ts';
import { toMajor } from '../../common/money.ts';
import { writeTransaction, type Db } from '../../db/database.ts';
import { countPrint } from '../../db/receipts.ts';
import { commonCurrency, customerOwes } from '../../db/catalog/index.ts';
import { parkedSessionCount } from '../../db/sessions.ts';
import { CoreError, numericId, type GuardedAction, type Handlers } from '../ground/index.ts';
import { entryView, getOutboxInternetOrder, type OutboxOrder } from '../outbox/index.ts';
import { describeCode, type BarcodeReader } from '../barcode/index.ts';
import type { Counter, PricedSession } from './counter.ts';
import { receiptOf } from './receipt.ts';
import { recallInStore, type ParkedClaims } from './store-parked.ts';
import { storeParkedSales } from '../../db/store-parked.ts';

export interface CounterDeps {
  /** The counter of the instance in use; null while the app is still connecting. */
  counter(): Counter | null;
  /** The terminal's warehouse (Settings): a new, empty session is shown in it. */
  warehouseId(): number | null;
  /** The label rules in Settings, compiled. */
  reader(): BarcodeReader;
  /** A closed sale put this order in the outbox. */
  orderPlaced(order: OutboxOrder): void;
  /** The database in use (the receipt's order and sale). */
  db(): Db;
  /** The currency the till shows prices in (undefined: none known); absent: the receivables' most common. */
  currency?(): string | undefined;
  /** Who a sale without a card goes to (Settings). */
  walkInCustomer(): { companyId: number; name: string } | null;
  /** Throws (CoreError 'locked') while a manager PIN guards `what` and was not given. */
  guard(what: GuardedAction): void;
  /** A manager PIN is set: what the guard let through, a manager allowed. */
  managerPinSet(): boolean;
  /** Takes the serial scanner's waiting scan (id and code): true once, false when taken already. */
  claimSerialScan(id: number, code: string): boolean;
  /** The store's claims on parked sales (issue 38); null or absent: no store hub set. */
  parkedClaims?(): ParkedClaims | null;
}

type CounterCalls =
  | 'session.current'
  | 'session.scan'
  | 'session.setQuantity'
  | 'session.removeLine'
  | 'session.close'
  | 'session.cancel'
  | 'session.addStockItem'
  | 'session.addPriced'
  | 'session.restoreLine'
  | 'session.park'
  | 'session.parked'
  | 'session.recall'
  | 'session.adjustLine'
  | 'receipt.get'
  | 'receipt.printed'
  | 'barcode.describe';

export function counterHandlers(deps: CounterDeps): Pick<Handlers, CounterCalls> {
  const counter = (): Counter => {
    const c = deps.counter();
    if (c === null) throw new CoreError('not-configured', [say('starting')]);
    return c;
  };
  return {
    'session.current': () => Promise.resolve(sessionView(counter().current(), deps)),
    'session.scan': async ({ code, quantity, via, confirmed, serialScanId }) => {
      const c = counter();
      // A serial scan is taken and applied in this one call: never twice, whichever page sent it.
      if (serialScanId !== undefined && !deps.claimSerialScan(serialScanId, code))
        throw new CoreError('scan-taken', [say('serialScanTaken')]);
      const result = await c.scan(code, {
        ...(quantity === undefined ? {} : { quantity }),
        ...(via === undefined ? {} : { via }),
        ...(confirmed === undefined ? {} : { confirmed }),
      });
      return { outcome: result.outcome, session: sessionView(result.session, deps) };
    },
    'session.addStockItem': ({ stockItemId, quantity, confirmed }) => {
      const result = counter().addStockItem(stockItemId, quantity, confirmedOf(confirmed));
      return Promise.resolve({ outcome: result.outcome, session: sessionView(result.session, deps) });
    },
    // A price typed at the till is a manager's to enter: the PIN guards it when one is set.
    'session.addPriced': ({ stockItemId, price, quantity, confirmed }) => {
      deps.guard('lockedPrice');
      const result = counter().addPriced(stockItemId, price, quantity, confirmedOf(confirmed));
      return Promise.resolve({ outcome: result.outcome, session: sessionView(result.session, deps) });
    },
    // A line's own discount or price override is a manager's: the PIN guards it when one is set,
    // and the line records who (the manager, or the till when no PIN is set) and when.
    'session.adjustLine': ({ lineId, adjustment }) => {
      deps.guard('lockedDiscount');
      const by = deps.managerPinSet() ? 'manager' : 'till';
      return Promise.resolve(sessionView(counter().adjustLine(numericId(lineId), adjustment, by), deps));
    },
    'session.restoreLine': ({ lineId }) =>
      Promise.resolve(sessionView(counter().restoreLine(numericId(lineId)), deps)),
    'receipt.get': ({ id }) => Promise.resolve(receiptView(deps.db(), id, counter())),
    'receipt.printed': ({ id }) => {
      const db = deps.db();
      const orderId = receiptView(db, id, counter()).orderId;
      writeTransaction(db, () => countPrint(db, orderId, new Date()));
      return Promise.resolve(receiptView(db, id, counter()));
    },
    'session.setQuantity': ({ lineId, quantity, confirmed }) =>
      Promise.resolve(
        sessionView(counter().setQuantity(numericId(lineId), quantity, confirmedOf(confirmed)), deps),
      ),
    'session.removeLine': ({ lineId }) =>
      Promise.resolve(sessionView(counter().removeLine(numericId(lineId)), deps)),
    'session.close': ({ tender }) => {
      const closed = counter().close(tender === undefined ? {} : { tender });
      deps.orderPlaced(closed.order);
      // The next sale starts with an empty session; the closed one's order is in the outbox now.
      return Promise.resolve({
        order: entryView(closed.order),
        session: sessionView(null, deps),
        // The change due stays on the Sale screen until the next scan: said as the core settled it.
        ...(closed.session.tender === null ? {} : { tender: closed.session.tender }),
      });
    },
    'session.cancel': () => {
      // Void the sale: kept in SQLite as cancelled, for the record. Nothing open is nothing to void.
      const c = counter();
      if (c.current() !== null) c.cancel();
      return Promise.resolve(sessionView(null, deps));
    },
    // Park a sale, list the parked ones, recall one (the sale at the counter parked in its place).
    'session.park': () => {
      const parked = counter().park();
      return Promise.resolve({ parked: parkedView(parked), session: sessionView(null, deps) });
    },
    'session.parked': () => Promise.resolve(parkedList(counter(), deps)),
    'session.recall': async ({ id, till }) => {
      const other = till === deps.parkedClaims?.()?.till ? undefined : till;
      const before = parkedList(counter(), deps).find((s) => s.id === numericId(id) && s.till === other);
      const result = await recallInStore(
        counter(),
        deps.db(),
        deps.parkedClaims?.() ?? null,
        numericId(id),
        till,
      );
      return {
        recalled: before ?? parkedView(result.session),
        session: sessionView(result.session, deps),
        parked: result.parked === null ? null : parkedView(result.parked),
      };
    },
    'barcode.describe': ({ code }) => Promise.resolve(describeCode(code, deps.reader())),
  };
}

function confirmedOf(confirmed: boolean | undefined): { confirmed?: boolean } {
  return confirmed === undefined ? {} : { confirmed };
}

/** The receipt of outbox order `id`, as the contract shows it. */
function receiptView(db: Db, id: number | string, counter: Counter) {
  const order = getOutboxInternetOrder(db, numericId(id));
  if (order === undefined) throw new CoreError('not-found', [say('orderNotInOutbox', { id: String(id) })]);
  const receipt = receiptOf(db, order, counter);
  const { compactedAt, summary } = order;
  if (compactedAt === null || summary === null)
    return { ...receipt, totals: { ...receipt.totals, byVatRate: [...receipt.totals.byVatRate] } };
  // Compacted: the lines are gone, the totals are the ones stored when it was placed.
  return {
    ...receipt,
    lines: [],
    totals: { byVatRate: summary.byVatRate, discount: summary.discount, total: summary.total },
    compacted: { at: compactedAt, lineCount: summary.lineCount },
  };
}

/**
 * The counter's session as the contract shows it; no open session is an empty one, in the terminal's
 * warehouse and for its walk-in customer.
 */
function sessionView(
  session: PricedSession | null,
  terminal: Pick<CounterDeps, 'warehouseId' | 'walkInCustomer' | 'db' | 'currency'>,
) {
  const parkedCount = parkedSessionCount(terminal.db());
  if (session === null) {
    return {
      id: 'new',
      warehouseId: terminal.warehouseId(),
      lines: [],
      customer: null,
      totals: { byVatRate: [], discount: 0, saleDiscount: 0, total: 0 },
      walkIn: terminal.walkInCustomer(),
      parkedCount,
    };
  }
  const customer = session.customer;
  return {
    ...session,
    parkedCount,
    lines: [...session.lines],
    totals: { ...session.totals, byVatRate: [...session.totals.byVatRate] },
    customer:
      customer === null
        ? null
        : {
            ...customer,
            ...unpaid(terminal.db(), customer.companyId, () =>
              terminal.currency === undefined ? commonCurrency(terminal.db()) : terminal.currency(),
            ),
          },
  };
}

/** A parked sale as the recall list shows it: when it was parked, how many lines, what it comes to. */
function parkedView(session: PricedSession) {
  return {
    id: session.id,
    parkedAt: session.parkedAt ?? session.createdAt,
    lineCount: session.lines.length,
    total: session.totals.total,
    ...(session.customer?.cardName === undefined ? {} : { customerName: session.customer.cardName }),
  };
}

type ParkedEntry = ReturnType<typeof parkedView> & { till?: string; takenBy?: string };

/**
 * The recall list: this till's parked sales (longest parked first), the other tills' while the hub
 * is in reach (in the order they reached this till), then this till's ones another till recalled.
 */
function parkedList(counter: Counter, deps: Pick<CounterDeps, 'db' | 'parkedClaims'>): ParkedEntry[] {
  const own = counter.parked().map(parkedView);
  const claims = deps.parkedClaims?.() ?? null;
  const others =
    claims?.connected() === true
      ? storeParkedSales(deps.db()).map((sale) => ({
          ...parkedView(counter.priceParked(sale)),
          till: sale.till,
          ...(sale.body.exchangeReceipt === undefined ? {} : { exchangeReceipt: sale.body.exchangeReceipt }),
        }))
      : [];
  const taken = counter.takenParked().map((s) => ({ ...parkedView(s), takenBy: s.takenBy }));
  return [...own, ...others, ...taken];
}

/**
 * What the customer owes as the cache says now (the figure stored at the card's scan may be from
 * before a sync or in another currency): in the till's currency, how many unpaid invoices make it
 * and the due dates of the oldest three, and what is owed in other currencies, apart. Not known
 * before receivables were synced completely once.
 */
function unpaid(db: Db, companyId: number, currency: () => string | undefined) {
  const owed = customerOwes(db, companyId, currency());
  if (owed === undefined) return { owes: undefined };
  return {
    owes: owed.owed === undefined ? undefined : toMajor(owed.owed),
    owesCount: owed.items.length,
    owesDue: owed.items.flatMap((i) => (i.dueDate === undefined ? [] : [i.dueDate])).slice(0, 3),
    ...(owed.elsewhere.length === 0 ? {} : { owesElsewhere: owed.elsewhere }),
  };
}
