// What every outbox fault run must show, whatever the instance: each order stored exactly once and
// accounted for.
import { expect } from 'vitest';
import type { FaultRunResult } from './fault-run.ts';

/** What must hold on every instance: each order stored exactly once and accounted for. */
export function expectNothingLostOrRepeated(result: FaultRunResult, orders: number): void {
  expect(result).toMatchObject({
    placed: orders,
    sent: orders,
    lost: 0,
    duplicated: 0,
    silentDuplicates: 0,
    unaccounted: 0,
    mismatched: 0,
    unlisted: 0,
    kills: 5,
  });
  expect(result.inDoubtSettled).toBe(result.inDoubt);
  // A Retry-After past the year 9999 parked an order and left every listing readable.
  expect(result.absurdRetryAfterServed).toBeGreaterThan(0);
}
