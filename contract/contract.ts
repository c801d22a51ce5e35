// The one API between the UI and the core (`window.pos`): every call's input and output and every
// event, as zod schemas. The core parses inputs with these before a handler runs and parses outputs
// before they leave (z.object strips unknown keys, so nothing a module adds by accident - a token, a
// secret - can cross). The renderer sees only these shapes, never which shell it runs in.
import { z } from 'zod';
import { AT_MOST_TWO_DECIMALS, hasAtMostTwoDecimals } from '../common/money.ts';
import { InternetOrderPayload, OutboxState } from './order.ts';
import { CardDocument, DocumentKind } from './documents.ts';
import {
  CardId,
  CompanyId,
  LineId,
  OrderId,
  RemoteOrderId,
  SaleId,
  StockItemId,
  WarehouseId,
} from './ids.ts';

/** The one schema of an order and where it is in the outbox (contract/order.ts). */
export { InternetOrderPayload, OutboxState };
import type { CallChannel, EventChannel } from './channels.ts';
import { SaidSchema } from './core-words.ts';
import { CashRounding } from './cash-rounding.ts';
import { HubSetInput, HubView, StoreHubStatusView, StoreShiftView } from './store.ts';
import {
  ReturnFindInput,
  ReturnMakeInput,
  ReturnWithoutReceiptInput,
  ReturnWithoutReceiptPlanView,
  ReturnPlanInput,
  ReturnPlanView,
  ReturnRef,
  ReturnSaleView,
  ReturnSettleInput,
  ReturnView,
  ReturnsPageInput,
  ReturnsPageView,
  ReturnExchangeInput,
  ReturnExchangeView,
  ExchangeHoldInput,
  HeldExchangeView,
} from './returns.ts';
import {
  CashierAddInput,
  CashierRef,
  CashiersView,
  CashierSignInInput,
  CashierView,
  CashMoveInput,
  ShiftCloseInput,
  ShiftOpenInput,
  ShiftReportView,
  ShiftStateView,
} from './shift.ts';
import { lazy } from '../common/lazy.ts';

/** Shifts, their reports and the till's cashiers (contract/shift.ts); cash rounding (cash-rounding.ts). */
export * from './shift.ts';
export * from './documents.ts';
export * from './store.ts';
export * from './returns.ts';
export { CashRounding, cashStep, roundCash, type CashDue } from './cash-rounding.ts';

/** Counter's own words by key (what `said` carries), for the renderer's catalogues. */
export { CORE_WORDS, english, say, type CoreWord, type Said } from './core-words.ts';

export { CALL_CHANNELS, EVENT_CHANNELS, isCallChannel, isEventChannel, isReadChannel } from './channels.ts';
export type { CallChannel, EventChannel } from './channels.ts';

const int = lazy(() => z.number().int());
const isoDateTime = lazy(() => z.string());
const empty = lazy(() => z.object({}).strict());

// ---------- settings ----------

export const ScannerSettings = lazy(() =>
  z.object({
    /** A gap between two keys longer than this ends a scanner burst (ms). 10 ms/key scanners: ~30. */
    maxGapMs: z.number().min(5).max(500),
    /** Shorter bursts are treated as typing. */
    minLength: int.min(1).max(64),
    suffix: z.enum(['enter', 'tab', 'enter-or-tab', 'none']),
    prefix: z.string().max(8),
    /** The keyboard layout the scanner is set to ('host': the OS's own); see renderer/scanner/layouts.ts. */
    layout: z.enum(['us', 'cs', 'sk', 'de', 'fr', 'host']),
    /** Keystrokes, keystrokes or one paste/input event with the whole code, or only the latter. */
    delivery: z.enum(['keys', 'keys-and-paste', 'paste']),
    /** The longest pause a scanner makes inside one code (Bluetooth: 200-300 ms); 0: none waited out. */
    pauseMs: int.min(0).max(1000),
  }),
);
export type ScannerSettings = z.infer<typeof ScannerSettings>;

/** The baud rates a serial scanner is set to (USB-COM ignores it; a real RS-232 line does not). */
export const SERIAL_BAUD_RATES = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200] as const;
/**
 * A scanner in USB-COM (CDC-ACM) or RS-232 mode: each code arrives as one line on a serial port, read
 * by the core (main/scanner). `lineEnd` is the scanner's suffix: 'any' ends a line at CR, LF or
 * CR LF (a pair counts once).
 */
export const SerialScannerSettings = lazy(() =>
  z.object({
    /** The port's path (/dev/ttyACM0, COM3); null: no serial scanner. */
    port: z.string().trim().min(1).max(200).nullable(),
    baudRate: z.literal(SERIAL_BAUD_RATES),
    lineEnd: z.enum(['any', 'cr', 'lf', 'crlf', 'tab']),
  }),
);
export type SerialScannerSettings = z.infer<typeof SerialScannerSettings>;

/** A price/weight/quantity label rule: `23.....{NNNDD}` (checked in the core, which knows the format). */
export const LabelRule = lazy(() =>
  z.object({
    type: z.enum(['price', 'weight', 'quantity']),
    pattern: z.string().min(1).max(40),
  }),
);
export type LabelRule = z.infer<typeof LabelRule>;

/** The languages the screens speak; 'system' picks among them from the OS's preferred languages. */
export const Language = lazy(() => z.enum(['system', 'cs', 'sk', 'en']));
export type Language = z.infer<typeof Language>;
/** An ISO 4217 currency code, as receivables carry it (SPEC.md: "currency (3 characters)"). */
export const Currency = lazy(() =>
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'A currency is three letters, such as CZK or EUR.'),
);

/** What the counter does with an inactive item, one out of stock, or more of it than in stock. */
export const StockRule = lazy(() => z.enum(['warn', 'block']));
export type StockRule = z.infer<typeof StockRule>;
/** Spaces people type inside a number ("123 45 678") are not part of it. */
const withoutSpaces = (value: string): string => value.replace(/\s+/g, '');

/** IČO, the seller's registration number (Czech and Slovak): 8 digits; empty when none is printed. */
export const RegistrationNumber = lazy(() =>
  z
    .string()
    .transform(withoutSpaces)
    .pipe(z.string().regex(/^(\d{8})?$/, 'The IČO (registration number) is 8 digits.')),
);

/**
 * DIČ, the seller's VAT number: CZ and 8-10 digits, SK and 10 digits, or another country's two
 * letters and its 2-13 letters or digits (the EU VAT number form); empty when the seller has none.
 */
export const VatNumber = lazy(() =>
  z
    .string()
    .transform((value) => withoutSpaces(value).toUpperCase())
    .pipe(
      z
        .string()
        .regex(
          /^((CZ\d{8,10})|(SK\d{10})|((?!CZ|SK)[A-Z]{2}[0-9A-Z]{2,13}))?$/,
          'The DIČ (VAT number) is CZ and 8 to 10 digits, SK and 10 digits, or another country code and its number.',
        ),
    ),
);

/** Who sells: printed at the top of every receipt (a simplified tax document names the seller). */
export const Seller = lazy(() =>
  z.object({
    name: z.string().trim().max(80),
    /** Up to three lines (street, town...). */
    address: z
      .string()
      .trim()
      .max(200)
      .refine((value) => value.split('\n').length <= 3, 'The address takes up to three lines.'),
    registrationNumber: RegistrationNumber,
    vatNumber: VatNumber,
  }),
);
export type Seller = z.infer<typeof Seller>;

/** The till's receipt number prefix ("P1" prints P1-000123): up to 8 letters or digits, or none. */
export const ReceiptPrefix = lazy(() =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{0,8}$/, 'The receipt number prefix is up to 8 letters or digits.'),
);

/** How long a settled order keeps its detail: a day at least, ten years at most. */
export const OrderRetentionDays = lazy(() =>
  int.min(1, 'Keep orders for at least one day.').max(3650, 'Keep orders for at most 3650 days.'),
);

