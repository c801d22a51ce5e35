// The shift's calls (shift.*) and the cashiers' (cashier.*): the till's shift and its reports, cash
// paid in and out, the close with the manager PIN for a difference over the limit, and who works the
// till. Amounts arrive in major units (the contract's) and are whole minor units from here on.
import type { Db } from '../../db/database.ts';
import { CoreError, type GuardedAction, type Handlers } from '../ground/index.ts';
import type { ShiftPolicy } from './attribution.ts';
import { addCashier, cashiersView, dropCashier, signOutCashier, type PinAttempts } from './cashiers.ts';
import { ShiftError } from './errors.ts';
import { toMinor } from './money.ts';
import { closeShift, currentReport, differenceWords, lastZReport, moveCash, openShift } from './shifts.ts';

export interface ShiftDeps {
  /** The till's file in use (the demo's own on the demo). */
  db(): Db;
  /** Whether a sale needs an open shift here (Settings; the demo opens one by itself). */
  policy(): ShiftPolicy;
  /** Settings' limit on the difference at close, in minor units. */
  differenceLimitMinor(): number;
  /** The manager lock: a difference over the limit needs the PIN when one is set. */
  readonly manager: { readonly pinSet: boolean; isOpen(now: number): boolean };
  /** Throws (CoreError 'locked') while a manager PIN guards `what` and was not given. */
  guard(what: GuardedAction): void;
  /** Epoch ms. */
  now(): number;
  readonly attempts: PinAttempts;
  /** The shift or who works the till changed (the status bar may show it). */
  changed(): void;
}

type ShiftCalls =
  | 'shift.current'
  | 'shift.open'
  | 'shift.cash'
  | 'shift.close'
  | 'shift.last'
  | 'cashier.list'
  | 'cashier.add'
  | 'cashier.remove'
  | 'cashier.signIn'
  | 'cashier.signOut';

export function shiftHandlers(deps: ShiftDeps): Pick<Handlers, ShiftCalls> {
  const now = (): Date => new Date(deps.now());
  const changed = <T>(value: T): Promise<T> => {
    deps.changed();
    return Promise.resolve(value);
  };
  return {
    'shift.current': () =>
      Promise.resolve({ open: currentReport(deps.db(), now()), required: deps.policy() === 'require' }),
    'shift.open': ({ float }) => changed(openShift(deps.db(), toMinor(float), now())),
    'shift.cash': ({ direction, amount, reason }) =>
      changed(moveCash(deps.db(), { direction, amountMinor: toMinor(amount), reason }, now())),
    'shift.close': ({ counted }) => {
      const at = deps.now();
      const z = closeShift(
        deps.db(),
        {
          countedMinor: toMinor(counted),
          limitMinor: deps.differenceLimitMinor(),
          approve: (difference) => {
            if (!deps.manager.pinSet) return false;
            if (!deps.manager.isOpen(at)) throw new CoreError('locked', differenceWords(difference));
            return true;
          },
        },
        new Date(at),
      );
      return changed(z);
    },
    'shift.last': () => {
      try {
        return Promise.resolve(lastZReport(deps.db(), now()));
      } catch (error) {
        if (error instanceof ShiftError && error.code === 'no-closed-shift') return Promise.resolve(null);
        throw error;
      }
    },
    'cashier.list': () => Promise.resolve(cashiersView(deps.db())),
    'cashier.add': ({ name, pin }) => {
      deps.guard('lockedCashiers');
      addCashier(deps.db(), name, pin, now());
      return changed(cashiersView(deps.db()));
    },
    'cashier.remove': ({ id }) => {
      deps.guard('lockedCashiers');
      dropCashier(deps.db(), id, now());
      return changed(cashiersView(deps.db()));
    },
    'cashier.signIn': ({ id, pin }) => {
      deps.attempts.signIn(deps.db(), id, pin, deps.now());
      return changed(cashiersView(deps.db()));
    },
    'cashier.signOut': () => {
      signOutCashier(deps.db());
      return changed(cashiersView(deps.db()));
    },
  };
}
