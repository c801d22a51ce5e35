// `pos` (the CLI) in a process of its own, as a person or a script runs it: what it printed and its
// exit code (-1 when it was killed or did not start), never a throw.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { demoEnv } from './fixtures.ts';

/** The CLI's entry, for a test that starts it itself (to kill it, say). */
export const CLI = join(import.meta.dirname, '..', '..', 'main', 'cli', 'index.ts');

export interface PosRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `pos args` with exactly `env` (nothing of this process's own environment). */
export function posProcess(
  args: readonly string[],
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<PosRun> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { env, timeout: timeoutMs }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

/** The environment of `pos` on the till in `dataDir`, against the instance at `url` (the demo client). */
export function tillEnv(dataDir: string, url: string): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: dataDir, ...demoEnv(url, dataDir) };
}

/** `pos args` on the till in `dataDir` against the instance at `url`, with `env` besides. */
export function posOnTill(
  dataDir: string,
  url: string,
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<PosRun> {
  return posProcess(args, { ...tillEnv(dataDir, url), ...env });
}
