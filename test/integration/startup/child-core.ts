// The startup tests' real cores, each in its own process (Node's module hooks are the process's):
// `runChild` starts a child file on a data folder, with no POS_* but the folder, and gives its last
// output line's JSON; `startChildCore` (in the child, after its hooks are registered) makes the core
// as the shells make it. Product modules are imported inside it, so a child's hooks see them load.
import { spawn } from 'node:child_process';
import type { Core } from '../../../main/core/core.ts';

/** Runs `file` on `dataDir`; its last line of output as JSON. Killed at `killMs` (before vitest's timeout). */
export function runChild(
  file: string,
  dataDir: string,
  args: readonly string[] = [],
  killMs = 110_000,
): Promise<unknown> {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('POS_')) env[k] = v;
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [file, ...args], {
      env: { ...env, POS_DATA_DIR: dataDir },
      timeout: killMs,
    });
    let out = '';
    let err = '';
    proc.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    proc.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    proc.on('error', reject);
    proc.on('close', (status) => {
      const last = out.trim().split('\n').at(-1) ?? '';
      if (status !== 0) return reject(new Error(`the core ended with ${String(status)}:\n${out}${err}`));
      resolve(JSON.parse(last) as unknown);
    });
  });
}

/** A till's core made as the shells make it (createAppCore on POS_DATA_DIR, the web app). */
export async function startChildCore(): Promise<Core> {
  const { createAppCore } = await import('../../../main/core/launch.ts');
  const { MemoryCredentialStore } = await import('../../../main/settings/credentials.ts');
  return createAppCore({
    env: process.env,
    credentials: new MemoryCredentialStore(),
    app: 'web',
    log: () => undefined,
  });
}
