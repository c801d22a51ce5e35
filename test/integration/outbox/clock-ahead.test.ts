// An order refused 429 while the till's clock ran a year ahead (issue 34): `pos order` as its own
// process under faketime +365d stores its next attempt for next year. Back on the true clock, the
// app's core on the same data folder takes that time, further ahead than any wait the sender sets,
// as now, and sends the order by itself. Before, it was brought back only to the longest wait (an
// hour), so it was still not retried 90 s later.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Envelope, OutboxEntryView } from '../../../contract/contract.ts';
import { Core } from '../../../main/core/core.ts';
import { MemoryCredentialStore } from '../../../main/settings/credentials.ts';
import { demoEnv, simForTest, tempDir } from '../../support/fixtures.ts';
import { skewedClockEnv } from '../../support/skewed-clock.ts';
import { orderDataAt } from './order-data.ts';

const entry = join(import.meta.dirname, '..', '..', '..', 'main', 'cli', 'index.ts');
const YEAR_MS = 365 * 24 * 3_600_000;

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

/** `pos ARGS` as its own process, its wall clock set `clock` (a libfaketime offset such as '+365d'). */
function pos(
  env: Record<string, string>,
  args: string[],
  clock: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [entry, ...args],
      {
        env: {
          PATH: process.env.PATH ?? '',
          HOME: env.POS_DATA_DIR,
          ...env,
          ...skewedClockEnv(clock),
        },
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
      },
    );
  });
}

describe('a next attempt stored while the clock ran a year ahead', () => {
  it('is taken as now once the clock is right: the app sends the order by itself', async () => {
    const sim = await simForTest();
    const data = await orderDataAt(sim.url);
    const dataDir = tempDir('clock-ahead');
    const file = join(dataDir, 'order.json');
    writeFileSync(
      file,
      JSON.stringify({
        customerId: data.customerId,
        warehouseId: data.warehouseId,
        items: [{ productId: data.productId, quantity: 1 }],
      }),
    );
    sim.faults.forceStatus({
      status: 429,
      retryAfterSeconds: 60,
      method: 'POST',
      path: '^/api/documents/orders/internet$',
      times: 1,
    });
    const env = demoEnv(sim.url, dataDir);
    const placed = await pos(env, ['order', file, '--json'], '+365d');
    expect(placed.code, placed.stderr).toBe(0);
    const queued = JSON.parse(placed.stdout) as OutboxEntryView;
    expect(queued.state).toBe('queued');
    expect(Date.parse(queued.nextAttemptAt ?? '')).toBeGreaterThan(Date.now() + YEAR_MS - 24 * 3_600_000);

    // The app on the true clock, as a till starts the next morning.
    const core = await Core.create({
      dataDir,
      credentials: new MemoryCredentialStore(),
      env,
      autoSync: false,
      log: () => undefined,
    });
    cleanup.push(() => core.close());
    const state = async (): Promise<string> => {
      const answer: Envelope = await core.invoke('outbox.get', { id: queued.id });
      return answer.ok ? (answer.value as OutboxEntryView).state : answer.error.code;
    };
    await expect.poll(state, { timeout: 30_000, interval: 100 }).toBe('sent');
    expect(sim.admin.listOrders().filter((o) => o.clientReference === queued.clientReference)).toHaveLength(
      1,
    );
  }, 120_000);
});
