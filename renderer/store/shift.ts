// The till's shift as the screens see it: whether one is open (its X report) and whether selling
// needs one, the last closed shift's Z report, and the actions of the Shift screen (F5): open with
// the float, cash paid in and out, close with the cash counted (a difference over the limit asks for
// the manager PIN: withPin). F9 on a sale with no shift open asks for the float first (the float
// prompt), then goes on to the payment.
import { create } from 'zustand';
import { PosError, type ShiftReportView, type ShiftStateView } from '../../contract/contract.ts';
import { i18n } from '../i18n/index.ts';
import { message } from './app.ts';
import { withPin } from './guard.ts';
import { pos } from './pos.ts';
import { parseAmount } from './tender.ts';

export interface ShiftUi {
  /** The till's shift now; null until the core answered. */
  readonly state: ShiftStateView | null;
  /** The last closed shift's Z report (with where its sales are now), when asked for. */
  readonly last: ShiftReportView | null;
  /** The Shift screen shows the last Z report instead of the open shift's X. */
  readonly showLast: boolean;
  readonly busy: boolean;
  /** What the last action on the Shift screen said went wrong, in the screens' language. */
  readonly error: string | null;
  /** What the last action did, said once. */
  readonly done: string | null;
}

export const useShift = create<ShiftUi>()(() => ({
  state: null,
  last: null,
  showLast: false,
  busy: false,
  error: null,
  done: null,
}));

/** The float prompt over the sale: F9 with no shift open asks for the float, then pays. */
export interface FloatPromptUi {
  readonly open: boolean;
  readonly text: string;
  readonly error: string | null;
  readonly busy: boolean;
}
const NO_PROMPT: FloatPromptUi = { open: false, text: '', error: null, busy: false };
export const useFloatPrompt = create<FloatPromptUi>()(() => NO_PROMPT);
/** What the prompt goes on to once the shift is open (the payment panel). */
let afterOpen: (() => unknown) | null = null;

/** Reads the till's shift from the core (at start, after a sale, after each action). */
export async function loadShift(): Promise<void> {
  try {
    useShift.setState({ state: await pos.invoke('shift.current', {}) });
  } catch (error) {
    useShift.setState({ error: message(error) });
  }
}

/** A sale needs a shift and none is open: known before the customer pays. */
export function shiftNeeded(): boolean {
  const state = useShift.getState().state;
  return state !== null && state.required && state.open === null;
}

/** An amount as typed ("1500", "1 500,50") in the currency's major unit, or the words why not. */
function amountOf(text: string): { amount: number } | { error: string } {
  const amount = parseAmount(text === '' ? '0' : text);
  if (amount === undefined || Number.isNaN(amount)) return { error: i18n.t('shift:notAmount', { text }) };
  return { amount };
}

async function act(run: () => Promise<ShiftReportView>, done: (report: ShiftReportView) => string) {
  if (useShift.getState().busy) return false;
  useShift.setState({ busy: true, error: null, done: null });
  try {
    const report = await run();
    useShift.setState({ done: done(report), showLast: report.state === 'closed' });
    if (report.state === 'closed') useShift.setState({ last: report });
    await loadShift();
    return true;
  } catch (error) {
    useShift.setState({ error: message(error) });
    return false;
  } finally {
    useShift.setState({ busy: false });
  }
}

/** Opens the shift with the float counted into the drawer (empty: none). */
export async function openShift(floatText: string): Promise<boolean> {
  const parsed = amountOf(floatText.trim());
  if ('error' in parsed) {
    useShift.setState({ error: parsed.error, done: null });
    return false;
  }
  return act(
    () => pos.invoke('shift.open', { float: parsed.amount }),
    () => i18n.t('shift:opened'),
  );
}

