// The Returns screen's state and actions (issue 37): the sale found by its receipt (a scan of its QR
// lands here while the screen is open), the quantities typed per line, the core's plan of the refund
// (per tender, cash rounded, the manager's reasons), and the return made. Making it asks for the
// manager PIN first where the plan needs it (the guard's PIN dialog), then for the cashier's word that
// the card part was refunded on the terminal (the guard's confirmation), and only then stores it.
import { create } from 'zustand';
import {
  PosError,
  type ReturnPlanView,
  type ReturnSaleView,
  type ReturnView,
} from '../../contract/contract.ts';
import { formatMoney, parseQuantity } from '../format/format.ts';
import { i18n } from '../i18n/index.ts';
import { spoken } from '../i18n/spoken.ts';
import { askToConfirm, lockManager, withPin } from './guard.ts';
import { message, useApp } from './app.ts';
import { pos } from './pos.ts';
import { startExchange } from './exchange.ts';
import { addBarcode, closeNoReceipt, makeNoReceipt, openNoReceipt, useNoReceipt } from './no-receipt.ts';

export interface ReturnsUi {
  /** The find field's text. */
  readonly text: string;
  readonly sale: ReturnSaleView | null;
  /** What the cashier typed per line (by lineNo). */
  readonly quantities: Readonly<Record<number, string>>;
  readonly plan: ReturnPlanView | null;
  readonly error: string | null;
  readonly busy: boolean;
  /** The return just made: its receipt is on the screen. */
  readonly made: ReturnView | null;
}

const EMPTY: ReturnsUi = {
  text: '',
  sale: null,
  quantities: {},
  plan: null,
  error: null,
  busy: false,
  made: null,
};

export const useReturns = create<ReturnsUi>()(() => EMPTY);

/** Answers that come back after a newer question are dropped (the plan of an older quantity). */
let asked = 0;

export function setFindText(text: string): void {
  useReturns.setState({ text });
}

/** Finds the sale a receipt names (its number, its reference, its QR's text); offline too. */
export async function findSale(text: string): Promise<void> {
  const wanted = text.trim();
  const ask = ++asked;
  // The last return's receipt stays until "Next return": a scan that came while it was being made
  // (waiting behind the PIN or the card's question) must not take it off the screen.
  useReturns.setState((s) => ({ ...EMPTY, made: s.made, text: wanted, busy: true }));
  try {
    const sale = await pos.invoke('returns.find', { text: wanted });
    if (ask !== asked) return;
    useReturns.setState({ sale, busy: false });
  } catch (error) {
    if (ask === asked) useReturns.setState({ busy: false, error: message(error) });
  }
}

/** A scan while the Returns screen is open: the receipt's QR lands in the find field and is looked up. */
export function scanToReturns(code: string): Promise<void> {
  // Taking goods back without a receipt: the scan is a product the customer brings.
  if (useNoReceipt.getState().open) return addBarcode(code);
  return findSale(code);
}

/** "Bez účtenky" (F6): the screen takes products instead of a receipt; again: back to the receipt. */
export function toggleNoReceipt(): void {
  if (useNoReceipt.getState().open) {
    closeNoReceipt();
    return;
  }
  nextReturn();
  openNoReceipt();
}

/** F9 on the Returns screen: the return without a receipt when that is open, else the sale's lines. */
export async function makeReturnOnScreen(): Promise<void> {
  if (!useNoReceipt.getState().open) return makeReturn();
  const made = await makeNoReceipt();
  // Its receipt on the screen, as after any return (printed by the core's queue when a printer is set).
  if (made !== null) useReturns.setState({ ...EMPTY, made });
}

/** Orders' "Return goods" on a sale's row: the Returns screen opens with that sale. */
export function returnFromOrders(text: string): void {
  useApp.getState().setScreen('returns');
  void findSale(text);
}

/** The quantity typed for one line; the refund is planned again. */
export function setReturnQuantity(lineNo: number, text: string): void {
  useReturns.setState((s) => ({ quantities: { ...s.quantities, [lineNo]: text }, made: null }));
  void replan();
}

/** What the typed quantities ask for: the lines with a quantity, or why a text is none. */
function wantedLines(): { lines: { lineNo: number; quantity: number }[]; bad: string | null } {
  const { quantities } = useReturns.getState();
  const lines: { lineNo: number; quantity: number }[] = [];
  let bad: string | null = null;
  for (const [key, text] of Object.entries(quantities)) {
    if (text.trim() === '') continue;
    const quantity = parseQuantity(text);
    if (quantity === undefined) bad = text.trim();
    else if (quantity > 0) lines.push({ lineNo: Number(key), quantity });
  }
  return { lines, bad };
}