export const SettingsView = lazy(() =>
  z.object({
    instanceUrl: z.string().nullable(),
    clientId: z.string().nullable(),
    /** Write-only secret: the UI learns only whether one is stored. */
    hasSecret: z.boolean(),
    /** Where the secret lives: encrypted by the OS, in memory only until the app ends, or POS_CLIENT_SECRET. */
    secretStorage: z.enum(['safeStorage', 'memory', 'env', 'none']),
    warehouseId: WarehouseId.nullable(),
    scanner: ScannerSettings,
    /** Which configuration is in effect: POS_* environment (wins), Settings, or the built-in demo. */
    source: z.enum(['env', 'settings', 'demo']),
    syncIntervalMinutes: z.number().min(0).max(1440),
    /** Price- and weight-embedded EAN-13 rules, first match wins. */
    labelRules: z.array(LabelRule),
    /** Plain http to a host other than loopback is allowed (a warning in the status bar). */
    allowInsecure: z.boolean(),
    /** Who a sale without a scanned card goes to; null: a card is needed for every sale. */
    walkInCustomer: z.object({ companyId: int, name: z.string() }).nullable(),
    /**
     * Someone chose who a sale without a card goes to (a company, or none: a card for every sale). A
     * real instance's first run asks until then; the demo has its own walk-in customer meanwhile.
     */
    walkInChosen: z.boolean(),
    /** A manager PIN guards Settings and the destructive order actions (its hash never leaves the core). */
    managerPinSet: z.boolean(),
    /** The serial scanner in use (POS_SCANNER_PORT wins over Settings). */
    serialScanner: SerialScannerSettings,
    /** Where it is set: POS_SCANNER_PORT (read-only here), Settings, or nowhere (port null). */
    serialScannerSource: z.enum(['env', 'settings', 'none']),
    /** The receipt printer's paper. */
    receiptPaper: z.enum(['80mm', '58mm']),
    /** Days a settled order keeps its lines after its last change (docs/assumptions.md "Order history"). */
    orderRetentionDays: OrderRetentionDays,
    /** The receipt printer (ESC/POS over the network, `tcp://HOST:PORT`) in use; null: none, receipts print through the system dialog. */
    receiptPrinter: z.string().nullable(),
    /** Where it is set: POS_RECEIPT_PRINTER (wins, read-only here), Settings, or nowhere. */
    receiptPrinterSource: z.enum(['env', 'settings', 'none']),
    /** A placed sale's receipt prints by itself on the receipt printer (on unless turned off). */
    printOnSale: z.boolean(),
    /** An inactive item, one out of stock or more than in stock: the cashier confirms (warn) or it is refused (block). */
    stockRule: StockRule,
    /** The seller's header on every receipt (empty fields are not printed). */
    seller: Seller,
    /** This till's receipt number prefix. */
    receiptPrefix: z.string(),
    /** The screens' language: 'system' follows the OS (Electron) or the browser (web shell). */
    language: Language,
    /** The prices' currency as set (ISO 4217); null: learnt from the receivables in the cache. */
    priceCurrency: Currency.nullable(),
    /** The currency prices are shown in: the one set, else the receivables' most common, else none. */
    currency: Currency.nullable(),
    /** A sale needs an open shift (the demo opens one by itself whatever this says). */
    shiftRequired: z.boolean(),
    /** A difference at close beyond this (either way, major units) needs the manager PIN when one is set. */
    cashDifferenceLimit: z.number(),
    /** Cash totals round to this cash unit ('currency': CZK whole crowns, others none); cards never. */
    cashRounding: CashRounding,
    /** The company a card issued at the till goes to by default (retail members); null: none. */
    cardCompanyId: int.nullable(),
    /** Months a card issued at the till is valid from the day it is issued. */
    cardValidityMonths: int,
    /** A return refunding more than this (major units) needs the manager PIN; 0: no limit. */
    returnAmountLimit: z.number(),
    /** A return more than this many days after the sale needs the manager PIN; 0: no limit. */
    returnDaysLimit: int,
  }),
);
export type SettingsView = z.infer<typeof SettingsView>;

export const SettingsPatch = lazy(() =>
  z
    .object({
      instanceUrl: z.url({ protocol: /^https?$/ }).nullable(),
      clientId: z.string().trim().min(1).max(200).nullable(),
      clientSecret: z.string().min(1).max(1000),
      clearSecret: z.literal(true),
      warehouseId: WarehouseId.positive().nullable(),
      scanner: ScannerSettings.partial(),
      serialScanner: SerialScannerSettings.partial().strict(),
      syncIntervalMinutes: z.number().min(0).max(1440),
      labelRules: z.array(LabelRule).max(20),
      /** Plain http to a host other than loopback: refused unless this is on. */
      allowInsecure: z.boolean(),
      /** A known company by id (its name is the cache's); null: none. */
      walkInCustomer: z.object({ companyId: int.positive() }).strict().nullable(),
      /** The company a card issued at the till goes to by default (retail members); null: none. */
      cardCompanyId: int.positive().nullable(),
      /** Months a card issued at the till is valid from the day it is issued. */
      cardValidityMonths: int.min(1).max(120),
      /** Sets (or changes) the manager PIN: 4-12 digits. */
      managerPin: z.string().regex(/^\d{4,12}$/, 'The PIN must be 4 to 12 digits.'),
      clearManagerPin: z.literal(true),
      receiptPaper: z.enum(['80mm', '58mm']),
      orderRetentionDays: OrderRetentionDays,
      /**
       * `tcp://HOST[:PORT]` (port 9100 unless said) or `printer:NAME` (a system printer), checked by the
       * core; null: no receipt printer.
       */
      receiptPrinter: z.string().trim().max(300).nullable(),
      printOnSale: z.boolean(),
      stockRule: StockRule,
      seller: Seller.strict(),
      receiptPrefix: ReceiptPrefix,
      language: Language,
      priceCurrency: Currency.nullable(),
      shiftRequired: z.boolean(),
      cashDifferenceLimit: z
        .number()
        .nonnegative()
        .max(1_000_000)
        .refine(hasAtMostTwoDecimals, AT_MOST_TWO_DECIMALS),
      cashRounding: CashRounding,
      returnAmountLimit: z
        .number()
        .nonnegative()
        .max(1_000_000)
        .refine(hasAtMostTwoDecimals, AT_MOST_TWO_DECIMALS),
      returnDaysLimit: int.min(0).max(3650),
    })
    .partial()
    .strict(),
);

export const CompanyFindInput = lazy(() => z.object({ text: z.string().max(100) }).strict());
export const CompanyMatchView = lazy(() => z.object({ companyId: int, name: z.string().optional() }));
export type CompanyMatchView = z.infer<typeof CompanyMatchView>;

/** The manager PIN, given to open the lock on guarded actions for a few minutes. */
export const UnlockInput = lazy(() => z.object({ pin: z.string().max(12) }).strict());
export const UnlockView = lazy(() =>
  z.object({
    open: z.boolean(),
    /** Epoch ms the lock stays open until. */
    until: z.number().optional(),
    /** Wrong PIN: tries left before a lockout. */
    triesLeft: int.optional(),
    /** Locked out: when the PIN may be tried again (epoch ms). */
    retryAt: z.number().optional(),
  }),
);
export type UnlockView = z.infer<typeof UnlockView>;
export type SettingsPatch = z.infer<typeof SettingsPatch>;

export const WarehouseView = lazy(() =>
  z.object({
    id: WarehouseId,
    name: z.string(),
    number: z.string().optional(),
    isInactive: z.boolean().optional(),
  }),
);
export type WarehouseView = z.infer<typeof WarehouseView>;

// ---------- connection ----------

export const Feature = lazy(() =>
  z.object({
    name: z.string(),
    /** The name by key (contract/core-words.ts), for the renderer's language. */
    nameSaid: SaidSchema.optional(),
    available: z.boolean(),
    /** Why not, in English (the endpoint by its title); `detailSaid` by key for the renderer's language. */
    detail: z.string().optional(),
    detailSaid: SaidSchema.optional(),
  }),
);
/** The first step of a connection test: a token from the instance's token endpoint, or why not. */
export const TokenCheck = lazy(() =>
  z.object({
    obtained: z.boolean(),
    /** Why not: credentials refused (400/401), instance unreachable, rate-limited (429), or other. */
    reason: z.enum(['refused', 'unreachable', 'rate-limited', 'failed']).optional(),
    message: z.string().optional(),
    said: z.array(SaidSchema).readonly().optional(),
  }),
);
export type TokenCheck = z.infer<typeof TokenCheck>;
/**
 * One permission Counter needs, as a harmless probe of its endpoint found it: granted, lacking
 * (403) or unknown (endpoint absent, no id to ask with, or another error; `detail` says which).
 */
