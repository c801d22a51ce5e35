// The till's cashiers: each signs in with their own short PIN, kept only as a salted scrypt hash
// (as the manager PIN is, main/settings/manager-pin.ts), so every sale, void and cash move records
// who did it. The manager adds and removes them. Five wrong PINs in a row lock that cashier out for a
// minute, so a four-digit PIN cannot be tried through at the till.
import { words } from '../../contract/core-words.ts';
import type { CashiersView } from '../../contract/contract.ts';
import {
  activeCashierNamed,
  activeCashiers,
  getCashier,
  insertCashier,
  removeCashier,
  signedInCashier,
  signIn,
  signOut,
} from '../../db/cashiers.ts';
import { writeTransaction, type Db } from '../../db/database.ts';
import { hashPin, pinMatches } from '../settings/manager-pin.ts';
import { ShiftError } from './errors.ts';

export const MAX_WRONG_PINS = 5;
export const PIN_LOCKOUT_MS = 60_000;

export function cashiersView(db: Db): CashiersView {
  const signed = signedInCashier(db);
  return {
    cashiers: activeCashiers(db).map((c) => ({ id: c.id, name: c.name })),
    signedIn: signed === undefined ? null : { id: signed.cashier.id, name: signed.cashier.name },
  };
}

/** Adds a cashier with their PIN (4-6 digits, checked by the contract); a name is one cashier's. */
export function addCashier(db: Db, name: string, pin: string, now: Date): { id: number; name: string } {
  const trimmed = name.trim();
  // Hashing takes a while: done before the write lock is taken.
  const pinHash = hashPin(pin);
  return writeTransaction(db, () => {
    if (activeCashierNamed(db, trimmed) !== undefined) {
      throw new ShiftError('name-taken', words('cashierNameTaken', { name: trimmed }));
    }
    const row = insertCashier(db, { name: trimmed, pinHash, now });
    return { id: row.id, name: row.name };
  });
}

/** Removes a cashier (kept for the reports that name them; signed out if they were signed in). */
export function dropCashier(db: Db, id: number, now: Date): void {
  writeTransaction(db, () => {
    if (!removeCashier(db, id, now)) throw new ShiftError('no-cashier', words('cashierUnknown', { id }));
  });
}

export function signOutCashier(db: Db): void {
  writeTransaction(db, () => signOut(db));
}

/** Wrong PINs per cashier in this process, and when a locked-out cashier may try again (epoch ms). */
export class PinAttempts {
  readonly #wrong = new Map<number, number>();
  readonly #lockedUntil = new Map<number, number>();

  /**
   * Signs cashier `id` in when `pin` is theirs; ShiftError 'wrong-pin' (tries left) or 'locked-out'
   * otherwise. `now` is epoch ms (tests drive it).
   */
  signIn(db: Db, id: number, pin: string, now: number): { id: number; name: string } {
    const cashier = getCashier(db, id);
    if (cashier === undefined || cashier.removedAt !== null) {
      throw new ShiftError('no-cashier', words('cashierUnknown', { id }));
    }
    if (now < (this.#lockedUntil.get(id) ?? 0)) {
      throw new ShiftError('locked-out', words('cashierLockedOut', { name: cashier.name }));
    }
    if (!pinMatches(pin, cashier.pinHash)) {
      const wrong = (this.#wrong.get(id) ?? 0) + 1;
      if (wrong >= MAX_WRONG_PINS) {
        this.#wrong.delete(id);
        this.#lockedUntil.set(id, now + PIN_LOCKOUT_MS);
        throw new ShiftError('locked-out', words('cashierLockedOut', { name: cashier.name }));
      }
      this.#wrong.set(id, wrong);
      throw new ShiftError(
        'wrong-pin',
        words('cashierPinWrong', { name: cashier.name, tries: MAX_WRONG_PINS - wrong }),
      );
    }
    this.#wrong.delete(id);
    writeTransaction(db, () => signIn(db, id, new Date(now)));
    return { id: cashier.id, name: cashier.name };
  }
}
