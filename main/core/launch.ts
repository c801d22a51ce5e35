// Creates the core as both shells run it: data folder from POS_DATA_DIR or the platform default (the
// same folder as the CLI's), held for this app alone (folder-lock.ts), and the built-in demo instance
// when nothing is configured.
// First: nothing the start builds compiles a parser before the first answer (start-parsers.ts).
import './interpreted-at-start.ts';
import type { CredentialStore } from '../settings/credentials.ts';
import { dataDirOf } from '../settings/config.ts';
import type { Env } from '../settings/env.ts';
import { Core } from './core.ts';
import { demoLauncher } from './demo.ts';
import { lockDataFolder, type AppKind } from './folder-lock.ts';

export { FolderInUseError, folderInUseSaid } from './folder-lock.ts';

export interface AppCoreOptions {
  readonly env: Env;
  readonly credentials: CredentialStore;
  /** Where the store hub's passwords are kept, as the client secret is (main/areas/hub.ts). */
  readonly hubSecrets?: CredentialStore;
  /** Which app this is, as a refused second one is told. */
  readonly app: AppKind;
  readonly log?: (line: string) => void;
}

/** The app's core; FolderInUseError when another app holds the data folder (nothing opened then). */
export async function createAppCore(options: AppCoreOptions): Promise<Core> {
  const dataDir = dataDirOf(options.env);
  const lock = await lockDataFolder(dataDir, options.app);
  // POS_DEMO_SIZE=small: a faster demo for tests and slow machines (default: the demo size).
  const size = options.env.POS_DEMO_SIZE === 'small' ? 'small' : 'demo';
  try {
    return await Core.create({
      dataDir,
      credentials: options.credentials,
      ...(options.hubSecrets === undefined ? {} : { hubSecrets: options.hubSecrets }),
      env: options.env,
      startDemo: demoLauncher(dataDir, size),
      held: lock,
      ...(options.log === undefined ? {} : { log: options.log }),
    });
  } catch (error) {
    lock.release();
    throw error;
  }
}
