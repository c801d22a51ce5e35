import { describe, expect, it } from 'vitest';
import { APP_URL, assetPath, isAppUrl, isTrustedSender } from './policy.ts';

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
