// Who works the till: the cashiers the manager added (Settings, behind the manager PIN when one is
// set), and who is signed in with their own PIN (the Shift screen). Once the till has cashiers, the
// core records nothing without one signed in: every sale, void and cash move says who did it.
import { create } from 'zustand';
import type { CashiersView } from '../../contract/contract.ts';
import { i18n } from '../i18n/index.ts';
import { message } from './app.ts';
import { withPin } from './guard.ts';
import { pos } from './pos.ts';

export interface CashiersUi {
  readonly view: CashiersView | null;
  readonly error: string | null;
  readonly done: string | null;
  readonly busy: boolean;
}

export const useCashiers = create<CashiersUi>()(() => ({ view: null, error: null, done: null, busy: false }));

export async function loadCashiers(): Promise<void> {
  try {
    useCashiers.setState({ view: await pos.invoke('cashier.list', {}) });
  } catch (error) {
    useCashiers.setState({ error: message(error) });
  }
}

async function act(run: () => Promise<CashiersView>, done: () => string): Promise<boolean> {
  if (useCashiers.getState().busy) return false;
  useCashiers.setState({ busy: true, error: null, done: null });
  try {
    useCashiers.setState({ view: await run(), done: done() });
    return true;
  } catch (error) {
    useCashiers.setState({ error: message(error) });
    return false;
  } finally {
    useCashiers.setState({ busy: false });
  }
}

/** Adds a cashier with their PIN (4 to 6 digits), checked here before the core is asked. */
export async function addCashier(name: string, pin: string): Promise<boolean> {
  if (name.trim() === '') {
    useCashiers.setState({ error: i18n.t('shift:cashierNameNeeded'), done: null });
    return false;
  }
  if (!/^\d{4,6}$/.test(pin)) {
    useCashiers.setState({ error: i18n.t('shift:cashierPinDigits'), done: null });
    return false;
  }
  return act(
    () => withPin(() => pos.invoke('cashier.add', { name: name.trim(), pin })),
    () => i18n.t('shift:cashierAdded', { name: name.trim() }),
  );
}

export async function removeCashier(id: number, name: string): Promise<boolean> {
  return act(
    () => withPin(() => pos.invoke('cashier.remove', { id })),
    () => i18n.t('shift:cashierRemoved', { name }),
  );
}

export async function signIn(id: number, pin: string): Promise<boolean> {
  return act(
    () => pos.invoke('cashier.signIn', { id, pin }),
    () => i18n.t('shift:signedIn'),
  );
}

export async function signOut(): Promise<boolean> {
  return act(
    () => pos.invoke('cashier.signOut', {}),
    () => i18n.t('shift:signedOutDone'),
  );
}
