// The sync runner is made when first needed (main/areas/link.ts loadSync). When the start's own load
// of it failed (a module's file not read on a busy till) and a later call made it, it still syncs at
// the interval set: before, only the start's load scheduled it, and a till whose start load failed
// synced only when it came back online; and with nothing asking for the sync, the start tries its
// failed load again by itself. A real core in its own process (sync-load-child.ts).
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { tempDir } from '../../support/fixtures.ts';
import { runChild } from './child-core.ts';

const child = fileURLToPath(new URL('./sync-load-child.ts', import.meta.url));

/** failed: how many reads of the sync engine's module failed. */
const Seen = z.object({ failed: z.int(), seen: z.array(z.string()) });
type Seen = z.infer<typeof Seen>;

/** What the child saw, its core on `dataDir`, in `mode` (sync-load-child.ts). */
async function run(dataDir: string, mode: 'called' | 'untouched'): Promise<Seen> {
  return Seen.parse(await runChild(child, dataDir, [mode], 140_000));
}

describe('the sync runner made after a failed load', () => {
  it('syncs at the interval set', { timeout: 150_000 }, async () => {
    const seen = await run(tempDir('sync-load'), 'called');
    expect(seen.failed).toBe(1);
    // Two syncs finished at two times: the interval's, not only the one of coming online.
    expect(seen.seen.length).toBeGreaterThanOrEqual(2);
  });

  it('is loaded again by the start itself when nothing asks for the sync', { timeout: 150_000 }, async () => {
    const seen = await run(tempDir('sync-retry'), 'untouched');
    // The start's read and the first online's failed; a later try of the start's made the runner.
    expect(seen.failed).toBe(2);
    expect(seen.seen.length).toBe(1);
  });
});
