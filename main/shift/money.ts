// Money at the shift's edges: the contract's amounts (major units, at most two decimals) and what a
// person types on the command line ("1500", "1500.50", "1500,5"), into integer minor units exactly,
// and back. Everything in between is whole minor units. The rules are common/money.ts's; this is
// the shift's face on them (numbers in and out, as its tables store them).
import { z } from 'zod';
import { majorText, minor, minorOf, parseMajor, toMajor as major } from '../../common/money.ts';
import { lazy } from '../../common/lazy.ts';

/** A contract amount (major units, at most two decimals, as CashAmount checks) in minor units. */
export function toMinor(amount: number): number {
  const m = minorOf(amount);
  if (m === undefined) throw new RangeError(`${amount} is no amount of money with at most two decimals.`);
  return m;
}

/** Minor units as the contract's amount (exact: below 2^53, divided once). */
export function toMajor(amount: number): number {
  return major(minor(amount));
}

/** An amount as English text for messages and the CLI: 1500.5 -> "1500.50", -17 -> "-0.17". */
export function formatMinor(amount: number): string {
  return majorText(minor(amount));
}

/**
 * An amount typed in major units, read digit by digit (never through a float): up to ten digits, then
 * a point or a comma and at most two decimals (common/money.ts parseMajor). "1500.50" is 150050 minor units.
 */
export const TypedAmount = lazy(() =>
  z
    .string()
    .trim()
    .refine(
      (text) => parseMajor(text) !== undefined,
      'must be an amount in the currency such as 1500 or 1500.50: digits, then at most two decimals after a point or comma',
    )
    .transform((text) => parseMajor(text) ?? 0),
);
