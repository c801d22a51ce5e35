// The data folder's lock in this process, on real files: what a refused app is told, and a record
// left behind that names no live holder. Across processes (a second web shell, a holder killed -9 or
// left a zombie): test/integration/core/folder-lock.test.ts.
import { existsSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { holdFile } from '../../db/file-lock.ts';
import { tempDir } from '../../test/support/fixtures.ts';
import { THIS_HOST, type ProcessTable } from '../ground/index.ts';
import { FolderInUseError, folderInUseSaid, HOLDER_FILE, LOCK_FILE, lockDataFolder } from './folder-lock.ts';

async function refusal(promise: Promise<unknown>): Promise<FolderInUseError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof FolderInUseError)) throw new Error(`not refused: ${String(error)}`);
  return error;
}

describe('lockDataFolder', () => {
  it('refuses a second app naming the folder and the holder, and lets the folder go on release', async () => {
    const dir = tempDir('folder-lock');
    const held = await lockDataFolder(dir, 'web');
    const refused = await refusal(lockDataFolder(dir, 'electron'));
    expect(refused.folder).toBe(dir);
    expect(refused.holder).toMatchObject({ pid: process.pid, host: hostname(), app: 'web' });
    expect(refused.holder?.start).toBe(THIS_HOST.startOf(process.pid) ?? null);
    expect(refused.message).toContain(
      `on the data folder ${dir} (process ${String(process.pid)}, the web shell`,
    );

    held.release();
    expect(existsSync(join(dir, HOLDER_FILE))).toBe(false);
    const next = await lockDataFolder(dir, 'electron');
    next.release();
  });

  it("says the refusal in the OS's language for the desktop app's error box, English where Counter speaks none", async () => {
    const dir = tempDir('folder-lock');
    const held = await lockDataFolder(dir, 'web');
    try {
      const refused = await refusal(lockDataFolder(dir, 'electron'));
      const pid = String(process.pid);
      expect(folderInUseSaid(refused, 'cs-CZ')).toContain(
        `Counter už běží nad složkou dat ${dir} (proces ${pid}, webová verze, spuštěno`,
      );
      expect(folderInUseSaid(refused, 'sk')).toContain(
        `nad priečinkom dát ${dir} (proces ${pid}, webová verzia`,
      );
      expect(folderInUseSaid(refused, 'de-DE')).toContain(
        `on the data folder ${dir} (process ${pid}, the web shell`,
      );
      expect(folderInUseSaid(refused, 'cs')).not.toMatch(/\{\{/);
    } finally {
      held.release();
    }
  });

  it('does not name a holder from a record whose process is gone, a zombie or another under its pid', async () => {
    const dir = tempDir('folder-lock');
    const hold = holdFile(join(dir, LOCK_FILE)); // an app that took the folder and has not written yet
    try {
      writeFileSync(
        join(dir, HOLDER_FILE),
        JSON.stringify({ pid: 4242, host: hostname(), start: '100', startedAt: 'x', app: 'web' }),
      );
      const cases: ProcessTable[] = [
        { runs: () => false, startOf: () => '100' }, // gone, or a zombie (THIS_HOST says neither runs)
        { runs: () => true, startOf: () => '999' }, // the pid now another process's
      ];
      for (const processes of cases) {
        const refused = await refusal(lockDataFolder(dir, 'web', { processes, nameWaitMs: 300 }));
        expect(refused.holder).toBeUndefined();
        expect(refused.message).toContain(
          `another process holds ${join(dir, LOCK_FILE)} and has not said which`,
        );
      }
      const named = await refusal(
        lockDataFolder(dir, 'web', {
          processes: { runs: () => true, startOf: () => '100' },
          nameWaitMs: 300,
        }),
      );
      expect(named.holder?.pid).toBe(4242);
    } finally {
      hold?.release();
    }
  });
});