export const PermissionCheck = lazy(() =>
  z.object({
    /** What Counter uses it for, named as in `features`. */
    name: z.string(),
    nameSaid: SaidSchema.optional(),
    /** `Permissions.X.Y`: SPEC.md's name, or the one the instance's 403 gave; absent where neither says. */
    permission: z.string().optional(),
    status: z.enum(['granted', 'lacking', 'unknown']),
    /** Why, in English (the instance's words kept); `detailSaid` by key for the renderer's language. */
    detail: z.string().optional(),
    detailSaid: z.array(SaidSchema).readonly().optional(),
  }),
);
export type PermissionCheck = z.infer<typeof PermissionCheck>;
export const ConnectionView = lazy(() =>
  z.object({
    ok: z.boolean(),
    instanceUrl: z.string().nullable(),
    version: z.string().optional(),
    name: z.string().optional(),
    features: z.array(Feature),
    message: z.string().optional(),
    /** The message by key when it is Counter's words (the instance's stay as they came). */
    messageSaid: z.array(SaidSchema).readonly().optional(),
    /** Absent when no test could start (no instance configured, or credentials incomplete). */
    token: TokenCheck.optional(),
    /** Empty when no token was obtained: nothing is claimed of a role that was never asked. */
    permissions: z.array(PermissionCheck),
  }),
);
export type ConnectionView = z.infer<typeof ConnectionView>;

// ---------- sync ----------

export const SyncResourceView = lazy(() =>
  z.object({
    resource: z.string(),
    /** cancelled: the run was cancelled while this resource was under way (what committed stays). */
    state: z.enum(['idle', 'running', 'done', 'failed', 'cancelled']),
    done: z.number(),
    total: z.number().nullable(),
    lastSyncedAt: isoDateTime.nullable(),
    message: z.string().optional(),
    /** The message as core sentences by key, for the renderer's language. */
    messageSaid: z.array(SaidSchema).readonly().optional(),
    /** What the last run learnt of the instance for this resource, in words (page size, view). */
    found: z.string().optional(),
    /** The same, a sentence a finding by key (contract/core-words.ts), for the renderer's language. */
    foundSaid: z.array(SaidSchema).readonly().optional(),
  }),
);
export const SyncNowInput = lazy(() =>
  z
    .object({
      /** A full pass: every resource from scratch, removing rows the instance no longer has. */
      full: z.boolean().optional(),
    })
    .strict(),
);
export const SyncStatusView = lazy(() =>
  z.object({
    running: z.boolean(),
    /** sync.cancel was asked and the run is stopping (its requests aborted, a page committing). */
    cancelling: z.boolean().optional(),
    /**
     * The last sync asked for found another one running on this data folder (`pos sync`, or another
     * window of the app) and did nothing: when that one started, and its process on this machine.
     */
    runningElsewhere: z.object({ startedAt: z.string(), pid: int.optional() }).optional(),
    resources: z.array(SyncResourceView),
    lastSyncedAt: isoDateTime.nullable(),
    /** The runner was stopped (its instance is being replaced, or the app closes): it starts no sync. */
    stopped: z.boolean().optional(),
  }),
);
export type SyncStatusView = z.infer<typeof SyncStatusView>;

// ---------- stock ----------

export const StockSearchInput = lazy(() =>
  z
    .object({
      text: z.string().max(200),
      warehouseId: WarehouseId.positive().optional(),
      limit: int.min(1).max(1000).optional(),
    })
    .strict(),
);
export const StockWarehouseQuantity = lazy(() =>
  z.object({
    warehouseId: WarehouseId,
    /** The product's stock item there: what the Sale screen adds when the product is picked by name. */
    stockItemId: StockItemId.optional(),
    warehouseName: z.string().optional(),
    quantityInStock: z.number().optional(),
    quantityAvailable: z.number().optional(),
    quantityBlocked: z.number().optional(),
    quantityOrdered: z.number().optional(),
    /**
     * What this till sold of it that the figures above (the instance's, as of the last sync) do not
     * show yet: sales whose order the instance has not acknowledged, or acknowledged after this row
     * was synced, less what it took back that they do not show either (below zero when more came
     * back than was sold). Absent when none.
     */
    soldHere: z.number().optional(),
    /**
     * What each other till of the store sold of it (less what it took back) that the figures above do
     * not show yet, as its journal reached this till through the store hub (issue 38). Absent when none.
     */
    soldInStore: z.array(z.object({ till: z.string(), quantity: z.number() })).optional(),
    /**
     * What the counter sells by: quantityAvailable (else quantityInStock) less soldHere and what the
     * other tills sold (soldInStore). Absent when
     * the instance sends neither figure.
     */
    availableNow: z.number().optional(),
  }),
);
export const StockProductView = lazy(() =>
  z.object({
    productId: int,
    productCode: z.string().optional(),
    productName: z.string().optional(),
    barcode: z.string().optional(),
    unitOfMeasure: z.string().optional(),
    price: z.number().optional(),
    warehouses: z.array(StockWarehouseQuantity),
    syncedAt: isoDateTime.nullable(),
  }),
);
export type StockProductView = z.infer<typeof StockProductView>;
export const StockSearchView = lazy(() =>
  z.object({
    products: z.array(StockProductView),
    /** When the stock items were last synced completely (null: never). */
    syncedAt: isoDateTime.nullable(),
  }),
);
export type StockSearchView = z.infer<typeof StockSearchView>;

// ---------- shopping session ----------

export const SessionLineView = lazy(() =>
  z.object({
    id: LineId,
    productId: int,
    productCode: z.string().optional(),
    name: z.string(),
    barcode: z.string().optional(),
    quantity: z.number(),
    unitOfMeasure: z.string().optional(),
    unitPrice: z.number(),
    vatRate: z.number(),
    lineTotal: z.number(),
    /**
     * Why the line has no amount the till can charge (a sale an older version stored): it is left out
     * of the totals, and the sale cannot be placed until it is removed.
     */
    problem: z.object({ message: z.string(), said: z.array(SaidSchema).readonly().optional() }).optional(),
    /** The unit price was entered at the till by a manager (the catalog had no usable one). */
    priceEntered: z.literal(true).optional(),
    /**
     * The line's own discount set at the till: percent off, or the unit price charged instead of
     * `unitPrice` (which stays, the original); by a manager (PIN given) or the till (no PIN set),
     * when, and what it takes off the line (part of `discount`).
     */
    adjustment: z
      .object({
        kind: z.enum(['percent', 'price']),
        value: z.number(),
        by: z.enum(['manager', 'till']),
        at: isoDateTime,
        amount: z.number(),
      })
      .optional(),
  }),
);
export type SessionLineView = z.infer<typeof SessionLineView>;
export const CustomerView = lazy(() =>
  z.object({
    companyId: CompanyId,
    cardId: CardId.optional(),
    cardName: z.string().optional(),
    barcode: z.string().optional(),
    discount: z.number().optional(),
    discountAmount: z.number().optional(),
    /** What the customer still owes (financial receivables) in the till's currency, where known. */
    owes: z.number().optional(),
    /** How many unpaid receivables make up `owes`, and the due dates of the oldest three. */
    owesCount: int.optional(),
    owesDue: z.array(z.string()).optional(),
    /** What the customer owes in other currencies, each apart (never added to `owes`); null: not known. */
    owesElsewhere: z.array(z.object({ currency: z.string(), owed: z.number().nullable() })).optional(),
    source: z.enum(['online', 'offline']),
  }),
);
export type CustomerView = z.infer<typeof CustomerView>;
export const VatTotalView = lazy(() =>
  z.object({
    vatRate: z.number(),
    base: z.number(),
    vat: z.number(),
    gross: z.number(),
  }),
);
export const SessionView = lazy(() =>
  z.object({
    id: SaleId,
    warehouseId: WarehouseId.nullable(),
    lines: z.array(SessionLineView),
    customer: CustomerView.nullable(),
    totals: z.object({
      byVatRate: z.array(VatTotalView),
      /** Everything taken off: the lines' own discounts, the card's percent and its amount off. */
      discount: z.number(),
      /** What comes off after the lines' own discounts (each line is shown after its own). */
      saleDiscount: z.number(),
      total: z.number(),
    }),
    /** No card scanned: the walk-in customer (Settings) the sale goes to, if one is named. */
    walkIn: z.object({ companyId: int, name: z.string() }).nullable().optional(),
    /** How many sales are parked at this till (session.parked lists them). */
    parkedCount: int.optional(),
  }),
);
export type SessionView = z.infer<typeof SessionView>;

