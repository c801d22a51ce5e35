// The clock cannot erase history (issue 34, point 4): a till whose clock ran 400 days behind (a dead
// CMOS battery) sells, its instance acknowledges the sales, the shift closes; the till starts again
// with its clock put right and compacts its history at once. By its own clock those sales are 400
// days old, far past the 90 days' retention; by the instance's (its answers' Date) they are minutes
// old, so they keep their receipt lines. Real processes (clock-till.ts) under faketime, a real SQLite
// file, the real sim over HTTP on the true clock.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSim, type RunningSim } from '../../../sim/server.ts';
import { tempDir } from '../../support/fixtures.ts';
import { plainItemOnSim } from '../../support/sim-goods.ts';
import { skewedClockEnv } from '../../support/skewed-clock.ts';

const child = join(import.meta.dirname, 'clock-till.ts');
let sim: RunningSim;
let barcode: string;

beforeAll(async () => {
  sim = await startSim({ port: 0, size: 'small', seed: 34 });
  barcode = String(plainItemOnSim(sim, { warehouseId: 1, inStock: 10 })['barcode']);
}, 60_000);
afterAll(() => sim.close());

/** clock-till.ts ARGS as its own process, its wall clock at libfaketime's `clock` (e.g. '-400d') if given. */
async function till(args: string[], clock?: string): Promise<unknown> {
  const proc = spawn(process.execPath, [child, ...args], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: args[1] ?? '',
      ...skewedClockEnv(clock),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  proc.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
  proc.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const [code] = (await once(proc, 'close')) as [number | null];
  if (code !== 0) throw new Error(`clock-till ${args[0] ?? ''} exited ${String(code)}:\n${stderr}`);
  return JSON.parse(stdout.trim()) as unknown;
}

describe('retention under a clock that was wrong', () => {
  it('sales made 400 days behind keep their lines when the till starts on the true clock', async () => {
    const dir = tempDir('clock-retention');
    const { ids } = z
      .object({ ids: z.array(z.number()) })
      .parse(await till(['sell', dir, sim.url, barcode, '3'], '-400d'));
    expect(ids).toHaveLength(3);

    const file = join(dir, 'counter.sqlite');
    const read = () => {
      const db = new Database(file, { readonly: true });
      try {
        return z
          .array(
            z.object({
              id: z.number(),
              created_at: z.string(),
              instance_at: z.string().nullable(),
              lines: z.number(),
              compacted: z.number(),
            }),
          )
          .parse(
            db
              .prepare(
                `SELECT o.id, o.created_at, o.instance_acknowledged_at AS instance_at,
                        o.compacted_at IS NOT NULL AS compacted,
                        (SELECT count(*) FROM shopping_session_line l WHERE l.sessionId = o.origin_session_id) AS lines
                   FROM outbox_order o ORDER BY o.id`,
              )
              .all(),
          );
      } finally {
        db.close();
      }
    };
    const sold = read();
    // Placed by a clock a year behind: by the till's clock alone, past a retention of 90 days.
    const yearAgo = Date.now() - 300 * 86_400_000;
    expect(sold.map((o) => Date.parse(o.created_at) < yearAgo)).toEqual([true, true, true]);
    expect(sold.map((o) => o.lines)).toEqual([1, 1, 1]);
    // The instance's answers carried its own (true) time.
    const hourAgo = Date.now() - 3_600_000;
    expect(sold.map((o) => Date.parse(o.instance_at ?? '') > hourAgo)).toEqual([true, true, true]);

    const { line } = z.object({ line: z.string() }).parse(await till(['start', dir, sim.url]));
    // The run looked, and found nothing past the retention by both clocks.
    expect(line).toBe('order history: 0 order(s) past the retention period compacted, 0 kept');
    expect(read().map((o) => ({ lines: o.lines, compacted: o.compacted }))).toEqual([
      { lines: 1, compacted: 0 },
      { lines: 1, compacted: 0 },
      { lines: 1, compacted: 0 },
    ]);
  }, 240_000);
});
