// The receipt printer's actions: its address and "print on sale" (Settings, behind the manager PIN
// like every setting), a test page, the drawer opened without a sale (the manager PIN when one is
// set), a receipt reprinted on it, and the waiting receipts tried again now.
import type {
  DrawerOpeningView,
  OutboxEntryView,
  SessionView,
  SystemPrintersView,
  TestPageView,
} from '../../contract/contract.ts';
import { i18n } from '../i18n/index.ts';
import { pos } from './pos.ts';
import { message, useApp } from './app.ts';
import { withPin } from './guard.ts';
import { announce } from './sale.ts';
import { saveSettings } from './settings.ts';

/** Stores the printer's address; empty: none (receipts print through the system dialog). */
export async function saveReceiptPrinter(address: string): Promise<string | null> {
  const text = address.trim();
  return (await saveSettings({ receiptPrinter: text === '' ? null : text })).receiptPrinter;
}

export async function setPrintOnSale(on: boolean): Promise<boolean> {
  return (await saveSettings({ printOnSale: on })).printOnSale;
}

/** The system's printers (the print spooler's queues), to choose one as `printer:NAME`. */
export function systemPrinters(): Promise<SystemPrintersView> {
  return pos.invoke('printer.systemPrinters', {});
}

/** The system printer's name in a printer address (`printer:NAME[?…]`); '' for any other. */
export function systemPrinterOf(address: string): string {
  const text = address.trim();
  if (!text.startsWith(SYSTEM_PRINTER)) return '';
  return text.slice(SYSTEM_PRINTER.length).split('?')[0] ?? '';
}

/** The address of system printer `name`; '' (none chosen) for ''. */
export function systemPrinterAddress(name: string): string {
  return name === '' ? '' : `${SYSTEM_PRINTER}${name}`;
}

const SYSTEM_PRINTER = 'printer:';

export function printTestPage(): Promise<TestPageView> {
  return pos.invoke('printer.testPage', {});
}

/** The open shift's X report, or the last closed shift's Z report, on the receipt printer. */
export function printReport(report: 'x' | 'z'): Promise<TestPageView> {
  return pos.invoke('printer.printReport', { report });
}

export function openDrawer(): Promise<DrawerOpeningView> {
  return withPin(() => pos.invoke('printer.openDrawer', {}));
}

/**
 * The drawer can open without a sale from the Sale screen (Ctrl+O): a printer is set (the drawer
 * hangs on its port) and nothing is on the counter (between sales, never beside one).
 */
export function drawerOffered(session: SessionView | null): boolean {
  return printerInUse() && (session?.lines.length ?? 0) === 0;
}

/** Ctrl+O on the Sale screen: the drawer opened without a sale, said in the screen's live region. */
export async function openDrawerNoSale(): Promise<void> {
  try {
    await openDrawer();
    announce({ tone: 'ok', text: i18n.t('sale:drawerOpened') });
  } catch (error) {
    announce({ tone: 'error', text: message(error) });
  }
}

/** A receipt printer is in use (Settings or POS_RECEIPT_PRINTER): receipts go to it, not the dialog. */
export function printerInUse(): boolean {
  return (useApp.getState().settings?.receiptPrinter ?? null) !== null;
}

/** Queues a reprint of order `id`'s receipt on the receipt printer (a copy when printed before). */
export async function reprint(id: OutboxEntryView['id']): Promise<void> {
  await pos.invoke('printer.reprint', { id });
  void useApp.getState().refreshStatus();
}

/** The waiting receipts are tried now (the status bar's printer figure). */
export async function retryPrinter(): Promise<void> {
  await pos.invoke('printer.retry', {});
  void useApp.getState().refreshStatus();
}
