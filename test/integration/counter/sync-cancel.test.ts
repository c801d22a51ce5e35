// A sync stuck on an answer that never finishes (the hostile proxy dripping it in front of the real
// sim) is cancelled through the contract (sync.cancel, Settings' Cancel button), and the next sync
// runs. While it runs, `pos sync` on the same data folder says a sync is already running and waits
// for it, then syncs itself. And the sync view says which rows a sync skipped as unreadable.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callCore } from '../../support/synced-core.ts';
import type { SyncStatusView } from '../../../contract/contract.ts';
import { Core } from '../../../main/core/core.ts';
import { MemoryCredentialStore } from '../../../main/settings/credentials.ts';
import { startSim, type RunningSim } from '../../../sim/server.ts';
import { demoEnv, sharedTempDir } from '../../support/fixtures.ts';
import { patchRow } from '../../support/hostile-pages.ts';
import { startHostileProxy, type HostileProxy } from '../../support/hostile-proxy.ts';

const cli = fileURLToPath(new URL('../../../main/cli/index.ts', import.meta.url));
let sim: RunningSim;
let proxy: HostileProxy;
let core: Core;
const dataDir = sharedTempDir('sync-cancel');

beforeAll(async () => {
  sim = await startSim({ size: 'small', port: 0 });
  proxy = await startHostileProxy(sim.url);
  core = await Core.create({
    dataDir,
    credentials: new MemoryCredentialStore(),
    env: demoEnv(proxy.url),
    probeIntervalMs: 200,
    autoSync: false,
    log: () => undefined,
  });
}, 60_000);

afterAll(async () => {
  await core.close();
  await proxy.close();
  await sim.close();
});

const call = (channel: string, input?: unknown): Promise<unknown> => callCore(core, channel, input);

const status = async (): Promise<SyncStatusView> => (await call('sync.status', {})) as SyncStatusView;
const stateOf = (s: SyncStatusView, resource: string): string | undefined =>
  s.resources.find((r) => r.resource === resource)?.state;

/** `pos sync --json` on the app's data folder, as its own process. */
function posSync(): {
  stderr(): string;
  done: Promise<{ status: number | null; stdout: string; stderr: string }>;
} {
  const child = spawn(process.execPath, [cli, 'sync', '--json'], {
    env: { ...process.env, ...demoEnv(proxy.url, dataDir) },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ status: code, stdout, stderr }));
  });
  return { stderr: () => stderr, done };
}

describe('a stuck sync', () => {
  it('is cancelled by sync.cancel; meanwhile pos sync waits for it, then syncs; the next sync runs', async () => {
    const drip = proxy.rule({
      path: '^/api/stock-items/filter-paginated$',
      drip: { everyMs: 20, endless: true },
    });
    await call('sync.now', {});
    await vi.waitFor(() => expect(drip.bytesSent).toBeGreaterThan(0), { timeout: 60_000, interval: 25 });
    expect((await status()).running).toBe(true);

    const cli = posSync();
    await vi.waitFor(
      () =>
        expect(cli.stderr()).toMatch(
          /A sync is already running on this data folder \(process \d+, started .*waiting for it to end/,
        ),
      { timeout: 60_000, interval: 25 },
    );
    // Pages pass again for the syncs to come (the app's dripped answer stays stuck).
    drip.remove();

    const cancelling = (await call('sync.cancel', {})) as SyncStatusView;
    expect(cancelling).toMatchObject({ running: true, cancelling: true });
    await vi.waitFor(async () => expect((await status()).running).toBe(false), {
      timeout: 60_000,
      interval: 25,
    });
    const cancelled = await status();
    expect(stateOf(cancelled, 'warehouses')).toBe('done');
    expect(stateOf(cancelled, 'stockItems')).toBe('cancelled');
    expect(cancelled.cancelling).not.toBe(true);

    // The waiting pos sync then ran, on the catalog the app let go: the whole of it.
    const synced = await cli.done;
    expect(synced.status, synced.stderr).toBe(0);
    expect(JSON.parse(synced.stdout)).toMatchObject({ stockItems: sim.admin.stockItems().length });

    await call('sync.now', {});
    await vi.waitFor(async () => expect((await status()).running).toBe(false), {
      timeout: 60_000,
      interval: 25,
    });
    expect((await status()).resources.every((r) => r.state === 'done')).toBe(true);
  });

  it('sync.cancel with no sync running changes nothing', async () => {
    const before = await status();
    const after = (await call('sync.cancel', {})) as SyncStatusView;
    expect(after.running).toBe(false);
    expect(after.resources).toEqual(before.resources);
  });
});

describe('a stock item whose price is not a number', () => {
  it('the sync view says the row was skipped, by id and field, in words and by key', async () => {
    const id = sim.admin.stockItems()[16]?.id;
    if (typeof id !== 'number') throw new Error('the sim has fewer than 17 stock items');
    const bad = proxy.rule({
      path: '^/api/stock-items/filter-paginated$',
      rewrite: patchRow(id, { price: '12.50' }),
    });
    try {
      await call('sync.now', { full: true });
      await vi.waitFor(async () => expect((await status()).running).toBe(false), {
        timeout: 60_000,
        interval: 25,
      });
      const stock = (await status()).resources.find((r) => r.resource === 'stockItems');
      expect(stock?.state).toBe('done');
      expect(stock?.found).toContain(`rows skipped: 1 (unreadable values: id ${id}: price)`);
      expect(stock?.foundSaid).toContainEqual({
        key: 'foundSkipped',
        values: { count: 1, rows: `id ${id}: price` },
      });
    } finally {
      bad.remove();
    }
  });
});
