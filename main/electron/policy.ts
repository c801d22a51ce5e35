// What the Electron windows may do, as pure functions so they are unit-tested here (no Electron binary
// on these machines). The renderer is served from app://counter/ only; nothing else is loadable.
import type { WebPreferences } from 'electron';
import { isCallChannel, type CallChannel, type EventChannel } from '../../contract/channels.ts';
import { pageCsp } from '../web/page-headers.ts';
export const APP_SCHEME = 'app';
export const APP_HOST = 'counter';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_URL = `${APP_ORIGIN}/index.html`;

/** The window stays on the app: navigation, redirects and new windows to anything else are denied. */
export function isAppUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST;
  } catch {
    return false;
  }
}

/**
 * What every window of the app runs with (Electron's security checklist): context isolation, the
 * sandbox, no Node in any frame or worker, no <webview>, and `preload` as its only bridge.
 */
export function secureWebPreferences(preload: string): WebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webviewTag: false,
    spellcheck: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
  };
}

/** What the customer display's page reads: the display's view, and the store's language and currency. */
// display.get carries the language and currency the display speaks: it is never given settings.get,
// which holds the instance's address and the client id.
export const DISPLAY_CALLS = ['display.get'] as const satisfies readonly CallChannel[];
export const DISPLAY_EVENTS = [
  'display.changed',
  'status.changed',
] as const satisfies readonly EventChannel[];

export function isDisplayCall(name: unknown): name is (typeof DISPLAY_CALLS)[number] {
  return (DISPLAY_CALLS as readonly unknown[]).includes(name);
}

export function isDisplayEvent(name: unknown): name is (typeof DISPLAY_EVENTS)[number] {
  return (DISPLAY_EVENTS as readonly unknown[]).includes(name);
}

/** Which window a call came from: the till's, the customer display's, or none of the app's. */
export type Sender = 'till' | 'display';

export function senderOf(
  frame: { url: string; parent: unknown } | null | undefined,
  tops: { readonly till?: unknown; readonly display?: unknown },
): Sender | null {
  if (tops.till !== undefined && isTrustedSender(frame, tops.till)) return 'till';
  if (tops.display !== undefined && isTrustedSender(frame, tops.display)) return 'display';
  return null;
}

/** The till may make every call; the customer display only the few its page reads. */
export function mayCall(sender: Sender | null, channel: unknown): boolean {
  if (sender === 'till') return isCallChannel(channel);
  if (sender === 'display') return isDisplayCall(channel);
  return false;
}

/** Only the app's own top frame may call the core. */
export function isTrustedSender(
  frame: { url: string; parent: unknown } | null | undefined,
  topFrame: unknown,
): boolean {
  if (frame === null || frame === undefined) return false;
  return frame.parent === null && frame === topFrame && isAppUrl(frame.url);
}

/** Maps app://counter/<path> to a path under the renderer folder; null for anything outside it. */
export function assetPath(raw: string): string | null {
  if (!isAppUrl(raw)) return null;
  let path: string;
  try {
    path = decodeURIComponent(new URL(raw).pathname);
  } catch {
    return null; // bad %-encoding
  }
  if (path === '/' || path === '') return 'index.html';
  const rel = path.replace(/^\/+/, '');
  // Backslashes and drive letters are separators or roots on Windows; NUL ends a path in C.
  if (/[\\:\0]/.test(rel)) return null;
  if (rel.split('/').some((part) => part === '..' || part === '.' || part === '')) return null;
  return rel;
}

/**
 * The file an app:// URL names, resolved and checked against the renderer folder with the
 * platform's own path rules (`paths` is path.win32 on Windows): null unless it lies inside.
 */
export function assetFile(
  root: string,
  raw: string,
  paths: {
    resolve(...p: string[]): string;
    relative(from: string, to: string): string;
    isAbsolute(p: string): boolean;
  },
): string | null {
  const rel = assetPath(raw);
  if (rel === null) return null;
  const base = paths.resolve(root);
  const file = paths.resolve(base, rel);
  const inside = paths.relative(base, file);
  if (inside === '' || inside.startsWith('..') || paths.isAbsolute(inside)) return null;
  return file;
}

/** The page calls the core over IPC only: it may connect nowhere. */
export const ELECTRON_CSP = pageCsp("'none'");

/** How often a page whose renderer died is loaded again: at most this many times a minute. */
const RELOADS_PER_MINUTE = 3;

/**
 * Whether the till's page, its renderer gone for `reason`, is loaded again (a blank till otherwise),
 * given when it was loaded again before (epoch ms). Not after a clean exit, and not a fourth time in a
 * minute: a page that dies as it starts is not loaded again and again. Returns the times to keep.
 */
export function reloadAfterGone(
  reason: string,
  before: readonly number[],
  now: number,
): { readonly again: boolean; readonly reloads: readonly number[] } {
  const recent = before.filter((at) => at > now - 60_000 && at <= now);
  const again = reason !== 'clean-exit' && recent.length < RELOADS_PER_MINUTE;
  return { again, reloads: again ? [...recent, now] : recent };
}
