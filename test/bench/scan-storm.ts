// Scan storm, the serial scanner's part (issue 35, point 6): scans as lines through a real pty pair
// (socat) into the web shell's page in Chromium, against the sim, one after another at a scanner's
// pace - idle, then with a busy loop on each core and full syncs running back to back, in one run.
// Reports scans lost and scans merged or doubled (goal 0 of N) and line written -> line painted
// p50/p99 (Node's clock at the write, the page's Date.now() at the first frame after the quantity
// changed: one machine, one clock). Baskets of 20 are voided (F8 twice) so the sale stays small.
// Not yet here: the keyboard wedge's share of the storm, a person's typing between scans and a stock
// dialog every 50 scans.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { startSim } from '../../sim/server.ts';
import { DEMO } from '../../sim/testing.ts';
import { ptyPair, type PtyPair } from '../support/pty.ts';
import { SELLS_PLAINLY } from '../support/terminal.ts';
import { launchChromium, startWebShellProcess } from '../e2e/browser.ts';
import { percentile, round } from './stats.ts';
import { firstWarehouse, rpc, waitSyncIdle } from './page-helpers.ts';
import type { Benchmark, Figure } from './types.ts';

const BASKET = 20;
/** A scan not painted within this long is counted lost (the storm goes on). */
const LOST_AFTER_MS = 10_000;
/** The pause between one scan painted and the next written: a cashier's fast pace. */
const PACE_MS = 30;

interface Phase {
  samples: number[];
  lost: number;
  /** Quantity shown beyond what was sent (a scan applied twice, or two codes taken as one line). */
  extra: number;
}

declare global {
  interface Window {
    /** Resolves with Date.now() at the first painted frame once the sale's quantities sum to `n`. */
    __stormPainted?: (n: number, timeoutMs: number) => Promise<number | null>;
  }
}

