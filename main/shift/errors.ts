// The shift's refusals: no shift open for a sale, one already open, nobody signed in, a wrong or
// locked-out cashier PIN. Each carries Counter's words by key, for the screens' language.
import type { Words } from '../../contract/core-words.ts';

export type ShiftErrorCode =
  | 'shift-closed'
  | 'shift-open'
  | 'no-closed-shift'
  | 'signed-out'
  | 'wrong-pin'
  | 'locked-out'
  | 'no-cashier'
  | 'name-taken';

export class ShiftError extends Error {
  override name = 'ShiftError';
  readonly code: ShiftErrorCode;
  readonly said: Words['said'];
  constructor(code: ShiftErrorCode, why: Words) {
    super(why.message);
    this.code = code;
    this.said = why.said;
  }
}
