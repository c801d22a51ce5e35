// Electron preload (sandboxed, context-isolated): exposes `window.pos` and nothing else. It passes
// only allowlisted channel names; payloads are validated by the core (zod) in the main process, and
// the typed API on top of this bridge lives in the renderer (renderer/platform/pos.ts). Bundled into one CJS
// file by main/electron/build.ts, because a sandboxed preload cannot load other files.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import {
  IPC_EVENT,
  IPC_INVOKE,
  isCallChannel,
  isEventChannel,
  type EventChannel,
} from '../../contract/channels.ts';
import type { PosBridge } from '../../contract/contract.ts';

const listeners = new Map<EventChannel, Set<(payload: unknown) => void>>();

ipcRenderer.on(IPC_EVENT, (_event: IpcRendererEvent, name: unknown, payload: unknown) => {
  if (!isEventChannel(name)) return;
  for (const listener of listeners.get(name) ?? []) listener(payload);
});

const bridge: PosBridge = {
  invoke(channel, input) {
    if (!isCallChannel(channel)) return Promise.reject(new Error('unknown channel'));
    return ipcRenderer.invoke(IPC_INVOKE, channel, input) as Promise<unknown>;
  },
  on(event, listener) {
    if (!isEventChannel(event) || typeof listener !== 'function') throw new Error('unknown event');
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

contextBridge.exposeInMainWorld('pos', bridge);