export const scanStorm: Benchmark = {
  name: 'scan-storm',
  async run(ctx) {
    const scans = ctx.quick ? 200 : 2000;
    const dataDir = mkdtempSync(join(tmpdir(), 'counter-bench-storm-'));
    const pair = ptyPair(mkdtempSync(join(tmpdir(), 'counter-bench-pty-')));
    await pair.start();
    const sim = await startSim({ size: 'small', port: 0 });
    const shell = await startWebShellProcess({
      POS_DATA_DIR: dataDir,
      POS_BASE_URL: sim.url,
      POS_CLIENT_ID: DEMO.clientId,
      POS_CLIENT_SECRET: DEMO.clientSecret,
      POS_SCANNER_PORT: pair.port,
    });
    const browser = await launchChromium();
    const hogs: ChildProcess[] = [];
    try {
      const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
      await page.goto(shell.url);
      await page.getByTestId('status-bar').waitFor();
      await rpc(page, 'shift.open', { float: 0 });
      ctx.log('scan-storm: first sync...');
      await rpc(page, 'sync.now', {});
      await waitSyncIdle(page);
      const warehouseId = firstWarehouse(dataDir);
      await rpc(page, 'settings.set', { warehouseId });
      const barcodes = goods(dataDir, warehouseId);
      await installProbe(page);
      await page.locator('[data-serial-scanner="connected"]').waitFor();

      ctx.log(`scan-storm: ${scans} serial scans idle...`);
      const idle = await storm(page, pair, barcodes, scans, () => Promise.resolve());
      ctx.log(
        `scan-storm: ${scans} serial scans with ${availableParallelism()} busy loops and full syncs...`,
      );
      for (let i = 0; i < availableParallelism(); i++) hogs.push(busyLoop());
      let syncs = 0;
      const loaded = await storm(page, pair, barcodes, scans, async () => {
        const status = (await rpc(page, 'sync.status', {})) as { running: boolean };
        if (!status.running) {
          syncs++;
          await rpc(page, 'sync.now', { full: true });
        }
      });
      const load = { busyLoops: hogs.length, fullSyncsStarted: syncs, loadavg1: round(loadavg()[0] ?? 0, 2) };
      const figures = (name: string, p: Phase, extra: Record<string, unknown>): Record<string, Figure> => ({
        [`storm.serial.${name}.lost`]: { value: p.lost, unit: 'scans', vs: `goal 0 of ${scans}`, ...extra },
        [`storm.serial.${name}.mergedOrDoubled`]: { value: p.extra, unit: 'scans', vs: `goal 0 of ${scans}` },
        [`storm.serial.${name}.lineToPaint.p50`]: {
          value: round(percentile(p.samples, 50), 1),
          unit: 'ms',
          n: p.samples.length,
        },
        [`storm.serial.${name}.lineToPaint.p99`]: {
          value: round(percentile(p.samples, 99), 1),
          unit: 'ms',
          vs: name === 'idle' ? 'goal <= 17' : 'goal <= 33',
        },
      });
      return { ...figures('idle', idle, {}), ...figures('load', loaded, load) };
    } finally {
      for (const hog of hogs) hog.kill('SIGKILL');
      await browser.close();
      await shell.stop();
      await sim.close();
      await pair.pull();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

/** Writes `count` scans one by one, each after the last was painted; voids each basket of 20. */
async function storm(
  page: Page,
  pair: PtyPair,
  barcodes: readonly string[],
  count: number,
  meanwhile: () => Promise<void>,
): Promise<Phase> {
  const phase: Phase = { samples: [], lost: 0, extra: 0 };
  let sent = new Map<string, number>();
  let inBasket = 0;
  for (let i = 0; i < count; i++) {
    const barcode = barcodes[(i * 7 + Math.floor(i / 5)) % barcodes.length] ?? '';
    sent.set(barcode, (sent.get(barcode) ?? 0) + 1);
    inBasket++;
    const writtenAt = Date.now();
    pair.send(`${barcode}\r\n`);
    const painted = await page.evaluate(([n, t]) => window.__stormPainted?.(n, t) ?? null, [
      inBasket,
      LOST_AFTER_MS,
    ] as const);
    if (painted !== null) phase.samples.push(painted - writtenAt);
    if (inBasket === BASKET || i === count - 1) {
      const shown = await quantities(page);
      for (const [code, n] of sent) {
        const got = shown.get(code) ?? 0;
        phase.lost += Math.max(0, n - got);
        phase.extra += Math.max(0, got - n);
      }
      for (const [code, got] of shown) if (!sent.has(code)) phase.extra += got;
      await voidSale(page);
      sent = new Map();
      inBasket = 0;
      await meanwhile();
    }
    await page.waitForTimeout(PACE_MS);
  }
  return phase;
}

async function quantities(page: Page): Promise<Map<string, number>> {
  const rows = await page
    .getByTestId('sale-lines')
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map(
        (tr) => [tr.getAttribute('data-barcode') ?? '', Number(tr.getAttribute('data-quantity'))] as const,
      ),
    );
  return new Map(rows);
}

async function voidSale(page: Page): Promise<void> {
  const rows = page.getByTestId('sale-lines').locator('tbody tr');
  if ((await rows.count()) === 0) return;
  await page.locator('body').press('F8');
  await page.locator('body').press('F8');
  await rows.first().waitFor({ state: 'detached', timeout: 30_000 });
}

/** In the page: the first painted frame after the sale's quantities reach a sum. */
async function installProbe(page: Page): Promise<void> {
  await page.evaluate(() => {
    const sum = (): number =>
      [...document.querySelectorAll('[data-testid="sale-lines"] tbody tr')].reduce(
        (total, tr) => total + Number(tr.getAttribute('data-quantity') ?? 0),
        0,
      );
    window.__stormPainted = (n, timeoutMs) =>
      new Promise((resolve) => {
        const painted = () => requestAnimationFrame(() => setTimeout(() => resolve(Date.now()), 0));
        if (sum() >= n) return painted();
        const timer = setTimeout(() => {
          observer.disconnect();
          resolve(null);
        }, timeoutMs);
        const observer = new MutationObserver(() => {
          if (sum() < n) return;
          observer.disconnect();
          clearTimeout(timer);
          painted();
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
      });
  });
}

/** A process that keeps one core busy. */
function busyLoop(): ChildProcess {
  return spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
}

function goods(dataDir: string, warehouseId: number): string[] {
  const db = new Database(join(dataDir, 'counter.catalog.sqlite'), { readonly: true });
  try {
    const barcodes = db
      .prepare(
        `SELECT barcode FROM stock_item WHERE warehouseId = ? AND length(barcode) = 13 AND barcode NOT LIKE '2%'
           AND unitOfMeasure = 'ks' AND ${SELLS_PLAINLY} GROUP BY barcode ORDER BY min(id) LIMIT 12`,
      )
      .pluck()
      .all(warehouseId) as string[];
    if (barcodes.length < 5) throw new Error(`too few plain sellable products in warehouse ${warehouseId}`);
    return barcodes;
  } finally {
    db.close();
  }
}