/** Cash paid into (in) or out of (out) the drawer, with the reason. */
export async function moveCash(
  direction: 'in' | 'out',
  amountText: string,
  reason: string,
): Promise<boolean> {
  const parsed = amountOf(amountText.trim());
  if ('error' in parsed || parsed.amount <= 0) {
    useShift.setState({ error: i18n.t('shift:notAmount', { text: amountText }), done: null });
    return false;
  }
  if (reason.trim() === '') {
    useShift.setState({ error: i18n.t('shift:reasonNeeded'), done: null });
    return false;
  }
  return act(
    () => pos.invoke('shift.cash', { direction, amount: parsed.amount, reason: reason.trim() }),
    () => i18n.t(direction === 'in' ? 'shift:paidInDone' : 'shift:paidOutDone'),
  );
}

/** Closes the shift with the cash counted; a difference over the limit asks for the manager PIN. */
export async function closeShift(countedText: string): Promise<boolean> {
  if (countedText.trim() === '') {
    useShift.setState({ error: i18n.t('shift:countedNeeded'), done: null });
    return false;
  }
  const parsed = amountOf(countedText.trim());
  if ('error' in parsed) {
    useShift.setState({ error: parsed.error, done: null });
    return false;
  }
  // One PIN, one close: the lock shuts again right after.
  return act(
    () => withPin(() => pos.invoke('shift.close', { counted: parsed.amount }), true),
    () => i18n.t('shift:closed'),
  );
}

/** The last closed shift's Z report, as it was at close, with where its sales are now. */
export async function showLastZ(): Promise<void> {
  try {
    const last = await pos.invoke('shift.last', {});
    // None closed yet: said, and the open shift's X stays shown (not "no shift open" under one).
    if (last === null) useShift.setState({ last, error: i18n.t('shift:noneClosed') });
    else useShift.setState({ last, showLast: true, error: null });
  } catch (error) {
    useShift.setState({ error: message(error) });
  }
}

export function showCurrent(): void {
  useShift.setState({ showLast: false, error: null, done: null });
}

/** The report the Shift screen shows (and F7 prints): the last Z when asked for, else the open X. */
export function shownReport(): ShiftReportView | null {
  const { state, last, showLast } = useShift.getState();
  return showLast ? last : (state?.open ?? last);
}

// ---------- the float prompt over the sale ----------

/** F9 with no shift open: asks for the float; `then` runs once the shift is open. */
export function askForFloat(then: () => unknown): void {
  afterOpen = then;
  useFloatPrompt.setState({ ...NO_PROMPT, open: true });
}

export function setFloatText(text: string): void {
  useFloatPrompt.setState({ text: text.replace(/[^\d.,\s]/g, ''), error: null });
}

export function closeFloatPrompt(): void {
  if (useFloatPrompt.getState().busy) return;
  afterOpen = null;
  useFloatPrompt.setState(NO_PROMPT);
}

/** Enter: opens the shift with the float typed (empty: 0), then goes on (the payment panel). */
export async function confirmFloat(): Promise<void> {
  const prompt = useFloatPrompt.getState();
  if (!prompt.open || prompt.busy) return;
  const parsed = amountOf(prompt.text.trim());
  if ('error' in parsed) {
    useFloatPrompt.setState({ error: parsed.error });
    return;
  }
  useFloatPrompt.setState({ busy: true, error: null });
  try {
    await pos.invoke('shift.open', { float: parsed.amount });
  } catch (error) {
    // Opened meanwhile elsewhere (pos shift open): the sale goes on in that shift.
    if (!(error instanceof PosError && error.said?.[0]?.key === 'shiftAlreadyOpen')) {
      useFloatPrompt.setState({ busy: false, error: message(error) });
      return;
    }
  }
  await loadShift();
  const then = afterOpen;
  afterOpen = null;
  useFloatPrompt.setState(NO_PROMPT);
  await then?.();
}

/** F7 on the Shift screen: prints the report shown, on the receipt printer's paper (its print copy). */
export function printShiftReport(): void {
  if (shownReport() !== null) window.print();
}
