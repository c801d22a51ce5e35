import { describe, expect, it } from 'vitest';
import { hashPin, LOCKOUT_MS, ManagerLock, pinMatches, UNLOCK_MS } from './manager-pin.ts';

describe('manager PIN', () => {
  it('stores a salted hash that matches only its PIN', () => {
    const a = hashPin('2468');
    const b = hashPin('2468');
    expect(a).not.toContain('2468');
    expect(a).not.toBe(b);
    expect(pinMatches('2468', a)).toBe(true);
    expect(pinMatches('2469', a)).toBe(false);
    expect(pinMatches('2468', 'garbage')).toBe(false);
    expect(pinMatches('2468', 'scrypt$16384$00$00')).toBe(false);
  });

  it('refuses a PIN that is not 4 to 12 digits, naming the rule', () => {
    expect(() => hashPin('12a4')).toThrow('The PIN must be 4 to 12 digits.');
    expect(() => hashPin('123')).toThrow('The PIN must be 4 to 12 digits.');
  });

  it('guards nothing without a PIN; with one, opens for a while on the right PIN', () => {
    let stored: string | null = null;
    const lock = new ManagerLock(() => stored);
    expect(lock.isOpen(0)).toBe(true);
    stored = hashPin('2468');
    expect(lock.isOpen(0)).toBe(false);
    expect(lock.unlock('2468', 1000)).toEqual({ ok: true, until: 1000 + UNLOCK_MS });
    expect(lock.isOpen(1000 + UNLOCK_MS - 1)).toBe(true);
    expect(lock.isOpen(1000 + UNLOCK_MS)).toBe(false);
    lock.unlock('2468', 5000);
    lock.lock();
    expect(lock.isOpen(5001)).toBe(false);
  });

  it('shuts out for a minute after five wrong PINs in a row, the right one included', () => {
    const stored = hashPin('2468');
    const lock = new ManagerLock(() => stored);
    for (let i = 4; i >= 1; i--)
      expect(lock.unlock('0000', 0)).toEqual({ ok: false, reason: 'wrong', triesLeft: i });
    expect(lock.unlock('0000', 0)).toEqual({ ok: false, reason: 'locked-out', retryAt: LOCKOUT_MS });
    expect(lock.unlock('2468', LOCKOUT_MS - 1)).toMatchObject({ ok: false, reason: 'locked-out' });
    expect(lock.unlock('2468', LOCKOUT_MS)).toMatchObject({ ok: true });
  });

  it('opens for its few minutes of the clock it was opened by: a clock put back does not keep it open', () => {
    const stored = hashPin('2468');
    const lock = new ManagerLock(() => stored);
    const yearAhead = 365 * 86_400_000;
    // Opened while the clock ran a year ahead, then the clock was put right.
    expect(lock.unlock('2468', yearAhead)).toMatchObject({ ok: true });
    expect(lock.isOpen(1000)).toBe(false);
  });

  it('a shut-out under a clock put back lasts its minute from then, not until the clock catches up', () => {
    const stored = hashPin('2468');
    const lock = new ManagerLock(() => stored);
    const yearAhead = 365 * 86_400_000;
    for (let i = 0; i < 5; i++) lock.unlock('0000', yearAhead);
    expect(lock.unlock('2468', 1000)).toEqual({
      ok: false,
      reason: 'locked-out',
      retryAt: 1000 + LOCKOUT_MS,
    });
    expect(lock.unlock('2468', 1000 + LOCKOUT_MS)).toMatchObject({ ok: true });
  });
});
