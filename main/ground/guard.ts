// The manager lock's guard: what it guards and the refusal. Settings and the destructive order
// actions wait for the manager PIN; each area's slice names what it guards, and the core checks it.
import { say } from '../../contract/core-words.ts';
import { CoreError } from './errors.ts';

/** What the manager PIN guards, by the words that say so (contract/core-words.ts). */
export type GuardedAction =
  | 'lockedSettings'
  | 'lockedDiscard'
  | 'lockedCancel'
  | 'lockedMarkSent'
  | 'lockedPrice'
  | 'lockedDiscount'
  | 'lockedCashiers'
  | 'lockedDrawer'
  | 'lockedReturnBooked'
  | 'lockedReturnSettle';

/** Refuses a guarded action while a manager PIN is set and was not given (CoreError 'locked'). */
export function requireManager(
  lock: { isOpen(now: number): boolean },
  now: number,
  what: GuardedAction,
): void {
  if (!lock.isOpen(now)) throw new CoreError('locked', [say(what)]);
}
