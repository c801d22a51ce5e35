// The Link's parts (returns, the print worker, the store hub: main/areas/link.ts loadParts) load when
// first needed. A load that failed once (a module's file not read: too many open files on a busy
// till) is tried again by the next call, not handed out again for the Link's life: a real core in its
// own process, the failure made by Node's module hooks (parts-load-child.ts).
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { tempDir } from '../../support/fixtures.ts';
import { runChild } from './child-core.ts';

const child = fileURLToPath(new URL('./parts-load-child.ts', import.meta.url));

const Seen = z.object({ failed: z.boolean(), answers: z.array(z.string()) });
type Seen = z.infer<typeof Seen>;

/** What the child saw, its core on `dataDir`. */
async function run(dataDir: string): Promise<Seen> {
  return Seen.parse(await runChild(child, dataDir));
}

describe("the Link's parts", () => {
  it('load on a later call after one failed load', async () => {
    const seen = await run(tempDir('parts-load'));
    // The fault was made (the module's first read failed) ...
    expect(seen.failed).toBe(true);
    // ... and the hub's call answers in the end, its parts loaded on a try after the failed one.
    expect(seen.answers.at(-1)).toBe('ok');
  });
});
