// OAuth client-credentials token: one cached token per client, renewed shortly before it expires,
// and one request in flight no matter how many callers ask at once (SPEC.md: reuse the token; the
// token endpoint is rate-limited to 300 a minute). The secret and the token live in private fields
// so that inspecting or logging the manager shows neither.
import { httpError, ServiceError } from './errors.ts';
import { decode, header, parseJson, raceAbort, retryAfterMs, sleep, type Transport } from './http.ts';
import { ErrorResult, TokenResponse } from './schemas.ts';
import type { Logger } from './logger.ts';

export interface TokenOptions {
  maxRetries429: number;
  maxRetryAfterMs: number;
  logger: Logger;
  now: () => number;
  /** The token endpoint's word on the credentials: a token (true), or 400/401 (false). */
  onCredentials?: (accepted: boolean) => void;
}

const TOKEN_PATH = '/connect/token';
/** SPEC.md: expires_in defaults to 3600. */
const DEFAULT_LIFETIME_S = 3600;

/** Renew this long before expiry: a tenth of the lifetime, at most a minute. */
/**
 * The lifetime a token is used for: expires_in within [30 s, 24 h]. An instance answering 0, a
 * negative or an absurd number must neither make every call fetch a new token nor keep one for ever.
 */
export const TOKEN_LIFETIME_BOUNDS_S = { min: 30, max: 24 * 60 * 60 } as const;

export function tokenLifetimeMs(expiresIn: number | undefined): number {
  const seconds = expiresIn === undefined || Number.isNaN(expiresIn) ? DEFAULT_LIFETIME_S : expiresIn;
  const { min, max } = TOKEN_LIFETIME_BOUNDS_S;
  return Math.min(max, Math.max(min, seconds)) * 1000;
}

export function renewalMarginMs(lifetimeMs: number): number {
  return Math.min(60_000, lifetimeMs / 10);
}

/**
 * The secret as each encoding of a request writes it, longest first: as is; form-urlencoded (space
 * as `+`, as URLSearchParams writes it) and percent-encoded (space as `%20`), each with upper- and
 * lower-case hex; JSON-escaped; base64 (and base64url) of HTTP Basic's `id:secret` and of the secret
 * alone; and the form's whole `client_secret=` pair, so even a secret shorter than 4 characters is
 * not written there.
 */
export function secretSpellings(clientId: string, secret: string): string[] {
  const form = new URLSearchParams({ s: secret }).toString().slice(2);
  const percent = encodeURIComponent(secret).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  const lower = (s: string): string => s.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase());
  const basic = Buffer.from(`${clientId}:${secret}`, 'utf8');
  const alone = Buffer.from(secret, 'utf8');
  const spellings = new Set([
    secret,
    form,
    lower(form),
    percent,
    lower(percent),
    encodeURIComponent(secret),
    JSON.stringify(secret).slice(1, -1),
    basic.toString('base64'),
    basic.toString('base64url'),
    alone.toString('base64').replace(/=+$/, ''),
    alone.toString('base64url'),
    `client_secret=${form}`,
  ]);
  return [...spellings].filter((s) => s !== '').sort((a, b) => b.length - a.length);
}

export class TokenManager {
  readonly #transport: Transport;
  readonly #clientId: string;
  readonly #secret: string;
  readonly #options: TokenOptions;
  #token: { value: string; renewAt: number } | undefined;
  #pending: Promise<string> | undefined;
  /** Every token ever issued to this client, so log lines and errors can be scrubbed of them. */
  readonly #issued = new Set<string>();
  /** Stops 429 waits of the shared request when the client closes. */
  readonly #closing = new AbortController();

  constructor(transport: Transport, clientId: string, secret: string, options: TokenOptions) {
    this.#transport = transport;
    this.#clientId = clientId;
    this.#secret = secret;
    this.#options = options;
  }

