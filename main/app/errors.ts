// Errors the core reports to the UI. Every failure becomes a PosErrorShape whose message is fit for a
// cashier and never carries a secret, a token or a stack.
import type { PosErrorCode, PosErrorShape } from '../../preload/contract.ts';

export class CoreError extends Error {
  override name = 'CoreError';
  readonly code: PosErrorCode;
  readonly fieldErrors: Record<string, string[]> | undefined;
  constructor(code: PosErrorCode, message: string, fieldErrors?: Record<string, string[]>) {
    super(message);
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
}

export function toShape(error: CoreError): PosErrorShape {
  return error.fieldErrors === undefined
    ? { code: error.code, message: error.message }
    : { code: error.code, message: error.message, fieldErrors: error.fieldErrors };
}
