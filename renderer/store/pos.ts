// The one `PosApi` the store calls: set once before anything is asked, by main.tsx with the shell's
// bridge (platform/pos.ts), or by a test with a fake one, so that the store's logic runs in Node
// without a shell. Only the store calls it: screens dispatch the store's actions, never `pos` itself.
import type { PosApi } from '../../contract/contract.ts';

let current: PosApi | undefined;

/** The API every store action calls from now on. */
export function setPos(api: PosApi): void {
  current = api;
}

function api(): PosApi {
  if (current === undefined) throw new Error('The store has no PosApi yet: setPos comes first (main.tsx)');
  return current;
}

export const pos: PosApi = {
  invoke: (channel, input) => api().invoke(channel, input),
  on: (event, listener) => api().on(event, listener),
  opened: (listener) => api().opened(listener),
};
