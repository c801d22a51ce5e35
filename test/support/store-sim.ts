// The store simulation (issue 38, point 5): N tills in this process, each its own SQLite file (every
// migration) and its own StoreHub, against one real nats-server run by the product's HubServer (the
// supervisor a hosting till runs). Each till reaches the hub through its own TCP proxy, which the
// simulation cuts at random: the connections dropped without a word, new ones refused for a while,
// as when a till's cable is pulled. Optionally the hub is killed with kill -9 on the way (the
// supervisor starts it again). Each selling till closes S sales (store-sales.ts, as the counter
// closes one) at random gaps. At the end every till must hold every other till's journal: every
// event once, as its till wrote it. Figures: per sale, the time until every other till had it (the
// sale's commit to the last till's apply, one machine's clock), and the hub's memory (nats-server's
// RSS from /proc, sampled). No vitest here: the bench runs it too.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { openDatabase, type Db } from '../../db/database.ts';
import { lastJournalSeq } from '../../db/journal.ts';
import { HubServer, StoreHub } from '../../main/hub/index.ts';
import { freePort } from './ports.ts';
import { openShift, sell } from './store-sales.ts';

export interface StoreSimOptions {
  readonly tills: number;
  /** Sales each selling till closes. */
  readonly sales: number;
  /** How many of the tills sell (the first ones); the rest only watch. Default: all. */
  readonly sellers?: number;
  /** The mean pause between a till's sales (exponential gaps). */
  readonly meanGapMs: number;
  /** Random cuts of each till's network: one every `meanMs` on average, lasting 100 ms to `maxMs`. */
  readonly cuts?: { readonly meanMs: number; readonly maxMs: number };
  /** kill -9 of the hub this many times, evenly through the selling. */
  readonly hubKills?: number;
  readonly seed: number;
  /** Give up waiting for the tills to agree after this long. */
  readonly timeoutMs?: number;
  readonly log?: (line: string) => void;
}

export interface StoreSimResult {
  readonly tills: number;
  readonly sellers: number;
  readonly sales: number;
  /** Every till's journal events (shifts and sales), all tills together. */
  readonly events: number;
  /** Other tills' events applied, all tills together (each event once at each other till). */
  readonly applied: number;
  /** Per sale: ms from its commit until the last other till applied it. */
  readonly everyTillMs: readonly number[];
  readonly hubRssPeakMb: number;
  readonly hubRssEndMb: number;
  readonly cuts: number;
  readonly hubKills: number;
  /** From the first sale until every till held every event. */
  readonly durationMs: number;
  /** What was missing, doubled or changed anywhere; empty when every till has every event once. */
  readonly problems: readonly string[];
}

interface Till {
  readonly name: string;
  readonly db: Db;
  readonly proxy: CuttableProxy;
  readonly hub: StoreHub;
  /** The commit time (Date.now()) of each of its sales, by journal number. */
  readonly soldAt: Map<number, number>;
}

/** A seeded random number in [0, 1) (mulberry32): the same run for the same seed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A TCP proxy to the hub on loopback that can be cut: its connections dropped, new ones refused. */
export class CuttableProxy {
  readonly #server: Server;
  readonly #sockets = new Set<Socket>();
  #downUntil = 0;

  private constructor(server: Server) {
    this.#server = server;
  }

