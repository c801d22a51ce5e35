// `pos sync` and `pos stock` as separate processes, exactly as INTERFACES.md drives them, and a sync
// process killed with SIGKILL mid-run whose successor continues where it stopped.
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { stockItemFields, syncState } from '../../../db/catalog/index.ts';
import { openDatabase } from '../../../db/database.ts';
import { runSync } from '../../../main/sync/index.ts';
import type { RunningSim } from '../../../sim/server.ts';
import { DEMO, demoEnv, simForTest, tempDir } from '../../support/fixtures.ts';
import { client, expectCacheMatchesSim, simStockItems, testRetry } from './support.ts';

const cli = fileURLToPath(new URL('../../../main/cli/index.ts', import.meta.url));
async function setup(): Promise<{ sim: RunningSim; env: NodeJS.ProcessEnv; dataDir: string }> {
  const sim = await simForTest();
  const dataDir = tempDir('cli');
  const env = { ...process.env, ...demoEnv(sim.url, dataDir) };
  return { sim, env, dataDir };
}

/** Runs the CLI as its own process (async: the sim lives in this process and must keep serving). */
function pos(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { env, timeout: 60_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const CachedItem = z
  .object({ id: z.number(), warehouseId: z.number(), productId: z.number(), syncedAt: z.iso.datetime() })
  .catchall(z.unknown());

/**
 * Runs `pos ARGS` and kills it with SIGKILL once the stock-item pass has committed pages up to
 * `page` (its cursor's nextPage). Returns the nextPage it was killed at.
 */
async function syncKilledAtPage(
  args: string[],
  env: NodeJS.ProcessEnv,
  file: string,
  page: number,
): Promise<number> {
  const child = spawn(process.execPath, [cli, ...args], { env, stdio: 'ignore' });
  const run = { exited: false };
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.on('exit', (_code, signal) => {
      run.exited = true;
      resolve(signal);
    }),
  );
  let killedAt = 0;
  // Until the state is reached or the process ends by itself (then the assertions below fail):
  // however slow the machine, never a fixed number of polls.
  while (killedAt === 0 && !run.exited) {
    await new Promise((r) => setTimeout(r, 25));
    if (!existsSync(file)) continue;
    const db = openDatabase(file, { readonly: true });
    try {
      const hasState =
        db.prepare("SELECT 1 FROM pragma_table_list WHERE name = 'sync_state'").get() !== undefined;
      const cursor = hasState ? syncState(db, 'stockItems').cursor : undefined;
      const next =
        cursor === undefined ? 0 : z.object({ nextPage: z.number() }).parse(JSON.parse(cursor)).nextPage;
      if (next >= page) {
        child.kill('SIGKILL');
        killedAt = next;
      }
    } finally {
      db.close();
    }
  }
  expect(await exited).toBe('SIGKILL');
  expect(killedAt).toBeGreaterThanOrEqual(page);
  return killedAt;
}

describe('pos sync and pos stock', () => {
  it('sync prints counts per resource, stock answers from the cache with the service stopped', async () => {
    const { sim, env } = await setup();
    const synced = await pos(['sync', '--json'], env);
    expect(synced.status, synced.stderr).toBe(0);
    const counts = z.record(z.string(), z.number().int()).parse(JSON.parse(synced.stdout));
    expect(Object.keys(counts).sort()).toEqual(
      [
        'companyCards',
        'companyRepresentatives',
        'financialReceivables',
        'productUnits',
        'stockItems',
        'warehouses',
      ].sort(),
    );
    const service = client(sim.url);
    const items = await simStockItems(service);
    await service.close();
    expect(counts['stockItems']).toBe(items.length);
    expect(synced.stderr).toMatch(/sync stockItems: \d+\/\d+/);

    await sim.close();
    const sample = items[5];
    if (sample?.barcode === undefined) throw new Error('no barcode in sim data');
    const found = await pos(['stock', sample.barcode, '--json'], env);
    expect(found.status, found.stderr).toBe(0);
    const rows = z.array(CachedItem).parse(JSON.parse(found.stdout));
    expect(rows.map((r) => r.id)).toEqual(items.filter((i) => i.barcode === sample.barcode).map((i) => i.id));
    for (const row of rows) {
      for (const key of Object.keys(row)) expect([...stockItemFields, 'syncedAt']).toContain(key);
    }

    const limited = await pos(
      ['stock', sample.productCode ?? '', '--warehouse', '2', '--limit', '1', '--json'],
      env,
    );
    expect(limited.status, limited.stderr).toBe(0);
    const one = z.array(CachedItem).parse(JSON.parse(limited.stdout));
    expect(one).toHaveLength(1);
    expect(one[0]?.warehouseId).toBe(2);

    const text = await pos(['stock', sample.barcode], env);
    expect(text.status).toBe(0);
    expect(text.stdout).toContain(sample.barcode);

    const unreachable = await pos(['sync', '--json'], env);
    expect(unreachable.status).toBe(4);
    expect(JSON.parse(unreachable.stdout)).toMatchObject({ error: { exitCode: 4 } });
  });

  it('--client-secret-file reads the secret from a file or standard input, never from the command line', async () => {
    const { env, dataDir } = await setup();
    const noSecret = { ...env, POS_CLIENT_SECRET: '' };
    const file = join(dataDir, 'secret.txt');
    writeFileSync(file, `${DEMO.clientSecret}\n`);
    // `pos version` takes a token: it answers only with the right secret.
    const fromFile = await pos(['version', '--json', '--client-secret-file', file], noSecret);
    expect(fromFile.status).toBe(0);
    const fromStdin = await new Promise<{ status: number | null }>((resolve, reject) => {
      const child = spawn(process.execPath, [cli, 'version', '--json', '--client-secret-file', '-'], {
        env: noSecret,
      });
      child.on('error', reject);
      child.on('close', (status) => resolve({ status }));
      child.stdin.end(DEMO.clientSecret);
    });
    expect(fromStdin.status).toBe(0);
    writeFileSync(file, 'wrong-secret\n');
    expect((await pos(['version', '--json', '--client-secret-file', file], noSecret)).status).toBe(3);
    const missing = await pos(['version', '--client-secret-file', join(dataDir, 'nope.txt')], noSecret);
    expect(missing.status).toBe(3);
    expect(missing.stderr).toContain('nope.txt');
    const help = await pos(['sync', '--help'], noSecret);
    expect(help.stdout).toContain('visible to other users');
  });

  it('sync exits 1 naming the resource that failed, and 3 when the credentials are refused', async () => {
    const { sim, env } = await setup();
    sim.faults.forceStatus({
      status: 403,
      path: '^/api/finances/',
      message: 'Permission Permissions.FinancialReceivables.View is required.',
    });
    const partial = await pos(['sync', '--json'], env);
    expect(partial.status, partial.stderr).toBe(1);
    const doc = z
      .object({
        stockItems: z.number(),
        errors: z.record(z.string(), z.object({ status: z.number().optional() })),
      })
      .parse(JSON.parse(partial.stdout));
    expect(doc.stockItems).toBeGreaterThan(0);
    expect(Object.keys(doc.errors)).toEqual(['financialReceivables']);
    expect(doc.errors['financialReceivables']?.status).toBe(403);

    const refused = await pos(['sync', '--json'], { ...env, POS_CLIENT_SECRET: 'wrong-secret' });
    expect(refused.status).toBe(3);
    expect(refused.stdout + refused.stderr).not.toContain('wrong-secret');
  });

  it('a sync process killed with SIGKILL mid-run leaves a whole cache, and the next run continues', async () => {
    const { sim, env, dataDir } = await setup();
    sim.faults.latency({ ms: 40, path: '^/api/stock-items' });
    const file = join(dataDir, 'counter.sqlite');
    const killedAt = await syncKilledAtPage(['sync', '--page-size', '5', '--json'], env, file, 7);

    const db = openDatabase(file);
    const service = client(sim.url);
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const committed = db.prepare('SELECT count(*) FROM stock_item').pluck().get() as number;
      expect(committed).toBeGreaterThanOrEqual((killedAt - 1) * 5);
      const total = (await simStockItems(service)).length;
      sim.faults.latency(null);

      const again = await runSync(db, service, { pageSize: 5, retry: testRetry });
      const stock = again.resources.find((r) => r.resource === 'stockItems');
      expect(stock).toMatchObject({ status: 'ok', resumed: true, mode: 'full' });
      expect(stock?.fetched).toBeLessThanOrEqual(total - (killedAt - 1) * 5);
      expect(stock?.requests).toBeLessThan(Math.ceil(total / 5));
      await expectCacheMatchesSim(db, service);
    } finally {
      await service.close();
      db.close();
    }
  });

  it('a full sync killed over an existing cache leaves every cached row readable; the rerun matches the instance', async () => {
    const { sim, env, dataDir } = await setup();
    const file = join(dataDir, 'counter.sqlite');
    const service = client(sim.url);
    const db = openDatabase(file);
    try {
      expect((await runSync(db, service, { pageSize: 20, retry: testRetry })).resources.length).toBe(6);
      const before = db.prepare('SELECT id, price FROM stock_item ORDER BY id').all() as {
        id: number;
        price: number | null;
      }[];
      const [changed, gone] = before;
      if (changed === undefined || gone === undefined) throw new Error('the small sim has stock items');
      sim.admin.mutateStockItem(changed.id, { price: 999.5 });
      sim.admin.removeStockItem(gone.id);
      sim.faults.latency({ ms: 40, path: '^/api/stock-items' });

      await syncKilledAtPage(['sync', '--full', '--page-size', '5', '--json'], env, file, 7);

      // The previous cache is whole: every row still there and readable (the sweep of rows the
      // instance no longer has runs only when a full pass completes).
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const ids = db.prepare('SELECT id FROM stock_item ORDER BY id').pluck().all();
      expect(ids).toEqual(before.map((r) => r.id));
      sim.faults.latency(null);

      const again = await runSync(db, service, { pageSize: 5, retry: testRetry });
      expect(again.resources.find((r) => r.resource === 'stockItems')).toMatchObject({
        status: 'ok',
        resumed: true,
        mode: 'full',
      });
      await expectCacheMatchesSim(db, service);
      expect(db.prepare('SELECT price FROM stock_item WHERE id = ?').pluck().get(changed.id)).toBe(999.5);
      expect(db.prepare('SELECT count(*) FROM stock_item WHERE id = ?').pluck().get(gone.id)).toBe(0);
    } finally {
      await service.close();
      db.close();
    }
  });
});
