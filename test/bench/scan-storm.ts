// Scan storm (issue 35, point 6): N scans from a keyboard-wedge scanner (keys into Chromium, each
// stamped with the time it was typed, at a scanner's pace) and N from a serial scanner (lines through
// a real pty pair from socat), into the web shell's Sale screen against the sim, with a person's hands
// on the same till (storm-run.ts: typed quantities, a code typed by hand, a stock question every 50
// scans with scans made while it is open). Idle, then with a busy loop on each core and full syncs
// running back to back, in one run. Reports per scanner and phase: scans lost, merged or doubled,
// applied out of order (goal 0 of N), typed text taken as a scan, a question answered by a scan, error
// notices nothing the bench did explains, and last key -> line painted p50/p99 (the time the last key
// carries -> the first frame after the line changed, both on the machine's wall clock) and p99 of
// the scans made with no `2*` typed just before (p99NotAfterTypedKeys: none of them waited on a
// person's keys), with the page's calls to the core per scan and where the median scan's time went.
// Beside the wedge's last key -> line painted, each phase's floor (storm-floor.ts): the same scans,
// typed the same way in the same browser under the same busy loops, into a bare page that adds a row
// in the Enter's own task, timed by the same probe. What the key's trip into the page and the frame
// loop cost with no app at all is part of every figure here, so the goals are read against it: a
// frame is ~16.7 ms, and the floor's p99 alone comes near the idle goal. storm.floor.* are its
// figures, storm.wedge.*.lastKeyToPaint.p50OverFloor and p99OverFloor Counter's over them.
// The full run (4 x 2,000 scans) takes well over an hour on a shared 2-core machine; --quick makes
// 12 of each (a stock question once a phase, so only one of its two answers each), --scans N makes N
// of each (the full run's code with a count a shared machine can afford).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { ean13 } from '../../sim/ean.ts';
import { DEMO } from '../../sim/testing.ts';
import { ptyPair } from '../support/pty.ts';
import { plainBarcodes } from '../support/terminal.ts';
import { launchChromium, startWebShellProcess } from '../e2e/browser.ts';
import { percentile, round } from './stats.ts';
import { firstWarehouse, rpc, waitSyncIdle } from './page-helpers.ts';
import { startSimProcess } from './outbox.ts';
import { installProbe, listenForEnters } from './storm-probe.ts';
import { openFloor, runFloor } from './storm-floor.ts';
import { seeded, serialScanner, wedgeScanner, type Keyboard, type Scanner } from './storm-input.ts';
import { runPhase, unexpectedErrors, type PhaseResult, type StormGoods } from './storm-run.ts';
import type { Benchmark, Figure } from './types.ts';

/** The product the stock rule asks about: inactive, so every scan of it opens the question. */
const INACTIVE_BARCODE = ean13('859999900001');
const INACTIVE_NAME = 'Bench: neaktivní zboží';

