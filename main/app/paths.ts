// Where the app keeps its data when POS_DATA_DIR does not say: the platform's per-user data folder.
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Env } from './instance.ts';

export function defaultDataDir(env: Env, platform: NodeJS.Platform = process.platform): string {
  const fromEnv = env.POS_DATA_DIR?.trim();
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Counter');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Counter');
  return join(env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'counter');
}
