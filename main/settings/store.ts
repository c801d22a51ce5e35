// The app's own settings (instance URL, client id, terminal warehouse, scanner, sync interval) in the
// `setting` table of migration 1. Never the secret: that is the CredentialStore's. Values are JSON and
// parsed with zod on the way out, so a hand-edited or older row falls back to the default.
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { settingsStartingWith, settingValue, writeSettings } from '../../db/settings.ts';
import {
  CashRounding,
  Currency,
  LabelRule,
  Language,
  OrderRetentionDays,
  ScannerSettings,
  SerialScannerSettings,
  StockRule,
  type Seller,
} from '../../contract/contract.ts';
import { DEFAULT_EMBEDDED_RULES } from '../barcode/index.ts';
import { DEFAULT_SERIAL_SCANNER } from '../scanner/index.ts';
import { SCANNER_DEFAULTS } from '../../common/scanner.ts';
import { lazy } from '../../common/lazy.ts';

/** The scanner's settings until someone changes them (common/scanner.ts, shared with the screens). */
export const DEFAULT_SCANNER: ScannerSettings = SCANNER_DEFAULTS;

/** A stored scanner row from before a field existed reads that field as its default, keeping the rest. */
const StoredScanner = lazy(() =>
  ScannerSettings.extend({
    layout: ScannerSettings.shape.layout.default(DEFAULT_SCANNER.layout),
    delivery: ScannerSettings.shape.delivery.default(DEFAULT_SCANNER.delivery),
    pauseMs: ScannerSettings.shape.pauseMs.default(DEFAULT_SCANNER.pauseMs),
  }),
);

/** Each setting's stored form, built at the first read (common/lazy.ts). */
const schemas = lazy(
  () =>
    ({
      instanceUrl: z.string().nullable(),
      clientId: z.string().nullable(),
      warehouseId: z.number().int().nullable(),
      scanner: StoredScanner,
      /** The serial scanner's port and how it talks (main/scanner); port null: none. */
      serialScanner: SerialScannerSettings,
      syncIntervalMinutes: z.number().min(0),
      labelRules: z.array(LabelRule),
      /** The origin the stored client secret was entered for (origin.ts); another origin does not get it. */
      secretOrigin: z.string().nullable(),
      /** Plain http to a host other than loopback, allowed on purpose (shown as a warning). */
      allowInsecure: z.boolean(),
      /** Who a sale without a scanned card goes to (a cached company and its name when chosen). */
      walkInCustomer: z.object({ companyId: z.number().int(), name: z.string() }).nullable(),
      /** Someone chose the walk-in customer (a company, or none: a card for every sale). */
      walkInChosen: z.boolean(),
      /** The manager PIN's salted hash (manager-pin.ts); never shown, never sent to the renderer. */
      managerPinHash: z.string().nullable(),
      receiptPaper: z.enum(['80mm', '58mm']),
      /** Days a settled order keeps its lines (main/outbox/compaction.ts). */
      orderRetentionDays: OrderRetentionDays,
      /** The receipt printer's address (`tcp://HOST:PORT`, checked when set); null: none. */
      receiptPrinter: z.string().nullable(),
      /** A placed sale's receipt prints by itself (when a printer is set). */
      printOnSale: z.boolean(),
      /** What the counter does with an inactive item, one out of stock or more than in stock. */
      stockRule: StockRule,
      /** The seller's receipt header, as checked by the contract when it was set. */
      seller: z.object({
        name: z.string(),
        address: z.string(),
        registrationNumber: z.string(),
        vatNumber: z.string(),
      }),
      receiptPrefix: z.string(),
      language: Language,
      priceCurrency: Currency.nullable(),
      /** A sale needs an open shift at this till (the demo opens one by itself). */
      shiftRequired: z.boolean(),
      /** The difference at close (major units, either way) beyond which the manager PIN is needed. */
      cashDifferenceLimit: z.number().nonnegative(),
      cashRounding: CashRounding,
      /** A refund (major units) beyond which a return needs the manager PIN; 0: no limit. */
      returnAmountLimit: z.number().nonnegative(),
      /** Days after the sale beyond which a return needs the manager PIN; 0: no limit. */
      returnDaysLimit: z.number().int().nonnegative(),
      /** The company a card issued at the till goes to unless the cashier picks another (retail members). */
      cardCompanyId: z.number().int().positive().nullable(),
      /** How long a card issued at the till is valid, in months from the day it is issued. */
      cardValidityMonths: z.number().int().min(1).max(120),
    }) as const,
);