export const scanStorm: Benchmark = {
  name: 'scan-storm',
  async run(ctx) {
    const scans = ctx.scans ?? (ctx.quick ? 12 : 2000);
    const dataDir = mkdtempSync(join(tmpdir(), 'counter-bench-storm-'));
    const ptyDir = mkdtempSync(join(tmpdir(), 'counter-bench-pty-'));
    const pair = ptyPair(ptyDir);
    await pair.start();
    // The instance in its own process, as it is another machine: serving full syncs back to back in
    // this event loop made the bench (the scanner) send keys late, and that counted against the page.
    const sim = await startSimProcess(['--control']);
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
      await listenForEnters(page);
      await page.goto(shell.url);
      await page.getByTestId('status-bar').waitFor();
      await rpc(page, 'shift.open', { float: 0 });
      ctx.log('scan-storm: first sync...');
      await rpc(page, 'sync.now', {});
      await waitSyncIdle(page);
      const warehouseId = firstWarehouse(dataDir);
      await rpc(page, 'settings.set', { warehouseId });
      const goods = await stormGoods(page, sim, dataDir, warehouseId);
      await installProbe(page);
      await page.locator('[data-serial-scanner="connected"]').waitFor();

      const keyboard: Keyboard = { lastPersonKeyAt: 0 };
      const scanners = [wedgeScanner(page, keyboard), serialScanner(pair)];
      const random = seeded(35);
      const phase = (scanner: Scanner, meanwhile: () => Promise<void>) =>
        runPhase({
          page,
          scanner,
          keyboard,
          goods,
          count: scans,
          random,
          meanwhile,
          log: (line) => ctx.log(line),
        });
      // The floor's scans right before the wedge's, in each condition (storm-floor.ts), in a page of
      // their own that is closed after them.
      const floorPhase = async (condition: string): Promise<PhaseResult> => {
        ctx.log(`scan-storm: ${scans} wedge scans into a bare page (the floor), ${condition}...`);
        const bare = await openFloor(browser);
        try {
          const scanner = wedgeScanner(bare, { lastPersonKeyAt: 0 });
          return await runFloor({
            page: bare,
            scanner,
            count: scans,
            codes: goods.plain,
            log: (line) => ctx.log(line),
          });
        } finally {
          await bare.close();
        }
      };
      const floorIdle = await floorPhase('idle');
      const idle = new Map<string, PhaseResult>();
      for (const scanner of scanners) {
        ctx.log(`scan-storm: ${scans} ${scanner.kind} scans idle...`);
        idle.set(scanner.kind, await phase(scanner, () => Promise.resolve()));
      }
      const idleLoad = round(loadavg()[0] ?? 0, 2);
      for (let i = 0; i < availableParallelism(); i++) hogs.push(busyLoop());
      // Under the busy loops only: the full syncs are Counter's own work, which the floor has none of.
      const floorLoad = await floorPhase(`${hogs.length} busy loops`);
      let syncs = 0;
      const fullSync = async (): Promise<void> => {
        const status = (await rpc(page, 'sync.status', {})) as { running: boolean };
        if (!status.running) {
          syncs++;
          await rpc(page, 'sync.now', { full: true });
        }
      };
      const loaded = new Map<string, PhaseResult>();
      for (const scanner of scanners) {
        ctx.log(`scan-storm: ${scans} ${scanner.kind} scans, ${hogs.length} busy loops, full syncs...`);
        await fullSync();
        loaded.set(scanner.kind, await phase(scanner, fullSync));
      }
      const load = { busyLoops: hogs.length, fullSyncsStarted: syncs, loadavg1: round(loadavg()[0] ?? 0, 2) };
      const floor: Both = { idle: floorIdle, load: floorLoad };
      const out: Record<string, Figure> = {};
      for (const scanner of scanners) {
        const both = { idle: idle.get(scanner.kind), load: loaded.get(scanner.kind) };
        Object.assign(
          out,
          figures(
            `storm.${scanner.kind}`,
            scans,
            goods,
            both,
            { loadavg1: idleLoad },
            load,
            scanner.kind === 'wedge' ? floor : undefined,
          ),
        );
      }
      return out;
    } finally {
      for (const hog of hogs) hog.kill('SIGKILL');
      await browser.close();
      await shell.stop();
      await sim.close();
      await pair.pull();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(ptyDir, { recursive: true, force: true });
    }
  },
};

type Both = Readonly<Record<'idle' | 'load', PhaseResult | undefined>>;

/**
 * Each figure idle and under load on adjacent rows; with `floor` (the wedge's), the floor's last key
 * -> painted and the scanner's over it right after each of the scanner's.
 */