  static async start(targetPort: number): Promise<CuttableProxy> {
    const server = createServer();
    const proxy = new CuttableProxy(server);
    server.on('connection', (socket) => proxy.#join(socket, targetPort));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get port(): number {
    const address = this.#server.address();
    return typeof address === 'object' && address !== null ? address.port : 0;
  }

  /** Drops every connection now and refuses new ones for `ms`. */
  cut(ms: number): void {
    this.#downUntil = performance.now() + ms;
    for (const socket of this.#sockets) socket.destroy();
    this.#sockets.clear();
  }

  async close(): Promise<void> {
    this.cut(0);
    await new Promise((resolve) => this.#server.close(resolve));
  }

  #join(client: Socket, targetPort: number): void {
    if (performance.now() < this.#downUntil) {
      client.destroy();
      return;
    }
    const upstream = connect({ host: '127.0.0.1', port: targetPort });
    for (const socket of [client, upstream]) {
      this.#sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        this.#sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  }
}

/** nats-server's resident memory in MB, from /proc (0 when it is not running). */
function rssMb(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? 0 : Number(kb) / 1024;
  } catch {
    return 0;
  }
}

export async function simulateStore(options: StoreSimOptions): Promise<StoreSimResult> {
  const log = options.log ?? (() => undefined);
  const random = seeded(options.seed);
  const root = mkdtempSync(join(tmpdir(), 'counter-store-sim-'));
  const names = Array.from({ length: options.tills }, (_, i) => `till${i + 1}`);
  const hubPort = await freePort();
  const server = new HubServer({
    dir: join(root, 'hub'),
    port: hubPort,
    users: names.map((user) => ({ user, password: `pw-${user}` })),
    restartMs: 100,
  });
  await server.start();
  let peak = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, rssMb(server.pid));
      await sleep(250);
    }
  })();
  const tills: Till[] = [];
  try {
    for (const name of names) {
      mkdirSync(join(root, name));
      const db = openDatabase(join(root, name, 'counter.sqlite'));
      const proxy = await CuttableProxy.start(hubPort);
      const hub = new StoreHub({
        db,
        url: `nats://127.0.0.1:${proxy.port}`,
        till: name,
        password: `pw-${name}`,
        maxRetryMs: 300,
      });
      openShift(db);
      hub.start();
      tills.push({ name, db, proxy, hub, soldAt: new Map() });
    }
    const started = performance.now();
    const counts = await runSelling(tills, options, random, server, log);
    await agreed(tills, options.timeoutMs ?? 600_000, log);
    const durationMs = performance.now() - started;
    const end = rssMb(server.pid);
    return {
      tills: options.tills,
      sellers: options.sellers ?? options.tills,
      sales: options.sales,
      events: tills.reduce((sum, t) => sum + lastJournalSeq(t.db), 0),
      applied: tills.reduce((sum, t) => sum + appliedCount(t.db), 0),
      everyTillMs: everyTill(tills),
      hubRssPeakMb: Math.max(peak, end),
      hubRssEndMb: end,
      cuts: counts.cuts,
      hubKills: counts.kills,
      durationMs,
      problems: problems(tills),
    };
  } finally {
    sampling = false;
    await sampler;
    for (const till of tills) {
      await till.hub.close();
      await till.proxy.close();
      till.db.close();
    }
    await server.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

/** Every selling till sells; meanwhile its network is cut at random, and the hub killed if asked. */
async function runSelling(
  tills: readonly Till[],
  options: StoreSimOptions,
  random: () => number,
  server: HubServer,
  log: (line: string) => void,
): Promise<{ cuts: number; kills: number }> {
  const sellers = tills.slice(0, options.sellers ?? tills.length);
  const total = sellers.length * options.sales;
  const gap = (mean: number) => -Math.log(1 - random()) * mean;
  let sold = 0;
  let cuts = 0;
  let kills = 0;
  const done = new AbortController();
  const killEvery =
    options.hubKills === undefined || options.hubKills === 0 ? 0 : total / (options.hubKills + 1);
  const sellAll = async (till: Till) => {
    for (let i = 0; i < options.sales; i++) {
      await sleep(gap(options.meanGapMs));
      sell(till.db, 1 + Math.floor(random() * 50), 1 + Math.floor(random() * 3));
      till.soldAt.set(lastJournalSeq(till.db), Date.now());
      till.hub.wake();
      sold++;
      if (killEvery > 0 && kills < (options.hubKills ?? 0) && sold >= killEvery * (kills + 1)) {
        const pid = server.pid;
        if (pid !== undefined) {
          kills++;
          log(`store-sim: kill -9 of the hub (pid ${pid}) after ${sold} of ${total} sales`);
          process.kill(pid, 'SIGKILL');
        }
      }
      if (sold % Math.max(1, Math.floor(total / 10)) === 0) log(`store-sim: ${sold} of ${total} sales`);
    }
  };
  const cutting = async (till: Till) => {
    const cutOptions = options.cuts;
    if (cutOptions === undefined) return;
    const over = () => done.signal.aborted;
    while (!over()) {
      // Sold out: no more cuts, and no wait for this pause to end.
      await sleep(gap(cutOptions.meanMs), undefined, { signal: done.signal }).catch(() => undefined);
      if (over()) return;
      till.proxy.cut(100 + random() * (cutOptions.maxMs - 100));
      cuts++;
    }
  };
  const cutters = tills.map(cutting);
  await Promise.all(sellers.map(sellAll));
  done.abort();
  await Promise.all(cutters);
  return { cuts, kills };
}

/** Waits until every till has applied every other till's events (as many as that till journaled). */
async function agreed(tills: readonly Till[], timeoutMs: number, log: (line: string) => void): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  const expected = tills.reduce((sum, t) => sum + lastJournalSeq(t.db), 0) * (tills.length - 1);
  let lastSaid = 0;
  for (;;) {
    const applied = tills.reduce((sum, t) => sum + appliedCount(t.db), 0);
    if (applied >= expected) return;
    if (performance.now() > deadline)
      throw new Error(`the tills did not agree: ${applied} of ${expected} applied`);
    if (performance.now() - lastSaid > 5000) {
      lastSaid = performance.now();
      log(`store-sim: ${applied} of ${expected} events applied across the tills`);
    }
    await sleep(100);
  }
}

