// The shift's refusals: no shift open for a sale, one already open, nobody signed in, a wrong or
// locked-out cashier PIN. Each carries Counter's words by key, for the screens' language.
import { WordedError } from '../../contract/core-words.ts';

export type ShiftErrorCode =
  | 'shift-closed'
  | 'shift-open'
  | 'no-closed-shift'
  | 'signed-out'
  | 'wrong-pin'
  | 'locked-out'
  | 'no-cashier'
  | 'name-taken';

export class ShiftError extends WordedError<ShiftErrorCode> {
  override name = 'ShiftError';
}
