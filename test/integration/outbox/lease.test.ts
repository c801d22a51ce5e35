// A live sender is never taken for a dead one: `pos order` waits for a slow instance with its clock
// 10 minutes behind, while `pos outbox replay` looks at the same data folder from another process.
// Real processes, a real SQLite file, the real sim (its latency fault), a real skewed clock (faketime).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OutboxEntry } from '../../../main/outbox/index.ts';
import { startSim, type RunningSim } from '../../../sim/server.ts';
import { demoEnv, sharedTempDir } from '../../support/fixtures.ts';
import { skewedClockEnv } from '../../support/skewed-clock.ts';
import { orderDataAt, type OrderData } from './order-data.ts';

const entry = join(import.meta.dirname, '..', '..', '..', 'main', 'cli', 'index.ts');
const dir = sharedTempDir('lease-it');
let sim: RunningSim;
let data: OrderData;
const running = new Set<ChildProcess>();

beforeAll(async () => {
  // An instance without duplicate detection: a second send of one order is a second order there.
  sim = await startSim({ port: 0, size: 'small', seed: 4, detectsDuplicateOrders: false });
  data = await orderDataAt(sim.url);
});
afterAll(async () => {
  for (const child of running) child.kill();
  await sim.close();
});

interface Run {
  readonly child: ChildProcess;
  readonly done: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

/** `pos ARGS` as its own process; `clock` is a libfaketime offset such as '-10m'. */
function pos(args: string[], dataDir: string, clock?: string): Run {
  const child = spawn(process.execPath, [entry, ...args], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: dir,
      ...demoEnv(sim.url, dataDir),
      // Only the wall clock is skewed, as when a machine's clock is set wrong.
      ...skewedClockEnv(clock),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const done = once(child, 'close').then(([code]) => {
    running.delete(child);
    return { code: code as number | null, stdout, stderr };
  });
  return { child, done };
}

/** Resolves with the order's row once one is in `state` (read from the file another process writes). */
async function waitForRow(file: string, state: string): Promise<{ id: number; client_reference: string }> {
  const Row = z.object({ id: z.number(), client_reference: z.string() });
  for (let i = 0; i < 600; i += 1) {
    try {
      const db = new Database(file, { readonly: true, fileMustExist: true });
      try {
        const row: unknown = db
          .prepare('SELECT id, client_reference FROM outbox_order WHERE state = ?')
          .get(state);
        if (row !== undefined) return Row.parse(row);
      } finally {
        db.close();
      }
    } catch {
      // Not created or not migrated yet.
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no order reached ${state} in ${file}`);
}

describe('a live sender whose answer is slow and whose clock is behind', () => {
  it('keeps its order: the replay beside it leaves it sending, the person cannot resend it, the instance holds it once', async () => {
    const dataDir = join(dir, 'data');
    const orderFile = join(dir, 'order.json');
    writeFileSync(
      orderFile,
      JSON.stringify({
        customerId: data.customerId,
        warehouseId: data.warehouseId,
        items: [{ productId: data.productId, quantity: 1 }],
        note: 'slow sender',
      }),
    );
    // Held until the other processes have looked (released below), within the sender's 60 s wait for
    // an answer: a fixed 20 s hold was overrun by their start on a loaded machine (`.ci/repeat --load`).
    sim.faults.latency({ ms: 55_000, method: 'POST', path: 'orders/internet$', times: 1 });
    const sender = pos(['order', orderFile, '--json'], dataDir, '-10m');
    const sending = await waitForRow(join(dataDir, 'counter.sqlite'), 'sending');
    await expect.poll(() => sim.faults.heldCount, { timeout: 30_000 }).toBe(1);

    const replay = await pos(['outbox', 'replay', '--json'], dataDir).done;
    // The sender was still waiting for its answer while the replay looked (else this proves nothing).
    expect(sender.child.exitCode).toBeNull();
    expect(replay.code, replay.stderr).toBe(0);
    // Soft: a failure here still lets the end show what it leads to (the order twice at the instance).
    expect.soft(replay.stderr).not.toContain('now in-doubt');
    const seen = z.array(OutboxEntry).parse(JSON.parse(replay.stdout));
    expect.soft(seen.map((e) => [e.id, e.state])).toEqual([[sending.id, 'sending']]);

    // The person does not find it on the instance yet; the order is not theirs to send again.
    expect(sim.admin.listOrders().filter((o) => o.clientReference === sending.client_reference)).toEqual([]);
    const resend = await pos(['outbox', 'resend', String(sending.id)], dataDir).done;
    expect.soft(resend.code).toBe(1);
    expect.soft(resend.stderr).toContain(`Order ${sending.id} is sending`);

    // Still held: the sender was waiting through all of it.
    expect(sim.faults.releaseHeld()).toBe(1);
    const sent = await sender.done;
    expect(sent.code, sent.stderr).toBe(0);
    const placed = OutboxEntry.parse(JSON.parse(sent.stdout));
    const atInstance = sim.admin.listOrders().filter((o) => o.clientReference === sending.client_reference);
    expect(atInstance.map((o) => o.id)).toEqual([placed.remoteId]);
    expect(placed).toMatchObject({ id: sending.id, state: 'sent', attempts: 1 });
  }, 120_000);
});
