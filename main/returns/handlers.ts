// The returns' calls (returns.*): the till's returns as Orders lists them, one return's receipt, a
// reprint through the receipt printer's queue and a print through the system dialog counted; and the
// Returns screen's: find the sale a receipt names, see what a choice of lines would refund, and take
// them back. The manager approves through the till's PIN lock: a return beyond Settings' limits is
// refused as 'locked' (its reasons said) until the lock is open. A card part is paid out on the
// payment terminal, which Counter does not drive: the return is refused as 'unconfirmed' until the
// cashier says it was done, so nothing is stored before the money went back.
import { minor, toMajor, type Minor } from '../../common/money.ts';
import { say, words } from '../../contract/core-words.ts';
import { ReturnView as ReturnContractView } from '../../contract/returns.ts';
import type { PosErrorCode, PrintJobView, ReturnSaleView } from '../../contract/contract.ts';
import type { Db } from '../../db/database.ts';
import {
  countReturnPrint,
  formatReturnNumber,
  returnListings,
  type ReturnListing,
} from '../../db/returns.ts';
import { CoreError, numericId, type GuardedAction, type Handlers } from '../ground/index.ts';
import {
  ReturnError,
  Returns,
  type MadeReturn,
  type ReturnErrorCode,
  type ReturnRequest,
  type SaleForReturn,
} from './returns.ts';
import { markReturnBooked, settleReturn } from './settle.ts';
import { exchange } from './exchange.ts';
import { noReceiptWords } from './without-receipt.ts';
import { dropHeldExchange, heldExchange, holdExchange } from './held.ts';
import type { WithoutReceiptPlan, WithoutReceiptRequest } from './without-receipt.ts';
import type { Counter } from '../counter/index.ts';
import { viewOfListing } from './view.ts';

export interface ReturnsDeps {
  db(): Db;
  /**
   * Queues a reprint of return `id`'s receipt on the receipt printer and wakes its worker (CoreError
   * 'not-configured' when no printer is set: the screen prints through the system dialog then).
   */
  reprint(id: number): PrintJobView;
  /** Throws (CoreError 'locked') while a manager PIN guards `what` and was not given. */
  guard(what: GuardedAction): void;
  now(): Date;
  /** The returns of the database in use (their documents routed where an instance is set). */
  returns(): Returns;
  /** Whether the manager's PIN lock is open (or no PIN is set). */
  managerOpen(): boolean;
  /**
   * Makes a return with its lines claimed across the store's tills first (issue 38:
   * main/returns/store.ts returnInStore); without it, `returns().make`.
   */
  make?(request: ReturnRequest): MadeReturn | Promise<MadeReturn>;
  /** The counter of the instance in use (an exchange closes its sale); null while none. */
  counter(): Counter | null;
  /** The cash step in minor units (Settings' cash rounding). */
  cashStep(): Minor;
  /** Makes a return without a receipt (without-receipt.ts) over the returns in use. */
  withoutReceipt(request: WithoutReceiptRequest): MadeReturn;
  /** What a return without a receipt would take back and pay out, stored nowhere. */
  planWithoutReceipt(request: WithoutReceiptRequest): WithoutReceiptPlan;
  /** The till's warehouse (Settings): a sale opened to hold an exchange's credit sells from it. */
  warehouseId(): number | null;
  /** The catalog's warehouses by id, named: a return's store (its receipt's heading) is its warehouse's. */
  warehouseNames?(): ReadonlyMap<number, string>;
}

export type ReturnsCalls =
  | 'returns.list'
  | 'returns.page'
  | 'returns.get'
  | 'returns.reprint'
  | 'returns.printed'
  | 'returns.markBooked'
  | 'returns.settle'
  | 'returns.find'
  | 'returns.plan'
  | 'returns.make'
  | 'returns.planWithoutReceipt'
  | 'returns.makeWithoutReceipt'
  | 'returns.exchange'
  | 'returns.holdExchange'
  | 'returns.heldExchange'
  | 'returns.dropExchange';

