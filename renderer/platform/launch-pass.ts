// The page's half of its web shell launch pass: a per-launch secret sent as the call channel's first
// message (call-socket.ts) and in a request header on the event stream (main/web/server.ts says why a cookie alone is not enough: the browser
// hands 127.0.0.1's cookies to every local server, whatever its port).
//
// The launch's redirect brings the secret once, in the URL fragment (never sent to any server); it is
// taken out of the address at once, so it is in no URL, history entry or bookmark from then on. It is
// kept in this origin's localStorage so that a reload (F5), or a second tab of the same browser, goes
// on working: no other origin can read that storage, and the shell needs the cookie as well.
import { LAUNCH_PASS_FRAGMENT, LAUNCH_PASS_HEADER } from '../../contract/channels.ts';

/** Where the page keeps its secret (this origin's localStorage). */
export const LAUNCH_PASS_STORAGE_KEY = 'counter.launchPass';

/**
 * The secret this page signs its requests with, or null when it has none the running shell takes
 * (the site's data was cleared, or the shell was started again since): then nothing can work.
 */
export async function openLaunchPass(): Promise<string | null> {
  // Read before anything awaits, so the secret leaves the address bar before the first paint.
  const fromLaunch = takeFromAddress();
  const kept = readKept();
  // The launch's secret first: a page opened by another origin with a made-up fragment only fails
  // the check below, and never replaces the one this browser keeps.
  for (const candidate of [fromLaunch, kept]) {
    if (candidate !== null && (await belongsToThisLaunch(candidate))) {
      if (candidate !== kept) keep(candidate);
      return candidate;
    }
  }
  if (kept !== null) forget();
  return null;
}

/** The request headers that carry the secret. */
export function passHeaders(secret: string): Record<string, string> {
  return { [LAUNCH_PASS_HEADER]: secret };
}

function takeFromAddress(): string | null {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const secret = fragment.get(LAUNCH_PASS_FRAGMENT);
  if (secret === null) return null;
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  return secret;
}

async function belongsToThisLaunch(secret: string): Promise<boolean> {
  try {
    const response = await fetch('/pass', { headers: passHeaders(secret), cache: 'no-store' });
    return response.ok;
  } catch {
    return false;
  }
}

// Storage can be refused (a browser's "block site data"): the pass then lasts until a reload.
function readKept(): string | null {
  try {
    return localStorage.getItem(LAUNCH_PASS_STORAGE_KEY);
  } catch {
    return null;
  }
}

function keep(secret: string): void {
  try {
    localStorage.setItem(LAUNCH_PASS_STORAGE_KEY, secret);
  } catch {
    // see readKept
  }
}

function forget(): void {
  try {
    localStorage.removeItem(LAUNCH_PASS_STORAGE_KEY);
  } catch {
    // see readKept
  }
}
