// The returns area as the app and `pos return` build it: returns over the data folder's database,
// numbered with the till's receipt prefix, rounding cash as the till does, asking the manager beyond
// Settings' limits; and, where an outbox and the instance's description are at hand, the router that
// takes each return's document to the instance (main/returns/route.ts).
import type { Db } from '../../db/database.ts';
import {
  commonCurrency,
  warehouses,
  stockItemByBarcode,
  stockItemOfProduct,
  stockItemsByBarcode,
} from '../../db/catalog/index.ts';
import { cashStep } from '../../contract/contract.ts';
import { minorOf } from '../../common/money.ts';
import {
  ReturnRouter,
  Returns,
  returnsHandlers,
  returnInStore,
  makeWithoutReceipt,
  planWithoutReceipt,
  type GoodsBack,
  type WithoutReceiptPlan,
  type MadeReturn,
  type WithoutReceiptRequest,
  type ReturnClaims,
  type ReturnRequest,
  type RouteOutbox,
  type RouteService,
} from '../returns/index.ts';
import type { StoreHub } from '../hub/index.ts';
import { say } from '../../contract/core-words.ts';
import { waitingJobCount } from '../../db/print-jobs.ts';
import { CoreError } from '../ground/index.ts';
import { loadedFirst, type Area, type CallsOf, type LinkReturns, type Till } from './area.ts';
import type { ShiftPolicy } from '../shift/index.ts';
import type { SettingsStore } from '../settings/store.ts';
import { queueReturnReceipt, queueReturnReprint } from '../printer/index.ts';
import { returnRefunds, returnWarehouseId } from '../../db/returns.ts';

export interface ReturnsNeeds {
  readonly db: Db;
  readonly settings: SettingsStore;
  readonly shiftPolicy?: () => ShiftPolicy;
  readonly now?: () => Date;
  /** Where documents go; without them returns wait, stored, for a shell that has them. */
  readonly service?: RouteService;
  readonly outbox?: RouteOutbox;
  readonly log?: (line: string) => void;
  /**
   * The receipt printer's queue: with a printer set, a return's receipt job is stored with it (the
   * drawer's pulse with it when cash goes out), and `queued` wakes the worker. Without one the receipt
   * prints through the system print path, as a sale's does.
   */
  readonly printer?: { readonly set: () => boolean; readonly queued?: () => void };
  /** The store hub's link while one runs (issue 38): returns claim through it, across tills. */
  readonly store?: () => { readonly till: string; readonly hub: StoreHub } | null;
  /** The till's walk-in customer (Settings, else the instance's default): a return without a receipt is booked to it. */
  readonly walkInCustomer?: () => { readonly companyId: number } | null;
}

/** The returns area as buildReturns makes it: the Link's returns part (area.ts). */
export type ReturnsArea = LinkReturns;

/**
 * Goods coming back without a receipt, from the offline catalog: by barcode in the till's warehouse
 * (any warehouse's while none is set), or by product id in the till's warehouse.
 */
function goodsBack(
  db: Db,
  by: { readonly barcode: string } | { readonly productId: number },
  warehouseId: number | null,
): GoodsBack | undefined {
  if ('barcode' in by)
    return warehouseId === null
      ? stockItemsByBarcode(db, by.barcode)[0]
      : stockItemByBarcode(db, by.barcode, warehouseId);
  return warehouseId === null ? undefined : stockItemOfProduct(db, by.productId, warehouseId);
}

/** The hub's link as the returns' claims. */
export function hubClaims(till: string, hub: StoreHub): ReturnClaims {
  return {
    till,
    claim: (key, quantityMilli, soldMilli, knownMilli) =>
      hub.claimReturn(key, quantityMilli, soldMilli, knownMilli),
    release: async (key, quantityMilli) => {
      await hub.releaseReturn(key, quantityMilli);
    },
  };
}

