// The hosting till's app killed with kill -9 (its nats-server child lives on, orphaned) and started
// again, all real processes: the new app finds the orphan by the pid file in the hub's folder, sees it
// is its own server (the nats-server binary on this folder's configuration), stops it and starts its
// own once; the journal the hub held comes through whole. A server on the port that is not this
// till's hub (another program's) is never taken for it.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it, onTestFinished } from 'vitest';
import { lastJournalSeq, storeEvents } from '../../../db/journal.ts';
import { HubServer, listening, natsServerBinary, writeHubConfig } from '../../../main/hub/index.ts';
import { tempDir } from '../../support/fixtures.ts';
import { freePort } from '../../support/nats-hub.ts';
import { joinHub, openShift, openTillDb, sell, tillUsers } from '../../support/store-till.ts';

const child = new URL('./hosting-child.ts', import.meta.url).pathname;
/** The hub the child hosts on `port`: its users' passwords are hosting-child.ts's. */
const hosted = (port: number) => ({
  url: `nats://127.0.0.1:${port}`,
  password: (till: string) => `pw-${till}`,
});

interface App {
  readonly process: ChildProcess;
  /** The app's { pid, starts } of its nats-server, asked now. */
  ask(): Promise<{ pid: number | null; starts: number }>;
}

/** The hosting app in its own process, resolved once its hub is ready. */
async function hostingApp(dir: string, port: number): Promise<App> {
  const app = spawn(process.execPath, [child, dir, String(port)], { stdio: ['pipe', 'pipe', 'inherit'] });
  onTestFinished(() => {
    app.kill('SIGKILL');
  });
  const lines = createInterface({ input: app.stdout })[Symbol.asyncIterator]();
  const next = async () => {
    const line = await lines.next();
    if (line.done === true) throw new Error('the hosting app ended');
    return JSON.parse(line.value) as { pid: number | null; starts: number };
  };
  await next();
  return {
    process: app,
    ask: () => {
      app.stdin.write('?\n');
      return next();
    },
  };
}

/** The nats-server processes running on `dir`'s configuration (from /proc: whoever started them). */
function serversOn(dir: string): number[] {
  const conf = join(dir, 'nats.conf');
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return args.some((a) => a.endsWith('nats-server')) && args.includes(conf);
      } catch {
        return false;
      }
    })
    .map(Number);
}

const alive = (pid: number) =>
  existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z');
const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('the hosting app killed with kill -9 and started again', () => {
  it('stops its orphaned server, starts its own once and loses nothing', { timeout: 180_000 }, async () => {
    const dir = tempDir('hosting');
    const port = await freePort();
    onTestFinished(() => {
      for (const pid of serversOn(dir)) process.kill(pid, 'SIGKILL');
    });
    const first = await hostingApp(dir, port);
    const orphan = (await first.ask()).pid;
    expect(orphan).not.toBeNull();
    const a = openTillDb('a');
    const hubA = joinHub(a, 'till1', hosted(port));
    openShift(a);
    for (let i = 0; i < 30; i++) sell(a, 1 + (i % 5), 1);
    await expect.poll(() => hubA.status().published, { timeout: 60_000 }).toBe(31);
    // The app dies without a word; its server lives on, and the till sells on.
    first.process.kill('SIGKILL');
    await new Promise((resolve) => first.process.once('exit', resolve));
    expect(alive(orphan ?? 0)).toBe(true);
    for (let i = 0; i < 10; i++) sell(a, 2, 1);

    const second = await hostingApp(dir, port);
    const now = await second.ask();
    expect(alive(orphan ?? 0)).toBe(false);
    expect(now.pid).not.toBeNull();
    expect(serversOn(dir)).toEqual([now.pid]);
    expect(Number(readFileSync(join(dir, 'nats.pid'), 'utf8').trim())).toBe(now.pid);

    // Nothing lost: a till that joins now gets till 1's journal whole, before and after the kill.
    const b = openTillDb('b');
    joinHub(b, 'till2', hosted(port));
    await expect
      .poll(() => storeEvents(b, 'till1').map((e) => e.seq), { timeout: 90_000 })
      .toEqual(oneToN(41));
    expect(lastJournalSeq(a)).toBe(41);
    // It came back once: the one server it started is the one that served all along.
    expect(await second.ask()).toEqual(now);
    expect(now.starts).toBe(1);
  });

  it('never takes a server on its port that is not its hub for its own', { timeout: 60_000 }, async () => {
    const port = await freePort();
    // Another program's nats-server on the port (same binary, its own users).
    const otherDir = tempDir('other');
    const file = writeHubConfig({ dir: otherDir, port, users: tillUsers('till1') });
    const other = spawn(natsServerBinary(), ['-c', file], { stdio: 'ignore' });
    onTestFinished(() => {
      other.kill('SIGKILL');
    });
    await expect.poll(() => listening('127.0.0.1', port), { timeout: 30_000 }).toBe(true);
    const server = new HubServer({ dir: tempDir('mine'), port, users: tillUsers('till1'), restartMs: 50 });
    onTestFinished(() => server.stop());
    await expect(server.start({ timeoutMs: 3000 })).rejects.toThrow(/not this till's store hub/);
    // The other program's server was left alone.
    expect(other.exitCode).toBeNull();
    expect(alive(other.pid ?? 0)).toBe(true);
  });
});