async function replan(): Promise<void> {
  const { sale } = useReturns.getState();
  if (sale === null) return;
  const { lines, bad } = wantedLines();
  const ask = ++asked;
  if (bad !== null) {
    useReturns.setState({
      plan: null,
      error: spoken([{ key: 'returnQuantity', values: { quantity: bad } }], bad),
    });
    return;
  }
  if (lines.length === 0) {
    useReturns.setState({ plan: null, error: null });
    return;
  }
  try {
    const plan = await pos.invoke('returns.plan', { receipt: receiptOf(sale), lines });
    if (ask === asked) useReturns.setState({ plan, error: null });
  } catch (error) {
    if (ask === asked) useReturns.setState({ plan: null, error: message(error) });
  }
}

function receiptOf(sale: ReturnSaleView): string {
  return sale.receipt ?? sale.reference;
}

/**
 * Takes the chosen lines back: the manager's PIN first where the plan needs it, then the card part
 * confirmed as refunded on the terminal, then stored. Whatever stops it says that nothing came back.
 */
export async function makeReturn(): Promise<void> {
  const { sale, plan, busy } = useReturns.getState();
  if (sale === null || plan === null || busy) return;
  const { lines } = wantedLines();
  const request = { receipt: receiptOf(sale), lines };
  const make = (cardRefunded: boolean) => pos.invoke('returns.make', { ...request, cardRefunded });
  useReturns.setState({ busy: true, error: null });
  try {
    let made: ReturnView;
    try {
      made = await withPin(() => make(false));
    } catch (error) {
      if (!(error instanceof PosError) || error.code !== 'unconfirmed') throw error;
      const done = await askToConfirm({
        title: i18n.t('returns:cardTitle'),
        body: i18n.t('returns:cardBody', {
          amount: formatMoney(plan.card, useApp.getState().settings?.currency ?? null),
        }),
        confirmLabel: i18n.t('returns:cardDone'),
        keepLabel: i18n.t('returns:cardBack'),
      });
      if (!done) throw new PosError({ code: 'unconfirmed', message: i18n.t('returns:notDone') });
      made = await withPin(() => make(true));
    }
    useReturns.setState({ made, busy: false, quantities: {}, plan: null });
    // The sale again: what is left to return now.
    const again = await pos.invoke('returns.find', { text: receiptOf(sale) });
    useReturns.setState({ sale: again });
  } catch (error) {
    useReturns.setState({ busy: false, error: message(error) });
  } finally {
    // One PIN, one return: the lock shuts again once it is made (or not).
    if (plan.approval.length > 0) await lockManager();
  }
}

/**
 * "Výměna" (F8): the chosen lines go to the Sale screen as a credit (store/exchange.ts); the return is
 * made only when F9 there settles the new sale. The screen is cleared for the next customer.
 */
export async function exchangeChosen(): Promise<void> {
  const { sale, plan, busy } = useReturns.getState();
  if (sale === null || plan === null || busy) return;
  const { lines } = wantedLines();
  try {
    await startExchange(receiptOf(sale), lines);
    nextReturn();
  } catch (error) {
    useReturns.setState({ error: message(error) });
  }
}

/**
 * The return on the screen read again: where its document is changes after it is made (sent, in
 * doubt, to fix), and the screen says where it is now. Called on the core's outbox and status news.
 */
export async function refreshMade(): Promise<void> {
  const made = useReturns.getState().made;
  if (made === null) return;
  try {
    const now = await pos.invoke('returns.get', { id: made.id });
    // Still the same return on the screen (not "Next return" meanwhile).
    if (useReturns.getState().made?.id === now.id) useReturns.setState({ made: now });
  } catch {
    // Not known now: the state shown stays until the next news.
  }
}

/** Reads the return on the screen again on each piece of the core's outbox or status news; returns the stop. */
export function followMade(): () => void {
  const offs = [
    pos.on('outbox.changed', () => void refreshMade()),
    pos.on('status.changed', () => void refreshMade()),
  ];
  void refreshMade();
  return () => {
    for (const off of offs) off();
  };
}

/** The screen again for the next customer. */
export function nextReturn(): void {
  asked++;
  useReturns.setState(EMPTY);
}

/** Prints the return's receipt: on the receipt printer (a copy through its queue), else the system's. */
export async function printReturn(printer: boolean): Promise<void> {
  const made = useReturns.getState().made;
  if (made === null) return;
  try {
    if (printer) {
      await pos.invoke('returns.reprint', { id: made.id });
      return;
    }
    const counted = () => {
      window.removeEventListener('afterprint', counted);
      void pos
        .invoke('returns.printed', { id: made.id })
        .then((after) => useReturns.setState({ made: after }))
        .catch((error: unknown) => useReturns.setState({ error: message(error) }));
    };
    window.addEventListener('afterprint', counted);
    window.print();
  } catch (error) {
    useReturns.setState({ error: message(error) });
  }
}
