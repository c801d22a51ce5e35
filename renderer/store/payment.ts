// Payment actions: the panel F9 opens over the sale (amount given, change due; cash, card, or split:
// a card part and the rest in cash). Enter places the order with the tender (session.close), Esc goes
// back to the sale untouched. F9 refuses, before any money changes hands, a sale the till already
// knows will be refused (refusal.ts). The panel's state is its own small store; the keymap (actions/)
// asks `openDialog()` which dialog is open. After placing, the change due stays on the Sale screen
// until the next scan (`usePaid`).
import { create } from 'zustand';
import { minor, type Minor } from '../../common/money.ts';
import { cashStep, type OutboxEntryView, type SettingsView, type Tender } from '../../contract/contract.ts';
import { formatMoney } from '../format/format.ts';
import { i18n } from '../i18n/index.ts';
import { beepError } from '../platform/sound.ts';
import { scanQueue } from '../scanner/index.ts';
import { useApp } from './app.ts';
import { useParked } from './parked.ts';
import { useLineAdjust } from './line-adjust.ts';
import { usePriceEntry } from './price-entry.ts';
import { useReceipt } from './receipt.ts';
import { useReturns } from './returns-list.ts';
import { refusalBeforePayment } from './refusal.ts';
import { askForFloat, loadShift, shiftNeeded, useFloatPrompt } from './shift.ts';
import { announce, closeSale } from './sale.ts';
import { settleExchange, settleGiveBack, useExchange } from './exchange.ts';
import { paymentSummary, type Method, type PaymentProblem, type PaymentSummary } from './tender.ts';

export { parseAmount, paymentSummary, quickAmounts, type Method } from './tender.ts';

export interface PaymentUi {
  readonly open: boolean;
  readonly method: Method;
  /** The cash handed over, as typed ("500", "412,50"); empty means the exact amount. */
  readonly given: string;
  /** Split: the card's part, as typed. */
  readonly card: string;
  readonly error: string | null;
  readonly busy: boolean;
  /**
   * F9 was pressed and the panel is on its way (the shift read first): scans wait from then, as
   * under the panel, so the total it opens with is the one it takes. Esc gives it up.
   */
  readonly opening: boolean;
}

const CLOSED: PaymentUi = {
  open: false,
  method: 'cash',
  given: '',
  card: '',
  error: null,
  busy: false,
  opening: false,
};

export const usePayment = create<PaymentUi>()(() => CLOSED);

/** The sale the last payment placed and how it was paid, while the Sale screen shows its change due. */
export interface Paid {
  readonly orderId: OutboxEntryView['id'];
  readonly tender: Tender;
}
export const usePaid = create<{ readonly paid: Paid | null }>()(() => ({ paid: null }));

/** The change due of the sale just placed, while it is on the Sale screen (until the next scan). */
export function paidShown(): Paid | null {
  const { paid } = usePaid.getState();
  return paid !== null && useApp.getState().sale.placed === paid.orderId ? paid : null;
}

type StoreDialog = 'payment' | 'receipt' | 'return-receipt' | 'price' | 'parked' | 'adjust' | 'float';

/** The stores' modal dialogs, first the one that wins when two are open. */
const DIALOGS: readonly (readonly [StoreDialog, () => boolean])[] = [
  ['payment', () => usePayment.getState().open || usePayment.getState().opening],
  ['float', () => useFloatPrompt.getState().open],
  ['parked', () => useParked.getState().open],
  ['price', () => usePriceEntry.getState().item !== null],
  ['adjust', () => useLineAdjust.getState().line !== null],
  ['receipt', () => useReceipt.getState().dialog !== null],
  // A return's receipt on Orders (store/returns-list.ts).
  ['return-receipt', () => useReturns.getState().dialog !== null],
];

/** The modal dialog open over the screen, if any: the keymap gives it the keyboard. */
export function openDialog(): StoreDialog | undefined {
  return DIALOGS.find(([, open]) => open())?.[0];
}

/** A dialog other than the payment panel is open (the panel on its way must not open over it). */
function otherDialog(): boolean {
  return DIALOGS.some(([name, open]) => name !== 'payment' && open());
}

/** What the panel takes: the sale's total, less an exchange's credit (the customer pays the difference). */
export const total = (): number =>
  (useApp.getState().session?.totals.total ?? 0) - (useExchange.getState().credit?.credit ?? 0);

/**
 * The smallest amount cash pays here, in minor units: Settings' cash rounding for the prices' currency
 * (CZK whole crowns), as the core rounds it when it settles the payment.
 */
export function cashStepOf(settings: Pick<SettingsView, 'cashRounding' | 'currency'> | null): Minor {
  return settings === null ? minor(1) : cashStep(settings.cashRounding, settings.currency);
}
/** A sale amount in the prices' currency (Settings), as the panel shows it. */
const price = (n: number): string => formatMoney(n, useApp.getState().settings?.currency ?? null);

/**
 * F9: opens the panel over a sale with lines (the order is placed only by its Enter). A sale the till
 * knows would be refused (no customer, no permission to create orders, nobody signed in, no shift) is
 * refused here, saying what to do, before the customer pays.
 */