/** No seller named yet: a receipt's header is the store's (warehouse's) name alone. */
export const NO_SELLER: Seller = { name: '', address: '', registrationNumber: '', vatNumber: '' };

export type AppSettings = { [K in keyof typeof schemas]: z.infer<(typeof schemas)[K]> };

const defaults: AppSettings = {
  instanceUrl: null,
  clientId: null,
  warehouseId: null,
  scanner: DEFAULT_SCANNER,
  serialScanner: DEFAULT_SERIAL_SCANNER,
  syncIntervalMinutes: 15,
  labelRules: [...DEFAULT_EMBEDDED_RULES],
  secretOrigin: null,
  allowInsecure: false,
  walkInCustomer: null,
  walkInChosen: false,
  managerPinHash: null,
  receiptPaper: '80mm',
  orderRetentionDays: 90,
  receiptPrinter: null,
  printOnSale: true,
  stockRule: 'warn',
  seller: NO_SELLER,
  // Till 1 of the store until someone names it: its receipts are P1-000001, P1-000002...
  receiptPrefix: 'P1',
  language: 'system',
  priceCurrency: null,
  shiftRequired: true,
  cashDifferenceLimit: 0,
  cashRounding: 'currency',
  returnAmountLimit: 0,
  returnDaysLimit: 0,
  cardCompanyId: null,
  cardValidityMonths: 24,
};

const PREFIX = 'app.';

export class SettingsStore {
  readonly #db: Db;
  /**
   * The last read, kept until this store writes: the core's store is the only writer of these keys,
   * and every scan asks for the terminal's warehouse and label rules.
   */
  #cached: Readonly<AppSettings> | undefined;

  constructor(db: Db) {
    this.#db = db;
  }

  read(): Readonly<AppSettings> {
    this.#cached ??= this.#load();
    return this.#cached;
  }

  #load(): AppSettings {
    const out: AppSettings = { ...defaults };
    for (const row of settingsStartingWith(this.#db, PREFIX)) {
      const name = row.key.slice(PREFIX.length);
      if (isKey(name)) assign(out, name, row.value);
    }
    return out;
  }

  /** Which instance the cache (counter.sqlite) was last filled from. */
  cacheInstance(): string | null {
    return settingValue(this.#db, `${PREFIX}cacheInstance`);
  }

  setCacheInstance(key: string): void {
    writeSettings(this.#db, [[`${PREFIX}cacheInstance`, key]]);
  }

  write(patch: Partial<AppSettings>): AppSettings {
    const entries = Object.keys(patch).flatMap((name) => {
      const value: unknown = isKey(name) ? patch[name] : undefined;
      return value === undefined ? [] : [[PREFIX + name, JSON.stringify(value)] as const];
    });
    writeSettings(this.#db, entries);
    this.#cached = undefined;
    return this.read();
  }
}

function isKey(name: string): name is keyof AppSettings {
  return Object.hasOwn(schemas, name);
}

function assign(out: AppSettings, name: keyof AppSettings, raw: string): void {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return;
  }
  const parsed = schemas[name].safeParse(json);
  if (parsed.success) (out as Record<keyof AppSettings, unknown>)[name] = parsed.data;
}

export interface WalkIn {
  readonly companyId: number;
  readonly name: string;
}

/**
 * Who a sale without a scanned card goes to: the company chosen, none when "a card for every sale"
 * was chosen, and until anyone chose, the instance's own default (the demo has one; a real instance
 * none, and its first run asks).
 */
export function walkInOf(
  s: Pick<AppSettings, 'walkInCustomer' | 'walkInChosen'>,
  byDefault: () => WalkIn | null,
): WalkIn | null {
  if (s.walkInCustomer !== null || s.walkInChosen) return s.walkInCustomer;
  return byDefault();
}
