// The `window.pos` bridge a preload exposes, over Electron's IPC: it passes only the channel names
// its window may use (all of them for the till, a few for the customer display), and drops events of
// any other name. The payloads are validated by the core (zod) in the main process, which checks
// again which window a call came from (main/electron/windows.ts). Kept free of Electron's runtime, so
// it is unit-tested with a plain IPC of the test's own.
import { IPC_EVENT, IPC_INVOKE, type CallChannel, type EventChannel } from '../../contract/channels.ts';
import type { PosBridge } from '../../contract/contract.ts';

/** The part of ipcRenderer the bridge uses. */
export interface RendererIpc {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

export interface BridgeAllowlist {
  call(name: unknown): name is CallChannel;
  event(name: unknown): name is EventChannel;
}

export function posBridge(ipc: RendererIpc, allowed: BridgeAllowlist): PosBridge {
  const listeners = new Map<EventChannel, Set<(payload: unknown) => void>>();
  ipc.on(IPC_EVENT, (_event: unknown, name: unknown, payload: unknown) => {
    if (!allowed.event(name)) return;
    for (const listener of listeners.get(name) ?? []) listener(payload);
  });
  return {
    invoke(channel, input) {
      if (!allowed.call(channel)) return Promise.reject(new Error('unknown channel'));
      return ipc.invoke(IPC_INVOKE, channel, input);
    },
    on(event, listener) {
      if (!allowed.event(event) || typeof listener !== 'function') throw new Error('unknown event');
      let set = listeners.get(event);
      if (set === undefined) {
        set = new Set();
        listeners.set(event, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
    // IPC events reach the page from the start (the listener above is in place before the page runs):
    // open at once, once the caller's code has run on (so what it subscribes right after counts too).
    opened(listener) {
      if (typeof listener !== 'function') throw new Error('not a function');
      let wanted = true;
      queueMicrotask(() => {
        if (wanted) listener();
      });
      return () => {
        wanted = false;
      };
    },
  };
}