export async function openPayment(): Promise<void> {
  // F9 right after a scan (the cashier's usual pace) pays the sale with that scan on it: while its
  // line is still on its way the sale may look empty, and F9 did nothing, silently.
  await scanQueue.idle();
  const p = usePayment.getState();
  if (p.open || p.opening || !payable()) return;
  // From here scans wait, as under the panel: one made during the shift's round trip would change
  // the total under the panel as it opened (and its stock question open over it).
  usePayment.setState({ opening: true });
  try {
    await openAfterShift();
  } finally {
    if (usePayment.getState().opening) usePayment.setState({ opening: false });
  }
}

async function openAfterShift(): Promise<void> {
  // The shift as the core has it now: the one read at start goes stale when it changes elsewhere
  // (another window, Settings switching to another instance), and F9 then showed the whole panel
  // that the core refused at Enter, after the cash was taken.
  await loadShift();
  // Given up (Esc) meanwhile, or something else opened: no panel.
  if (!usePayment.getState().opening || !payable() || otherDialog()) return;
  // No shift open where a sale needs one: the float first, then the payment (one step on).
  if (shiftNeeded()) {
    askForFloat(openPayment);
    return;
  }
  // An exchange whose credit covers the sale: the difference goes back in cash, no panel.
  if (await settleGiveBack()) return;
  if (usePayment.getState().opening) usePayment.setState({ ...CLOSED, open: true });
}

/** A sale with lines the till knows nothing against; what stands against it is said on the Sale screen. */
function payable(): boolean {
  const { session, sale, status } = useApp.getState();
  if (sale.busy || session === null || session.lines.length === 0) return false;
  const refusal = refusalBeforePayment(session, status, useApp.getState().settings);
  if (refusal === null) return true;
  announce({ tone: 'error', text: refusal });
  beepError();
  return false;
}

/** Esc: back to the sale, nothing placed (a panel on its way does not open). */
export function closePayment(): void {
  if (!usePayment.getState().busy) usePayment.setState(CLOSED);
}

/** Digits and one decimal separator only: the amount fields take nothing else. */
const amountText = (text: string): string => text.replace(/[^\d.,]/g, '');

export function setGiven(text: string): void {
  usePayment.setState({ given: amountText(text), error: null });
}

export function setCard(text: string): void {
  usePayment.setState({ card: amountText(text), error: null });
}

export function setMethod(method: Method): void {
  usePayment.setState({ method, error: null });
}

/** Enter: places the order with the tender, unless the amounts typed do not pay the total. */
export async function confirmPayment(): Promise<void> {
  const p = usePayment.getState();
  if (!p.open || p.busy) return;
  const sum = paymentSummary(p, total(), cashStepOf(useApp.getState().settings));
  if (sum.tender === undefined) {
    usePayment.setState({ error: problemWords(sum.problem, p.method) });
    return;
  }
  if (useExchange.getState().credit !== null) {
    await confirmExchange(p.method, sum);
    return;
  }
  usePayment.setState({ busy: true, error: null });
  const placed = await closeSale(sum.tender);
  // Placed: the panel closes, the change due shows large and the receipt below. Refused by the core:
  // the sale stays as it was, the Sale screen says why (the panel closes so that the cashier sees it).
  // The change due is set before the panel closes: scans waiting under it go on at the close, and
  // find the sale paid (held, store/held-scans.ts), never a Sale screen without its change due.
  if (placed !== null)
    usePaid.setState({
      paid: placed.tender === undefined ? null : { orderId: placed.id, tender: placed.tender },
    });
  usePayment.setState(CLOSED);
  if (placed !== null) void useReceipt.getState().showPlaced(placed.id);
}

/** An exchange: the difference by one tender (returns.exchange), its receipt then on the screen. */
async function confirmExchange(method: Method, sum: PaymentSummary): Promise<void> {
  if (method === 'split') {
    usePayment.setState({ error: i18n.t('returns:exchangeNoSplit') });
    return;
  }
  usePayment.setState({ busy: true, error: null });
  const settled = await settleExchange(method);
  usePayment.setState(CLOSED);
  if (settled === null) return;
  // The change due of the difference, large as after any sale: the core takes no cash handed over
  // for an exchange, so it is the panel's figure (the difference paid, what was given, what is over).
  const tender: Tender =
    method === 'card'
      ? { parts: [{ method: 'card', amount: sum.due }], change: 0 }
      : { parts: [{ method: 'cash', amount: sum.due, given: sum.given }], change: sum.change };
  usePaid.setState({ paid: { orderId: settled.order.id, tender } });
}

/** Why Enter did not place, in the cashier's words. */
function problemWords(problem: PaymentProblem | undefined, method: Method): string {
  switch (problem?.kind) {
    case 'not-amount':
      return i18n.t('sale:givenNotAmount', { given: problem.text });
    case 'short':
      return method !== 'split'
        ? i18n.t('sale:notEnoughCash', {
            given: price(problem.given),
            total: price(problem.due),
            short: price(problem.short),
          })
        : i18n.t('sale:notEnoughCashRest', {
            given: price(problem.given),
            rest: price(problem.due),
            short: price(problem.short),
          });
    case 'card-part':
    case undefined:
      return i18n.t('sale:cardPartRange', { total: price(total()) });
  }
}
