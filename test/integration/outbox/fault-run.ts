// The outbox fault run, shared by the CI test (about 100 orders) and `npm run bench` (1,000): a
// client process (test/integration/outbox/driver.ts) places orders while the sim injects random faults
// (connections dropped before and after the instance stores, 5xx before and after it stores, 429s
// with sane and absurd Retry-After, short-lived tokens, the instance going away) and the process is
// SIGKILLed and started again several times. Then a person settles what is left in-doubt, as the
// Orders screen asks: looks each client reference up on the instance, marks it sent with the id
// found or sends it again. The sim's orders and the outbox must agree: none lost, none duplicated,
// silently or otherwise. Against an instance without duplicate detection nothing in-doubt may be
// resent automatically, so every in-doubt order must reach the person.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { z } from 'zod';
import { openDatabase } from '../../../db/database.ts';
import { listOutboxOrders } from '../../../db/outbox.ts';
import { Outbox } from '../../../main/outbox/index.ts';
import { ServiceClient } from '../../../main/service/index.ts';
import { startSim, type RunningSim } from '../../../sim/server.ts';
import { DEMO } from '../../../sim/testing.ts';
import { orderDataAt } from './order-data.ts';

const execFileAsync = promisify(execFile);
const ABSURD_RETRY_AFTER = ['9999999999999', '99999999999999999999', 'Fri, 31 Dec 9999 23:59:59 GMT'];
const DRIVER = fileURLToPath(new URL('./driver.ts', import.meta.url));
const POS = fileURLToPath(new URL('../../../main/cli/index.ts', import.meta.url));
const ListedEntry = z.object({ id: z.number(), state: z.string(), clientReference: z.string() });
const ORDER_PATH = '^/api/documents/orders/internet';
/** A driver with no order answered for this long is taken to be parked or waiting, and killed. */
const QUIET_MS = 3_000;

interface DriverRun {
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  readonly started: Promise<void>;
  readonly progress: Progress;
}

/** Counts a driver's answered orders; `until` resolves after `count` more, or once it goes quiet. */
class Progress {
  #count = 0;
  #wake: (() => void) | undefined;

  tick(): void {
    this.#count += 1;
    this.#wake?.();
  }