function figures(
  prefix: string,
  scans: number,
  goods: StormGoods,
  both: Both,
  idleContext: Record<string, unknown>,
  loadContext: Record<string, unknown>,
  floor?: Both,
): Record<string, Figure> {
  const out: Record<string, Figure> = {};
  const goal = `goal 0 of ${scans}`;
  const counts: [string, (p: PhaseResult) => number, string][] = [
    ['lost', (p) => p.lost, goal],
    ['mergedOrDoubled', (p) => p.extra, goal],
    ['outOfOrder', (p) => p.outOfOrder, goal],
    ['typedTakenAsScan', (p) => p.typedTaken, 'goal 0'],
    ['dialogAnsweredByScan', (p) => p.dialogAnsweredByScan, 'goal 0'],
    ['unexpectedErrorNotices', (p) => unexpectedErrors(p, goods).length, 'goal 0'],
  ];
  for (const [name, value, vs] of counts)
    for (const phase of ['idle', 'load'] as const) {
      const p = both[phase];
      if (p === undefined) continue;
      const extra = name === 'lost' ? (phase === 'idle' ? idleContext : loadContext) : {};
      const notices =
        name === 'unexpectedErrorNotices' ? { first: unexpectedErrors(p, goods).slice(0, 5) } : {};
      out[`${prefix}.${phase}.${name}`] = { value: value(p), unit: 'scans', vs, ...extra, ...notices };
    }
  for (const pct of [50, 99])
    for (const phase of ['idle', 'load'] as const) {
      const p = both[phase];
      if (p === undefined) continue;
      const target = phase === 'idle' ? 'goal <= 17' : 'goal <= 33';
      out[`${prefix}.${phase}.lastKeyToPaint.p${pct}`] = {
        value: round(percentile(p.samples, pct), 1),
        unit: 'ms',
        ...(pct === 99
          ? {
              vs: target,
              ...lateness(p),
              slowest: slowestParts(p),
            }
          : {}),
        n: p.samples.length,
        ...(pct === 50 ? { callsPerScan: Object.fromEntries(p.trips), medianParts: medianParts(p) } : {}),
      };
      const bare = floor?.[phase];
      if (bare !== undefined) Object.assign(out, floorFigures(prefix, phase, pct, p, bare));
      // Beside p99 of all scans: p99 of those made with no `2*` typed just before (typedBefore 0). A
      // serial scan after one waits, by design, until the keyboard's scanner module has judged those
      // keys a person's; these are the scans that did not wait on a person's keys.
      if (pct === 99) {
        const notAfterTyped = p.samples.filter((_, i) => p.parts[i]?.['typedBefore'] === 0);
        out[`${prefix}.${phase}.lastKeyToPaint.p99NotAfterTypedKeys`] = {
          value: round(percentile(notAfterTyped, 99), 1),
          unit: 'ms',
          vs: target,
          n: notAfterTyped.length,
        };
      }
    }
  return out;
}

/**
 * The floor's last key -> painted at `pct` (storm-floor.ts), and the scanner's over it (both as
 * reported, to 0.1 ms).
 */
function floorFigures(
  prefix: string,
  phase: 'idle' | 'load',
  pct: number,
  counter: PhaseResult,
  bare: PhaseResult,
): Record<string, Figure> {
  const counterMs = round(percentile(counter.samples, pct), 1);
  const floorMs = round(percentile(bare.samples, pct), 1);
  const parts = medianParts(bare);
  return {
    [`storm.floor.${phase}.lastKeyToPaint.p${pct}`]: {
      value: floorMs,
      unit: 'ms',
      vs: `a bare page, no app${phase === 'load' ? ', the same busy loops, no syncs' : ''}`,
      n: bare.samples.length,
      ...(bare.lost > 0 ? { lost: bare.lost } : {}),
      ...(pct === 99
        ? lateness(bare)
        : {
            // The floor's parts: the key's wait for the page, the Enter's own handler until the probe
            // saw the row (answerToChange, with no call to answer), and the row until the frame was out.
            medianParts: {
              keyToPage: parts['keyToPage'],
              enterToChange: parts['answerToChange'],
              changeToPaint: parts['changeToPaint'],
            },
          }),
    },
    [`${prefix}.${phase}.lastKeyToPaint.p${pct}OverFloor`]: {
      value: round(counterMs / floorMs, 2),
      unit: 'x',
      vs: `storm.floor.${phase}.lastKeyToPaint.p${pct}; 1 = as soon as a bare page`,
    },
  };
}

