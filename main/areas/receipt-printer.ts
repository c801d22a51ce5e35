// The receipt printer as every shell builds it (the app's Link, `pos return`): which printer is in
// use and how to print on it (POS_RECEIPT_PRINTER over Settings, the paper's columns, the language
// and the currency of the till), and the worker that prints the queue's jobs. Built here and nowhere
// else, so a receipt printed by the CLI is laid out as the app lays it out.
import { ReceiptView } from '../../contract/contract.ts';
import type { Db } from '../../db/database.ts';
import { commonCurrency } from '../../db/catalog/index.ts';
import { receiptOf, type Counter } from '../counter/index.ts';
import { getOutboxInternetOrder } from '../outbox/index.ts';
import {
  COLUMN_CHOICES,
  parsePrinterAddress,
  printLanguage,
  PrintWorker,
  spoolerEnvironment,
  type PrinterAddress,
  type PrinterSetup,
  type ReturnPaper,
  type Timeouts,
} from '../printer/index.ts';
import { returnPaperOf } from '../returns/index.ts';
import { returnStoreName } from './returns.ts';
import type { BackoffPolicy } from '../service/index.ts';
import { fromEnv, type Env } from '../settings/env.ts';
import type { SettingsStore } from '../settings/store.ts';

/** POS_RECEIPT_PRINTER's printer; undefined when unset. Throws PrinterAddressError when it is no printer address. */
export function envPrinter(env: Env): PrinterAddress | undefined {
  const text = fromEnv(env, 'receiptPrinter');
  return text === undefined ? undefined : parsePrinterAddress(text, 'POS_RECEIPT_PRINTER');
}

export interface PrinterSetupNeeds {
  readonly env: Env;
  readonly settings: SettingsStore;
  /** The file whose receivables give the currency when Settings name none. */
  db(): Db;
  log(line: string): void;
}

/**
 * The receipt printer in use (POS_RECEIPT_PRINTER wins over Settings) and how to print on it; null:
 * none. POS_RECEIPT_PRINTER is read now (PrinterAddressError names it when it is no printer); a
 * Settings row that fails its check (an older or hand-edited one) is said once and means none.
 */
export function printerSetupOf(needs: PrinterSetupNeeds): () => PrinterSetup | null {
  const fromVariable = envPrinter(needs.env);
  let badStored: string | null = null;
  return () => {
    const s = needs.settings.read();
    let address = fromVariable;
    if (address === undefined && s.receiptPrinter !== null) {
      try {
        address = parsePrinterAddress(s.receiptPrinter, 'Settings receiptPrinter');
      } catch (error) {
        if (badStored !== s.receiptPrinter) needs.log(String(error));
        badStored = s.receiptPrinter;
        return null;
      }
    }
    if (address === undefined) return null;
    const columns = address.columns ?? (s.receiptPaper === '58mm' ? COLUMN_CHOICES[0] : COLUMN_CHOICES[2]);
    return {
      address,
      paper: s.receiptPaper,
      print: {
        columns,
        ...(address.model === undefined ? {} : { model: address.model }),
        language: printLanguage(s.language, Intl.DateTimeFormat().resolvedOptions().locale),
        currency: s.priceCurrency ?? commonCurrency(needs.db()) ?? null,
      },
    };
  };
}

export interface PrintWorkerNeeds {
  readonly db: Db;
  readonly env: Env;
  setup(): PrinterSetup | null;
  /** Prices a sale's receipt; null: sales' receipts are not printed here (they wait for the app). */
  readonly counter: Counter | null;
  changed(): void;
  log(line: string): void;
  /** The pause between attempts at a receipt the printer did not take (tests shorten it). */
  readonly retry?: BackoffPolicy;
  readonly timeouts?: Partial<Timeouts>;
}

/**
 * A return's paper with its store named (the warehouse it was taken back in, as a sale's receipt names
 * its store), not the paper's default "Counter".
 */
function withStore(
  db: Db,
  returnId: number,
  found: ReturnType<typeof returnPaperOf>,
): { readonly paper: ReturnPaper; readonly printCount: number } | undefined {
  if (found === undefined) return undefined;
  const store = returnStoreName(db, returnId);
  return store === undefined ? found : { ...found, paper: { ...found.paper, store } };
}

/** The worker that prints the queue's receipts (a sale's, a return's) on the printer in use. */
export function buildPrintWorker(needs: PrintWorkerNeeds): PrintWorker {
  const { db, counter } = needs;
  return new PrintWorker({
    db,
    setup: () => needs.setup(),
    receipt: (orderId) => {
      const order = counter === null ? undefined : getOutboxInternetOrder(db, orderId);
      return order === undefined || counter === null
        ? undefined
        : ReceiptView.parse(receiptOf(db, order, counter));
    },
    returnPaper: (returnId) => withStore(db, returnId, returnPaperOf(db, returnId)),
    changed: () => needs.changed(),
    log: (line) => needs.log(line),
    ...(needs.retry === undefined ? {} : { retry: needs.retry }),
    ...(needs.timeouts === undefined ? {} : { timeouts: needs.timeouts }),
    spoolerEnv: spoolerEnvironment(needs.env),
  });
}
