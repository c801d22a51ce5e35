// Creates the core as both shells run it: data folder from POS_DATA_DIR or the platform default, and
// the built-in demo instance when nothing is configured.
import { Core, type DemoLauncher } from '../core.ts';
import type { CredentialStore } from './credentials.ts';
import type { Env } from './instance.ts';
import { defaultDataDir } from './paths.ts';

export interface AppCoreOptions {
  readonly env: Env;
  readonly credentials: CredentialStore;
  readonly log?: (line: string) => void;
  readonly startDemo?: DemoLauncher;
}

export function createAppCore(options: AppCoreOptions): Promise<Core> {
  return Core.create({
    dataDir: defaultDataDir(options.env),
    credentials: options.credentials,
    env: options.env,
    ...(options.startDemo === undefined ? {} : { startDemo: options.startDemo }),
    ...(options.log === undefined ? {} : { log: options.log }),
  });
}
