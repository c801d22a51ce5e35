// Sync's retry policy. The client already renews the token on a 401 and waits out a 429; sync
// retries what is worth retrying once more (a 401 after renewal, 429, 5xx, dropped or timed-out
// connections) with exponential backoff and full jitter, honouring Retry-After. 400/403/404 and
// unparsable responses are answers, not accidents: they are never retried.
import { ServiceError } from '../service/index.ts';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { attempts: 6, baseDelayMs: 200, maxDelayMs: 5_000 };

export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ServiceError)) return false;
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  if (error.kind !== 'http' || error.status === undefined) return false;
  // A 401 from an API call (token expired or revoked mid-run) is worth another go with a fresh
  // token; a 401 from the token endpoint itself (mayHaveReachedServer false) means refused credentials.
  if (error.status === 401) return error.mayHaveReachedServer;
  return error.status === 408 || error.status === 429 || error.status >= 500;
}

/** Delay before retry number `retry` (1-based): full jitter over an exponential ceiling, >= Retry-After. */
export function retryDelayMs(
  policy: RetryPolicy,
  retry: number,
  error: unknown,
  random = Math.random,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  const jittered = Math.round(ceiling * (0.5 + random() / 2));
  const retryAfter = error instanceof ServiceError ? (error.retryAfterMs ?? 0) : 0;
  // Retry-After is the instance asking: obey it, bounded so a huge value cannot park the sync.
  return Math.max(jittered, Math.min(retryAfter, 60_000));
}

export interface RetryHooks {
  signal?: AbortSignal | undefined;
  onRetry?: ((error: unknown, retry: number, delayMs: number) => void) | undefined;
}

export async function withRetry<T>(
  fn: () => Promise<T>,
  policy: RetryPolicy,
  hooks: RetryHooks = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (attempt >= policy.attempts || !isRetryable(error) || hooks.signal?.aborted === true) throw error;
      const delay = retryDelayMs(policy, attempt, error);
      hooks.onRetry?.(error, attempt, delay);
      await sleep(delay, hooks.signal);
    }
  }
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(abortError());
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function abortError(): ServiceError {
  return new ServiceError({ kind: 'aborted', message: 'Sync was cancelled', mayHaveReachedServer: false });
}

export function isAbort(error: unknown): boolean {
  return error instanceof ServiceError && error.kind === 'aborted';
}
