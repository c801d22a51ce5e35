// One sync at a time on a data folder, and every sync can be stopped: `pos sync` twice at once (the
// second waits for the first, then syncs: never exit 0 with nothing done, never both failed), a sync
// killed with its whole process group (kill -9) and left a zombie does not hold the catalog, and
// SIGINT on a `pos sync` stuck on a body that never finishes (the hostile proxy before the real sim).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RunningSim } from '../../../sim/server.ts';
import { demoEnv, simForTest, tempDir } from '../../support/fixtures.ts';
import { startHostileProxy, type HostileProxy } from '../../support/hostile-proxy.ts';
import { startUnreaped } from '../../support/unreaped.ts';

const cli = fileURLToPath(new URL('../../../main/cli/index.ts', import.meta.url));
const open: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of open.splice(0).reverse()) await close();
});

async function setup(): Promise<{ sim: RunningSim; proxy: HostileProxy; env: NodeJS.ProcessEnv }> {
  const sim = await simForTest();
  const proxy = await startHostileProxy(sim.url);
  open.push(() => proxy.close());
  const env = { ...process.env, ...demoEnv(proxy.url, tempDir('one-sync')) };
  return { sim, proxy, env };
}

interface Run {
  child: ReturnType<typeof spawn>;
  /** Its stderr so far. */
  stderr(): string;
  done: Promise<{ status: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
}

/** `pos ARGS` as its own process (the sim and the proxy live in this one and keep serving). */
function pos(args: string[], env: NodeJS.ProcessEnv): Run {
  const child = spawn(process.execPath, [cli, ...args], { env });
  open.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<Awaited<Run['done']>>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status, signal) => resolve({ status, signal, stdout, stderr }));
  });
  return { child, stderr: () => stderr, done };
}

const STOCK_PAGES = '^/api/stock-items/filter-paginated$';

describe('pos sync, one at a time on a data folder', () => {
  it('a second pos sync while one runs waits for it, then syncs; SIGINT while waiting exits 1 with nothing done', async () => {
    const { proxy, env } = await setup();
    // The first sync is held on its first stock-item page until the others have had their say.
    const drip = proxy.rule({ path: STOCK_PAGES, drip: { everyMs: 20, endless: true }, times: 1 });
    const first = pos(['sync', '--json'], env);
    await expect.poll(() => drip.bytesSent, { timeout: 60_000 }).toBeGreaterThan(0);
    const pid = String(first.child.pid);
    const impatient = pos(['sync', '--json'], env);
    const second = pos(['sync', '--json'], env);
    const waiting = new RegExp(`A sync is already running on this data folder \\(process ${pid}, .*waiting`);
    await expect.poll(() => second.stderr(), { timeout: 60_000 }).toMatch(waiting);
    await expect.poll(() => impatient.stderr(), { timeout: 60_000 }).toMatch(waiting);
    impatient.child.kill('SIGINT');
    const gaveUp = await impatient.done;
    expect(gaveUp.status, gaveUp.stderr).toBe(1);
    expect(gaveUp.stderr).toMatch(/nothing was done/);
    const said = z.object({ error: z.object({ exitCode: z.number(), message: z.string() }) });
    expect(said.parse(JSON.parse(gaveUp.stdout)).error.message).toMatch(/nothing was done/);
    // The first stops (cancelled, exit 1); the second, waiting, then syncs the whole catalog.
    first.child.kill('SIGINT');
    expect((await first.done).status).toBe(1);
    const ended = await second.done;
    expect(ended.status, ended.stderr).toBe(0);
    expect(JSON.parse(ended.stdout)).toMatchObject({ stockItems: 180 });
    expect(JSON.parse(ended.stdout)).not.toHaveProperty('alreadyRunning');
  });

  it('a sync killed -9 with its process group, left a zombie, does not hold the catalog: the next one syncs', async () => {
    const { proxy, env } = await setup();
    const drip = proxy.rule({ path: STOCK_PAGES, drip: { everyMs: 20, endless: true }, times: 1 });
    const killed = await startUnreaped(process.execPath, [cli, 'sync'], env);
    await expect.poll(() => drip.bytesSent, { timeout: 60_000 }).toBeGreaterThan(0);
    killed.killGroup();
    // Its parent never reaps it: `kill -0` still finds it, as on a host whose PID 1 reaps no orphans.
    await expect.poll(() => killed.state(), { timeout: 30_000 }).toBe('Z');
    const next = await pos(['sync', '--json'], env).done;
    expect(next.status, next.stderr).toBe(0);
    expect(next.stderr).not.toMatch(/already running/);
    expect(JSON.parse(next.stdout)).toMatchObject({ stockItems: 180 });
  });

  it('two pos sync started together: both exit 0 with the whole catalog', async () => {
    const { env } = await setup();
    const [a, b] = await Promise.all([pos(['sync', '--json'], env).done, pos(['sync', '--json'], env).done]);
    expect([a.status, b.status], `${a.stderr}\n---\n${b.stderr}`).toEqual([0, 0]);
    // The one that found the other running waited for it and synced after it: both did the work.
    const outcomes = [a, b].map((r) => JSON.parse(r.stdout) as Record<string, unknown>);
    expect(outcomes.map((o) => o.stockItems)).toEqual([180, 180]);
  });
});

describe('SIGINT on pos sync', () => {
  it('ends a sync stuck on a body that never finishes, with a clear message and exit 1', async () => {
    const { proxy, env } = await setup();
    const drip = proxy.rule({ path: STOCK_PAGES, drip: { everyMs: 20, endless: true } });
    const run = pos(['sync'], env);
    await expect.poll(() => drip.bytesSent, { timeout: 60_000 }).toBeGreaterThan(0);
    run.child.kill('SIGINT');
    const ended = await run.done;
    expect(ended.signal).toBeNull();
    expect(ended.status).toBe(1);
    expect(ended.stderr).toMatch(/Sync cancelled \(SIGINT\)/);
  });
});
