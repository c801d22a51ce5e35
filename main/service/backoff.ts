// Retry delays: exponential with jitter, so that many terminals coming back together do not hit the
// service in step; a Retry-After the service gave is a floor, never shortened.
import { MAX_RETRY_AFTER_MS } from './http.ts';

export interface BackoffPolicy {
  readonly baseMs: number;
  readonly maxMs: number;
}

export const DEFAULT_RETRY_BACKOFF: BackoffPolicy = { baseMs: 1_000, maxMs: 5 * 60_000 };
export const DEFAULT_PROBE_BACKOFF: BackoffPolicy = { baseMs: 500, maxMs: 30_000 };

/**
 * Delay before attempt number `attempt + 1` (attempt >= 1): "equal jitter", half fixed and half
 * random, so the wait still grows while two clients rarely pick the same instant.
 */
export function backoffDelay(
  policy: BackoffPolicy,
  attempt: number,
  random: () => number = Math.random,
): number {
  const exp = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, Math.min(attempt - 1, 30)));
  return Math.round(exp / 2 + random() * (exp / 2));
}

/** The most a Retry-After is stretched so that waiting clients spread out. */
const MAX_SPREAD_MS = 1_000;

/**
 * The longest wait the sender ever sets (a backoff at its cap, or the longest Retry-After honoured
 * and its spread): a stored instant further ahead than this was stored while the clock ran ahead.
 */
export function longestWait(policy: BackoffPolicy): number {
  return Math.max(policy.maxMs, MAX_RETRY_AFTER_MS + MAX_SPREAD_MS);
}

/** Honours Retry-After: at least that long, plus up to 10% (max 1 s) so waiting clients spread out. */
export function retryDelay(
  policy: BackoffPolicy,
  attempt: number,
  retryAfterMs: number | undefined,
  random: () => number = Math.random,
): number {
  if (retryAfterMs === undefined) return backoffDelay(policy, attempt, random);
  return Math.round(retryAfterMs + random() * Math.min(MAX_SPREAD_MS, retryAfterMs * 0.1));
}
