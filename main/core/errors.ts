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

/** The instance-bound modules (sync, outbox) exist only once an instance is configured. */
export function configured<T>(module: T | null | undefined): T {
  if (module == null)
    throw new CoreError('not-configured', 'No instance is configured: set one in Settings.');
  return module;
}

/** An order or line id as the contract carries it (a number, or a string of one). */
export function numericId(id: number | string): number {
  const n = typeof id === 'number' ? id : Number(id);
  if (!Number.isInteger(n)) throw new CoreError('not-found', `No order ${String(id)}.`);
  return n;
}