function appliedCount(db: Db): number {
  return z.int().parse(db.prepare('SELECT count(*) FROM store_event').pluck().get());
}

const Stored = z.object({ till: z.string(), seq: z.int(), body: z.string() });
const Own = z.object({ seq: z.int(), body: z.string() });

/** Every event of every till, once at every other till, as its till wrote it: what differs, said. */
function problems(tills: readonly Till[]): string[] {
  const found: string[] = [];
  const journals = new Map(
    tills.map((t) => [
      t.name,
      z
        .array(Own)
        .parse(t.db.prepare('SELECT seq, body FROM journal ORDER BY seq').all())
        .map((row) => ({ seq: row.seq, body: JSON.stringify(JSON.parse(row.body)) })),
    ]),
  );
  for (const till of tills) {
    const rows = z
      .array(Stored)
      .parse(till.db.prepare('SELECT till, seq, body FROM store_event ORDER BY till, seq').all());
    for (const other of tills) {
      const own = journals.get(other.name) ?? [];
      const here = rows.filter((r) => r.till === other.name);
      if (other === till) {
        if (here.length > 0) found.push(`${till.name} holds ${here.length} of its own events as another's`);
        continue;
      }
      if (here.length !== own.length)
        found.push(`${till.name} holds ${here.length} of ${other.name}'s ${own.length} events`);
      for (const [i, event] of own.entries()) {
        const got = here[i];
        if (got?.seq !== event.seq || got.body !== event.body) {
          found.push(`${till.name} holds ${other.name}'s event ${event.seq} wrong or not at all`);
          break;
        }
      }
    }
    const strangers = rows.filter((r) => !tills.some((t) => t.name === r.till));
    if (strangers.length > 0) found.push(`${till.name} holds ${strangers.length} events of no till`);
  }
  return found;
}

const Received = z.object({ till: z.string(), seq: z.int(), receivedAt: z.string() });

/** Per sale: from its commit to the moment the last other till applied it. */
function everyTill(tills: readonly Till[]): number[] {
  const last = new Map<string, number>();
  for (const till of tills) {
    const rows = z
      .array(Received)
      .parse(till.db.prepare("SELECT till, seq, receivedAt FROM store_event WHERE kind = 'sale'").all());
    for (const row of rows) {
      const key = `${row.till}:${row.seq}`;
      last.set(key, Math.max(last.get(key) ?? 0, Date.parse(row.receivedAt)));
    }
  }
  const samples: number[] = [];
  for (const till of tills)
    for (const [seq, at] of till.soldAt) {
      const reached = last.get(`${till.name}:${seq}`);
      if (reached !== undefined) samples.push(Math.max(0, reached - at));
    }
  return samples;
}
