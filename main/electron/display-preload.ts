// Electron preload of the customer display's window (sandboxed, context-isolated): `window.pos` with
// only what the display page reads (policy.ts: DISPLAY_CALLS, DISPLAY_EVENTS). Nothing the
// customer's screen runs can sell, pay, print or change a setting through it; the main process refuses
// those from this window all the same. Bundled into one CJS file by main/electron/build.ts.
import { contextBridge, ipcRenderer } from 'electron';
import { posBridge } from './bridge.ts';
import { isDisplayCall, isDisplayEvent } from './policy.ts';

contextBridge.exposeInMainWorld(
  'pos',
  posBridge(ipcRenderer, { call: isDisplayCall, event: isDisplayEvent }),
);
