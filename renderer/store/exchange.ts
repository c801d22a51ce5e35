// An exchange at the till (issue 37, point 4), the screens' side. On the Returns screen "Výměna" (F8)
// takes the chosen lines as a credit to the Sale screen: its refund as the core plans it to cash
// (rounded to the cash step, as returns.exchange credits it). The cashier scans what the customer
// takes instead; the Sale screen shows the credit and the difference; F9 settles the difference by
// one tender through returns.exchange, which closes the sale and stores the return together. A
// credit beyond the sale is paid out in cash (the cashier confirms it was handed over).
import { create } from 'zustand';
import { minor, minorOf, roundCash, toMajor } from '../../common/money.ts';
import { cashStep, type OutboxEntryView, type ReturnExchangeView } from '../../contract/contract.ts';
import { formatMoney } from '../format/format.ts';
import { i18n } from '../i18n/index.ts';
import { message, notePlaced, useApp } from './app.ts';
import { askToConfirm, withPin } from './guard.ts';
import { pos } from './pos.ts';
import { useReceipt } from './receipt.ts';
import { announce } from './sale.ts';

export interface ExchangeCredit {
  /** The original sale's receipt (or reference), as returns.find found it. */
  readonly receipt: string;
  readonly lines: readonly { lineNo: number; quantity: number }[];
  /** The refund credited to the new sale (rounded to the cash step). */
  readonly credit: number;
}

export const useExchange = create<{ readonly credit: ExchangeCredit | null }>()(() => ({ credit: null }));

/**
 * Takes the chosen lines as a credit to the Sale screen (the return is made only when F9 settles).
 * The core holds it on the sale at the counter (returns.holdExchange), so a reload finds it again.
 */
export async function startExchange(receipt: string, lines: ExchangeCredit['lines']): Promise<void> {
  if (lines.length === 0) return;
  const held = await pos.invoke('returns.holdExchange', { receipt, lines: [...lines] });
  useExchange.setState({ credit: held });
  useApp.getState().setScreen('sale');
}

/** The credit as the core holds it on the sale at the counter: after a reload, a park or a recall. */
export async function loadExchange(): Promise<void> {
  try {
    const held = await pos.invoke('returns.heldExchange', {});
    useExchange.setState({ credit: held });
  } catch {
    // Not known now (the core starting): the credit shown stays as it was until the next read.
  }
}

export function dropExchange(): void {
  useExchange.setState({ credit: null });
  pos.invoke('returns.dropExchange', {}).catch((error: unknown) => {
    announce({ tone: 'error', text: message(error) });
  });
}

/** What the customer pays for the sale on the counter less the credit (below 0: gets it back). */
export function exchangeDifference(pays: 'cash' | 'card'): number | null {
  const { credit } = useExchange.getState();
  if (credit === null) return null;
  return differenceOf(credit.credit, useApp.getState().session?.totals.total ?? 0, pays);
}

/** As the core works it out: cash pays the total rounded, card the total exactly; back is cash. */
export function differenceOf(credit: number, total: number, pays: 'cash' | 'card'): number {
  const sale = minorOf(total);
  const settings = useApp.getState().settings;
  const step = settings === null ? minor(1) : cashStep(settings.cashRounding, settings.currency);
  const creditMinor = minorOf(credit);
  if (sale === undefined || creditMinor === undefined) return total - credit;
  const due = pays === 'card' && creditMinor < sale ? sale : roundCash(sale, step).dueMinor;
  return toMajor(minor(due - creditMinor));
}

/** The credit beyond the sale: the cashier pays it out in cash and says so, then it is settled. */
export async function settleGiveBack(): Promise<boolean> {
  const back = exchangeDifference('cash');
  if (back === null || back > 0) return false;
  const done = await askToConfirm({
    title: i18n.t('returns:exchangeBackTitle'),
    body: i18n.t('returns:exchangeBackBody', { amount: price(-back) }),
    confirmLabel: i18n.t('returns:exchangeBackDone'),
    keepLabel: i18n.t('returns:exchangeBackKeep'),
  });
  if (!done) return true;
  await settleExchange('cash');
  return true;
}

/** Settles the sale on the counter with the credit: returns.exchange, then the placed sale is shown. */
export async function settleExchange(
  pays: 'cash' | 'card',
): Promise<{ done: ReturnExchangeView; order: OutboxEntryView } | null> {
  const { credit } = useExchange.getState();
  if (credit === null) return null;
  try {
    // One PIN, one exchange: a PIN asked for it (beyond Settings' limits) shuts the lock again after.
    const done = await withPin(
      () => pos.invoke('returns.exchange', { receipt: credit.receipt, lines: [...credit.lines], pays }),
      true,
    );
    useExchange.setState({ credit: null });
    const session = await pos.invoke('session.current', {});
    useApp.setState({ session });
    const order = await pos.invoke('outbox.get', { id: done.orderId });
    announce(
      {
        tone: 'ok',
        text: i18n.t('returns:exchangeDone', {
          number: done.return.number,
          receipt: done.return.exchangeReceipt ?? '',
        }),
      },
      { placed: order.id, selected: 0, quantityError: null },
    );
    notePlaced(order);
    // Its receipt on the screen, as after any sale (it names the return).
    void useReceipt.getState().showPlaced(order.id);
    void useApp.getState().refreshStatus();
    return { done, order };
  } catch (error) {
    announce({ tone: 'error', text: message(error) });
    return null;
  }
}

const price = (n: number): string => formatMoney(n, useApp.getState().settings?.currency ?? null);
