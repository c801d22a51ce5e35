// The store hub's actions (issue 38): its setting and state for Settings (the password is
// write-only: it goes to the core and is forgotten), saved behind the manager PIN like every
// setting, and the store's shift view for the Shift screen.
import { create } from 'zustand';
import type { HubSetInput, HubView, StoreShiftView } from '../../contract/contract.ts';
import { pos } from './pos.ts';
import { message } from './app.ts';
import { withPin } from './guard.ts';

interface HubState {
  readonly hub: HubView | null;
  readonly store: StoreShiftView | null;
  readonly error: string | null;
}

export const useHub = create<HubState>(() => ({ hub: null, store: null, error: null }));

export async function loadHub(): Promise<void> {
  try {
    useHub.setState({ hub: await pos.invoke('hub.get', {}), error: null });
  } catch (error) {
    useHub.setState({ error: message(error) });
  }
}

/** Saves the hub's setting; the view it answers with may carry new tills' passwords, shown once. */
export async function saveHub(input: HubSetInput): Promise<HubView> {
  const hub = await withPin(() => pos.invoke('hub.set', input));
  useHub.setState({ hub, error: null });
  return hub;
}

export async function loadStoreShifts(): Promise<void> {
  try {
    useHub.setState({ store: await pos.invoke('store.shifts', {}), error: null });
  } catch (error) {
    useHub.setState({ error: message(error) });
  }
}
