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
import { afterAll, onTestFinished } from 'vitest';
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
 * A fresh empty folder for every test of a file or describe block: made at once, so call it at the
 * top level of the file or block (not in a hook), and removed after the block's afterAll hooks.
 */
export function sharedTempDir(name: string): string {
  const dir = makeTempDir(name);
  afterAll(() => remove(dir));
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
 * Counter's database on a fresh file shared by every test of a file or describe block: opened at
 * once, so call it at the block's top level (not in a hook), closed and removed after the block.
 */
export function sharedTempDb(name: string): { db: Db; file: string } {
  const file = join(sharedTempDir(name), 'counter.sqlite');
  const db = openDatabase(file);
  afterAll(() => {
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