/** A sale set aside at this till (session.park), as the list to recall it from shows it. */
export const ParkedSaleView = lazy(() =>
  z.object({
    id: SaleId,
    parkedAt: isoDateTime,
    lineCount: int,
    total: z.number(),
    /** The scanned card's name, when a card was scanned. */
    customerName: z.string().optional(),
    /** Parked at another till of the store (its name there); absent: parked at this till. */
    till: z.string().optional(),
    /** This till's parked sale another till recalled first (its name): shown, no longer recallable. */
    takenBy: z.string().optional(),
    /**
     * Another till's parked sale holding an exchange for goods of this receipt: only that till can
     * settle it (the credit stays there), so it is shown, not recallable here.
     */
    exchangeReceipt: z.string().optional(),
  }),
);
export type ParkedSaleView = z.infer<typeof ParkedSaleView>;
/** The sale just parked, and the new empty one now at the counter. */
export const ParkView = lazy(() => z.object({ parked: ParkedSaleView, session: SessionView }));
export type ParkView = z.infer<typeof ParkView>;
/** `till`: the sale was parked at that other till of the store (ParkedSaleView.till). */
export const RecallInput = lazy(() => z.object({ id: SaleId, till: z.string().min(1).optional() }).strict());
/** The sale recalled (as it was parked) and now at the counter, and the one parked in its place. */
export const RecallView = lazy(() =>
  z.object({
    recalled: ParkedSaleView,
    session: SessionView,
    parked: ParkedSaleView.nullable(),
  }),
);
export type RecallView = z.infer<typeof RecallView>;

/**
 * An amount of money as the contract carries it: a number in the currency's main unit (koruna, euro),
 * at most two decimals (whole cents), as every price and total in this file. The core works in whole
 * cents (main/counter/totals.ts) and turns such a number into cents once, where it comes in.
 */
export const Money = lazy(() =>
  z.number().nonnegative().max(10_000_000_000).refine(hasAtMostTwoDecimals, AT_MOST_TWO_DECIMALS),
);

/** One way part of a sale was paid: a card charged `amount`, or cash paying `amount` out of `given`. */
export const TenderPart = lazy(() =>
  z.discriminatedUnion('method', [
    z.strictObject({ method: z.literal('card'), amount: Money }),
    z.strictObject({
      method: z.literal('cash'),
      /** What the cash paid: its share of the total, rounded to what can be paid (Tender's rounding). */
      amount: Money,
      /** What the customer handed over; the change is what is over. */
      given: Money,
    }),
  ]),
);
export type TenderPart = z.infer<typeof TenderPart>;

/**
 * What rounding cash to the till's cash step added to what it paid (contract/cash-rounding.ts): below
 * 0 the customer paid less than their share of the total, above 0 more; whole cents, less than a step.
 */
export const CashRoundingAmount = lazy(() =>
  z
    .number()
    .gt(-100)
    .lt(100)
    .refine((n) => n !== 0, 'No rounding is said by leaving it out.')
    .refine(hasAtMostTwoDecimals, AT_MOST_TWO_DECIMALS),
);

/**
 * How a sale was paid, as settled: Counter's own record (SPEC.md's order has no payment field), kept
 * with the sale (db/sessions.ts) and printed on its receipt. One part per way of paying: a card, cash,
 * or both (split payment: card first, the rest in cash). Each part's amount is what that way of paying
 * took: a card the exact amount, cash its share rounded to what can be paid, the difference being
 * `rounding` (absent: none). So the parts add up to the total plus the rounding; only cash gives change.
 */
export const Tender = lazy(() =>
  z.strictObject({
    parts: z.array(TenderPart).min(1).max(2),
    change: Money,
    rounding: CashRoundingAmount.optional(),
  }),
);
export type Tender = z.infer<typeof Tender>;

/**
 * The payment panel's answer, as given (amounts as `Money`): cash with the amount handed over (none:
 * the exact total), card (charged the total), or split: the card charged `card`, the rest in cash
 * with `given` handed over (none: the exact rest). The core works out the parts and the change into a
 * `Tender`, and refuses cash that does not cover what it pays.
 */
export const TenderInput = lazy(() =>
  z.discriminatedUnion('method', [
    z.strictObject({ method: z.literal('cash'), given: Money.optional() }),
    z.strictObject({ method: z.literal('card') }),
    z.strictObject({ method: z.literal('split'), card: Money, given: Money.optional() }),
  ]),
);
export type TenderInput = z.infer<typeof TenderInput>;
export const CloseInput = lazy(() => z.object({ tender: TenderInput.optional() }).strict());

export const AddStockItemInput = lazy(() =>
  z
    .object({
      stockItemId: StockItemId,
      quantity: z.number().positive().max(1_000_000).optional(),
      /** The cashier confirmed the stock concern this call was refused for ('unconfirmed'). */
      confirmed: z.boolean().optional(),
    })
    .strict(),
);
/**
 * A stock item without a usable price, at the gross unit price a manager entered (the core checks it:
 * above 0, whole cents); the manager PIN guards it when one is set.
 */
export const AddPricedInput = lazy(() =>
  z
    .object({
      stockItemId: StockItemId,
      price: z.number(),
      quantity: z.number().positive().max(1_000_000).optional(),
      /** The cashier confirmed the stock concern this call was refused for ('unconfirmed'). */
      confirmed: z.boolean().optional(),
    })
    .strict(),
);

export const ReceiptLineView = lazy(() =>
  z.object({
    name: z.string(),
    quantity: z.number(),
    unitOfMeasure: z.string().optional(),
    unitPrice: z.number().optional(),
    lineTotal: z.number(),
    discount: z.number(),
    vatRate: z.number(),
  }),
);
export const ReceiptView = lazy(() =>
  z.object({
    orderId: OrderId,
    reference: z.string(),
    state: z.string(),
    remoteId: int.optional(),
    /**
     * What the instance said it booked for the order (its answer's total), when it said: the receipt
     * says whether the instance's books agree with its total.
     */
    bookedTotal: z.number().optional(),
    placedAt: isoDateTime,
    /** The till's receipt number as printed ("P1-000123"); none for an order file's order. */
    number: z.string().optional(),
    /** Who sold: as Settings had it when the sale closed (an order file's: as Settings have it now). */
    seller: z
      .object({
        name: z.string(),
        address: z.string(),
        registrationNumber: z.string(),
        vatNumber: z.string(),
      })
      .optional(),
    /** How many times it was printed: any print after the first is a copy. */
    printCount: int,
    store: z.string().optional(),
    lines: z.array(ReceiptLineView),
    totals: z.object({ byVatRate: z.array(VatTotalView), discount: z.number(), total: z.number() }),
    customer: z.object({ companyId: int, name: z.string().optional(), walkIn: z.boolean() }).optional(),
    tender: Tender.optional(),
    /** sale: as the cashier closed it; catalog: an order file's order priced from the cache. */
    /** An exchange's sale: the return settled with it and the credit it took (issue 37, point 4). */
    exchange: z.object({ number: z.string(), credit: z.number() }).optional(),
    pricedFrom: z.enum(['sale', 'catalog']),
    /** Its lines were dropped after the retention period: how many there were (totals as stored). */
    compacted: z.object({ at: isoDateTime, lineCount: int }).optional(),
  }),
);
export type ReceiptView = z.infer<typeof ReceiptView>;