export function returnsHandlers(deps: ReturnsDeps): Pick<Handlers, ReturnsCalls> {
  /** The contract's views of returns one query read; the catalog's warehouses read once for them all. */
  const views = (listings: readonly ReturnListing[]): ReturnContractView[] => {
    const names = listings.length === 0 ? undefined : deps.warehouseNames?.();
    return listings.map((l) => contractView(l, names));
  };
  const view = (id: number | string): ReturnContractView => {
    const [found] = views(returnListings(deps.db(), { ids: [numericId(id)] }));
    if (found === undefined) throw new CoreError('not-found', [say('returnNotFound', { id: String(id) })]);
    return found;
  };
  return {
    'returns.list': () => Promise.resolve(views(returnListings(deps.db(), {}))),
    'returns.page': ({ before, limit }) => {
      const size = limit ?? RETURNS_PAGE_SIZE;
      // One more than the page: whether an older page follows, without a count of every return.
      const listings = returnListings(deps.db(), {
        ...(before === undefined ? {} : { before }),
        limit: size + 1,
      });
      const shown = listings.slice(0, size);
      const last = shown.at(-1);
      return Promise.resolve({
        entries: views(shown),
        ...(listings.length > size && last !== undefined
          ? { next: { createdAt: last.createdAt, id: last.id } }
          : {}),
      });
    },
    'returns.get': ({ id }) => Promise.resolve(view(id)),
    'returns.reprint': ({ id }) => {
      const n = view(id).id;
      return Promise.resolve(deps.reprint(n));
    },
    'returns.printed': ({ id }) => {
      const n = view(id).id;
      countReturnPrint(deps.db(), n);
      return Promise.resolve(view(n));
    },
    'returns.markBooked': ({ id }) => {
      deps.guard('lockedReturnBooked');
      const n = view(id).id;
      refused(() => markReturnBooked(deps.db(), n, deps.now()));
      return Promise.resolve(view(n));
    },
    'returns.settle': ({ id, deleted }) => {
      deps.guard('lockedReturnSettle');
      const n = view(id).id;
      refused(() => settleReturn(deps.db(), n, deleted, deps.now()));
      return Promise.resolve(view(n));
    },
    'returns.find': ({ text }) => answer(() => saleView(deps.returns().find(text))),
    'returns.plan': (input) =>
      answer(() => {
        const p = deps.returns().preview(input);
        return {
          lines: p.lines.map((l) => ({
            lineNo: l.line.lineNo,
            quantity: l.quantityMilli / 1000,
            refund: toMajor(l.refundMinor),
          })),
          total: toMajor(p.refund),
          card: toMajor(p.split.card),
          cash: toMajor(p.split.cash),
          cashRounding: toMajor(p.split.cashRounding),
          approval: p.why?.said ?? [],
        };
      }),
    'returns.make': ({ cardRefunded, ...request }) =>
      answer(() => {
        const returns = deps.returns();
        // Checked before anything is stored, in this order: the manager first, then the terminal.
        const p = returns.preview(request);
        if (p.why !== undefined && !deps.managerOpen()) throw new CoreError('locked', p.why);
        if (p.split.card > 0 && cardRefunded !== true)
          throw new CoreError(
            'unconfirmed',
            words('returnCardNotRefunded', { amount: toMajor(p.split.card).toFixed(2) }),
          );
        const approved = { ...request, approve: () => deps.managerOpen() };
        const made = deps.make === undefined ? returns.make(approved) : deps.make(approved);
        return made instanceof Promise ? made.then((m) => view(m.row.id)) : view(made.row.id);
      }),
    'returns.planWithoutReceipt': (input) =>
      answer(() => {
        const p = deps.planWithoutReceipt(input);
        return {
          lines: p.lines.map((l) => ({
            lineNo: l.item.lineNo,
            productId: l.item.productId,
            ...(l.item.productCode === null ? {} : { code: l.item.productCode }),
            name: l.item.name,
            kind: l.item.kind === 'weight' ? ('weight' as const) : ('unit' as const),
            ...(l.item.unitOfMeasure === null ? {} : { unit: l.item.unitOfMeasure }),
            quantity: l.quantityMilli / 1000,
            unitPrice: l.item.unitPrice,
            refund: toMajor(l.refund),
          })),
          total: toMajor(p.refund),
          cash: toMajor(p.split.cash),
          cashRounding: toMajor(p.split.cashRounding),
          approval: noReceiptWords(p).said,
        };
      }),
    // Always the manager's: refused as 'locked' (its reason said) until the PIN lock is open.
    'returns.makeWithoutReceipt': (input) =>
      answer(() => {
        const made = deps.withoutReceipt({ ...input, approve: () => deps.managerOpen() });
        return view(made.row.id);
      }),
    'returns.holdExchange': (request) =>
      answer(() =>
        holdExchange(deps.db(), deps.returns(), request, {
          warehouseId: deps.warehouseId(),
          now: deps.now(),
        }),
      ),
    'returns.heldExchange': () => answer(() => heldExchange(deps.db())),
    'returns.dropExchange': () =>
      answer(() => {
        dropHeldExchange(deps.db(), deps.now());
        return {};
      }),
    'returns.exchange': ({ pays, ...request }) =>
      answer(() => {
        const counter = deps.counter();
        if (counter === null) throw new CoreError('not-configured', [say('starting')]);
        const done = exchange(
          counter,
          deps.returns(),
          { ...request, pays: pays ?? 'cash', approve: () => deps.managerOpen() },
          deps.cashStep(),
        );
        return {
          return: view(done.made.row.id),
          orderId: done.orderId,
          saleTotal: toMajor(done.saleTotal),
          credit: toMajor(done.credit),
          difference: done.difference,
          pays: done.pays,
        };
      }),
  };
}

