// The outbox fault run, shared by the CI test (about 100 orders) and `npm run bench` (1,000): a
// client process (test/outbox/driver.ts) places orders while the sim injects random faults and the
// process is SIGKILLed and started again several times. Afterwards the sim's orders and the outbox
// must agree: none lost, none duplicated, every order that went in-doubt settled.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { openDatabase } from '../../db/database.ts';
import { listOutboxOrders } from '../../db/outbox.ts';
import { startSim } from '../../sim/server.ts';
import { orderDataAt } from './fixtures.ts';

const DRIVER = fileURLToPath(new URL('./driver.ts', import.meta.url));
const ORDER_PATH = '^/api/documents/orders/internet';

export interface FaultRunOptions {
  readonly orders: number;
  readonly kills: number;
  readonly seed?: number;
  readonly log?: (message: string) => void;
}

export interface FaultRunResult {
  readonly placed: number;
  readonly sent: number;
  /** Outbox orders with no order in the sim, or not sent at the end. */
  readonly lost: number;
  /** Client references found more than once in the sim. */
  readonly duplicated: number;
  /** Sim orders (of this run) that no outbox order accounts for. */
  readonly unaccounted: number;
  /** Sent orders whose remoteId is not the sim's order with their client reference. */
  readonly mismatched: number;
  readonly kills: number;
  /** Distinct orders that went in-doubt at least once (driver events), and how many of them ended sent. */
  readonly inDoubt: number;
  readonly inDoubtSettled: number;
  /** Orders settled by a 409 DuplicateRequest. */
  readonly settledBy409: number;
  readonly seconds: number;
}

const DriverLine = z.object({ event: z.string(), id: z.number().optional() });

/** A small seeded generator so a failing run can be repeated. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function runOutboxFaultRun(options: FaultRunOptions): Promise<FaultRunResult> {
  const log = options.log ?? (() => undefined);
  const random = prng(options.seed ?? 1);
  const started = Date.now();
  const sim = await startSim({ port: 0, size: 'small', seed: 4 });
  const dir = mkdtempSync(join(tmpdir(), 'counter-outbox-fault-'));
  const dbFile = join(dir, 'counter.sqlite');
  const inDoubt = new Set<number>();
  let child: ChildProcess | undefined;
  try {
    const data = await orderDataAt(sim.url);

    const startDriver = (): { child: ChildProcess; exited: Promise<number | null> } => {
      const c = spawn(
        process.execPath,
        [
          DRIVER,
          '--db',
          dbFile,
          '--base-url',
          sim.url,
          '--total',
          String(options.orders),
          '--customer',
          String(data.customerId),
          '--warehouse',
          String(data.warehouseId),
          '--product',
          String(data.productId),
          '--headers-timeout-ms',
          '600',
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let buffered = '';
      c.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        buffered += chunk;
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const l of lines) {
          const parsed = DriverLine.safeParse(safeJson(l));
          if (parsed.success && parsed.data.event === 'in-doubt' && parsed.data.id !== undefined) {
            inDoubt.add(parsed.data.id);
          }
        }
      });
      let stderr = '';
      c.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr = (stderr + chunk).slice(-4_000);
      });
      const exited = new Promise<number | null>((resolve) => {
        c.on('exit', (code) => {
          if (code !== 0 && code !== null) log(`driver exited ${code}: ${stderr}`);
          resolve(code);
        });
      });
      return { child: c, exited };
    };

    // Random faults on the order endpoint (and on everything for latency), switched while running.
    const chaos = async (): Promise<void> => {
      await sim.faults.reset();
      sim.faults.latency({ ms: 0, jitterMs: 900, probability: 0.15 });
      sim.faults.dropBeforeHandler({ method: 'POST', path: ORDER_PATH, probability: 0.05 });
      sim.faults.dropAfterCommit({ method: 'POST', path: ORDER_PATH, probability: 0.08 });
      sim.faults.forceStatus({ status: 500, method: 'POST', path: ORDER_PATH, probability: 0.05 });
      sim.faults.forceStatus({
        status: 429,
        retryAfterSeconds: 1,
        method: 'POST',
        path: ORDER_PATH,
        probability: 0.02,
      });
    };
    await chaos();

    let kills = 0;
    let offlinePeriods = 0;
    while (kills < options.kills) {
      const run = startDriver();
      child = run.child;
      const lifetime = 400 + Math.floor(random() * 1_600);
      const offlineAt = random() < 0.5 ? Math.floor(random() * lifetime) : undefined;
      const offlineTimer =
        offlineAt === undefined
          ? undefined
          : setTimeout(() => {
              offlinePeriods += 1;
              void sim.faults.setOffline({ mode: random() < 0.5 ? 'refuse' : 'destroy', forMs: 300 });
            }, offlineAt);
      const outcome = await Promise.race([
        run.exited.then(() => 'exited' as const),
        new Promise<'kill'>((resolve) => setTimeout(() => resolve('kill'), lifetime)),
      ]);
      clearTimeout(offlineTimer);
      if (outcome === 'exited') break; // finished before the next kill: nothing left to interrupt
      run.child.kill('SIGKILL');
      await run.exited;
      kills += 1;
    }
    log(`killed ${kills} times, ${offlinePeriods} offline periods; finishing with faults still on`);
    await sim.faults.setOffline(false);
    const last = startDriver();
    child = last.child;
    const code = await last.exited;
    if (code !== 0) throw new Error(`the last driver run exited ${String(code)}`);
    await sim.faults.reset();

    // Compare the two sides.
    const db = openDatabase(dbFile, { readonly: true });
    const outbox = listOutboxOrders(db);
    db.close();
    const simOrders = sim.admin.listOrders();
    const byReference = new Map<string, number[]>();
    for (const o of simOrders) {
      if (o.clientReference === undefined) continue;
      byReference.set(o.clientReference, [...(byReference.get(o.clientReference) ?? []), o.id]);
    }
    const references = new Set(outbox.map((o) => o.clientReference));
    let lost = 0;
    let mismatched = 0;
    for (const o of outbox) {
      const ids = byReference.get(o.clientReference) ?? [];
      if (o.state !== 'sent' || ids.length === 0) lost += 1;
      else if (o.remoteId !== ids[0]) mismatched += 1;
    }
    const duplicated = [...byReference.values()].filter((ids) => ids.length > 1).length;
    const unaccounted = simOrders.filter(
      (o) => o.clientReference === undefined || !references.has(o.clientReference),
    ).length;
    const settled = outbox.filter((o) => inDoubt.has(o.id) && o.state === 'sent').length;
    return {
      placed: outbox.length,
      sent: outbox.filter((o) => o.state === 'sent').length,
      lost,
      duplicated,
      unaccounted,
      mismatched,
      kills,
      inDoubt: inDoubt.size,
      inDoubtSettled: settled,
      settledBy409: outbox.filter((o) => o.code === 'DuplicateRequest').length,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    child?.kill('SIGKILL');
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
