// An instance's identity for credentials: its normalised origin (scheme, lower-case host, port with
// the scheme's default dropped), so `https://ERP.example.com:443/` and `https://erp.example.com`
// are one instance and `https://erp.example.com.evil.test` is another.

export function instanceOrigin(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Loopback hosts: the built-in demo and a local instance; plain http is harmless only there. */
export function isLoopback(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
  } catch {
    return false;
  }
}

/** Plain http to anything but loopback would send the client secret and tokens readable on the way. */
export function isInsecure(url: string): boolean {
  try {
    return new URL(url).protocol === 'http:' && !isLoopback(url);
  } catch {
    return false;
  }
}

/**
 * The key that orders and the discovered view belong to: 'demo' for the built-in demo (a new port
 * on every start, one data file of its own), else the instance URL's origin.
 */
export function instanceKey(baseUrl: string, demo: boolean): string {
  return demo ? 'demo' : (instanceOrigin(baseUrl) ?? baseUrl);
}

/** The instance URL as stored and used: no trailing slash (paths are joined to it). */
export function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