export const ScanInput = lazy(() =>
  z
    .object({
      code: z.string().min(1).max(300),
      /**
       * How the code arrived: a scanner burst or typed by hand (the renderer's scanner module tells).
       * Trusted only to refuse: a weight or price in a code is taken from a scanner burst only, so
       * typed or unsaid, a label's value is never sold from.
       */
      via: z.enum(['scanner', 'keyboard']).optional(),
      /** A `3*` typed before the code: that many of a counted product. */
      quantity: z.number().positive().max(1_000_000).optional(),
      /** The cashier confirmed the stock concern this call was refused for ('unconfirmed'). */
      confirmed: z.boolean().optional(),
      /**
       * The serial scanner's scan this applies (its id, as scanner.waiting said it; `code` is its code):
       * taken from those waiting and applied in this one call, so it is applied once, however many
       * pages hold it. Taken already (or no such scan waits): refused 'scan-taken', nothing applied.
       */
      serialScanId: int.optional(),
    })
    .strict(),
);
export const ScanOutcomeView = lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('product'), lineId: LineId, name: z.string() }),
    z.object({ kind: z.literal('customer'), source: z.enum(['online', 'offline']), name: z.string() }),
    // `said`: the message's sentences by key (contract/core-words.ts), for the renderer's language.
    z.object({
      kind: z.literal('unknown'),
      message: z.string(),
      said: z.array(SaidSchema).readonly().optional(),
    }),
    z.object({
      kind: z.literal('misread'),
      message: z.string(),
      said: z.array(SaidSchema).readonly().optional(),
    }),
    z.object({
      kind: z.literal('rejected'),
      message: z.string(),
      said: z.array(SaidSchema).readonly().optional(),
      /**
       * Refused for want of a usable price (none in the catalog, 0, or no number to sell at): what
       * session.addPriced would add at a price a manager enters.
       */
      unpriced: z.object({ stockItemId: int, name: z.string(), quantity: z.number().optional() }).optional(),
    }),
  ]),
);
export type ScanOutcomeView = z.infer<typeof ScanOutcomeView>;
export const ScanView = lazy(() => z.object({ outcome: ScanOutcomeView, session: SessionView }));
export type ScanView = z.infer<typeof ScanView>;

export const LineRef = lazy(() => z.object({ lineId: LineId }).strict());
/** A line's own discount (percent off) or price override (unit price), or null to take it off. */
export const AdjustLineInput = lazy(() =>
  z
    .object({
      lineId: LineId,
      adjustment: z
        .object({ kind: z.enum(['percent', 'price']), value: z.number().positive().max(10_000_000) })
        .strict()
        .nullable(),
    })
    .strict(),
);
export type AdjustLineInput = z.infer<typeof AdjustLineInput>;
export const SetQuantityInput = lazy(() =>
  z
    .object({
      lineId: LineId,
      quantity: z.number().positive().max(1_000_000),
      /** The cashier confirmed the stock concern this call was refused for ('unconfirmed'). */
      confirmed: z.boolean().optional(),
    })
    .strict(),
);

// ---------- outbox ----------

/**
 * The `code` of a sent order whose till prices or discounts the instance does not take (its
 * description shows no such item field, so they were left out) while a line had a discount or a
 * price other than the catalog's, and whose answer did not say what it booked: the instance may have
 * booked another total, and nothing shows it.
 */
export const TILL_PRICES_NOT_TAKEN = 'TillPricesNotTaken';

/** An order in the outbox as the Orders screen shows it; `order` is the order file's one schema. */
export const OutboxEntryView = lazy(() =>
  z.object({
    id: OrderId,
    state: OutboxState,
    attempts: int,
    createdAt: isoDateTime,
    remoteId: RemoteOrderId.optional(),
    /** What the instance said it booked for a sent order (its answer's total), when it said. */
    bookedTotal: z.number().optional(),
    clientReference: z.string().optional(),
    /** The number printed on its receipt ("P1-000123"); absent for an order that closed no sale. */
    receiptNumber: z.string().optional(),
    /** What the entry carries: an order (absent: an order, as before issue 39) or a card issued here. */
    kind: DocumentKind.optional(),
    order: InternetOrderPayload.optional(),
    /** The card of an entry of kind 'card'. */
    card: CardDocument.optional(),
    /** The entry this one waits for: an order waits for the card of its customer issued at this till. */
    waitsFor: int.optional(),
    fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
    messages: z.array(z.string()).optional(),
    errorId: z.string().optional(),
    code: z.string().optional(),
    permission: z.string().optional(),
    updatedAt: isoDateTime.optional(),
    nextAttemptAt: isoDateTime.optional(),
    /** What the Orders list shows of it, stored with its sale (or priced from the cache, for an order file). */
    summary: z
      .object({ total: z.number(), lineCount: int, customerName: z.string().optional(), walkIn: z.boolean() })
      .optional(),
    /** The cache's names for the order's ids (customer, warehouse, products by id), where it has them. */
    names: z
      .object({
        customer: z.string().optional(),
        warehouse: z.string().optional(),
        products: z.record(
          z.string(),
          z.object({ name: z.string().optional(), code: z.string().optional() }),
        ),
      })
      .optional(),
    /** Its lines were dropped after the retention period (Settings); the summary stays. */
    compactedAt: isoDateTime.optional(),
  }),
);
export type OutboxEntryView = z.infer<typeof OutboxEntryView>;
/** How many orders are in each state, the whole history (kept by the database, not counted per call). */
export const OutboxCounts = lazy(() => z.record(OutboxState, int));
export type OutboxCounts = z.infer<typeof OutboxCounts>;
/**
 * Which orders the Orders screen lists: states, part of a reference (the client reference or the
 * instance's order id), placed within [from, to). Each is optional.
 */
export const OutboxFilter = lazy(() =>
  z
    .object({
      states: z.array(OutboxState).max(OutboxState.options.length).optional(),
      text: z.string().max(100).optional(),
      from: z.iso.datetime({ offset: true }).optional(),
      to: z.iso.datetime({ offset: true }).optional(),
    })
    .strict(),
);
export type OutboxFilter = z.infer<typeof OutboxFilter>;
export const OutboxPageInput = lazy(() =>
  z
    .object({
      filter: OutboxFilter.optional(),
      /** The `next` of the page before: only older orders. Absent: the newest. */
      before: OrderId.optional(),
      limit: int.min(1).max(200).optional(),
    })
    .strict(),
);
export type OutboxPageInput = z.infer<typeof OutboxPageInput>;
/** One page of the Orders list, newest first, and the counts per state for the filters. */
export const OutboxPageView = lazy(() =>
  z.object({
    entries: z.array(OutboxEntryView),
    /** Ask with `before` = this for the next, older page; absent: this was the last. */
    next: OrderId.optional(),
    counts: OutboxCounts,
  }),
);
export type OutboxPageView = z.infer<typeof OutboxPageView>;
export const OutboxRef = lazy(() => z.object({ id: OrderId }).strict());
/**
 * Send again: an order with its fixed payload (`order`), a card issued here with its fixed fields
 * (`card`), or either as it is (neither: blocked, in-doubt).
 */
export const ResendInput = lazy(() =>
  z.object({ id: OrderId, order: InternetOrderPayload.optional(), card: CardDocument.optional() }).strict(),
);
/** An in-doubt order the operator found on the instance, under the id the instance gave it. */
export const MarkSentInput = lazy(() =>
  z
    .object({
      id: OrderId,
      remoteId: z.number().int().min(1).max(2_147_483_647),
    })
    .strict(),
);
// ---------- cards issued at the till (issue 39) ----------

/**
 * A card the cashier issues from the stack: bounds are loose here so each field's own refusal (name
 * too long, a code that is a product's) comes back by field in the cashier's words, not as a shape error.
 */