export function buildReturns(needs: ReturnsNeeds): ReturnsArea {
  const { db, settings } = needs;
  const router =
    needs.service === undefined || needs.outbox === undefined
      ? null
      : new ReturnRouter({
          db,
          service: needs.service,
          outbox: needs.outbox,
          ...(needs.now === undefined ? {} : { now: needs.now }),
          ...(needs.log === undefined ? {} : { log: needs.log }),
        });
  const returns = new Returns({
    db,
    ...(needs.now === undefined ? {} : { now: needs.now }),
    prefix: () => settings.read().receiptPrefix,
    cashStep: () => {
      const s = settings.read();
      return cashStep(s.cashRounding, s.priceCurrency ?? commonCurrency(db) ?? null);
    },
    ...(needs.shiftPolicy === undefined ? {} : { shiftPolicy: needs.shiftPolicy }),
    limits: () => {
      const s = settings.read();
      return { amountMinor: minorOf(s.returnAmountLimit) ?? 0, days: s.returnDaysLimit };
    },
    alongside: (made) => {
      if (needs.printer?.set() !== true) return;
      const cashOut = returnRefunds(db, made.id).some((f) => f.method === 'cash' && f.amountMinor > 0);
      queueReturnReceipt(db, made.id, cashOut, needs.now?.() ?? new Date());
    },
    stored: () => {
      needs.printer?.queued?.();
      router?.routeWaiting().catch((error: unknown) => needs.log?.(`returns: ${String(error)}`));
    },
    tillName: () => needs.store?.()?.till ?? null,
    storeReachable: () => needs.store?.()?.hub.status().connected ?? false,
  });
  const claims = () => {
    const link = needs.store?.() ?? null;
    return link === null ? null : hubClaims(link.till, link.hub);
  };
  // Without a hub the return is made at once, as before (its view then shows it as it was stored).
  const make = (request: ReturnRequest): MadeReturn | Promise<MadeReturn> => {
    const c = claims();
    return c === null ? returns.make(request) : returnInStore(returns, c, request);
  };
  const noReceipt = () => ({
    ...returns.basis(),
    product: (by: { readonly barcode: string } | { readonly productId: number }) =>
      goodsBack(db, by, settings.read().warehouseId),
    customerId: () => needs.walkInCustomer?.()?.companyId ?? null,
  });
  const withoutReceipt = (request: WithoutReceiptRequest): MadeReturn =>
    makeWithoutReceipt(noReceipt(), request);
  const planNoReceipt = (request: WithoutReceiptRequest): WithoutReceiptPlan =>
    planWithoutReceipt(noReceipt(), request);
  return { returns, router, make, withoutReceipt, planWithoutReceipt: planNoReceipt };
}

/** The returns' calls in the app: the till's returns, their receipts, reprints through the queue. */
export function returnsArea(till: Till): Area<CallsOf<'returns'>> {
  /**
   * The Link's returns (loaded first: link.ts loadParts), or with no instance chosen yet, returns over
   * the app's own file, their documents waiting.
   */
  const returnsOf = (): LinkReturns => {
    const link = till.link();
    if (link === null) return buildReturns({ db: till.db(), settings: till.settings });
    if (link.returns === null) throw new CoreError('not-configured', [say('starting')]);
    return link.returns;
  };
  return {
    handlers: loadedFirst(
      returnsHandlers({
        db: () => till.db(),
        warehouseNames: () => new Map(warehouses(till.db()).map((w) => [w.id, w.name])),
        reprint: (id) => {
          const worker = till.link()?.printer ?? null;
          if (till.printerSetup() === null) throw new CoreError('not-configured', [say('noPrinter')]);
          if (worker === null) throw new CoreError('not-configured', [say('starting')]);
          const db = till.db();
          const job = queueReturnReprint(db, id, new Date(till.now()));
          worker.wake();
          till.statusChanged();
          return { id: job.id, copy: job.copy !== 'none', waiting: waitingJobCount(db) };
        },
        guard: (what) => till.guard(what),
        now: () => new Date(till.now()),
        returns: () => returnsOf().returns,
        make: (request) => returnsOf().make(request),
        withoutReceipt: (request) => returnsOf().withoutReceipt(request),
        planWithoutReceipt: (request) => returnsOf().planWithoutReceipt(request),
        managerOpen: () => till.lock.isOpen(till.now()),
        warehouseId: () => till.settings.read().warehouseId,
        counter: () => till.link()?.counter ?? null,
        cashStep: () => {
          const s = till.settings.read();
          return cashStep(s.cashRounding, s.priceCurrency ?? commonCurrency(till.db()) ?? null);
        },
      }),
      async () => till.link()?.loadParts(),
    ),
  };
}

/**
 * The store a return was taken back in, by the name its warehouse has in the catalog (as a sale's
 * receipt names its store): the heading of its paper and of its receipt on screen. Undefined when
 * neither its sale nor its items say (another till's sale) or the catalog names no such warehouse.
 */
export function returnStoreName(db: Db, returnId: number): string | undefined {
  const warehouseId = returnWarehouseId(db, returnId);
  return warehouses(db).find((w) => w.id === warehouseId)?.name;
}
