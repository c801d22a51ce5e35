// From whatever a command threw to the exit status of INTERFACES.md and a message for people.
import { DamagedDatabaseError, DatabaseVersionError } from '../../db/database.ts';
import { storageFailure } from '../../db/storage-failure.ts';
import { ServiceError } from '../service/index.ts';
import { HubConfigError } from '../hub/config.ts';
import { ConfigError } from '../settings/config.ts';
import { CliError, EXIT } from './command.ts';

/**
 * The service could not be reached (network failure or timeout): exit 4. Credentials the service
 * refuses are a configuration problem: exit 3. Any other answer of the service is a failure the
 * command reports: exit 1.
 */
export function serviceFailure(error: ServiceError, baseUrl?: string): CliError {
  const details = { service: error.toJSON() };
  if (error.kind === 'network' || error.kind === 'timeout') {
    return new CliError(
      EXIT.unreachable,
      `The service${baseUrl ? ` at ${baseUrl}` : ''} could not be reached: ${error.message}`,
      details,
    );
  }
  if (error.status === 401) {
    return new CliError(
      EXIT.config,
      `The service refused the client credentials (check POS_CLIENT_ID and POS_CLIENT_SECRET): ${error.message}`,
      details,
    );
  }
  return new CliError(EXIT.failure, error.message, details);
}

/**
 * `dataDir`: the data folder, named when a write there fails for the disk's reasons (read-only: exit
 * 3, the folder setting is the thing to change; full or an I/O error: exit 1).
 */
export function toCliError(error: unknown, baseUrl?: string, dataDir?: string): CliError {
  if (error instanceof CliError) return error;
  if (error instanceof ServiceError) return serviceFailure(error, baseUrl);
  if (error instanceof ConfigError)
    return new CliError(EXIT.config, error.message, { problems: error.problems });
  // POS_STORE_HUB or POS_STORE_HUB_LISTEN given and invalid: configuration, as the app refuses to start.
  if (error instanceof HubConfigError) return new CliError(EXIT.config, error.message);
  if (error instanceof DatabaseVersionError || error instanceof DamagedDatabaseError)
    return new CliError(EXIT.config, error.message);
  const storage = storageFailure(error, dataDir ?? '(not resolved)');
  if (storage !== undefined) {
    return new CliError(storage.kind === 'read-only' ? EXIT.config : EXIT.failure, storage.message, {
      storage: { kind: storage.kind, folder: storage.folder, code: storage.code },
    });
  }

  const message = error instanceof Error ? error.message : String(error);
  return new CliError(EXIT.failure, `Unexpected failure: ${message}`);
}
