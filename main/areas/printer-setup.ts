// The receipt printer as every shell reads it (the app's core, `pos return`): which printer is in use
// and how to print on it (POS_RECEIPT_PRINTER over Settings, the paper's columns, the language and
// the currency of the till). Light (the printer's entry main/printer/setup.ts, no worker, no layouts):
// the core reads it at a start, before its first answer; the worker (receipt-printer.ts) loads later.
import type { Db } from '../../db/database.ts';
import { commonCurrency } from '../../db/catalog/index.ts';
import {
  COLUMN_CHOICES,
  parsePrinterAddress,
  printLanguage,
  type PrinterAddress,
  type PrinterSetup,
} from '../printer/setup.ts';
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
