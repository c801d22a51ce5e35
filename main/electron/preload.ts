// Electron preload of the till's window (sandboxed, context-isolated): exposes `window.pos` and
// nothing else, passing every allowlisted channel (bridge.ts); the typed API on top of it lives in the
// renderer (renderer/platform/pos.ts). Bundled into one CJS file by main/electron/build.ts, because a
// sandboxed preload cannot load other files.
import { contextBridge, ipcRenderer } from 'electron';
import { isCallChannel, isEventChannel } from '../../contract/channels.ts';
import { posBridge } from './bridge.ts';

contextBridge.exposeInMainWorld(
  'pos',
  posBridge(ipcRenderer, { call: isCallChannel, event: isEventChannel }),
);
