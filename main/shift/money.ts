// Money at the shift's edges: the contract's amounts (major units, at most two decimals) and what a
// person types on the command line ("1500", "1500.50", "1500,5"), into integer minor units exactly,
// and back. Everything in between is whole minor units.
import { z } from 'zod';

/** A contract amount (major units, at most two decimals, as CashAmount checks) in minor units. */
export function toMinor(amount: number): number {
  const minor = Math.round(amount * 100);
  if (!Number.isSafeInteger(minor) || Math.abs(amount * 100 - minor) > 1e-6) {
    throw new RangeError(`${amount} is no amount of money with at most two decimals.`);
  }
  return minor;
}

/** Minor units as the contract's amount (exact: below 2^53, divided once). */
export function toMajor(minor: number): number {
  return minor / 100;
}

/** An amount as English text for messages and the CLI: 1500.5 -> "1500.50", -17 -> "-0.17". */
export function formatMinor(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * An amount typed in major units, read digit by digit (never through a float): up to ten digits, then
 * a point or a comma and one or two decimals. "1500.50" is 150050 minor units.
 */
export const TypedAmount = z
  .string()
  .trim()
  .regex(
    /^\d{1,10}([.,]\d{1,2})?$/,
    'must be an amount in the currency such as 1500 or 1500.50: digits, then at most two decimals after a point or comma',
  )
  .transform((text) => {
    const [whole = '0', fraction = ''] = text.split(/[.,]/);
    return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  });
