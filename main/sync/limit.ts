// Runs an async function over keys with at most `concurrency` in flight, results in key order.
// Per-product and per-company endpoints have no batch form; a bounded fan-out is both fast and kind
// to the instance.
export async function mapLimit<K, R>(
  keys: readonly K[],
  concurrency: number,
  fn: (key: K) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array<PromiseSettledResult<R>>(keys.length);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < keys.length) {
      const i = next++;
      const key = keys[i] as K;
      try {
        results[i] = { status: 'fulfilled', value: await fn(key) };
      } catch (reason) {
        results[i] = { status: 'rejected', reason };
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, keys.length)) }, worker));
  return results;
}