  /** A valid token: the cached one, the one already being requested, or a new one. */
  get(signal?: AbortSignal): Promise<string> {
    const cached = this.#token;
    const now = this.#options.now();
    // A renewal further ahead than the longest lifetime was set while the clock ran ahead: due now.
    const longest = TOKEN_LIFETIME_BOUNDS_S.max * 1000;
    if (cached && now < cached.renewAt && cached.renewAt - now <= longest)
      return Promise.resolve(cached.value);
    // The shared request is not tied to any one caller's signal: one caller giving up must not fail
    // the others. Each caller stops waiting on its own signal instead.
    this.#pending ??= this.#request().finally(() => {
      this.#pending = undefined;
    });
    return raceAbort(this.#pending, signal, 'Obtaining an access token');
  }

  /**
   * A token from the token endpoint now, not the cached one: what "Test connection" needs to know
   * that the credentials are accepted today (the secret may have been rotated since the cached token
   * was issued). A request already in flight is joined, not repeated; the new token replaces the
   * cached one, and calls holding the old one keep using it until it expires.
   */
  renew(signal?: AbortSignal): Promise<string> {
    if (this.#pending === undefined) this.#token = undefined;
    return this.get(signal);
  }

  /** Drops the token a request was refused with (401); a newer token obtained meanwhile stays. */
  invalidate(token: string): void {
    if (this.#token?.value === token) this.#token = undefined;
  }

  /**
   * Replaces the secret, in every spelling a request carries it, and every issued token in text that
   * is about to be logged, thrown or stored (an instance echoing the token request's form wrote it
   * URL-encoded, and that went to the order, stdout, stderr and counter.sqlite).
   */
  redact(text: string): string {
    let out = text;
    for (const secret of [...secretSpellings(this.#clientId, this.#secret), ...this.#issued]) {
      if (secret.length >= 4) out = out.split(secret).join('[redacted]');
    }
    return out;
  }

  close(): void {
    this.#closing.abort();
  }

  async #request(): Promise<string> {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: this.#clientId,
      client_secret: this.#secret,
    }).toString();
    for (let attempt = 0; ; attempt++) {
      const response = await this.#transport
        .send(
          {
            method: 'POST',
            path: TOKEN_PATH,
            headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
            body: form,
            signal: this.#closing.signal,
          },
          { method: 'POST', path: TOKEN_PATH },
        )
        .catch((error: unknown) => {
          throw this.#beforeSend(error);
        });
      if (response.status === 429) {
        const wait = retryAfterMs(response) ?? 1000;
        if (attempt < this.#options.maxRetries429 && wait <= this.#options.maxRetryAfterMs) {
          this.#options.logger('warn', `token endpoint rate-limited (429); waiting ${wait} ms`);
          await sleep(wait, this.#closing.signal, 'Waiting for the token endpoint');
          continue;
        }
      }
      if (response.status === 400 || response.status === 401) this.#credentials(false);
      if (response.status < 200 || response.status >= 300) throw this.#refused(response);
      let body: TokenResponse;
      try {
        body = decode(TokenResponse, response, { method: 'POST', path: TOKEN_PATH });
      } catch (error) {
        throw this.#beforeSend(error);
      }
      this.#issued.add(body.access_token);
      const lifetimeMs = tokenLifetimeMs(body.expires_in);
      this.#token = {
        value: body.access_token,
        renewAt: this.#options.now() + lifetimeMs - renewalMarginMs(lifetimeMs),
      };
      this.#options.logger('debug', `access token obtained (expires in ${Math.round(lifetimeMs / 1000)} s)`);
      this.#credentials(true);
      return body.access_token;
    }
  }

  /** Tells the listener; its failure must not turn a token obtained (or a refusal) into another error. */
  #credentials(accepted: boolean): void {
    try {
      this.#options.onCredentials?.(accepted);
    } catch (error) {
      this.#options.logger('warn', `credentials listener failed: ${String(error)}`);
    }
  }

  /** An API call whose token could not be obtained was never sent: mayHaveReachedServer is false. */
  #beforeSend(error: unknown): ServiceError {
    if (!(error instanceof ServiceError)) {
      return new ServiceError({
        kind: 'network',
        message: 'Obtaining an access token failed',
        mayHaveReachedServer: false,
      });
    }
    return new ServiceError({
      kind: error.kind,
      message: `Obtaining an access token failed: ${this.redact(error.message)}`,
      status: error.status,
      retryAfterMs: error.retryAfterMs,
      mayHaveReachedServer: false,
      // The bare copy of the system's error (name, code): why it was unreachable, said by key.
      cause: error.cause,
    });
  }

  #refused(response: Parameters<typeof header>[0]): ServiceError {
    let body: ErrorResult | undefined;
    try {
      const parsed = ErrorResult.safeParse(parseJson(response.text));
      body = parsed.success ? parsed.data : undefined;
    } catch {
      body = undefined;
    }
    const base = httpError({
      method: 'POST',
      path: TOKEN_PATH,
      status: response.status,
      body,
      retryAfterMs: retryAfterMs(response),
    });
    const reason =
      response.status === 401 || response.status === 400
        ? `The service refused the client credentials of client "${this.#clientId}"`
        : `Obtaining an access token failed`;
    return new ServiceError({
      kind: 'http',
      message: this.redact(`${reason}: ${base.message}`),
      status: base.status,
      messages: base.messages.map((m) => this.redact(m)),
      errorId: base.errorId,
      code: base.code,
      params: redactParams(base.params, (v) => this.redact(v)),
      retryAfterMs: base.retryAfterMs,
      mayHaveReachedServer: false,
    });
  }
}

/** An ErrorResult's params with each value redacted (an instance may echo the request there too). */
export function redactParams(
  params: Record<string, string> | undefined,
  redact: (value: string) => string,
): Record<string, string> | undefined {
  if (params === undefined) return undefined;
  const out = Object.create(null) as Record<string, string>;
  for (const [key, value] of Object.entries(params)) out[key] = redact(value);
  return out;
}
