// The OS-kept hold on a file, in this process: a second connection is refused while it is held and
// takes it once let go; the file holds no data and no journal is left beside it. Across processes
// (killed, zombie): test/integration/core/folder-lock.test.ts.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/support/fixtures.ts';
import { holdFile } from './file-lock.ts';

describe('holdFile', () => {
  it('holds a file for one holder at a time, and lets it go', () => {
    const dir = tempDir('file-lock');
    const file = join(dir, 'counter.lock');
    const first = holdFile(file);
    expect(first).not.toBeNull();
    expect(holdFile(file)).toBeNull();
    expect(readdirSync(dir)).toEqual(['counter.lock']);
    first?.release();
    first?.release(); // again: nothing
    const next = holdFile(file);
    expect(next).not.toBeNull();
    next?.release();
    expect(readdirSync(dir)).toEqual(['counter.lock']);
  });
});
