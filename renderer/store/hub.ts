// The store hub's actions (issue 38): its setting and state for Settings (the password is
// write-only: it goes to the core and is forgotten), saved behind the manager PIN like every
// setting, and the store's shift view for the Shift screen.
import { create } from 'zustand';
import type { HubSetInput, HubView, StoreShiftView } from '../../contract/contract.ts';
import { pos } from './pos.ts';
import { message } from './app.ts';
import { withPin } from './guard.ts';
import { Newest } from './newest.ts';

interface HubState {
  readonly hub: HubView | null;
  readonly store: StoreShiftView | null;
  readonly error: string | null;
}

export const useHub = create<HubState>(() => ({ hub: null, store: null, error: null }));

/** The hub's view: of two reads racing (a status event's and the card's first), the later is shown. */
const hubView = new Newest<HubView>((hub) => useHub.setState({ hub, error: null }));

export async function loadHub(): Promise<void> {
  try {
    await hubView.ask(() => pos.invoke('hub.get', {}));
  } catch (error) {
    useHub.setState({ error: message(error) });
  }
}

let reading: Promise<void> | null = null;
let readAgain = false;

/**
 * Reads the hub's view again (the card asks while open: at a status event and every 2 s). The card
 * shows what the till sees now, not what it saw when opened: read once, it said "behind by 2" for
 * good while the till had caught up (seen in a CI run under load). One read at a time; asked during
 * a read, one more after it.
 */
export function reloadHub(): void {
  if (reading !== null) {
    readAgain = true;
    return;
  }
  reading = loadHub().finally(() => {
    reading = null;
    if (!readAgain) return;
    readAgain = false;
    reloadHub();
  });
}

/** Saves the hub's setting; the view it answers with may carry new tills' passwords, shown once. */
export async function saveHub(input: HubSetInput): Promise<HubView> {
  const hub = await withPin(() => pos.invoke('hub.set', input));
  hubView.event(hub);
  return hub;
}

export async function loadStoreShifts(): Promise<void> {
  try {
    useHub.setState({ store: await pos.invoke('store.shifts', {}), error: null });
  } catch (error) {
    useHub.setState({ error: message(error) });
  }
}
