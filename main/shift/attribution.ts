// Who did it and in which shift: every sale, void and cash paid in or out records the shift open at
// the till and the cashier signed in. Call these inside the write transaction of the action, so the
// shift cannot close (nor the cashier sign out) between the check and the write.
import { words } from '../../contract/core-words.ts';
import { activeCashierCount, signedInCashier } from '../../db/cashiers.ts';
import type { Db } from '../../db/database.ts';
import { insertShift, openShiftId, type SaleAttribution } from '../../db/shifts.ts';
import { ShiftError } from './errors.ts';

/**
 * Whether a sale needs an open shift: 'require' refuses it without one (a real instance, unless
 * Settings turn it off); 'auto-open' opens one with a float of 0 (the demo, so a first look can sell
 * at once); 'off' records the shift when one is open and asks nothing (a bare counter, in tests).
 */
export type ShiftPolicy = 'require' | 'auto-open' | 'off';

/**
 * The cashier signed in, or null when the till has no cashiers (then nobody needs to sign in). Once
 * it has any, nothing is recorded without one: ShiftError 'signed-out'.
 */
export function currentCashierId(db: Db): number | null {
  const signed = signedInCashier(db);
  if (signed !== undefined) return signed.cashier.id;
  if (activeCashierCount(db) > 0) throw new ShiftError('signed-out', words('signedOut'));
  return null;
}

/** The shift and cashier a sale closing now belongs to, or ShiftError 'shift-closed' (policy 'require'). */
export function saleAttribution(db: Db, policy: ShiftPolicy, now: Date): SaleAttribution {
  const cashierId = currentCashierId(db);
  const open = openShiftId(db);
  if (open !== undefined) return { shiftId: open, cashierId };
  if (policy === 'require') throw new ShiftError('shift-closed', words('shiftClosed'));
  if (policy === 'auto-open')
    return { shiftId: insertShift(db, { floatMinor: 0, openedBy: cashierId, now }), cashierId };
  return { shiftId: null, cashierId };
}

/** The shift (if any is open) and cashier a void belongs to: voiding needs no open shift. */
export function voidAttribution(db: Db): SaleAttribution {
  return { shiftId: openShiftId(db) ?? null, cashierId: currentCashierId(db) };
}
