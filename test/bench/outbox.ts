// Outbox figures: replay throughput of queued orders against the local sim, and the full fault run
// (1,000 orders, random faults, the client killed and restarted) as counts of lost/duplicated, against
// an instance with duplicate detection and one without (in-doubt orders then wait for a person).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../db/database.ts';
import { countOutboxOrders, insertOutboxOrder } from '../../db/outbox.ts';
import { Outbox } from '../../main/outbox/index.ts';
import { ServiceClient } from '../../main/service/index.ts';
import { DEMO } from '../../sim/testing.ts';
import { runOutboxFaultRun } from '../integration/outbox/fault-run.ts';
import { findOrderData } from '../integration/outbox/order-data.ts';
import type { Benchmark, Figure } from './types.ts';

const SIM_CLI = fileURLToPath(new URL('../../sim/cli.ts', import.meta.url));

/**
 * The sim as its own process (`npm run sim`), so it does not share this event loop with the outbox.
 * `args`: more of the sim's options (`--control` for its /__sim/* routes).
 */
export async function startSimProcess(
  args: readonly string[] = [],
  size: 'small' | 'demo' = 'small',
): Promise<{ url: string; close: () => Promise<void> }> {
  const child = spawn(process.execPath, [SIM_CLI, '--port', '0', '--size', size, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      seen += chunk;
      const m = /listening on (http:\/\/\S+)/.exec(seen);
      if (m?.[1] !== undefined) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`the sim exited ${String(code)} before listening`)));
  });
  return {
    url,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Orders per second for a replay of `count` queued orders with `concurrency` in flight. */
async function replayThroughput(count: number, concurrency: number): Promise<number> {
  const sim = await startSimProcess();
  const dir = mkdtempSync(join(tmpdir(), 'counter-bench-outbox-'));
  const db = openDatabase(join(dir, 'counter.sqlite'));
  const client = new ServiceClient({ baseUrl: sim.url, ...DEMO });
  try {
    const data = await findOrderData(client);
    db.transaction(() => {
      for (let i = 0; i < count; i += 1) {
        insertOutboxOrder(db, {
          customerId: data.customerId,
          warehouseId: data.warehouseId,
          items: [{ productId: data.productId, quantity: 1 }],
        });
      }
    })();
    await client.capabilities(); // token and description read before the clock starts
    const outbox = new Outbox(db, client, { concurrency });
    const t0 = performance.now();
    const report = await outbox.replay();
    const seconds = (performance.now() - t0) / 1000;
    const sent = countOutboxOrders(db).sent;
    if (sent !== count || report.unreachable) throw new Error(`replay sent ${sent} of ${count}`);
    return count / seconds;
  } finally {
    await client.close();
    db.close();
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export const outboxBenchmark: Benchmark = {
  name: 'outbox',
  async run(ctx) {
    const count = ctx.quick ? 500 : 10_000;
    ctx.log(`outbox: replaying ${count} queued orders, 4 in flight`);
    const parallel = await replayThroughput(count, 4);
    const baselineCount = ctx.quick ? 100 : Math.max(500, Math.round(count / 5));
    ctx.log(`outbox: baseline, ${baselineCount} orders one at a time`);
    const sequential = await replayThroughput(baselineCount, 1);
    const orders = ctx.quick ? 20 : 1_000;
    const kills = ctx.quick ? 2 : 10;
    ctx.log(`outbox: fault run, ${orders} orders, ${kills} kills, an instance with duplicate detection`);
    const fault = await runOutboxFaultRun({ orders, kills, seed: 11, log: (m) => ctx.log(m) });
    ctx.log(`outbox: fault run, ${orders} orders, ${kills} kills, an instance without duplicate detection`);
    const plain = await runOutboxFaultRun({
      orders,
      kills,
      seed: 11,
      duplicateDetection: false,
      log: (m) => ctx.log(m),
    });
    const figures: Record<string, Figure> = {
      'outbox.replay.throughput': {
        value: Math.round(parallel),
        unit: 'orders/s',
        vs: `one at a time: ${Math.round(sequential)} orders/s (x${(parallel / sequential).toFixed(2)})`,
        orders: count,
      },
      'outbox.fault.lost': { value: fault.lost, unit: 'orders', vs: `of ${fault.placed} placed`, ...fault },
      'outbox.fault.duplicated': { value: fault.duplicated, unit: 'orders', vs: `of ${fault.placed} placed` },
      'outbox.fault.in-doubt.settled': {
        value: fault.inDoubtSettled,
        unit: 'orders',
        vs: `of ${fault.inDoubt} in-doubt (${fault.settledBy409} settled by 409, ${fault.leftInDoubt} by a person)`,
      },
      'outbox.fault.no-detection.lost': {
        value: plain.lost,
        unit: 'orders',
        vs: `of ${plain.placed} placed`,
        ...plain,
      },
      'outbox.fault.no-detection.silent-duplicates': {
        value: plain.silentDuplicates,
        unit: 'orders',
        vs: `of ${plain.placed} placed (${plain.duplicated} duplicated after the person settled)`,
      },
      'outbox.fault.no-detection.in-doubt.listed': {
        value: plain.leftInDoubt - plain.unlisted,
        unit: 'orders',
        vs: `of ${plain.leftInDoubt} left in-doubt (a person found ${plain.foundByPerson}, resent ${plain.resentByPerson})`,
      },
    };
    return figures;
  },
};
