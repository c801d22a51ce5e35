// Receipt actions: the receipt of the order just placed (shown on the Sale screen), a receipt opened
// from Orders (a dialog, for a reprint), printing through the system print path, and the paper.
// Printing is `window.print()`: Electron's printing where the app runs in Electron, the browser's in
// the web shell, where "Save as PDF" is the PDF route. The print CSS shows only the receipt.
import { create } from 'zustand';
import type { OutboxEntryView, ReceiptView, SettingsView } from '../../contract/contract.ts';
import { pos } from './pos.ts';
import { message, useApp } from './app.ts';
import { printerInUse, reprint } from './printer.ts';
import { saveSettings } from './settings.ts';

type Id = OutboxEntryView['id'];
export type Paper = SettingsView['receiptPaper'];

export interface ReceiptUi {
  /** The receipt of the order the last payment placed (Sale screen), until the next sale starts. */
  readonly placed: ReceiptView | null;
  /** The receipt opened from Orders, shown in a dialog. */
  readonly dialog: ReceiptView | null;
  readonly error: string | null;
  showPlaced: (id: Id) => Promise<void>;
}

export const useReceipt = create<ReceiptUi>()((set) => ({
  placed: null,
  dialog: null,
  error: null,
  showPlaced: async (id) => {
    try {
      set({ placed: await pos.invoke('receipt.get', { id }), error: null });
    } catch (error) {
      set({ placed: null, error: message(error) });
    }
  },
}));

/** The placed order's state moved on (queued to sent...): its receipt is read again. */
export async function refreshPlaced(): Promise<void> {
  const placed = useReceipt.getState().placed;
  if (placed !== null) await useReceipt.getState().showPlaced(placed.orderId);
}

/** The next sale started: the last receipt leaves the Sale screen (Orders still has it). */
export function clearPlaced(): void {
  useReceipt.setState({ placed: null });
}

/** Orders' "Receipt" button: the same receipt, in a dialog, to reprint. */
export async function openReceipt(id: Id): Promise<void> {
  try {
    useReceipt.setState({ dialog: await pos.invoke('receipt.get', { id }), error: null });
  } catch (error) {
    useReceipt.setState({ dialog: null, error: message(error) });
  }
}

export function closeReceipt(): void {
  useReceipt.setState({ dialog: null });
}

/** The receipt of the order just placed is on the Sale screen (until the next scan starts a sale). */
export function receiptShown(): boolean {
  const placed = useReceipt.getState().placed;
  return placed !== null && useApp.getState().sale.placed === placed.orderId;
}

/** The receipt to print: the dialog's, else the one just placed while it is shown. */
export function printable(): ReceiptView | null {
  const { dialog, placed } = useReceipt.getState();
  return dialog ?? (receiptShown() && useApp.getState().screen === 'sale' ? placed : null);
}

/** The print waiting for its afterprint to be counted. */
let pendingCount: (() => void) | null = null;

/**
 * Prints the receipt: on the receipt printer when one is set, else through the system print path (print CSS shows only the receipt). Once the print
 * dialog is done (afterprint) the core counts the print, and the receipt comes back marked as a copy
 * for any print after it. A print() the browser drops fires no afterprint and is not counted.
 */
export function printReceipt(): void {
  const receipt = printable();
  if (receipt === null) return;
  // With a receipt printer the core prints it there (and counts it once it is on paper).
  if (printerInUse()) {
    reprint(receipt.orderId).catch((error: unknown) => useReceipt.setState({ error: message(error) }));
    return;
  }
  // One print waits to be counted at a time: a print() dropped earlier leaves no listener behind.
  if (pendingCount !== null) window.removeEventListener('afterprint', pendingCount);
  const counted = () => {
    window.removeEventListener('afterprint', counted);
    pendingCount = null;
    void countPrint(receipt.orderId);
  };
  pendingCount = counted;
  window.addEventListener('afterprint', counted);
  window.print();
}

/** The core counts a print of order `id`'s receipt; the receipt shown (dialog, Sale) follows. */
async function countPrint(id: Id): Promise<void> {
  try {
    const after = await pos.invoke('receipt.printed', { id });
    const { dialog, placed } = useReceipt.getState();
    useReceipt.setState({
      ...(dialog?.orderId === after.orderId ? { dialog: after } : {}),
      ...(placed?.orderId === after.orderId ? { placed: after } : {}),
    });
  } catch (error) {
    useReceipt.setState({ error: message(error) });
  }
}

/** Settings: the paper the receipt printer takes. Returns the error to show, or null. */
export async function setPaper(paper: Paper): Promise<string | null> {
  try {
    await saveSettings({ receiptPaper: paper });
    return null;
  } catch (error) {
    return message(error);
  }
}
