// Any failure of a handler -> the CoreError the UI is shown: the modules' own errors by their kind,
// the disk's failures naming the data folder, anything else logged and shown as a plain message.
import { folderOf, storageFailure } from '../../db/storage-failure.ts';
import type { Db } from '../../db/database.ts';
import { CounterError } from '../counter/index.ts';
import { OrderValidationError, OutboxActionError } from '../outbox/index.ts';
import { isServiceError } from '../service/index.ts';
import { say } from '../../contract/core-words.ts';
import { CoreError } from '../ground/index.ts';

/** The disk's failures by the words that say them (the same English as db/storage-failure.ts). */
const STORAGE_WORDS = { full: 'storageFull', 'read-only': 'storageReadOnly', io: 'storageIo' } as const;

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
  if (error instanceof CounterError) return new CoreError('rejected', error.said);
  if (error instanceof RangeError) return new CoreError('invalid-input', error.message);
  if (error instanceof OrderValidationError) {
    return new CoreError('invalid-input', [say('orderInvalid')], error.fieldErrors);
  }
  if (error instanceof OutboxActionError) {
    return new CoreError(
      error.unreachable ? 'offline' : error.reason === 'not-found' ? 'not-found' : 'rejected',
      error.message,
    );
  }
  if (isServiceError(error)) {
    if (error.kind === 'network' || error.kind === 'timeout') {
      context.reportOffline();
      return new CoreError('offline', [say('offline')]);
    }
    if (error.kind === 'not-available') return new CoreError('not-available', error.message);
    if (error.status === 403) {
      return new CoreError('forbidden', [
        error.permission === undefined
          ? say('lacksAPermission')
          : say('lacksPermission', { permission: error.permission }),
      ]);
    }
    if (error.status === 401) return new CoreError('rejected', [say('credentialsRefused')]);
    return new CoreError('rejected', error.messages.join(' ') || error.message, error.fieldErrors);
  }
  // The disk's doing (full, read-only): a message naming the data folder; nothing half-written.
  const storage = storageFailure(error, folderOf(context.db()));
  if (storage !== undefined) {
    context.log(`${context.channel} failed: ${storage.message}`);
    return new CoreError('failed', [
      say(STORAGE_WORDS[storage.kind], { folder: storage.folder, code: storage.code }),
    ]);
  }
  // Anything else is a bug or a module's failure: log the detail, show a plain message.
  context.log(
    `${context.channel} failed: ${error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error'}`,
  );
  return new CoreError('failed', [say('failed')]);
}
