// Any failure of a handler -> the CoreError the UI is shown: the modules' own errors by their kind,
// the disk's failures naming the data folder, anything else logged and shown as a plain message.
import { folderOf, storageFailure, storageSaid } from '../../db/storage-failure.ts';
import type { Db } from '../../db/database.ts';
import { CounterError } from '../counter/index.ts';
import { OrderValidationError, OutboxActionError } from '../outbox/index.ts';
import { isServiceError, serviceSaid } from '../service/index.ts';
import { ShiftError, type ShiftErrorCode } from '../shift/index.ts';
import { say } from '../../contract/core-words.ts';
import type { PosErrorCode } from '../../contract/contract.ts';
import { CoreError } from '../ground/index.ts';

/** The shift's refusals as the UI is told them: the two it acts on by their own code. */
const SHIFT_CODES: Readonly<Record<ShiftErrorCode, PosErrorCode>> = {
  'shift-closed': 'shift-closed',
  'signed-out': 'signed-out',
  'shift-open': 'rejected',
  'wrong-pin': 'rejected',
  'locked-out': 'rejected',
  'name-taken': 'rejected',
  'no-cashier': 'not-found',
  'no-closed-shift': 'not-found',
};

export interface ErrorContext {
  /** The call that failed, for the log. */
  readonly channel: string;
  /** The database in use (its folder is named when the disk is full or read-only). */
  db(): Db;
  /** A network failure is fresh evidence that the instance is offline. */
  reportOffline(): void;
  log(line: string): void;
}

export function asCoreError(error: unknown, context: ErrorContext): CoreError {
  if (error instanceof CoreError) return error;
  if (error instanceof CounterError)
    return new CoreError(error.code === 'unconfirmed' ? 'unconfirmed' : 'rejected', error.said);
  if (error instanceof ShiftError) return new CoreError(SHIFT_CODES[error.code], error.said);
  if (error instanceof RangeError) {
    context.log(`${context.channel} refused: ${error.message}`);
    return new CoreError('invalid-input', { message: error.message, said: [say('requestInvalid')] });
  }
  if (error instanceof OrderValidationError) {
    return new CoreError('invalid-input', [say('orderInvalid')], error.fieldErrors);
  }
  if (error instanceof OutboxActionError) {
    return new CoreError(
      error.unreachable ? 'offline' : error.reason === 'not-found' ? 'not-found' : 'rejected',
      { message: error.message, said: error.said },
    );
  }
  if (isServiceError(error)) {
    if (error.kind === 'network' || error.kind === 'timeout') {
      context.reportOffline();
      return new CoreError('offline', serviceSaid(error));
    }
    if (error.kind === 'not-available')
      return new CoreError('not-available', { message: error.message, said: serviceSaid(error) });
    if (error.status === 403) {
      return new CoreError('forbidden', [
        error.permission === undefined
          ? say('lacksAPermission')
          : say('lacksPermission', { permission: error.permission }),
      ]);
    }
    if (error.status === 401) return new CoreError('rejected', [say('credentialsRefused')]);
    // The instance's own words stay as it wrote them, introduced in the screens' language.
    return new CoreError(
      'rejected',
      { message: error.messages.join(' ') || error.message, said: serviceSaid(error) },
      error.fieldErrors,
    );
  }
  // The disk's doing (full, read-only): a message naming the data folder; nothing half-written.
  const storage = storageFailure(error, folderOf(context.db()));
  if (storage !== undefined) {
    context.log(`${context.channel} failed: ${storage.message}`);
    return new CoreError('failed', [storageSaid(storage)]);
  }
  // Anything else is a bug or a module's failure: log the detail, show a plain message.
  context.log(
    `${context.channel} failed: ${error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error'}`,
  );
  return new CoreError('failed', [say('failed')]);
}
