// The shift area: the till's shifts, its cashiers, and their X and Z reports.
import { PinAttempts, shiftHandlers, toMinor } from '../shift/index.ts';
import type { Area, CallsOf, Till } from './area.ts';

export function shiftArea(till: Till): Area<CallsOf<'shift' | 'cashier'>> {
  return {
    handlers: shiftHandlers({
      db: () => till.db(),
      policy: () => till.link()?.shiftPolicy() ?? 'require',
      differenceLimitMinor: () => toMinor(till.settings.read().cashDifferenceLimit),
      manager: till.lock,
      guard: (what) => till.guard(what),
      now: () => till.now(),
      attempts: new PinAttempts(),
      changed: () => till.statusChanged(),
    }),
  };
}