export const CardIssueInput = lazy(() =>
  z
    .object({
      companyId: int.positive(),
      barcode: z.string().max(2000),
      name: z.string().max(2000),
      /** The last day it is valid (YYYY-MM-DD); absent: Settings' months from today. */
      validTo: z.iso.date().optional(),
      /** An authorised person of the company, with the card (optional, as its e-mail and phone). */
      personName: z.string().max(500).optional(),
      email: z.string().max(500).optional(),
      phone: z.string().max(500).optional(),
    })
    .strict(),
);
export type CardIssueInput = z.infer<typeof CardIssueInput>;
export const IssuedCardView = lazy(() =>
  z.object({
    /** The instance's id once it has the card; until then the till's own (negative). */
    id: int,
    companyId: int,
    barcode: z.string(),
    name: z.string(),
    validTo: z.string().optional(),
    discount: z.number().optional(),
  }),
);
export const CardIssueView = lazy(() =>
  z.object({
    card: IssuedCardView,
    /** Its document in the outbox, as it is now (queued until the instance has it). */
    entry: OutboxEntryView,
    /** The sale on the counter with the card on it. */
    session: SessionView.optional(),
  }),
);
export type CardIssueView = z.infer<typeof CardIssueView>;
/** What the issue dialog starts from: may this till issue cards, and Settings' defaults. */
export const CardPrepareView = lazy(() =>
  z.object({
    /** granted/missing: the instance said (to an empty card); unknown: it could not be asked. */
    permission: z.enum(['granted', 'missing', 'unknown']),
    /** The permission the instance refused, by its name (Permissions.Companies.Create). */
    missingPermission: z.string().optional(),
    /**
     * The instance stored the empty card the permission was asked with (company 0, no code), where it
     * should have refused it: a manager deletes it there. While it runs, this till does not ask so again.
     */
    emptyCardStored: z.literal(true).optional(),
    company: CompanyMatchView.optional(),
    validTo: z.iso.date(),
  }),
);
export type CardPrepareView = z.infer<typeof CardPrepareView>;

export const CloseView = lazy(() =>
  z.object({
    order: OutboxEntryView,
    session: SessionView,
    /** How the sale just closed was paid, as the core settled it (its change due); absent: not said. */
    tender: Tender.optional(),
  }),
);
export type CloseView = z.infer<typeof CloseView>;

// ---------- receipt printer ----------

/** What kept the oldest waiting receipt from printing at its last attempt. */
export const PrintProblem = lazy(() =>
  z.enum(['unreachable', 'paper-out', 'stalled', 'interrupted', 'failed']),
);
export type PrintProblem = z.infer<typeof PrintProblem>;
export const PrinterStatusView = lazy(() =>
  z.object({
    /** host:port of the printer in use; null: none is set (jobs wait for one). */
    printer: z.string().nullable(),
    /** Receipts stored and not printed yet. */
    waiting: int,
    problem: PrintProblem.optional(),
    /** The problem in English, as the log has it. */
    detail: z.string().optional(),
  }),
);
export type PrinterStatusView = z.infer<typeof PrinterStatusView>;
/** The test page went to the printer (every byte taken). */
export const TestPageView = lazy(() => z.object({ printer: z.string() }));
export type TestPageView = z.infer<typeof TestPageView>;
/** The system's printers (the print spooler's queues), to choose one as `printer:NAME`. */
export const SystemPrintersView = lazy(() =>
  z.object({
    printers: z.array(z.string()),
    /**
     * Why none could be listed: no such spooler on this system (Windows), none installed, it is not
     * running, or it failed to answer.
     */
    problem: z.enum(['unsupported', 'no-spooler', 'not-running', 'failed']).optional(),
    /** The problem in English, as the log has it. */
    detail: z.string().optional(),
  }),
);
export type SystemPrintersView = z.infer<typeof SystemPrintersView>;
/** The drawer was opened without a sale, and counted. */
export const DrawerOpeningView = lazy(() => z.object({ at: isoDateTime, by: z.enum(['manager', 'till']) }));
export type DrawerOpeningView = z.infer<typeof DrawerOpeningView>;
/** A receipt queued to print (a reprint is a copy when the receipt was printed before). */
export const PrintJobView = lazy(() => z.object({ id: int, copy: z.boolean(), waiting: int }));
export type PrintJobView = z.infer<typeof PrintJobView>;

// ---------- customer display ----------

/**
 * What the display facing the customer shows: the lines as they are scanned and the total (sale),
 * the sale just paid with what was handed over and the change due, and a thank-you (paid), or a
 * welcome while nothing is on the counter (idle).
 */
export const CustomerDisplayView = lazy(() =>
  z.object({
    state: z.enum(['idle', 'sale', 'paid']),
    /** A receipt's line as the customer sees it scanned: its discount and VAT rate are the receipt's. */
    lines: z.array(ReceiptLineView.omit({ discount: true, vatRate: true })),
    /**
     * Everything that came off the lines shown (their own discounts and the card's), when anything did:
     * the lines are shown before discounts, so that they, this and the total add up for the customer.
     */
    discount: z.number().positive().optional(),
    total: z.number(),
    /** paid in cash (wholly or in part): what was handed over, and the change due. */
    given: z.number().optional(),
    change: z.number().optional(),
    /** The cash was rounded to what can be paid: by how much (Tender's rounding). */
    rounding: CashRoundingAmount.optional(),
    /**
     * The store's language and the prices' currency, as SettingsView has them: all the display needs of
     * the settings, so its window is never given the rest (the instance's address, the client id).
     */
    language: Language,
    currency: Currency.nullable(),
  }),
);
export type CustomerDisplayView = z.infer<typeof CustomerDisplayView>;

// ---------- serial scanner ----------

/** A serial port the system lists, to choose the scanner's (USB ones name their maker). */
export const SerialPortView = lazy(() =>
  z.object({
    path: z.string(),
    manufacturer: z.string().optional(),
    vendorId: z.string().optional(),
    productId: z.string().optional(),
  }),
);
export const SerialPortsView = lazy(() =>
  z.object({
    ports: z.array(SerialPortView),
    /** The ports could not be listed: why, in English. */
    detail: z.string().optional(),
  }),
);
export type SerialPortsView = z.infer<typeof SerialPortsView>;
/**
 * The serial scanner's port: opening (not open yet, tried again and again), connected, lost (it was
 * open and went: cable pulled; tried again until it is back), reconnected (back after a loss).
 */
export const SerialScannerStatus = lazy(() =>
  z.object({
    port: z.string(),
    state: z.enum(['opening', 'connected', 'lost', 'reconnected']),
    /** Why it is not open, in English, as the log has it. */
    detail: z.string().optional(),
  }),
);
export type SerialScannerStatus = z.infer<typeof SerialScannerStatus>;
/** One line the serial scanner sent: a scan, numbered in the order the port gave them. */
export const SerialScanView = lazy(() => z.object({ id: int, code: z.string() }));
export type SerialScanView = z.infer<typeof SerialScanView>;
/** Scans from the serial scanner that wait for a page to take them (scanner.take), oldest first. */
export const SerialScansView = lazy(() => z.object({ scans: z.array(SerialScanView) }));
export type SerialScansView = z.infer<typeof SerialScansView>;
/**
 * scanner.take: every scan that waits, taken at once; or with `peek`, listed and left waiting, each
 * for the call that applies it to take (session.scan's serialScanId, scanner.claim).
 */
export const SerialTakeInput = lazy(() => z.object({ peek: z.boolean().optional() }).strict());
/** One waiting scan, taken by the page that applies it somewhere else than the sale (a search field). */
export const SerialClaimInput = lazy(() => SerialScanView.strict());
export const SerialClaimView = lazy(() => z.object({ claimed: z.boolean() }));
/**
 * The serial scanner read a line: this many wait to be taken, and the scan just read (a page applies
 * it taking it in the same call: session.scan's serialScanId).
 */
export const SerialScansWaitingEvent = lazy(() =>
  z.object({ waiting: int, scan: SerialScanView.optional() }),
);

// ---------- status ----------