/** Returns per page when the screen asks for no length. */
export const RETURNS_PAGE_SIZE = 50;

/** The view as the contract gives it, naming who took it back and the store it was taken back in. */
function contractView(
  l: ReturnListing,
  warehouses: ReadonlyMap<number, string> | undefined,
): ReturnContractView {
  const name = l.cashierName ?? undefined;
  const store = l.warehouseId === null ? undefined : warehouses?.get(l.warehouseId);
  return ReturnContractView.parse({
    ...viewOfListing(l),
    ...(name === undefined ? {} : { cashierName: name }),
    ...(store === undefined ? {} : { store }),
  });
}

/** A return's refusal as the screens say it. */
function refused(act: () => unknown): void {
  try {
    act();
  } catch (error) {
    if (error instanceof ReturnError) throw new CoreError('rejected', [...error.said]);
    throw error;
  }
}
const CODES: Readonly<Record<ReturnErrorCode, PosErrorCode>> = {
  'unknown-receipt': 'not-found',
  ambiguous: 'invalid-input',
  'not-a-sale': 'rejected',
  'too-much': 'rejected',
  'unknown-product': 'rejected',
  'nothing-left': 'rejected',
  'lines-not-kept': 'rejected',
  'nothing-chosen': 'invalid-input',
  quantity: 'invalid-input',
  approval: 'locked',
  'card-room': 'rejected',
  'unknown-return': 'not-found',
  'not-back-office': 'rejected',
  'not-in-doubt': 'rejected',
  'exchange-no-sale': 'rejected',
  'no-product': 'not-found',
  price: 'invalid-input',
};

/** Runs a returns call; its refusals as the cashier is told them. */
function answer<T>(work: () => T | Promise<T>): Promise<T> {
  const said = (error: unknown): Error => {
    if (error instanceof ReturnError)
      return new CoreError(CODES[error.code], { message: error.message, said: error.said });
    return error instanceof Error ? error : new Error(String(error));
  };
  try {
    // A return claimed across the store answers later: its refusal is said the same way.
    return Promise.resolve(work()).catch((error: unknown) => Promise.reject(said(error)));
  } catch (error) {
    return Promise.reject(said(error));
  }
}

export function saleView(sale: SaleForReturn): ReturnSaleView {
  return {
    ...(sale.receipt === null ? {} : { receipt: sale.receipt }),
    ...(sale.till === null ? {} : { till: sale.till }),
    reference: sale.reference,
    soldAt: sale.soldAt,
    lines: sale.lines.map((l) => ({
      lineNo: l.lineNo,
      productId: l.productId,
      ...(l.productCode === null ? {} : { code: l.productCode }),
      name: l.name,
      kind: l.kind,
      ...(l.unitOfMeasure === null ? {} : { unit: l.unitOfMeasure }),
      vatRate: l.vatRate,
      unitPrice: l.unitPrice,
      quantity: l.quantityMilli / 1000,
      paid: toMajor(minor(l.paidMinor)),
      returned: l.returnedMilli / 1000,
      left: l.leftMilli / 1000,
    })),
    paid: { cash: toMajor(sale.paid.cash), card: toMajor(sale.paid.card) },
    refunded: { cash: toMajor(sale.refunded.cash), card: toMajor(sale.refunded.card) },
    returns: sale.returns.map((r) => ({
      number: formatReturnNumber(r.prefix, r.number),
      createdAt: r.createdAt,
    })),
  };
}
