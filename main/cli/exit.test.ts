import { describe, expect, it } from 'vitest';
import { DatabaseVersionError } from '../../db/database.ts';
import { ServiceError, type ServiceErrorKind } from '../service/index.ts';
import { ConfigError } from '../settings/config.ts';
import { CliError, EXIT } from './command.ts';
import { toCliError } from './exit.ts';

function serviceError(kind: ServiceErrorKind, status?: number): ServiceError {
  return new ServiceError({ kind, status, message: `${kind} ${status ?? ''}`, mayHaveReachedServer: false });
}

describe('toCliError', () => {
  it('maps an unreachable service to 4 and names the instance', () => {
    for (const kind of ['network', 'timeout'] as const) {
      const error = toCliError(serviceError(kind), 'http://127.0.0.1:9');
      expect(error.exitCode).toBe(EXIT.unreachable);
      expect(error.message).toContain('http://127.0.0.1:9 could not be reached');
      expect(error.details).toMatchObject({ service: { kind } });
    }
  });

  it('maps refused credentials to 3, other answers to 1', () => {
    expect(toCliError(serviceError('http', 401)).exitCode).toBe(EXIT.config);
    for (const [kind, status] of [
      ['http', 400],
      ['http', 403],
      ['http', 500],
      ['invalid-response', 200],
      ['not-available', 404],
      ['aborted', undefined],
    ] as const) {
      expect(toCliError(serviceError(kind, status)).exitCode, `${kind} ${status ?? ''}`).toBe(EXIT.failure);
    }
  });

  it('maps configuration and data-folder problems to 3, keeps CliErrors, wraps the rest as 1', () => {
    expect(toCliError(new ConfigError(['missing POS_BASE_URL'])).exitCode).toBe(EXIT.config);
    expect(toCliError(new DatabaseVersionError('newer')).exitCode).toBe(EXIT.config);
    const usage = new CliError(EXIT.usage, 'bad');
    expect(toCliError(usage)).toBe(usage);
    const other = toCliError(new TypeError('boom'));
    expect(other.exitCode).toBe(EXIT.failure);
    expect(other.message).toContain('boom');
  });
});