export const StatusView = lazy(() =>
  z.object({
    /** null while the first probe has not answered. */
    online: z.boolean().nullable(),
    instance: z.string().nullable(),
    demo: z.boolean(),
    queued: int,
    needsAttention: int,
    lastSyncedAt: isoDateTime.nullable(),
    version: z.string().optional(),
    /** The instance in use is plain http to a host other than loopback (allowed on purpose): warn. */
    insecure: z.boolean(),
    /**
     * The instance answers but its token endpoint refused the client id and secret (400/401) the last
     * time it was asked: reachable yet unusable, so orders wait. Cleared by the next token it issues.
     */
    credentialsRefused: z.boolean(),
    /**
     * An instance is set but its client secret is not (a web shell keeps it in memory only: after a
     * restart it is gone): nothing can be asked of it until one is entered in Settings.
     */
    secretMissing: z.boolean().optional(),
    /**
     * Whether this client may create orders on the instance (`Permissions.Orders.Create`), as last
     * learnt: the connection test's order probe, the same probe when the instance comes online, or an
     * order's own answer (stored: granted; refused with 403 naming that permission: lacking). unknown
     * until one of them said; asked again for another instance.
     */
    orderPermission: z.enum(['granted', 'lacking', 'unknown']),
    /** The receipt printer's queue; null when no printer is set and nothing waits to print. */
    printer: PrinterStatusView.nullable(),
    /** The till's open shift: its number and when it was opened; null: no shift is open. */
    shift: z.object({ id: int, openedAt: isoDateTime }).nullable(),
    /** Who is signed in at the till; null: nobody (a till without cashiers never has anyone). */
    cashier: CashierView.nullable(),
    /** The till has cashiers and nobody is signed in: no sale is recorded until one signs in. */
    signInNeeded: z.boolean(),
    /** The serial scanner's port; absent when none is set. */
    serialScanner: SerialScannerStatus.optional(),
    /** The store hub, when one is set: whether this till reaches it, and since when it does not. */
    storeHub: StoreHubStatusView.optional(),
  }),
);
export type StatusView = z.infer<typeof StatusView>;

export const CodeDescriptionView = lazy(() =>
  z.object({
    code: z.string(),
    kind: z.string(),
    detail: z.string(),
    valid: z.boolean(),
    /** "kind, detail" as core sentences by key, for the renderer's language. */
    said: z.array(SaidSchema).readonly().optional(),
  }),
);
export type CodeDescriptionView = z.infer<typeof CodeDescriptionView>;

// ---------- the map ----------

export const calls = {
  'settings.get': { input: empty, output: SettingsView },
  'settings.set': { input: SettingsPatch, output: SettingsView },
  'warehouses.list': { input: empty, output: lazy(() => z.array(WarehouseView)) },
  'connection.test': { input: empty, output: ConnectionView },
  'connection.capabilities': { input: empty, output: ConnectionView },
  'sync.now': { input: SyncNowInput, output: SyncStatusView },
  'sync.cancel': { input: empty, output: SyncStatusView },
  'sync.status': { input: empty, output: SyncStatusView },
  'stock.search': { input: StockSearchInput, output: StockSearchView },
  'companies.find': { input: CompanyFindInput, output: lazy(() => z.array(CompanyMatchView)) },
  'cards.prepare': { input: empty, output: CardPrepareView },
  'cards.issue': { input: CardIssueInput, output: CardIssueView },
  'session.current': { input: empty, output: SessionView },
  'session.scan': { input: ScanInput, output: ScanView },
  'session.setQuantity': { input: SetQuantityInput, output: SessionView },
  'session.removeLine': { input: LineRef, output: SessionView },
  'session.close': { input: CloseInput, output: CloseView },
  'session.cancel': { input: empty, output: SessionView },
  'session.addStockItem': { input: AddStockItemInput, output: ScanView },
  'session.addPriced': { input: AddPricedInput, output: ScanView },
  'session.restoreLine': { input: LineRef, output: SessionView },
  'session.park': { input: empty, output: ParkView },
  'session.parked': { input: empty, output: lazy(() => z.array(ParkedSaleView)) },
  'session.recall': { input: RecallInput, output: RecallView },
  'session.adjustLine': { input: AdjustLineInput, output: SessionView },
  'receipt.get': { input: lazy(() => z.object({ id: OrderId }).strict()), output: ReceiptView },
  /** The receipt went to the printer (the print dialog ran): counted, so the next print is a copy. */
  'receipt.printed': { input: lazy(() => z.object({ id: OrderId }).strict()), output: ReceiptView },
  'manager.unlock': { input: UnlockInput, output: UnlockView },
  'manager.lock': { input: empty, output: UnlockView },
  /** Every order ever, oldest first: for tools; the Orders screen pages (outbox.page). */
  'outbox.list': { input: empty, output: lazy(() => z.array(OutboxEntryView)) },
  'outbox.page': { input: OutboxPageInput, output: OutboxPageView },
  'outbox.get': { input: OutboxRef, output: OutboxEntryView },
  /** Sends what waits now; answers with the orders that were waiting, as the pass left them. */
  'outbox.replay': { input: empty, output: lazy(() => z.array(OutboxEntryView)) },
  'outbox.resend': { input: ResendInput, output: OutboxEntryView },
  'outbox.discard': { input: OutboxRef, output: OutboxEntryView },
  'outbox.cancel': { input: OutboxRef, output: OutboxEntryView },
  'outbox.markSent': { input: MarkSentInput, output: OutboxEntryView },
  'shift.current': { input: empty, output: ShiftStateView },
  'shift.open': { input: ShiftOpenInput, output: ShiftReportView },
  'shift.cash': { input: CashMoveInput, output: ShiftReportView },
  'shift.close': { input: ShiftCloseInput, output: ShiftReportView },
  /** The last closed shift's Z report as it was at close, with its follow-up now; null: none closed. */
  'shift.last': { input: empty, output: lazy(() => ShiftReportView.nullable()) },
  'cashier.list': { input: empty, output: CashiersView },
  'cashier.add': { input: CashierAddInput, output: CashiersView },
  'cashier.remove': { input: CashierRef, output: CashiersView },
  'cashier.signIn': { input: CashierSignInInput, output: CashiersView },
  'cashier.signOut': { input: empty, output: CashiersView },
  'status.get': { input: empty, output: StatusView },
  'printer.testPage': { input: empty, output: TestPageView },
  'printer.openDrawer': { input: empty, output: DrawerOpeningView },
  'printer.reprint': { input: lazy(() => z.object({ id: OrderId }).strict()), output: PrintJobView },
  'printer.retry': { input: empty, output: lazy(() => PrinterStatusView.nullable()) },
  'printer.systemPrinters': { input: empty, output: SystemPrintersView },
  'display.get': { input: empty, output: CustomerDisplayView },
  /** The open shift's X report, or the last closed shift's Z report, printed on the receipt printer. */
  'printer.printReport': {
    input: lazy(() => z.object({ report: z.enum(['x', 'z']) }).strict()),
    output: TestPageView,
  },
  /** The serial ports the system lists (Settings → Scanner). */
  'scanner.ports': { input: empty, output: SerialPortsView },
  /**
   * The serial scanner's waiting scans, handed over once: whoever takes them applies them (the till's
   * page), in order; a second take gets only what came since.
   */
  'scanner.take': { input: SerialTakeInput, output: SerialScansView },
  'scanner.claim': { input: SerialClaimInput, output: SerialClaimView },
  'barcode.describe': {
    input: lazy(() => z.object({ code: z.string().max(300) }).strict()),
    output: CodeDescriptionView,
  },
  /** The store hub: its setting (never a password), whether this till reaches it, the tills seen. */
  'hub.get': { input: empty, output: HubView },
  'hub.set': { input: HubSetInput, output: HubView },
  /** Every till's open shift, its sales and expected cash, and the store's total. */
  'store.shifts': { input: empty, output: StoreShiftView },
  /** Every return of the till, newest first: for tools and tests; Orders pages (returns.page). */
  'returns.list': { input: empty, output: lazy(() => z.array(ReturnView)) },
  /** A page of the till's returns, newest first (ties by id), each page one query. */
  'returns.page': { input: ReturnsPageInput, output: ReturnsPageView },
  'returns.get': { input: ReturnRef, output: ReturnView },
  /** The return's receipt again on the receipt printer, through its queue: a copy (KOPIE). */
  'returns.reprint': { input: ReturnRef, output: PrintJobView },
  /** The return's receipt went through the system print dialog: counted, so the next print is a copy. */
  'returns.printed': { input: ReturnRef, output: ReturnView },
  /** A back-office return booked there, as a manager marks it (manager PIN). */
  'returns.markBooked': { input: ReturnRef, output: ReturnView },
  /** A return in doubt (its DELETE unanswered) settled by what the manager found (manager PIN). */
  'returns.settle': { input: ReturnSettleInput, output: ReturnView },
  /** The sale a receipt names (its number, its QR's reference), with what is left to return; offline too. */
  'returns.find': { input: ReturnFindInput, output: ReturnSaleView },
  /** What taking these lines back would refund, per tender, and whether the manager must approve. */
  'returns.plan': { input: ReturnPlanInput, output: ReturnPlanView },
  /** Takes them back: stored in one transaction, its document on its way to the instance. */
  'returns.make': { input: ReturnMakeInput, output: ReturnView },
  /** What taking these products back without a receipt would refund (cash) at the prices given. */
  'returns.planWithoutReceipt': { input: ReturnWithoutReceiptInput, output: ReturnWithoutReceiptPlanView },
  /** Takes them back without a receipt: always the manager's ('locked' until the PIN is given). */
  'returns.makeWithoutReceipt': { input: ReturnWithoutReceiptInput, output: ReturnView },
  /** A return settled with the sale open at the counter: one tender for the difference (issue 37, point 4). */
  'returns.exchange': { input: ReturnExchangeInput, output: ReturnExchangeView },
  /** "Výměna": the lines held as a credit on the sale at the counter, stored with it (survives a reload). */
  'returns.holdExchange': { input: ExchangeHoldInput, output: HeldExchangeView },
  /** The credit held on the sale at the counter, if any. */
  'returns.heldExchange': { input: empty, output: lazy(() => HeldExchangeView.nullable()) },
  /** The exchange given up: the sale at the counter carries no credit. */
  'returns.dropExchange': { input: empty, output: empty },
} as const satisfies Record<CallChannel, { input: z.ZodType; output: z.ZodType }>;

