// Guarded actions: a destructive Orders action asks first (`askToConfirm`), a call the core refuses
// with 'unconfirmed' (the stock rule) asks the cashier and is made again once confirmed
// (`withConfirm`), and any call the core refuses with 'locked' (a manager PIN is set and was not given) opens the PIN prompt;
// once `manager.unlock` opens the lock, the call is made again (`withPin`). The PIN is only ever what
// the manager types into the prompt: it goes to the core and is forgotten.
import { create } from 'zustand';
import { PosError } from '../../contract/contract.ts';
import { i18n } from '../i18n/index.ts';
import { pos } from './pos.ts';
import { message } from './app.ts';

export interface ConfirmAsk {
  readonly title: string;
  readonly body: string;
  /** The destructive button's words ("Discard order"). */
  readonly confirmLabel: string;
  /** The safe button's words, the one focused when the dialog opens ("Keep the order"). */
  readonly keepLabel: string;
  /**
   * A warning rather than a destructive action (the stock rule's): the confirming button is focused
   * and Enter confirms; Esc still keeps.
   */
  readonly enterConfirms?: true;
}

/** Why the PIN typed did not open the lock: the dialog says it in the screens' language. */
export type PinError =
  | { readonly kind: 'wrong'; readonly triesLeft: number }
  | { readonly kind: 'locked-out'; readonly retryAt: number }
  | { readonly kind: 'failed'; readonly message: string };

export interface PinPrompt {
  /** What the PIN is asked for (the core's words: "Discarding an order needs the manager PIN."). */
  readonly reason: string;
  readonly error: PinError | null;
  readonly busy: boolean;
  /** Locked out: when the PIN may be tried again (epoch ms). */
  readonly retryAt: number | null;
}

interface GuardUi {
  readonly confirm: ConfirmAsk | null;
  readonly pin: PinPrompt | null;
}

export const useGuard = create<GuardUi>()(() => ({ confirm: null, pin: null }));

/** The guard dialog open over the screen, if any (the keymap gives it the keyboard). */
export function guardDialog(): 'confirm' | 'warning' | 'pin' | undefined {
  const { confirm, pin } = useGuard.getState();
  if (pin !== null) return 'pin';
  if (confirm !== null) return confirm.enterConfirms === true ? 'warning' : 'confirm';
  return undefined;
}

let confirmed: ((yes: boolean) => void) | null = null;
let unlocked: ((yes: boolean) => void) | null = null;

/** Asks before a destructive action: true once the cashier chose the destructive button. */
export function askToConfirm(ask: ConfirmAsk): Promise<boolean> {
  confirmed?.(false);
  useGuard.setState({ confirm: ask });
  return new Promise((resolve) => {
    confirmed = resolve;
  });
}

/** The confirmation's answer (Esc, Enter on the focused safe button, or a click). */
export function answerConfirm(yes: boolean): void {
  const done = confirmed;
  confirmed = null;
  useGuard.setState({ confirm: null });
  done?.(yes);
}

/**
 * Runs a guarded call; if the core refuses it as 'locked', asks for the manager PIN and runs it again
 * once the lock is open. Leaving the prompt rejects with a PosError 'locked' saying it was not done.
 * `relock`: the lock shuts again right after the call the PIN was given for (one PIN, one action).
 */
export async function withPin<T>(call: () => Promise<T>, relock = false): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof PosError) || error.code !== 'locked') throw error;
    if (!(await askForPin(message(error))))
      // The PIN was not given: the guarded call says it was not done, in the language spoken now.
      throw new PosError({ code: 'locked', message: i18n.t('common:pinNotGiven') });
    try {
      return await withPin(call);
    } finally {
      if (relock) await lockManager();
    }
  }
}

/** What the stock rule's question says beside the core's reasons. */
export interface ConfirmWords {
  /** The safe button: what Esc does ("Do not add"). */
  readonly keepLabel: string;
  /** Said after the reasons when the cashier kept ("Not added."). */
  readonly declined: string;
}

/**
 * Runs a call the core may refuse as 'unconfirmed' (the stock rule: an inactive item, one out of
 * stock, more than in stock): the cashier is asked with the core's reasons, and on Enter the same
 * call is made again with `confirmed`. Esc rejects with a PosError 'unconfirmed' saying the reasons
 * and that nothing was done. The call itself (the scan, with its quantity) is held here meanwhile.
 */
export async function withConfirm<T>(
  call: (confirmed: boolean) => Promise<T>,
  said: ConfirmWords,
): Promise<T> {
  try {
    return await call(false);
  } catch (error) {
    if (!(error instanceof PosError) || error.code !== 'unconfirmed') throw error;
    const reasons = message(error);
    const yes = await askToConfirm({
      title: i18n.t('sale:stockCheckTitle'),
      body: reasons,
      confirmLabel: i18n.t('sale:stockSellAnyway'),
      keepLabel: said.keepLabel,
      enterConfirms: true,
    });
    if (!yes) throw new PosError({ code: 'unconfirmed', message: `${reasons} ${said.declined}` });
    return call(true);
  }
}

function askForPin(reason: string): Promise<boolean> {
  unlocked?.(false);
  useGuard.setState({ pin: { reason, error: null, busy: false, retryAt: null } });
  return new Promise((resolve) => {
    unlocked = resolve;
  });
}

function setPin(patch: Partial<PinPrompt>): void {
  useGuard.setState((s) => (s.pin === null ? s : { pin: { ...s.pin, ...patch } }));
}

/** The PIN typed into the prompt: opens the lock (the call is then made again), or says why not. */
export async function submitPin(pin: string): Promise<void> {
  if (useGuard.getState().pin?.busy === true) return;
  setPin({ busy: true });
  try {
    const answer = await pos.invoke('manager.unlock', { pin });
    if (answer.open) {
      const done = unlocked;
      unlocked = null;
      useGuard.setState({ pin: null });
      done?.(true);
      return;
    }
    if (answer.retryAt !== undefined)
      setPin({
        busy: false,
        retryAt: answer.retryAt,
        error: { kind: 'locked-out', retryAt: answer.retryAt },
      });
    else setPin({ busy: false, retryAt: null, error: { kind: 'wrong', triesLeft: answer.triesLeft ?? 0 } });
  } catch (error) {
    setPin({ busy: false, error: { kind: 'failed', message: message(error) } });
  }
}

/** The prompt left without the PIN (Esc or Cancel): the guarded action is not done. */
export function cancelPin(): void {
  const done = unlocked;
  unlocked = null;
  useGuard.setState({ pin: null });
  done?.(false);
}

/** Esc in a guard dialog: keep (confirmation) or leave the prompt (PIN). */
export function leaveGuardDialog(): void {
  if (useGuard.getState().pin !== null) cancelPin();
  else answerConfirm(false);
}

/** Shuts the lock again (leaving Settings, or after a guarded Orders action the PIN opened). */
export async function lockManager(): Promise<void> {
  try {
    await pos.invoke('manager.lock', {});
  } catch {
    // Nothing to show: at worst the lock closes by itself after its few minutes.
  }
}
