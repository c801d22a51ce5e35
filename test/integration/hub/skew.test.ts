// Tills whose clocks disagree by hours (faketime: one 5 hours behind, one 3 hours ahead) exchange
// their journals through a real nats-server exactly as tills in step do: every event once, in each
// till's own order, whatever its clock stamped. Ordering never reads a wall clock.
import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { lastJournalSeq, storeEvents } from '../../../db/journal.ts';
import { tempDir } from '../../support/fixtures.ts';
import { startTestHub } from '../../support/nats-hub.ts';
import { skewedClockEnv } from '../../support/skewed-clock.ts';
import { joinHub, openShift, openTillDb, sell, tillUsers } from '../../support/store-till.ts';

const child = new URL('./skewed-till.ts', import.meta.url).pathname;

/**
 * The child till, its wall clock `clock` off, with `args`; its hub password in its environment, never
 * on its command line: ps shows that, and a failed child's error message is "Command failed: " and
 * the whole of it, printed in the test's failure.
 */
function skewedTill(
  clock: string,
  args: string[],
  password: string,
): Promise<{ seqs: number[]; clock: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [child, ...args],
      {
        env: { ...process.env, ...skewedClockEnv(clock), SKEWED_TILL_PASSWORD: password },
        timeout: 120_000,
      },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${error.message}\n${stderr}`));
        else resolve(JSON.parse(stdout) as { seqs: number[]; clock: string });
      },
    );
  });
}

describe('tills with skewed clocks', () => {
  it(
    "exchange every event once, in each till's order, 5 hours behind and 3 ahead",
    { timeout: 180_000 },
    async () => {
      const hub = await startTestHub(tillUsers('true', 'behind', 'ahead'));
      const db = openTillDb('true');
      openShift(db);
      for (let i = 0; i < 10; i++) sell(db, 8, 1);
      joinHub(db, 'true', hub);
      const [behind, ahead] = await Promise.all([
        skewedTill(
          '-5h',
          [tempDir('behind'), hub.url, 'behind', '7', 'true', String(lastJournalSeq(db))],
          hub.password('behind'),
        ),
        skewedTill(
          '+3h',
          [tempDir('ahead'), hub.url, 'ahead', '4', 'true', String(lastJournalSeq(db))],
          hub.password('ahead'),
        ),
      ]);
      const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
      expect(behind.seqs).toEqual(oneTo(11));
      expect(ahead.seqs).toEqual(oneTo(11));
      // Their clocks really were off (by hours, whatever the machine's speed).
      const hour = 3_600_000;
      expect(Date.now() - Date.parse(behind.clock)).toBeGreaterThan(4 * hour);
      expect(Date.parse(ahead.clock) - Date.now()).toBeGreaterThan(2 * hour);
      // The true-clock till has both skewed tills' journals whole, each in its own order.
      await expect
        .poll(() => storeEvents(db, 'behind').map((e) => e.seq), { timeout: 60_000 })
        .toEqual(oneTo(8));
      await expect
        .poll(() => storeEvents(db, 'ahead').map((e) => e.seq), { timeout: 60_000 })
        .toEqual(oneTo(5));
    },
  );
});
