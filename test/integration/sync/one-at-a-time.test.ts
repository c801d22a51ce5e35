// One sync at a time on a data folder, and every sync can be stopped: `pos sync` twice at once
// (the second says one is running, exit 0, and never fails both), and SIGINT on a `pos sync` stuck
// on a body that never finishes (the hostile proxy in front of the real sim).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSim } from '../../../sim/server.ts';
import { demoEnv, simForTest, tempDir } from '../../support/fixtures.ts';
import { startHostileProxy, type HostileProxy } from '../../support/hostile-proxy.ts';

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
  return { child, done };
}

const STOCK_PAGES = '^/api/stock-items/filter-paginated$';

describe('pos sync, one at a time on a data folder', () => {
  it('a second pos sync while one runs exits 0 saying a sync is already running; once that one stops, the next runs', async () => {
    const { proxy, env } = await setup();
    // The first sync is held on its first stock-item page until the second has had its say.
    const drip = proxy.rule({ path: STOCK_PAGES, drip: { everyMs: 20, endless: true }, times: 1 });
    const first = pos(['sync', '--json'], env);
    await expect.poll(() => drip.bytesSent, { timeout: 60_000 }).toBeGreaterThan(0);
    const second = await pos(['sync', '--json'], env).done;
    expect(second.status, second.stderr).toBe(0);
    expect(second.stderr).toMatch(/A sync is already running on this data folder/);
    expect(JSON.parse(second.stdout)).toMatchObject({ alreadyRunning: true });
    // Let the first go on: its dripped page is cut off and retried.
    first.child.kill('SIGINT');
    const ended = await first.done;
    expect(ended.signal).toBeNull();
    const third = await pos(['sync', '--json'], env).done;
    expect(third.status, third.stderr).toBe(0);
    expect(JSON.parse(third.stdout)).toMatchObject({ stockItems: 180 });
  });

  it('two pos sync started together: never both fail', async () => {
    const { env } = await setup();
    const [a, b] = await Promise.all([pos(['sync', '--json'], env).done, pos(['sync', '--json'], env).done]);
    expect([a.status, b.status], `${a.stderr}\n---\n${b.stderr}`).toEqual([0, 0]);
    const outcomes = [a, b].map((r) => JSON.parse(r.stdout) as Record<string, unknown>);
    expect(outcomes.some((o) => o.stockItems === 180)).toBe(true);
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
