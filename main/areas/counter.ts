// The counter area as the app's Link and `pos scan` build it: a scan resolver over the data folder's
// catalog and the card service, and a counter that prices, rounds cash and issues receipts as the
// till's Settings say. The shell says only what differs: the warehouse (pos scan --warehouse), the
// outbox a closed sale goes to, the shift policy, the print job stored with a sale.
import type { Db } from '../../db/database.ts';
import { CommonCurrency, commonCurrency } from '../../db/catalog/index.ts';
import { appendSale } from '../../db/journal.ts';
import type { WalkInCustomer } from '../../db/sessions.ts';
import { cashStep } from '../../contract/contract.ts';
import { BarcodeReader } from '../barcode/index.ts';
import type { LabelRule } from '../../contract/contract.ts';
import {
  Counter,
  counterHandlers,
  ScanResolver,
  type CardService,
  type ClosedSale,
  type ParkedClaims,
  type ReceiptIssue,
} from '../counter/index.ts';
import type { OrderSender } from '../outbox/index.ts';
import type { StoreHub } from '../hub/index.ts';
import type { ShiftPolicy } from '../shift/index.ts';
import type { AppSettings, SettingsStore } from '../settings/store.ts';
import type { Area, CallsOf, Till } from './area.ts';

export interface CounterNeeds {
  readonly db: Db;
  readonly settings: SettingsStore;
  /** Where a card not in the cache is asked about; null: the cache only. */
  readonly cardService: CardService | null;
  /** The label rules in Settings, compiled. */
  reader(): BarcodeReader;
  log(line: string): void;
  /** The warehouse products are looked up in; Settings' unless said. */
  readonly warehouseId?: () => number | null;
  readonly walkInCustomer?: () => WalkInCustomer | null;
  /** Tries a closed sale's order at once; without one it waits, queued. */
  readonly outbox?: OrderSender | null;
  readonly shiftPolicy?: () => ShiftPolicy;
  /** Writes that commit with a closed sale's order (its receipt's print job). */
  readonly closing?: (sale: ClosedSale) => void;
}

/** The label rules in Settings, compiled once per change (the store keeps its read until it writes). */
export function labelReader(settings: SettingsStore): () => BarcodeReader {
  let compiled: { rules: readonly LabelRule[]; reader: BarcodeReader } | undefined;
  return () => {
    const rules = settings.read().labelRules;
    if (compiled?.rules !== rules) compiled = { rules, reader: new BarcodeReader(rules) };
    return compiled.reader;
  };
}

export interface CounterArea {
  readonly resolver: ScanResolver;
  readonly counter: Counter;
}

export function buildCounter(needs: CounterNeeds): CounterArea {
  const { db, settings } = needs;
  const resolver = new ScanResolver({
    db,
    cardService: needs.cardService,
    reader: () => needs.reader(),
    log: (line) => needs.log(line),
    currency: () => tillCurrency(settings.read(), db),
  });
  const counter = new Counter({
    db,
    resolver,
    warehouseId: needs.warehouseId ?? (() => settings.read().warehouseId),
    stockRule: () => settings.read().stockRule,
    receipts: () => receiptIssue(settings.read()),
    // Cash rounds in the currency prices are shown in (Settings', else the receivables'), as the
    // payment panel rounds it.
    cashStep: () => {
      const s = settings.read();
      return cashStep(s.cashRounding, tillCurrency(s, db) ?? null);
    },
    ...(needs.walkInCustomer === undefined ? {} : { walkInCustomer: needs.walkInCustomer }),
    ...(needs.outbox === undefined ? {} : { outbox: needs.outbox }),
    ...(needs.shiftPolicy === undefined ? {} : { shiftPolicy: needs.shiftPolicy }),
    // The sale goes into the store's journal in the transaction that closes it (issue 38): a sale
    // the till has is a sale the other tills will learn of, whichever shell closed it.
    closing: (sale) => {
      appendSale(db, sale.orderId);
      needs.closing?.(sale);
    },
  });
  return { resolver, counter };
}

/**
 * The currency the till shows prices in: Settings', else the receivables' most common (`common`:
 * worked out once per catalog commit, for what follows every scan).
 */
function tillCurrency(
  settings: Pick<AppSettings, 'priceCurrency'>,
  db: Db,
  common?: CommonCurrency,
): string | undefined {
  return settings.priceCurrency ?? (common === undefined ? commonCurrency(db) : common.of(db));
}

/** The hub's link as the counter's claims on parked sales. */
export function hubParkedClaims(till: string, hub: StoreHub): ParkedClaims {
  return {
    till,
    connected: () => hub.connected,
    claim: (key) => hub.claimParked(key),
    release: (key) => hub.releaseParked(key),
  };
}

/** What a closed sale's receipt is issued with: the till's prefix, and the seller if one is named. */
function receiptIssue(settings: Pick<AppSettings, 'receiptPrefix' | 'seller'>): ReceiptIssue {
  const named = Object.values(settings.seller).some((field) => field !== '');
  return { prefix: settings.receiptPrefix, seller: named ? settings.seller : null };
}

/** The counter area as the app builds it: the sale, its receipts, what a code is. */
export function counterArea(till: Till): Area<CallsOf<'session' | 'receipt' | 'barcode'>> {
  // The sale's view says what its customer owes in this currency, at every scan.
  const common = new CommonCurrency();
  return {
    handlers: counterHandlers({
      counter: () => till.link()?.counter ?? null,
      warehouseId: () => till.settings.read().warehouseId,
      reader: () => till.reader(),
      orderPlaced: (order) => {
        // A worker not loaded yet prints the job when it starts (link.ts).
        till.link()?.printer?.wake();
        till.outboxChanged([order]);
      },
      db: () => till.db(),
      currency: () => tillCurrency(till.settings.read(), till.db(), common),
      walkInCustomer: () => till.walkIn(),
      guard: (what) => till.guard(what),
      managerPinSet: () => till.lock.pinSet,
      claimSerialScan: (id, code) => till.serial.claim(id, code),
      parkedClaims: () => {
        const store = till.link()?.hub?.link() ?? null;
        return store === null ? null : hubParkedClaims(store.till, store.hub);
      },
    }),
  };
}