  async until(count: number, quietMs: number): Promise<void> {
    const target = this.#count + count;
    while (this.#count < target) {
      const before = this.#count;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, quietMs);
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.#wake = undefined;
      if (this.#count === before) return;
    }
  }
}

export interface FaultRunOptions {
  readonly orders: number;
  readonly kills: number;
  readonly seed?: number;
  /** The instance recognises a repeated client reference (default true). */
  readonly duplicateDetection?: boolean;
  readonly log?: (message: string) => void;
}

export interface FaultRunResult {
  readonly placed: number;
  readonly sent: number;
  /** Outbox orders with no order in the sim, or not sent at the end. */
  readonly lost: number;
  /** Client references found more than once in the sim, at the end. */
  readonly duplicated: number;
  /** The same before the person settled anything: repeats nobody was told about. */
  readonly silentDuplicates: number;
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
  /** 429s with a Retry-After past the year 9999 (each parks an order and pauses its process) served. */
  readonly absurdRetryAfterServed: number;
  /** What the client learned from the instance's description. */
  readonly recognisesClientReference: boolean;
  /** Orders still in-doubt when the client was done, each listed (state and reference) for a person. */
  readonly leftInDoubt: number;
  /** Of those, how many the person found on the instance (marked sent) and how many they resent. */
  readonly foundByPerson: number;
  readonly resentByPerson: number;
  /** In-doubt orders missing from `pos outbox --json` as in-doubt with their client reference. */
  readonly unlisted: number;
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
  // Tokens live 2 s at the instance (the client assumes at least 30 s): requests meet expired tokens.
  const sim = await startSim({
    port: 0,
    size: 'small',
    seed: 4,
    tokenTtlSeconds: 2,
    detectsDuplicateOrders: options.duplicateDetection ?? true,
  });
  const dir = mkdtempSync(join(tmpdir(), 'counter-outbox-fault-'));
  const dbFile = join(dir, 'counter.sqlite');
  const inDoubt = new Set<number>();
  let child: ChildProcess | undefined;
  try {
    const data = await orderDataAt(sim.url);

    const startDriver = (operator = false): DriverRun => {
      let markStarted = (): void => undefined;
      const started = new Promise<void>((resolve) => (markStarted = resolve));
      const progress = new Progress();
      const c = spawn(
        process.execPath,
        [
          DRIVER,
          ...(operator ? ['--operator'] : []),
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
          if (parsed.success && parsed.data.event === 'started') markStarted();
          if (parsed.success && (parsed.data.event === 'sent' || parsed.data.event === 'in-doubt'))
            progress.tick();
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
      return { child: c, exited, started, progress };
    };

    // Random faults on the order endpoint (and on everything for latency), switched while running.
    const chaos = async (absurdRetryAfter: boolean): Promise<void> => {
      await sim.faults.reset();
      sim.faults.latency({ ms: 0, jitterMs: 900, probability: 0.15 });
      sim.faults.dropBeforeHandler({ method: 'POST', path: ORDER_PATH, probability: 0.05 });
      sim.faults.dropAfterCommit({ method: 'POST', path: ORDER_PATH, probability: 0.06 });
      const post = { method: 'POST', path: ORDER_PATH } as const;
      sim.faults.forceStatus({ status: 500, ...post, probability: 0.03 });
      for (const status of [500, 502, 504]) {
        sim.faults.forceStatus({ status, afterCommit: true, ...post, probability: 0.02 });
      }
      sim.faults.forceStatus({ status: 429, retryAfterSeconds: 1, ...post, probability: 0.02 });
      if (!absurdRetryAfter) return;
      // Parks the order (clamped to an hour) and pauses the process until it is killed; once each.
      for (const retryAfter of ABSURD_RETRY_AFTER) {
        sim.faults.forceStatus({ status: 429, retryAfter, ...post, probability: 0.2, times: 1 });
      }
    };
    await chaos(true);
    let kills = 0;
    let offlinePeriods = 0;
    while (kills < options.kills) {
      const run = startDriver();
      child = run.child;
      // A life is counted from the moment the driver runs, not from spawn: a busy machine's slow
      // start must not turn every life into a kill before the first request.
      const first = await Promise.race([run.started.then(() => 'started' as const), run.exited]);
      if (first !== 'started')
        throw new Error(`a driver run exited (${String(first)}) before it started working`);
      // A life is a number of orders answered (sent or in doubt), not a time: on a loaded machine a
      // timed life saw too few requests for any absurd Retry-After to be served (`.ci/repeat --load`).
      // A driver that stops answering (parked by a Retry-After, or waiting) is killed when quiet.
      const answers = 1 + Math.floor(random() * 12);
      const offlineWindowMs = 400 + Math.floor(random() * 1_600);
      const offlineAt = random() < 0.5 ? Math.floor(random() * offlineWindowMs) : undefined;
      const offlineTimer =
        offlineAt === undefined
          ? undefined
          : setTimeout(() => {
              offlinePeriods += 1;
              void sim.faults.setOffline({ mode: random() < 0.5 ? 'refuse' : 'destroy', forMs: 300 });
            }, offlineAt);
      const outcome = await Promise.race([
        run.exited.then(() => 'exited' as const),
        run.progress.until(answers, QUIET_MS).then(() => 'kill' as const),
      ]);
      clearTimeout(offlineTimer);
      if (outcome === 'exited') break; // finished before the next kill: nothing left to interrupt
      run.child.kill('SIGKILL');
      await run.exited;
      kills += 1;
    }
    const absurdRetryAfterServed =
      ABSURD_RETRY_AFTER.length -
      sim.faults.state().forceStatus.filter((f) => f.retryAfter !== undefined).length;
    log(`killed ${kills} times, ${offlinePeriods} offline periods; finishing with faults still on`);
    await sim.faults.setOffline(false);
    // The last run is the operator's "send now": orders parked for an hour go. An absurd Retry-After
    // now would pause it for that hour (the instance asked), so those faults are off.
    await chaos(false);
    const last = startDriver(true);
    child = last.child;
    const code = await last.exited;
    if (code !== 0) throw new Error(`the last driver run exited ${String(code)}`);
    await sim.faults.reset();

    const silentDuplicates = duplicatesIn(ordersByReference(sim));
    const person = await settleAsAPerson(sim, dbFile);
    // Compare the two sides.
    const db = openDatabase(dbFile, { readonly: true });
    const outbox = listOutboxOrders(db);
    db.close();
    const simOrders = sim.admin.listOrders();
    const byReference = ordersByReference(sim);
    const references = new Set(outbox.map((o) => o.clientReference));
    let lost = 0;
    let mismatched = 0;
    for (const o of outbox) {
      const ids = byReference.get(o.clientReference) ?? [];
      if (o.state !== 'sent' || ids.length === 0) lost += 1;
      else if (o.remoteId !== ids[0]) mismatched += 1;
    }
    const duplicated = duplicatesIn(byReference);
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
      silentDuplicates,
      absurdRetryAfterServed,
      ...person,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    child?.kill('SIGKILL');
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The instance's order ids per client reference (the sim keeps the header's text on each order). */
function ordersByReference(sim: RunningSim): Map<string, number[]> {
  const byReference = new Map<string, number[]>();
  for (const o of sim.admin.listOrders()) {
    if (o.clientReference === undefined) continue;
    byReference.set(o.clientReference, [...(byReference.get(o.clientReference) ?? []), o.id]);
  }
  return byReference;
}

/** Client references the instance holds more than one order for. */
function duplicatesIn(byReference: ReadonlyMap<string, readonly number[]>): number {
  return [...byReference.values()].filter((ids) => ids.length > 1).length;
}

/**
 * What the Orders screen asks of a person for each in-doubt order: look its client reference up on
 * the instance (here the sim's own records stand in for the service's order search), then "Found:
 * mark as sent" or "Not on the instance: send again".
 */
async function settleAsAPerson(
  sim: RunningSim,
  dbFile: string,
): Promise<
  Pick<
    FaultRunResult,
    'recognisesClientReference' | 'leftInDoubt' | 'foundByPerson' | 'resentByPerson' | 'unlisted'
  >
> {
  const db = openDatabase(dbFile);
  const client = new ServiceClient({ baseUrl: sim.url, ...DEMO });
  try {
    const outbox = new Outbox(db, client);
    const recognisesClientReference = (await client.capabilities()).recognisesClientReference;
    const inDoubt = listOutboxOrders(db).filter((o) => o.state === 'in-doubt');
    const listed = await listedInDoubt(dbFile);
    // The person's search of the service, once: each reference is one order's, so a resend below
    // cannot change what another order finds.
    const atInstance = ordersByReference(sim);
    let found = 0;
    let resent = 0;
    let unlisted = 0;
    for (const order of inDoubt) {
      if (listed.get(order.id) !== order.clientReference) unlisted += 1;
      const [remoteId] = atInstance.get(order.clientReference) ?? [];
      if (remoteId !== undefined) {
        outbox.markSent(order.id, remoteId);
        found += 1;
      } else {
        await outbox.resend(order.id);
        resent += 1;
      }
    }
    return {
      recognisesClientReference,
      leftInDoubt: inDoubt.length,
      foundByPerson: found,
      resentByPerson: resent,
      unlisted,
    };
  } finally {
    await client.close();
    db.close();
  }
}

/** In-doubt orders as the person sees them: `pos outbox --json` on the data folder, id -> reference. */
async function listedInDoubt(dbFile: string): Promise<Map<number, string>> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('POS_')));
  const { stdout } = await execFileAsync(
    process.execPath,
    [POS, 'outbox', '--json', '--data-dir', dirname(dbFile)],
    {
      env,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const entries = z.array(ListedEntry).parse(JSON.parse(stdout));
  return new Map(entries.filter((e) => e.state === 'in-doubt').map((e) => [e.id, e.clientReference]));
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
