// Percentiles of latency samples (ms).
import type { Figure } from './types.ts';

export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export function round(n: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/** The median wall time of 50 calls of `call`, and the last call's answer. */
export function medianCall<T>(call: () => T): { ms: number; answer: T } {
  const samples: number[] = [];
  const timed = (): T => {
    const start = performance.now();
    const answer = call();
    samples.push(performance.now() - start);
    return answer;
  };
  let answer = timed();
  for (let i = 1; i < 50; i++) answer = timed();
  return { ms: percentile(samples, 50), answer };
}

/** One call's time on a small and a large store and their ratio: `<name>.call-small`, `-large`, `.ratio`. */
export function growthFigures(
  name: string,
  small: { ms: number; vs: string },
  large: { ms: number; vs: string },
  grown: string,
): Record<string, Figure> {
  return {
    [`${name}.call-small`]: { value: round(small.ms, 3), unit: 'ms', vs: small.vs },
    [`${name}.call-large`]: { value: round(large.ms, 3), unit: 'ms', vs: large.vs },
    [`${name}.ratio`]: {
      value: round(large.ms / small.ms, 2),
      unit: 'x',
      vs: `${grown}; 1 = not growing with the journals`,
    },
  };
}
