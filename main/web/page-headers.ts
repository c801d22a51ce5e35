// What both shells send with the page and its assets: their content types and the page's
// Content-Security-Policy. Written once so the web shell and the Electron shell cannot drift apart;
// each passes only where the page may connect and what it adds (the web shell's CSP sandbox).

/** Content types of the renderer's files by their ending; anything else goes as octet-stream. */
export const MIME: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.wav': 'audio/wav',
};

/**
 * The page's CSP: its own scripts, styles, fonts and images only, no forms, frames, objects or
 * workers. `connect` is where its calls go ('self' in a browser; 'none' in Electron, which calls
 * over IPC); `more` are directives a shell adds.
 */
export function pageCsp(connect: "'self'" | "'none'", ...more: readonly string[]): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connect}`,
    "media-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "frame-src 'none'",
    "object-src 'none'",
    "worker-src 'none'",
    ...more,
  ].join('; ');
}
