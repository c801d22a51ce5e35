// The packaged app runs the core as a bundle (main/electron/build.ts bundleForNode). The sync's code
// is loaded when first needed, so it sits in a chunk of its own, and that chunk starts the sync's
// worker from new URL('./sync-worker.js', import.meta.url): the chunk must lie beside the worker's
// file, or the packaged app's sync fails to start its worker.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleForNode } from '../../../main/electron/build.ts';
import { ROOT } from '../../../main/web/build.ts';
import { tempDir } from '../../support/fixtures.ts';

/** Every .js file under `dir`, as paths relative to it. */
function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
}

describe('the packaged app’s bundle', () => {
  it('starts the sync worker from a file beside the chunk that asks for it', async () => {
    const out = tempDir('bundle');
    await bundleForNode(join(ROOT, 'main/electron/main.ts'), out, 'main.js');
    const built = files(out);
    expect(built).toContain('sync-worker.js');
    const asking = built.filter((f) => readFileSync(join(out, f), 'utf8').includes('./sync-worker.js'));
    expect(asking.length).toBeGreaterThan(0);
    // Each file naming './sync-worker.js' lies in the folder sync-worker.js is in.
    expect(asking.map((f) => relative(out, join(out, f, '..')))).toEqual(asking.map(() => ''));
  }, 120_000);
});
