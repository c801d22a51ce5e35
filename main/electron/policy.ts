// What the Electron window may do, as pure functions so they are unit-tested here (no Electron binary
// on these machines). The renderer is served from app://counter/ only; nothing else is loadable.
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

/** Only the app's own top frame may call the core. */
export function isTrustedSender(
  frame: { url: string; parent: unknown } | null | undefined,
  topFrame: unknown,
): boolean {
  if (frame === null || frame === undefined) return false;
  return frame.parent === null && frame === topFrame && isAppUrl(frame.url);
}

/** Maps app://counter/<path> to a file under the renderer folder; null for anything outside it. */
export function assetPath(raw: string): string | null {
  if (!isAppUrl(raw)) return null;
  const path = decodeURIComponent(new URL(raw).pathname);
  if (path === '/' || path === '') return 'index.html';
  const rel = path.replace(/^\/+/, '');
  if (rel.split('/').some((part) => part === '..' || part === '')) return null;
  return rel;
}

export const ELECTRON_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'none'",
  "media-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "frame-src 'none'",
  "object-src 'none'",
  "worker-src 'none'",
].join('; ');
