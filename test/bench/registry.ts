// Every benchmark, in the order they run. Each area appends its own module here.
import type { Benchmark } from './types.ts';

export const benchmarks: readonly Benchmark[] = [];
