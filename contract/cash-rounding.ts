// Cash is counted in what can be paid: a cash total rounds to the currency's smallest cash unit (whole
// crowns in Czechia, where the haléř coins are gone; 0.05 of a euro where the store's Settings say
// so), and the rounding is its own figure on the payment panel, the receipt and the reports. A card
// is charged the exact total. Settings' choice lives here; the rounding itself is common/money.ts's
// roundCash, which both sides use (the core settles, the screen shows); amounts in minor units.
import { z } from 'zod';
import { minor, type Minor } from '../common/money.ts';
import { lazy } from '../common/lazy.ts';

/**
 * Settings' cash rounding: 'currency' takes the currency's own (CZK: whole crowns; any other: none),
 * 'none' never rounds, and a step rounds every cash total to a multiple of it.
 */
export const CashRounding = lazy(() => z.enum(['currency', 'none', '0.05', '0.10', '0.50', '1']));
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
export function cashStep(rounding: CashRounding, currency: string | null): Minor {
  if (rounding !== 'currency') return minor(STEPS[rounding]);
  return minor(currency === null ? 1 : (CURRENCY_STEPS[currency.toUpperCase()] ?? 1));
}

/** The cash step's arithmetic is the money module's (rule 4): one rounding for both sides. */
export { roundCash, type CashDue } from '../common/money.ts';
