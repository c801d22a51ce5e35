// The optional manager PIN: it guards Settings and the destructive order actions (discard, cancel on
// the instance, mark as sent). Only its scrypt hash is stored, with a salt of its own; the renderer
// never sees either, and the core, not the screen, refuses a guarded call while the lock is shut.
// A correct PIN opens the lock for a few minutes of the manager's work; five wrong ones in a row
// close it for a minute, so a PIN of four digits cannot be tried through in an afternoon.
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { lazy } from '../../common/lazy.ts';

/** 4 to 12 digits: typed on a till's number keys. */
export const ManagerPin = lazy(() => z.string().regex(/^\d{4,12}$/, 'The PIN must be 4 to 12 digits.'));

const KEY_LENGTH = 32;
const COST = 16384;

/** `scrypt$<cost>$<salt hex>$<hash hex>` */
export function hashPin(pin: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(ManagerPin.parse(pin), salt, KEY_LENGTH, { N: COST });
  return `scrypt$${COST}$${salt.toString('hex')}$${hash.toString('hex')}`;
}

export function pinMatches(pin: string, stored: string): boolean {
  const [scheme, cost, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || cost === undefined || salt === undefined || hash === undefined) return false;
  const expected = Buffer.from(hash, 'hex');
  if (expected.length !== KEY_LENGTH) return false;
  const actual = scryptSync(pin, Buffer.from(salt, 'hex'), KEY_LENGTH, { N: Number(cost) });
  return timingSafeEqual(actual, expected);
}

export const UNLOCK_MS = 5 * 60_000;
export const MAX_WRONG = 5;
export const LOCKOUT_MS = 60_000;

export type UnlockResult =
  | { readonly ok: true; readonly until: number }
  | { readonly ok: false; readonly reason: 'wrong'; readonly triesLeft: number }
  | { readonly ok: false; readonly reason: 'locked-out'; readonly retryAt: number };

/**
 * The lock in front of the guarded actions; time comes in as epoch ms (tests drive it). Each window
 * (open, shut out) keeps when it began too: the till's clock may be put back (a clock that ran a year
 * ahead, set right), and a window is judged on the clock it began by, never left open until that
 * clock's future comes round again.
 */
export class ManagerLock {
  readonly #hash: () => string | null;
  #openedAt = 0;
  #openUntil = 0;
  #wrong = 0;
  #lockedOutAt = 0;
  #lockedOutUntil = 0;

  /** `hash` reads the stored PIN hash; null: no PIN set, nothing is guarded. */
  constructor(hash: () => string | null) {
    this.#hash = hash;
  }

  get pinSet(): boolean {
    return this.#hash() !== null;
  }

  isOpen(now: number): boolean {
    return !this.pinSet || (now >= this.#openedAt && now < this.#openUntil);
  }

  unlock(pin: string, now: number): UnlockResult {
    const stored = this.#hash();
    if (stored === null) return { ok: true, until: now };
    // A shut-out begun under a clock since put back lasts its minute from now.
    if (now < this.#lockedOutAt) this.#shutOut(now);
    if (now < this.#lockedOutUntil) return { ok: false, reason: 'locked-out', retryAt: this.#lockedOutUntil };
    if (pinMatches(pin, stored)) {
      this.#wrong = 0;
      this.#openedAt = now;
      this.#openUntil = now + UNLOCK_MS;
      return { ok: true, until: this.#openUntil };
    }
    this.#wrong += 1;
    if (this.#wrong >= MAX_WRONG) {
      this.#wrong = 0;
      this.#shutOut(now);
      return { ok: false, reason: 'locked-out', retryAt: this.#lockedOutUntil };
    }
    return { ok: false, reason: 'wrong', triesLeft: MAX_WRONG - this.#wrong };
  }

  #shutOut(now: number): void {
    this.#lockedOutAt = now;
    this.#lockedOutUntil = now + LOCKOUT_MS;
  }

  /** Shut again at once (the manager leaves Settings, or the PIN changed). */
  lock(): void {
    this.#openUntil = 0;
  }
}
