// Payment actions: the panel F9 opens over the sale (amount given, change due, cash or card). Enter
// places the order with the tender (session.close), Esc goes back to the sale untouched. The panel's
// state is its own small store; the keymap (actions/) asks `openDialog()` which dialog is open.
import { create } from 'zustand';
import { formatMoney } from '../format/format.ts';
import { i18n } from '../i18n/index.ts';
import { useApp } from './app.ts';
import { useParked } from './parked.ts';
import { useLineAdjust } from './line-adjust.ts';
import { usePriceEntry } from './price-entry.ts';
import { useReceipt } from './receipt.ts';
import { closeSale } from './sale.ts';
import { paymentSummary, type Method } from './tender.ts';

export { parseAmount, paymentSummary, quickAmounts, type Method } from './tender.ts';

export interface PaymentUi {
  readonly open: boolean;
  readonly method: Method;
  /** The amount given as typed ("500", "412,50"); empty means the exact amount. */
  readonly given: string;
  readonly error: string | null;
  readonly busy: boolean;
}

const CLOSED: PaymentUi = { open: false, method: 'cash', given: '', error: null, busy: false };

export const usePayment = create<PaymentUi>()(() => CLOSED);

/** The modal dialog open over the screen, if any: the keymap gives it the keyboard. */
export function openDialog(): 'payment' | 'receipt' | 'price' | 'parked' | 'adjust' | undefined {
  if (usePayment.getState().open) return 'payment';
  if (useParked.getState().open) return 'parked';
  if (usePriceEntry.getState().item !== null) return 'price';
  if (useLineAdjust.getState().line !== null) return 'adjust';
  if (useReceipt.getState().dialog !== null) return 'receipt';
  return undefined;
}

const total = (): number => useApp.getState().session?.totals.total ?? 0;
/** A sale amount in the prices' currency (Settings), as the panel shows it. */
const price = (n: number): string => formatMoney(n, useApp.getState().settings?.currency ?? null);

/** F9: opens the panel over a sale with lines (the order is placed only by its Enter). */
export function openPayment(): void {
  const { session, sale } = useApp.getState();
  if (sale.busy || (session?.lines.length ?? 0) === 0) return;
  usePayment.setState({ ...CLOSED, open: true });
}

/** Esc: back to the sale, nothing placed. */
export function closePayment(): void {
  if (!usePayment.getState().busy) usePayment.setState(CLOSED);
}

export function setGiven(text: string): void {
  // Digits and one decimal separator only: the field takes nothing else.
  const clean = text.replace(/[^\d.,]/g, '');
  usePayment.setState({ given: clean, error: null });
}

export function setMethod(method: Method): void {
  usePayment.setState({ method, error: null });
}

/** Enter: places the order with the tender, unless the cash does not cover the total. */
export async function confirmPayment(): Promise<void> {
  const p = usePayment.getState();
  if (!p.open || p.busy) return;
  const sum = paymentSummary(p, total());
  if (Number.isNaN(sum.given)) {
    usePayment.setState({
      error: i18n.t('sale:givenNotAmount', { given: p.given }),
    });
    return;
  }
  if (!sum.valid) {
    usePayment.setState({
      error: i18n.t('sale:notEnoughCash', {
        given: price(sum.given),
        total: price(total()),
        short: price(sum.short),
      }),
    });
    return;
  }
  usePayment.setState({ busy: true, error: null });
  const tender =
    p.method === 'card' ? { method: 'card' as const } : { method: 'cash' as const, given: sum.given };
  const placed = await closeSale(tender);
  // Placed: the panel closes and the receipt shows. Refused by the core: the sale stays as it was,
  // the Sale screen says why (the panel closes so that the cashier sees it and the sale).
  usePayment.setState(CLOSED);
  if (placed !== null) void useReceipt.getState().showPlaced(placed);
}
