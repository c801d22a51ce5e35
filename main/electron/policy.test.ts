import { posix, win32 } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  APP_URL,
  assetFile,
  assetPath,
  ELECTRON_CSP,
  isAppUrl,
  isTrustedSender,
  reloadAfterGone,
} from './policy.ts';

describe('Electron window policy', () => {
  it('allows only the app origin for navigation and redirects', () => {
    expect(isAppUrl(APP_URL)).toBe(true);
    expect(isAppUrl('app://counter/assets/index.js')).toBe(true);
    for (const url of [
      'https://example.com/',
      'http://127.0.0.1:1234/',
      'file:///etc/passwd',
      'app://evil/index.html',
      'javascript:alert(1)',
      'about:blank',
      'not a url',
    ]) {
      expect(isAppUrl(url), url).toBe(false);
    }
  });

  it('maps app URLs to files inside the renderer folder only', () => {
    expect(assetPath('app://counter/')).toBe('index.html');
    expect(assetPath('app://counter/assets/a.js')).toBe('assets/a.js');
    expect(assetPath('app://counter/%2e%2e/secret')).toBe('secret'); // the URL parser resolves it inside
    expect(assetPath('app://counter/a%2F..%2F..%2Fetc%2Fpasswd')).toBeNull(); // encoded slashes
    expect(assetPath('app://counter/assets/../../x')).toBe('x'); // URL parsing resolves dots first
    expect(assetPath('app://counter/a//b')).toBeNull();
    expect(assetPath('https://example.com/a.js')).toBeNull();
    expect(assetPath('app://counter/%E0%A4%A')).toBeNull(); // bad %-encoding: no throw
  });

  it('never leaves the renderer folder, with Windows path rules too', () => {
    for (const [paths, root] of [
      [posix, '/opt/counter/renderer'],
      [win32, 'C:\\Program Files\\Counter\\renderer'],
    ] as const) {
      expect(assetFile(root, 'app://counter/assets/a.js', paths)).toBe(paths.resolve(root, 'assets/a.js'));
      for (const url of [
        'app://counter/..%5C..%5Csecret.txt', // backslashes: separators on Windows
        'app://counter/assets%5C..%5C..%5C..%5Cwindows%5Cwin.ini',
        'app://counter/C:%5Cwindows%5Cwin.ini', // a drive root
        'app://counter/%5C%5Cserver%5Cshare%5Cx', // a UNC path
        'app://counter/a%00.js',
        'app://counter/.%2F..%2Fx',
      ]) {
        expect(assetFile(root, url, paths), `${url} on ${paths === win32 ? 'win32' : 'posix'}`).toBeNull();
      }
    }
  });

  it('trusts IPC only from the top frame of the app', () => {
    const top = { url: APP_URL, parent: null };
    expect(isTrustedSender(top, top)).toBe(true);
    expect(isTrustedSender({ url: APP_URL, parent: top }, top)).toBe(false); // a subframe
    expect(
      isTrustedSender(
        { url: 'https://example.com/', parent: null },
        { url: 'https://example.com/', parent: null },
      ),
    ).toBe(false);
    const other = { url: APP_URL, parent: null };
    expect(isTrustedSender(other, top)).toBe(false); // another window's frame
    expect(isTrustedSender(null, top)).toBe(false);
  });
});

describe('Electron content security policy', () => {
  it('lets window.print() open the print dialog: no CSP sandbox, or one with allow-modals', () => {
    // A CSP sandbox without allow-modals makes Chromium ignore print(): receipts would not print.
    const sandbox = ELECTRON_CSP.split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .find(([name]) => name === 'sandbox');
    expect(sandbox === undefined || sandbox.includes('allow-modals')).toBe(true);
  });
});

describe("the till's page after its renderer died", () => {
  it('is loaded again, at most 3 times a minute, and not after a clean exit', () => {
    const t0 = 1_000_000;
    let reloads: readonly number[] = [];
    const gone = (reason: string, at: number) => {
      const decided = reloadAfterGone(reason, reloads, at);
      reloads = decided.reloads;
      return decided.again;
    };
    expect(gone('crashed', t0)).toBe(true);
    expect(gone('oom', t0 + 1_000)).toBe(true);
    expect(gone('killed', t0 + 2_000)).toBe(true);
    // A page that dies as it starts: left, until the minute of the first has passed.
    expect(gone('crashed', t0 + 3_000)).toBe(false);
    expect(gone('crashed', t0 + 60_001)).toBe(true);
    expect(gone('clean-exit', t0 + 600_000)).toBe(false);
    // A clock set back: the times "after now" are not counted against the page.
    reloads = [t0 + 10_000_000, t0 + 10_000_001, t0 + 10_000_002];
    expect(gone('crashed', t0)).toBe(true);
  });
});
