import { describe, expect, it } from 'vitest';
import { ServiceError } from '../service/errors.ts';
import { mapLimit } from './limit.ts';
import { isRetryable, retryDelayMs, withRetry } from './retry.ts';

const http = (status: number, extra: Partial<{ retryAfterMs: number; mayHaveReachedServer: boolean }> = {}) =>
  new ServiceError({
    kind: 'http',
    message: `HTTP ${status}`,
    status,
    mayHaveReachedServer: extra.mayHaveReachedServer ?? true,
    retryAfterMs: extra.retryAfterMs,
  });

describe('sync retry policy', () => {
  it('retries 401 from an API call, 408, 429, 5xx and network failures, never 400/403/404', () => {
    for (const s of [401, 408, 429, 500, 502, 503]) expect(isRetryable(http(s))).toBe(true);
    for (const s of [400, 403, 404, 409]) expect(isRetryable(http(s))).toBe(false);
    // A 401 from the token endpoint is refused credentials, not an expired token.
    expect(isRetryable(http(401, { mayHaveReachedServer: false }))).toBe(false);
    expect(isRetryable(new ServiceError({ kind: 'network', message: 'x', mayHaveReachedServer: true }))).toBe(
      true,
    );
    expect(isRetryable(new ServiceError({ kind: 'timeout', message: 'x', mayHaveReachedServer: true }))).toBe(
      true,
    );
    expect(
      isRetryable(new ServiceError({ kind: 'invalid-response', message: 'x', mayHaveReachedServer: true })),
    ).toBe(false);
    expect(isRetryable(new Error('bug'))).toBe(false);
  });

  it('backs off exponentially with jitter, capped, and never below Retry-After', () => {
    const policy = { attempts: 6, baseDelayMs: 100, maxDelayMs: 1000 };
    expect(retryDelayMs(policy, 1, http(500), () => 0)).toBe(50);
    expect(retryDelayMs(policy, 1, http(500), () => 1)).toBe(100);
    expect(retryDelayMs(policy, 3, http(500), () => 1)).toBe(400);
    expect(retryDelayMs(policy, 10, http(500), () => 1)).toBe(1000);
    expect(retryDelayMs(policy, 1, http(429, { retryAfterMs: 3000 }), () => 0)).toBe(3000);
    expect(retryDelayMs(policy, 1, http(429, { retryAfterMs: 600_000 }), () => 0)).toBe(60_000);
  });

  it('gives up after the last attempt and stops at once on an answer that is not retryable', async () => {
    let calls = 0;
    const policy = { attempts: 3, baseDelayMs: 1, maxDelayMs: 2 };
    await expect(
      withRetry(() => {
        calls++;
        return Promise.reject(http(503));
      }, policy),
    ).rejects.toMatchObject({ status: 503 });
    expect(calls).toBe(3);
    calls = 0;
    await expect(
      withRetry(() => {
        calls++;
        return Promise.reject(http(403));
      }, policy),
    ).rejects.toMatchObject({ status: 403 });
    expect(calls).toBe(1);
    calls = 0;
    expect(
      await withRetry(() => (++calls < 3 ? Promise.reject(http(500)) : Promise.resolve('ok')), policy),
    ).toBe('ok');
  });

  it('runs keys with bounded concurrency and keeps results in key order', async () => {
    let inFlight = 0;
    let most = 0;
    const results = await mapLimit([5, 1, 4, 2, 3, 0], 2, async (k) => {
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, k * 3));
      inFlight--;
      if (k === 4) throw new Error('four');
      return k * 10;
    });
    expect(most).toBe(2);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'x'))).toEqual([50, 10, 'x', 20, 30, 0]);
  });
});
