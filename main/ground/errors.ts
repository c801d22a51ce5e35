// Errors the core reports to the UI. Every failure becomes a PosErrorShape whose message is fit for a
// cashier and never carries a secret, a token or a stack.
import type { PosErrorCode, PosErrorShape } from '../../contract/contract.ts';
import { english, say, type Said, type Words } from '../../contract/core-words.ts';

export class CoreError extends Error {
  override name = 'CoreError';
  readonly code: PosErrorCode;
  readonly fieldErrors: Record<string, string[]> | undefined;
  /** Counter's own words by key (the renderer says them in its language); undefined for the instance's. */
  readonly said: readonly Said[] | undefined;
  /** The field errors by key when they are Counter's words (the renderer says each by its field). */
  readonly fieldSaid: Record<string, readonly Said[]> | undefined;
  /**
   * `message`: Counter's words as Said sentences, or a text as it came (the instance's words), or
   * both (`Words`: an English text of its own for the CLI and the log, the sentences for the screens).
   */
  constructor(
    code: PosErrorCode,
    message: string | readonly Said[] | Words,
    fieldErrors?: Record<string, string[]>,
    fieldSaid?: Record<string, readonly Said[]>,
  ) {
    super(typeof message === 'string' ? message : 'said' in message ? message.message : english(message));
    this.code = code;
    this.fieldErrors = fieldErrors;
    this.fieldSaid = fieldSaid;
    this.said = typeof message === 'string' ? undefined : 'said' in message ? message.said : message;
  }
}

export function toShape(error: CoreError): PosErrorShape {
  return {
    code: error.code,
    message: error.message,
    ...(error.said === undefined ? {} : { said: [...error.said] }),
    ...(error.fieldErrors === undefined ? {} : { fieldErrors: error.fieldErrors }),
    ...(error.fieldSaid === undefined ? {} : { fieldSaid: error.fieldSaid }),
  };
}

/** The instance-bound modules (sync, outbox) exist only once an instance is configured. */
export function configured<T>(module: T | null | undefined): T {
  if (module == null) throw new CoreError('not-configured', [say('notConfigured')]);
  return module;
}

/** An order or line id as the contract carries it (a number, or a string of one). */
export function numericId(id: number | string): number {
  const n = typeof id === 'number' ? id : Number(id);
  if (!Number.isInteger(n)) throw new CoreError('not-found', [say('noOrder', { id: String(id) })]);
  return n;
}
