// Cash is counted in what can be paid: a cash total rounds to the currency's smallest cash unit (whole
// crowns in Czechia, where the haléř coins are gone; 0.05 of a euro where the store's Settings say
// so), and the rounding is its own figure on the payment panel, the receipt and the reports. A card
// is charged the exact total. Both sides use this arithmetic (the core settles, the screen shows), so
// it lives in the contract; amounts are integer minor units (haléře, cents).
import { z } from 'zod';

/**
 * Settings' cash rounding: 'currency' takes the currency's own (CZK: whole crowns; any other: none),
 * 'none' never rounds, and a step rounds every cash total to a multiple of it.
 */
export const CashRounding = z.enum(['currency', 'none', '0.05', '0.10', '0.50', '1']);
export type CashRounding = z.infer<typeof CashRounding>;

const STEPS: Readonly<Record<Exclude<CashRounding, 'currency'>, number>> = {
  none: 1,
  '0.05': 5,
  '0.10': 10,
  '0.50': 50,
  '1': 100,
};

/** Currencies whose smallest coin is above one minor unit, by law or custom, in minor units. */
const CURRENCY_STEPS: Readonly<Record<string, number>> = { CZK: 100 };

/** The smallest cash unit, in minor units, that `rounding` gives for `currency` (1: no rounding). */
export function cashStep(rounding: CashRounding, currency: string | null): number {
  if (rounding !== 'currency') return STEPS[rounding];
  return currency === null ? 1 : (CURRENCY_STEPS[currency.toUpperCase()] ?? 1);
}

export interface CashDue {
  /** What the customer pays in cash: the total rounded to the nearest step (a half step up). */
  readonly dueMinor: number;
  /** due - total: above 0 the customer pays more than the total, below 0 less. */
  readonly roundingMinor: number;
}

/**
 * A cash total rounded to the nearest multiple of `stepMinor`, half a step up (706.17 Kč in whole
 * crowns is 706 Kč, rounding -0.17; 706.50 is 707, +0.50). Integer minor units in and out.
 */
export function roundCash(totalMinor: number, stepMinor: number): CashDue {
  if (!Number.isSafeInteger(totalMinor))
    throw new RangeError(`${totalMinor} is no whole amount of minor units.`);
  if (!Number.isSafeInteger(stepMinor) || stepMinor < 1)
    throw new RangeError(`${stepMinor} is no cash step (a whole number of minor units, 1 or more).`);
  const magnitude = Math.abs(totalMinor);
  const remainder = magnitude % stepMinor;
  const down = magnitude - remainder;
  const rounded = remainder * 2 >= stepMinor ? down + stepMinor : down;
  const dueMinor = totalMinor < 0 && rounded !== 0 ? -rounded : rounded;
  return { dueMinor, roundingMinor: dueMinor - totalMinor };
}
