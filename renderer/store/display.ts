// The customer display's state: what the core says the customer sees (display.get, then each
// display.changed), read again whenever events start reaching the page (a reconnect loses some).
import { create } from 'zustand';
import type { CustomerDisplayView } from '../../contract/contract.ts';
import { pos } from './pos.ts';

export const useDisplay = create<{ view: CustomerDisplayView | null }>()(() => ({ view: null }));

/** Follows the core from this page; returns the unsubscribe function. */
export function followDisplay(): () => void {
  const read = () => {
    pos.invoke('display.get', {}).then(
      (view) => useDisplay.setState({ view }),
      () => undefined,
    );
  };
  const offs = [
    pos.on('display.changed', (view) => useDisplay.setState({ view })),
    // A change of the store's language or currency (Settings) is said by status.changed: the view
    // carries them, read again.
    pos.on('status.changed', read),
    pos.opened(read),
  ];
  read();
  return () => {
    for (const off of offs) off();
  };
}

/**
 * In the app (Electron, served from app://) the display is a window the app opens by itself on a
 * second screen (main/electron/display-window.ts); in the web shell it is an address to open.
 */
export function displayOpensItself(): boolean {
  return location.protocol === 'app:';
}

/** Where the display is: /display of this page's origin (same shell, same pass). */
export function customerDisplayAddress(): string {
  return `${location.origin}/display`;
}