export const ConnectivityEvent = lazy(() => z.object({ online: z.boolean(), checkedAt: isoDateTime }));
/**
 * The outbox changed: the status bar's figures, the counts per state, and the orders that changed
 * (as they are now), so that a screen updates those in place instead of reading the list again.
 */
export const OutboxChangedEvent = lazy(() =>
  z.object({
    queued: int,
    needsAttention: int,
    counts: OutboxCounts,
    entries: z.array(OutboxEntryView),
  }),
);
export type OutboxChangedEvent = z.infer<typeof OutboxChangedEvent>;
/**
 * The till's returns changed (one made, its document routed, in doubt, back to waiting, booked,
 * settled, printed): a screen listing them reads `returns.list` again. Only this process's writes:
 * `pos return` in another process is not heard (its document's outbox order is, once the app sends it).
 */
export const ReturnsChangedEvent = lazy(() => z.object({}).strict());
export type ReturnsChangedEvent = z.infer<typeof ReturnsChangedEvent>;

export const events = {
  'sync.progress': SyncStatusView,
  connectivity: ConnectivityEvent,
  'outbox.changed': OutboxChangedEvent,
  'returns.changed': ReturnsChangedEvent,
  'status.changed': StatusView,
  'display.changed': CustomerDisplayView,
  'scanner.waiting': SerialScansWaitingEvent,
} as const satisfies Record<EventChannel, z.ZodType>;

// Both maps must cover the allowlists exactly (a channel without a schema fails the type check).
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const callsCoverChannels: Exact<keyof typeof calls, CallChannel> = true;
export const eventsCoverChannels: Exact<keyof typeof events, EventChannel> = true;

export type CallInput<C extends CallChannel> = z.input<(typeof calls)[C]['input']>;
export type CallOutput<C extends CallChannel> = z.output<(typeof calls)[C]['output']>;
export type EventPayload<E extends EventChannel> = z.output<(typeof events)[E]>;

// ---------- errors and the transport envelope ----------

export const PosErrorCode = lazy(() =>
  z.enum([
    'invalid-input',
    'not-available',
    'not-configured',
    'not-found',
    'offline',
    'rejected',
    'forbidden',
    /** A manager PIN guards this: open the lock (manager.unlock) and try again. */
    'locked',
    /**
     * The stock rule asks first (an inactive item, one out of stock, more than the warehouse has):
     * the message says why; the same call with `confirmed: true` does it.
     */
    'unconfirmed',
    /** A sale needs an open shift and none is open: open one with the float first. */
    'shift-closed',
    /** The serial scanner's scan was taken already (by this page before, or by another): nothing to do. */
    'scan-taken',
    /** The till has cashiers and nobody is signed in: sign in first. */
    'signed-out',
    'failed',
  ]),
);
export type PosErrorCode = z.infer<typeof PosErrorCode>;
export const PosErrorShape = lazy(() =>
  z.object({
    code: PosErrorCode,
    message: z.string(),
    /** The message's sentences by key when they are Counter's own words; absent for the instance's. */
    said: z.array(SaidSchema).readonly().optional(),
    fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
    /** The same fields' errors by key when they are Counter's words (a value the core's schema refused). */
    fieldSaid: z.record(z.string(), z.array(SaidSchema).readonly()).optional(),
  }),
);
export type PosErrorShape = z.infer<typeof PosErrorShape>;

export const Envelope = lazy(() =>
  z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value: z.unknown() }),
    z.object({ ok: z.literal(false), error: PosErrorShape }),
  ]),
);
export type Envelope = z.infer<typeof Envelope>;

/** What the renderer gets when a call fails: a message fit for the cashier, never a stack or a secret. */
export class PosError extends Error {
  override name = 'PosError';
  readonly code: PosErrorCode;
  readonly fieldErrors: Record<string, string[]>;
  readonly said: PosErrorShape['said'];
  readonly fieldSaid: NonNullable<PosErrorShape['fieldSaid']>;
  constructor(shape: PosErrorShape) {
    super(shape.message);
    this.code = shape.code;
    this.fieldErrors = shape.fieldErrors ?? {};
    this.said = shape.said;
    this.fieldSaid = shape.fieldSaid ?? {};
  }
}

/**
 * What PosApi throws when the shell's bridge failed: no answer came, so whether the core did the
 * call is not known. Any other PosError is an answer: the core's, or the web shell's refusal of a
 * call it did not start.
 */
export class NoAnswerError extends PosError {}

/**
 * `window.pos`: what each shell installs (Electron preload via contextBridge; the web shell's browser
 * transport). Envelope-level because errors do not survive contextBridge with their fields; the
 * renderer wraps it into the typed `PosApi` (renderer/platform/pos.ts), which throws `PosError`.
 */
export interface PosBridge {
  invoke(channel: CallChannel, input: unknown): Promise<unknown>;
  /** Subscribes to one event; returns the unsubscribe function. */
  on(event: EventChannel, listener: (payload: unknown) => void): () => void;
  /** See PosApi.opened. */
  opened(listener: () => void): () => void;
}

/** The typed API over a bridge; the store calls it (renderer/store/pos.ts), the screens never do. */
export interface PosApi {
  invoke<C extends CallChannel>(channel: C, input: CallInput<C>): Promise<CallOutput<C>>;
  on<E extends EventChannel>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
  /**
   * Calls `listener` each time events start reaching this page: when the web shell's event stream
   * has connected, and again after every reconnect (what the core sent while it was down is lost);
   * once, at once, in Electron, whose events flow from the start. State mirrored from events is read
   * again then, with its listeners already subscribed. Returns the unsubscribe function.
   */
  opened(listener: () => void): () => void;
}

export function parseOutput<C extends CallChannel>(channel: C, value: unknown): CallOutput<C> {
  return calls[channel].output.parse(value) as CallOutput<C>;
}

export function parseEvent<E extends EventChannel>(event: E, value: unknown): EventPayload<E> {
  return events[event].parse(value) as EventPayload<E>;
}
