// The instance's client as every shell builds it (the app's Link, every `pos` command): one
// ServiceClient per instance, logging through the shell's log. Built here and nowhere else.
import { ServiceClient, type LogLevel, type ServiceConfig } from '../service/index.ts';

export interface ClientNeeds {
  log(line: string): void;
  /** Which of its lines are logged: 'warn' (a command's default), 'info' (the app), 'debug' (--verbose). */
  readonly logFrom: Exclude<LogLevel, 'error'>;
  /**
   * How long a connection is waited for: the app's 3 s, so the status bar says offline soon and a
   * card falls back to the cache; a command's 10 s (the client's default).
   */
  readonly connectTimeoutMs?: number;
  /** The token endpoint accepted (a token) or refused (400/401) the client id and secret. */
  readonly credentials?: (accepted: boolean) => void;
}

const RANK: Readonly<Record<LogLevel, number>> = { debug: 0, info: 1, warn: 2, error: 3 };

export function buildClient(config: ServiceConfig, needs: ClientNeeds): ServiceClient {
  const credentials = needs.credentials;
  return new ServiceClient(config, {
    ...(needs.connectTimeoutMs === undefined ? {} : { connectTimeoutMs: needs.connectTimeoutMs }),
    ...(credentials === undefined ? {} : { onCredentials: (accepted: boolean) => credentials(accepted) }),
    logger: (level, message) => {
      if (RANK[level] >= RANK[needs.logFrom]) needs.log(`service ${level}: ${message}`);
    },
  });
}
