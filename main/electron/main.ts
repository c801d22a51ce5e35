// The Electron shell: the till's window on the core, and the customer display's window on a second
// screen when one is connected (display-window.ts). Type-checked here (no Electron binary on these
// machines); bundled by main/electron/build.ts into dist/main/electron/main.js.
//
// Hardening (Electron's security checklist): single-instance lock; contextIsolation, sandbox, no
// nodeIntegration, no webview; the renderer is loaded from a custom app:// protocol (not file://)
// with a strict CSP; navigation, redirects, new windows, <webview> attachment and every permission
// request are denied; every IPC message is checked for its sender frame (the till's window may make
// every call, the customer display's only the few its page reads) and its payload is validated with
// zod by the core before any handler runs.
import { readFile } from 'node:fs/promises';
import path, { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  protocol,
  safeStorage,
  session,
  type WebContents,
} from 'electron';
import { IPC_EVENT, IPC_INVOKE } from '../../contract/channels.ts';
import { createAppCore, FolderInUseError, folderInUseSaid } from '../core/launch.ts';
import { dataDirOf } from '../settings/config.ts';
import type { Core } from '../core/core.ts';
import { credentialStoreFor } from './credentials.ts';
import { MIME } from '../web/page-headers.ts';
import { displayMode } from './customer-display.ts';
import { DisplayWindow } from './display-window.ts';
import {
  APP_SCHEME,
  APP_URL,
  assetFile,
  ELECTRON_CSP,
  isAppUrl,
  isDisplayEvent,
  mayCall,
  reloadAfterGone,
  secureWebPreferences,
  senderOf,
} from './policy.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
// Bundled layout: dist/main/electron/main.js, dist/preload/index.cjs, dist/renderer/.
const RENDERER_DIR = join(here, '..', '..', 'renderer');
const PRELOAD = join(here, '..', '..', 'preload', 'index.cjs');
const DISPLAY_PRELOAD = join(here, '..', '..', 'preload', 'display.cjs');

protocol.registerSchemesAsPrivileged([
  {
    scheme: APP_SCHEME,
    privileges: { standard: true, secure: true, supportFetchAPI: false, corsEnabled: false },
  },
]);

let window: BrowserWindow | null = null;
let display: DisplayWindow | null = null;
let core: Core | null = null;

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (window === null) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  app.on('web-contents-created', (_event, contents) => harden(contents));
  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', () => void core?.close());
  void app.whenReady().then(start);
}

async function start(): Promise<void> {
  const log = (line: string) => console.error(line);
  const dataDir = dataDirOf(process.env);
  // Read before anything opens: a wrong value is said at once.
  const mode = displayMode(process.env);
  try {
    core = await createAppCore({
      env: process.env,
      credentials: credentialStoreFor(dataDir, safeStorage, log),
      hubSecrets: credentialStoreFor(dataDir, safeStorage, log, 'store-hub-secret.bin'),
      app: 'electron',
      log,
    });
  } catch (error) {
    if (!(error instanceof FolderInUseError)) throw error;
    // Another app holds the data folder (folder-lock.ts): said in a dialog, then this one quits.
    dialog.showErrorBox('Counter', folderInUseSaid(error, app.getLocale()));
    app.exit(1);
    return;
  }

  protocol.handle(APP_SCHEME, async (request) => {
    const file = assetFile(RENDERER_DIR, request.url, path);
    if (file === null) return new Response('Not found', { status: 404 });
    try {
      const body = await readFile(file);
      return new Response(body, {
        headers: {
          'content-type': MIME[extname(file)] ?? 'application/octet-stream',
          'content-security-policy': ELECTRON_CSP,
          'x-content-type-options': 'nosniff',
        },
      });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });

  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);

  ipcMain.handle(IPC_INVOKE, async (event, channel: unknown, input: unknown) => {
    const sender = senderOf(event.senderFrame, {
      ...(window === null ? {} : { till: window.webContents.mainFrame }),
      ...(display?.mainFrame === undefined ? {} : { display: display.mainFrame }),
    });
    if (core === null || !mayCall(sender, channel)) {
      return { ok: false, error: { code: 'forbidden', message: 'Refused: not for this window.' } };
    }
    return core.invoke(channel, input);
  });
  core.subscribe((name, payload) => {
    if (window !== null && !window.isDestroyed()) window.webContents.send(IPC_EVENT, name, payload);
    if (isDisplayEvent(name)) display?.send(IPC_EVENT, name, payload);
  });

  window = new BrowserWindow({
    width: 1366,
    height: 860,
    minWidth: 1024,
    minHeight: 700,
    title: 'Counter',
    show: false,
    webPreferences: secureWebPreferences(PRELOAD),
  });
  window.once('ready-to-show', () => window?.show());
  // A page whose renderer died (out of memory, a GPU fault, killed) is a blank till: it is loaded
  // again. The sale, the orders and serial scans are the core's; the keyboard scans not done come
  // back from the window's sessionStorage, offered (renderer/store/scans-over-reload.ts).
  let reloads: readonly number[] = [];
  window.webContents.on('render-process-gone', (_event, details) => {
    const decided = reloadAfterGone(details.reason, reloads, Date.now());
    reloads = decided.reloads;
    log(
      `counter: the till's page went (${details.reason}, exit ${details.exitCode}); ${decided.again ? 'loading it again' : 'left'}`,
    );
    if (!decided.again || window === null || window.isDestroyed()) return;
    window
      .loadURL(APP_URL)
      .catch((error: unknown) => log(`counter: the till's page did not load: ${String(error)}`));
  });
  window.on('closed', () => {
    window = null;
    // The display is no window of its own to the user: it goes with the till's, so the app quits.
    display?.close();
  });
  await window.loadURL(APP_URL);
  display = new DisplayWindow(DISPLAY_PRELOAD, mode, log);
  display.start();
}

function harden(contents: WebContents): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}