/**
 * p99 of the bench's own lateness sending the last key, and p99 of the samples from when it sent it,
 * not the time it carries: what that lateness (a busy machine delaying this process) added.
 */
function lateness(p: PhaseResult): { sentLateP99: number; fromSentP99: number } {
  return {
    sentLateP99: round(percentile(p.sentLate, 99), 1),
    fromSentP99: round(percentile(fromSent(p), 99), 1),
  };
}

/** Each sample less the bench's own lateness in sending its last key (ms). */
function fromSent(p: PhaseResult): number[] {
  return p.samples.map((ms, i) => ms - (p.sentLate[i] ?? 0));
}

/** Each part's median (ms). */
function medianParts(p: PhaseResult): Record<string, number> {
  const names = Object.keys(p.parts[0] ?? {});
  return Object.fromEntries(
    names.map((name) => [
      name,
      round(
        percentile(
          p.parts.map((x) => x[name] ?? 0),
          50,
        ),
        1,
      ),
    ]),
  );
}

/** The slowest 1% of samples (at least three): each one's total and parts (ms), slowest first. */
function slowestParts(p: PhaseResult): Record<string, number>[] {
  const order = p.samples.map((ms, i) => [ms, i] as const).sort((a, b) => b[0] - a[0]);
  return order.slice(0, Math.max(3, Math.ceil(p.samples.length / 100))).map(([ms, i]) => ({
    total: round(ms, 1),
    ...Object.fromEntries(Object.entries(p.parts[i] ?? {}).map(([k, v]) => [k, round(v, 1)])),
  }));
}

/** A process that keeps one core busy. */
function busyLoop(): ChildProcess {
  return spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
}

/**
 * Twelve plain products of the warehouse, and an inactive one the bench adds to the instance (as an
 * operator would) and syncs, so the stock question opens at any catalog size.
 */
async function stormGoods(
  page: Page,
  sim: { readonly url: string },
  dataDir: string,
  warehouseId: number,
): Promise<StormGoods> {
  const added = await fetch(`${sim.url}/__sim/stock-items`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      warehouseId,
      productName: INACTIVE_NAME,
      barcode: INACTIVE_BARCODE,
      isInactive: true,
      unitOfMeasure: 'ks',
      vatRate: 21,
      price: 10,
      quantityInStock: 100_000,
      quantityAvailable: 100_000,
    }),
  });
  if (!added.ok)
    throw new Error(`the sim did not add ${INACTIVE_BARCODE}: ${added.status} ${await added.text()}`);
  await rpc(page, 'sync.now', {});
  await waitSyncIdle(page);
  const db = new Database(join(dataDir, 'counter.catalog.sqlite'), { readonly: true });
  try {
    const cached = db.prepare('SELECT 1 FROM stock_item WHERE barcode = ?').pluck().get(INACTIVE_BARCODE);
    if (cached === undefined) throw new Error(`the sync after adding ${INACTIVE_BARCODE} did not cache it`);
    // Pieces only, one a barcode (the run tallies what it scanned by barcode), first stocked first.
    const plain = plainBarcodes(dataDir, {
      warehouseId,
      where: "unitOfMeasure = 'ks'",
      oneByBarcode: true,
      orderBy: 'min(id)',
      limit: 12,
    });
    if (plain.length < 5) throw new Error(`too few plain sellable products in warehouse ${warehouseId}`);
    return { plain, inactive: INACTIVE_BARCODE, inactiveName: INACTIVE_NAME };
  } finally {
    db.close();
  }
}
