// Where a test goes, by what it needs:
// - In the test's own process (real SQLite files and folders, worker threads, fake clocks): beside
//   the code it tests, as `name.test.ts`.
// - The sim or another server over loopback HTTP, or a process it spawns (`pos`, the sim's CLI, a
//   child holding a lease): under test/integration/<area>/, the area being the module under test
//   (sync, outbox, counter, service, connection, cli, sim).
// - A browser (Chromium through the web shell, or Electron): under test/e2e/.
// - What tests share (this file, the synced terminal, the hostile proxy, with tests of their own):
//   test/support/. Checks of the whole tree (architecture, install) sit in test/ itself, and the
//   benchmarks, which are no tests, in test/bench/.
//
// The fixtures below clean up after themselves, registered with vitest when they are made, so a
// test cannot forget to and a failing test leaves nothing behind.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { atFileEnd } from './file-end.ts';
import { openDatabase, type Db } from '../../db/database.ts';
import { startSim, type RunningSim, type SimOptions } from '../../sim/server.ts';
import { DEMO } from '../../sim/testing.ts';

/** The sim's demo clients: DEMO holds every permission Counter needs, VIEWER reads only, NONE nothing. */
export { DEMO, NONE, VIEWER } from '../../sim/testing.ts';

function makeTempDir(name: string): string {
  return mkdtempSync(join(tmpdir(), `counter-${name}-`));
}

function remove(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * A fresh empty folder, removed when the test that made it finishes (after its afterEach hooks, so
 * whatever they close is closed first). Make it in a test or a beforeEach.
 */
export function tempDir(name: string): string {
  const dir = makeTempDir(name);
  onTestFinished(() => remove(dir));
  return dir;
}

/**
 * A fresh empty folder that outlives the test or hook that made it (for a beforeAll's till or hub),
 * removed at the end of the file, after its afterAll hooks.
 */
export function sharedTempDir(name: string): string {
  const dir = makeTempDir(name);
  atFileEnd(() => remove(dir));
  return dir;
}

/** A path for a new SQLite file in a fresh folder of this test (see tempDir). */
export function tempDbFile(name: string): string {
  return join(tempDir(name), 'counter.sqlite');
}

/** Counter's database opened on a fresh file of this test, closed and removed when the test finishes. */
export function tempDb(name: string): { db: Db; file: string } {
  const file = tempDbFile(name);
  const db = openDatabase(file);
  onTestFinished(() => {
    if (db.open) db.close();
  });
  return { db, file };
}

/**
 * Counter's database on a fresh file shared by the tests of a file: closed and removed at the end of
 * the file (see sharedTempDir).
 */
export function sharedTempDb(name: string): { db: Db; file: string } {
  const file = join(sharedTempDir(name), 'counter.sqlite');
  const db = openDatabase(file);
  atFileEnd(() => {
    if (db.open) db.close();
  });
  return { db, file };
}

/** A small sim on a free loopback port: the default for tests, which add only what they exercise. */
export const SMALL_SIM = { size: 'small', port: 0 } as const satisfies SimOptions;

/** A sim started for this test (small, a free port, unless `options` say), closed when it finishes. */
export async function simForTest(options: SimOptions = {}): Promise<RunningSim> {
  const sim = await startSim({ ...SMALL_SIM, ...options });
  onTestFinished(() => sim.close());
  return sim;
}

/** The POS_* environment of a terminal set up for the instance at `baseUrl` with the demo client. */
export function demoEnv(baseUrl: string, dataDir?: string): Record<string, string> {
  return {
    POS_BASE_URL: baseUrl,
    POS_CLIENT_ID: DEMO.clientId,
    POS_CLIENT_SECRET: DEMO.clientSecret,
    ...(dataDir === undefined ? {} : { POS_DATA_DIR: dataDir }),
  };
}
