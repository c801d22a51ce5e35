// The wire: one undici keep-alive Pool per client, timeouts on every phase, an AbortSignal on every
// request, and the turning of bytes into typed values (or a ServiceError, never a crash).
import type { Pool } from 'undici';
import type { z } from 'zod';
import { networkError, ServiceError } from './errors.ts';

export interface TransportOptions {
  connectTimeoutMs: number;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  /**
   * The longest one request may take in all, from sending it to the last byte of its answer. The
   * timeouts above measure gaps only: an answer dripped a byte every few seconds would meet none.
   */
  deadlineMs: number;
  /** Upper bound of one response body; a bigger one fails instead of filling memory. */
  maxResponseBytes: number;
  connections: number;
}

export interface RawRequest {
  method: string;
  /** Path below the base URL, with any query string; ids already encoded. */
  path: string;
  headers: Record<string, string>;
  body?: string | undefined;
  signal?: AbortSignal | undefined;
  /**
   * A tighter bound than the client's maxResponseBytes for this answer: a bigger body fails with
   * code BODY_TOO_LARGE (`invalid-response`) as soon as that many bytes came, before it is all read.
   */
  maxBytes?: number | undefined;
}

/** The code of a ServiceError for an answer bigger than the request's own maxBytes. */
export const BODY_TOO_LARGE = 'BodyTooLarge';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export class Transport {
  /** Made at the first request: undici is loaded then, not when the app starts (issue 36, point 3). */
  #pool: Promise<Pool> | null = null;
  readonly #origin: string;
  readonly #options: TransportOptions;
  #closed = false;
  /** Path prefix of the base URL (an instance may live below a path, e.g. https://host/shop1). */
  readonly #prefix: string;
  readonly #deadlineMs: number;

  constructor(baseUrl: string, options: TransportOptions) {
    const url = new URL(baseUrl);
    this.#deadlineMs = options.deadlineMs;
    this.#prefix = url.pathname.replace(/\/+$/, '');
    this.#origin = url.origin;
    this.#options = options;
  }

  #connections(): Promise<Pool> {
    const options = this.#options;
    // As undici's own closed pool would: no request after close.
    if (this.#closed) return Promise.reject(new Error('The connection pool is closed.'));
    this.#pool ??= import('undici').then(
      ({ Pool }) =>
        new Pool(this.#origin, {
          connections: options.connections,
          connect: { timeout: options.connectTimeoutMs },
          headersTimeout: options.headersTimeoutMs,
          bodyTimeout: options.bodyTimeoutMs,
          maxResponseSize: options.maxResponseBytes,
          keepAliveTimeout: 10_000,
        }),
    );
    return this.#pool;
  }

  /** Sends one request and reads the whole body. Network failures become ServiceError. */
  async send(request: RawRequest, describe: { method: string; path: string }): Promise<RawResponse> {
    if (request.signal?.aborted) {
      throw new ServiceError({
        kind: 'aborted',
        message: `${describe.method} ${describe.path} was aborted`,
        mayHaveReachedServer: false,
      });
    }
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), this.#deadlineMs);
    const signal = request.signal ? AbortSignal.any([request.signal, deadline.signal]) : deadline.signal;
    try {
      const pool = await this.#connections();
      const response = await pool.request({
        method: request.method,
        path: this.#prefix + request.path,
        headers: request.headers,
        body: request.body ?? null,
        signal,
      });
      const text = await readBody(response.body, request.maxBytes, describe);
      return { status: response.statusCode, headers: response.headers, text };
    } catch (error) {
      if (error instanceof ServiceError && error.code === BODY_TOO_LARGE) throw error;
      const aborted = request.signal?.aborted ?? false;
      if (deadline.signal.aborted && !aborted) throw this.#pastDeadline(describe);
      throw networkError(error, { method: describe.method, path: describe.path, aborted, dispatched: true });
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The deadline passed. Whether the request was written yet is not known here, so it may have
   * reached the instance: an order is in doubt, never taken for unsent.
   */
  #pastDeadline(describe: { method: string; path: string }): ServiceError {
    return new ServiceError({
      kind: 'timeout',
      message: `${describe.method} ${describe.path} took longer than the ${this.#deadlineMs / 1000} s a request may take`,
      mayHaveReachedServer: true,
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    await (await this.#pool)?.close();
  }
}

/**
 * The body as text, counted as it comes: past `maxBytes` the rest is not read (the connection is
 * dropped) and the answer fails, so a caller that holds several answers at once holds a known amount.
 */
async function readBody(
  body: AsyncIterable<Buffer> & { destroy(): unknown },
  maxBytes: number | undefined,
  describe: { method: string; path: string },
): Promise<string> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of body) {
    bytes += chunk.length;
    if (maxBytes !== undefined && bytes > maxBytes) {
      body.destroy();
      throw new ServiceError({
        kind: 'invalid-response',
        code: BODY_TOO_LARGE,
        message: `${describe.method} ${describe.path} answered with more than ${maxBytes} bytes`,
        mayHaveReachedServer: true,
      });
    }
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks, bytes).toString('utf8');
  // As the decoder of the fetch standard (and undici's body.text()): a byte order mark is no text.
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export function header(response: RawResponse, name: string): string | undefined {
  const value = response.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Parses JSON with null properties dropped: SPEC.md rule 3 says null is never sent, and treating a
 * stray null as "absent" keeps the all-optional schemas lenient without weakening their types.
 */
export function parseJson(text: string): unknown {
  return JSON.parse(text, (_key, value: unknown) => (value === null ? undefined : value));
}

/** A short description of why a body did not match its schema: paths and expectations, no values. */
function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
}

/** The response body as T, or ServiceError 'invalid-response' (malformed JSON or a wrong type). */
export function decode<T extends z.ZodType>(
  schema: T,
  response: RawResponse,
  describe: { method: string; path: string },
): z.infer<T> {
  let json: unknown;
  try {
    json = parseJson(response.text);
  } catch {
    throw new ServiceError({
      kind: 'invalid-response',
      message: `${describe.method} ${describe.path} answered ${response.status} with a body that is not JSON`,
      status: response.status,
      mayHaveReachedServer: true,
    });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new ServiceError({
      kind: 'invalid-response',
      message: `${describe.method} ${describe.path} answered ${response.status} with an unexpected shape (${describeIssues(parsed.error)})`,
      status: response.status,
      mayHaveReachedServer: true,
    });
  }
  return parsed.data;
}

/**
 * The longest Retry-After honoured: one hour. An instance asking for more (a misconfigured proxy,
 * `Retry-After: 9999999999999`, a date in the year 9999) would park orders for good; they are
 * tried again after an hour instead, and that answer can park them once more.
 */
export const MAX_RETRY_AFTER_MS = 60 * 60 * 1000;

/** Retry-After as milliseconds (0..MAX_RETRY_AFTER_MS): delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(response: RawResponse, now = Date.now()): number | undefined {
  const value = header(response, 'retry-after')?.trim();
  if (value === undefined || value === '') return undefined;
  const ms = /^\d+(\.\d+)?$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now;
  if (Number.isNaN(ms)) return undefined;
  return Math.round(Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms)));
}

/** Resolves after ms, or rejects with ServiceError 'aborted' when the signal fires first. */
export function sleep(ms: number, signal: AbortSignal | undefined, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(
        new ServiceError({ kind: 'aborted', message: `${what} was aborted`, mayHaveReachedServer: false }),
      );
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Waits for a shared promise, but lets this caller stop waiting when its own signal fires. */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined, what: string): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => {
      reject(
        new ServiceError({ kind: 'aborted', message: `${what} was aborted`, mayHaveReachedServer: false }),
      );
    };
    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
