// The sync runner is made when first needed (main/areas/link.ts loadSync). When the start's own load
// of it failed (a module's file not read on a busy till) and a later call made it, it still syncs at
// the interval set: before, only the start's load scheduled it, and a till whose start load failed
// synced only when it came back online. A real core in its own process (sync-load-child.ts).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../support/fixtures.ts';

const child = fileURLToPath(new URL('./sync-load-child.ts', import.meta.url));

interface Seen {
  readonly failed: boolean;
  readonly seen: readonly string[];
}

function run(dataDir: string): Promise<Seen> {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('POS_')) env[k] = v;
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [child], {
      env: { ...env, POS_DATA_DIR: dataDir },
      timeout: 140_000,
    });
    let out = '';
    let err = '';
    proc.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    proc.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    proc.on('error', reject);
    proc.on('close', (status) => {
      const last = out.trim().split('\n').at(-1) ?? '';
      if (status !== 0) return reject(new Error(`the core ended with ${String(status)}:\n${out}${err}`));
      resolve(JSON.parse(last) as Seen);
    });
  });
}

describe('the sync runner made after a failed load', () => {
  it('syncs at the interval set', { timeout: 150_000 }, async () => {
    const seen = await run(tempDir('sync-load'));
    expect(seen.failed).toBe(true);
    // Two syncs finished at two times: the interval's, not only the one of coming online.
    expect(seen.seen.length).toBeGreaterThanOrEqual(2);
  });
});
