// A benchmark measures figures; it never fails the suite on wall time.
export interface Figure {
  readonly value: number;
  readonly unit: string;
  /** What the value is compared with, e.g. "download+parse only" or a target like "target <= 1.5". */
  readonly vs?: string;
  readonly [extra: string]: unknown;
}

export interface BenchContext {
  readonly quick: boolean;
  /** --scans N: how many scans the scan storm makes per scanner and phase (its full run's code, fewer). */
  readonly scans?: number;
  /** Progress lines: stderr, never stdout (stdout is the table or the JSON document). */
  log(message: string): void;
}

export interface Benchmark {
  readonly name: string;
  run(ctx: BenchContext): Promise<Record<string, Figure>>;
}
