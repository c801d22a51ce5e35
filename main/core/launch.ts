// Creates the core as both shells run it: data folder from POS_DATA_DIR or the platform default (the
// same folder as the CLI's), and the built-in demo instance when nothing is configured.
import type { CredentialStore } from '../settings/credentials.ts';
import { dataDirOf } from '../settings/config.ts';
import type { Env } from '../settings/env.ts';
import { Core } from './core.ts';
import { demoLauncher } from './demo.ts';

export interface AppCoreOptions {
  readonly env: Env;
  readonly credentials: CredentialStore;
  readonly log?: (line: string) => void;
}

export function createAppCore(options: AppCoreOptions): Promise<Core> {
  const dataDir = dataDirOf(options.env);
  // POS_DEMO_SIZE=small: a faster demo for tests and slow machines (default: the demo size).
  const size = options.env.POS_DEMO_SIZE === 'small' ? 'small' : 'demo';
  return Core.create({
    dataDir,
    credentials: options.credentials,
    env: options.env,
    startDemo: demoLauncher(dataDir, size),
    ...(options.log === undefined ? {} : { log: options.log }),
  });
}
