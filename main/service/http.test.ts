import { describe, expect, it } from 'vitest';
import { MAX_RETRY_AFTER_MS, retryAfterMs } from './http.ts';
import { TOKEN_LIFETIME_BOUNDS_S, tokenLifetimeMs } from './token.ts';

const withRetryAfter = (value: string) => ({ status: 503, headers: { 'retry-after': value }, text: '' });

describe('Retry-After', () => {
  it('reads delta-seconds and HTTP dates', () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    expect(retryAfterMs(withRetryAfter('7'), now)).toBe(7_000);
    expect(retryAfterMs(withRetryAfter('Mon, 23 Nov 2026 10:00:30 GMT'), now)).toBe(30_000);
    expect(retryAfterMs(withRetryAfter('Mon, 23 Nov 2026 09:00:00 GMT'), now)).toBe(0);
    expect(retryAfterMs(withRetryAfter('soon'), now)).toBeUndefined();
  });

  it('clamps absurd values to one hour, so no later date arithmetic can fail', () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    for (const value of [
      '9999999999999',
      '99999999999999999999',
      '99999999999',
      'Fri, 31 Dec 9999 23:59:59 GMT',
    ]) {
      const ms = retryAfterMs(withRetryAfter(value), now);
      expect(ms).toBe(MAX_RETRY_AFTER_MS);
      expect(new Date(now + (ms ?? 0)).toISOString()).toBe('2026-11-23T11:00:00.000Z');
    }
  });
});

describe('token lifetime', () => {
  it('uses expires_in within a floor and a ceiling, never zero, negative or for ever', () => {
    const { min, max } = TOKEN_LIFETIME_BOUNDS_S;
    expect(tokenLifetimeMs(3600)).toBe(3_600_000);
    expect(tokenLifetimeMs(undefined)).toBe(3_600_000);
    expect(tokenLifetimeMs(0)).toBe(min * 1000);
    expect(tokenLifetimeMs(-5)).toBe(min * 1000);
    expect(tokenLifetimeMs(Number.NaN)).toBe(3_600_000);
    expect(tokenLifetimeMs(1e20)).toBe(max * 1000);
  });
});
