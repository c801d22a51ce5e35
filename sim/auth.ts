// Clients, tokens and the token endpoint's rate limit. Tokens live in memory only: a restarted sim
// forgets them, as a real instance may, and clients must cope with the 401.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export interface SimClient {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly permissions: ReadonlySet<string>;
}

interface IssuedToken {
  readonly clientId: string;
  readonly expiresAt: number;
}

export const TOKEN_RATE_LIMIT_PER_MINUTE = 300;

/** The demo clients of INTERFACES.md, given the instance's full permission list. */
export function demoClients(allPermissions: readonly string[]): SimClient[] {
  return [
    { clientId: 'counter-demo', clientSecret: 'counter-demo-secret', permissions: new Set(allPermissions) },
    {
      clientId: 'counter-viewer',
      clientSecret: 'counter-viewer-secret',
      permissions: new Set(allPermissions.filter((p) => p.endsWith('.View'))),
    },
    { clientId: 'counter-none', clientSecret: 'counter-none-secret', permissions: new Set() },
  ];
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** Equal-length digests make timingSafeEqual usable for secrets of any length. */
export function secretsEqual(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

export type TokenCheck =
  { readonly ok: true; readonly client: SimClient } | { readonly ok: false; readonly reason: string };

export class AuthState {
  readonly #clients = new Map<string, SimClient>();
  readonly #tokens = new Map<string, IssuedToken>();
  readonly #requestTimes = new Map<string, number[]>();
  readonly #requestCounts = new Map<string, number>();
  readonly tokenTtlSeconds: number;
  readonly rateLimitPerMinute: number;

  constructor(clients: readonly SimClient[], tokenTtlSeconds: number, rateLimitPerMinute: number) {
    for (const c of clients) this.#clients.set(c.clientId, c);
    this.tokenTtlSeconds = tokenTtlSeconds;
    this.rateLimitPerMinute = rateLimitPerMinute;
  }

  addClient(client: SimClient): void {
    this.#clients.set(client.clientId, client);
  }

  /** Counts a token request and returns the seconds to wait when the client is over its limit. */
  registerTokenRequest(clientId: string, now = Date.now()): number | undefined {
    this.#requestCounts.set(clientId, (this.#requestCounts.get(clientId) ?? 0) + 1);
    const windowStart = now - 60_000;
    const times = (this.#requestTimes.get(clientId) ?? []).filter((t) => t > windowStart);
    times.push(now);
    this.#requestTimes.set(clientId, times);
    if (times.length <= this.rateLimitPerMinute) return undefined;
    const oldest = times[times.length - this.rateLimitPerMinute - 1] ?? now;
    return Math.max(1, Math.ceil((oldest + 60_000 - now) / 1000));
  }

  tokenRequestCount(clientId?: string): number {
    if (clientId !== undefined) return this.#requestCounts.get(clientId) ?? 0;
    let total = 0;
    for (const n of this.#requestCounts.values()) total += n;
    return total;
  }

  resetTokenRequests(): void {
    this.#requestCounts.clear();
    this.#requestTimes.clear();
  }

  /** The client when id and secret match; the secret compare takes the same time either way. */
  authenticate(clientId: string, clientSecret: string): SimClient | undefined {
    const client = this.#clients.get(clientId);
    const ok = secretsEqual(clientSecret, client?.clientSecret ?? '\u0000no-such-client');
    return ok && client ? client : undefined;
  }

  issueToken(client: SimClient, now = Date.now()): { accessToken: string; expiresIn: number } {
    const accessToken = randomBytes(32).toString('base64url');
    this.#tokens.set(accessToken, {
      clientId: client.clientId,
      expiresAt: now + this.tokenTtlSeconds * 1000,
    });
    this.#sweep(now);
    return { accessToken, expiresIn: this.tokenTtlSeconds };
  }

  /** Makes every issued token (of one client, or all) invalid: for tests of the 401 path. */
  revokeTokens(clientId?: string): void {
    for (const [token, issued] of this.#tokens) {
      if (clientId === undefined || issued.clientId === clientId) this.#tokens.delete(token);
    }
  }

  checkAuthorization(header: string | undefined, now = Date.now()): TokenCheck {
    if (header === undefined || header === '') return { ok: false, reason: 'The access token is missing.' };
    // RFC 6750 token68 syntax; the scheme name is case-insensitive (RFC 7235).
    const m = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i.exec(header);
    if (!m?.[1]) return { ok: false, reason: 'The Authorization header is malformed.' };
    const issued = this.#tokens.get(m[1]);
    if (!issued) return { ok: false, reason: 'The access token is not valid.' };
    if (issued.expiresAt <= now) return { ok: false, reason: 'The access token has expired.' };
    const client = this.#clients.get(issued.clientId);
    if (!client) return { ok: false, reason: 'The access token is not valid.' };
    return { ok: true, client };
  }

  #sweep(now: number): void {
    if (this.#tokens.size < 10_000) return;
    for (const [token, issued] of this.#tokens) if (issued.expiresAt <= now) this.#tokens.delete(token);
  }
}
