// A restarted till's first barcode (issue 36, point 3): the core started as a shell starts it, in a
// fresh process on a data folder whose catalog is synced from the sim (which is reachable, as at a
// restart in the day: the till comes online and its background work starts beside the scan), then one
// scanned barcode. In two forms, taking turns: from the TypeScript source (as `npm run web` runs it:
// Node strips the types) and precompiled (as the packaged Electron app runs it: the bundle of
// main/electron/build.ts, here run by Node). Reported from process start (target < 100 ms) and from the core's modules being
// loaded (opening the database, the instance, the scan), beside the CPU the process spent by then
// (a figure the shared machine's load moves less than the wall time). Medians of several restarts.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { bundleForNode } from '../../main/electron/build.ts';
import { ROOT } from '../../main/web/build.ts';
import { startSim } from '../../sim/server.ts';
import { DEMO } from '../../sim/testing.ts';
import { percentile, round } from './stats.ts';
import type { Benchmark, Figure } from './types.ts';

const CHILD = fileURLToPath(new URL('./first-barcode-child.ts', import.meta.url));

const Prepared = z.object({ warehouseId: z.number().int() });
const Restart = z.object({
  outcome: z.string(),
  message: z.string().optional(),
  nodeStartMs: z.number(),
  importedMs: z.number(),
  createdMs: z.number(),
  answeredMs: z.number(),
  fromCreateMs: z.number(),
  cpuMs: z.number(),
});
type Restart = z.infer<typeof Restart>;

/** Runs a child script (not blocking: the sim answers it from this process) and returns its last line. */
async function child(env: NodeJS.ProcessEnv, args: string[]): Promise<unknown> {
  const { stdout } = await promisify(execFile)(process.execPath, args, {
    env,
    encoding: 'utf8',
    timeout: 600_000,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '');
}

/**
 * A barcode of a product in stock in the warehouse, from the synced catalog: a plain product's (859,
 * Czech GTINs), not a scale's label, which needs its weight or price in the code.
 */
function barcodeIn(dataDir: string, warehouseId: number): string {
  const db = new Database(join(dataDir, 'counter.catalog.sqlite'), { readonly: true });
  try {
    const code = db
      .prepare(
        `SELECT barcode FROM stock_item WHERE warehouseId = ? AND barcode LIKE '859%'
           AND quantityAvailable > 0 AND COALESCE(isInactive, 0) = 0 AND COALESCE(prohibitionOfSale, 0) = 0
         ORDER BY id LIMIT 1 OFFSET 10`,
      )
      .pluck()
      .get(warehouseId);
    if (typeof code !== 'string') throw new Error('no barcode in stock in the synced catalog');
    return code;
  } finally {
    db.close();
  }
}

const median = (runs: readonly Restart[], of: (r: Restart) => number): number =>
  round(percentile(runs.map(of), 50), 1);

/** How the core's code is run: from its TypeScript source, or precompiled as the packaged app runs it. */
type Form = 'source' | 'packaged';

/** The figures of one form's restarts, under `prefix`. */
function figuresOf(
  prefix: string,
  form: Form,
  runs: readonly Restart[],
  load: number,
): Record<string, Figure> {
  const how =
    form === 'source'
      ? "from the TypeScript source as `npm run web` runs it (Node's type stripping, compile cache on)"
      : 'precompiled as the packaged app runs it (one ES module bundle with zod in it, main/electron/build.ts bundleForNode), by Node';
  return {
    [`${prefix}.fromProcessStartMs`]: {
      value: median(runs, (r) => r.answeredMs),
      unit: 'ms',
      vs: `target < 100; ${how}; median of ${runs.length} restarts (min ${round(Math.min(...runs.map((r) => r.answeredMs)), 1)}), core process on a synced data folder, the sim reachable; its first line ran at ${median(runs, (r) => r.nodeStartMs)} ms`,
      loadAverage: load,
    },
    [`${prefix}.fromModulesLoadedMs`]: {
      value: median(runs, (r) => r.fromCreateMs),
      unit: 'ms',
      vs: `opening the database, the instance and the first scan; modules loaded at ${median(runs, (r) => r.importedMs)} ms, core made at ${median(runs, (r) => r.createdMs)} ms`,
    },
    [`${prefix}.cpuMs`]: {
      value: median(runs, (r) => r.cpuMs),
      unit: 'ms',
      vs: 'CPU time the process (all its threads) had spent when the scan answered',
    },
  };
}

export const firstBarcode: Benchmark = {
  name: 'first-barcode',
  async run(ctx) {
    const restarts = ctx.quick ? 3 : 11;
    const dataDir = mkdtempSync(join(tmpdir(), 'counter-bench-first-'));
    // Inside the checkout, so the bundle finds the packages it leaves outside (better-sqlite3).
    const bundleDir = join(ROOT, 'dist', 'bench', 'first-barcode');
    await bundleForNode(CHILD, bundleDir, 'first-barcode-child.js');
    const scripts: Record<Form, string> = {
      source: CHILD,
      packaged: join(bundleDir, 'first-barcode-child.js'),
    };
    const sim = await startSim({ size: ctx.quick ? 'small' : 'demo', port: 0 });
    const env = {
      ...process.env,
      POS_DATA_DIR: dataDir,
      POS_BASE_URL: sim.url,
      POS_CLIENT_ID: DEMO.clientId,
      POS_CLIENT_SECRET: DEMO.clientSecret,
    };
    try {
      const { warehouseId } = Prepared.parse(await child(env, [CHILD, 'prepare']));
      const barcode = barcodeIn(dataDir, warehouseId);
      const runs: Record<Form, Restart[]> = { source: [], packaged: [] };
      // The two forms take turns, so the shared machine's load falls on both alike.
      for (let k = 0; k < restarts; k++) {
        for (const form of ['source', 'packaged'] as const) {
          const run = Restart.parse(await child(env, [scripts[form], 'scan', barcode]));
          if (run.outcome !== 'product')
            throw new Error(
              `the first scan (${form}) found ${run.outcome}, not the product${run.message === undefined ? '' : `: ${run.message}`}`,
            );
          runs[form].push(run);
        }
      }
      const load = round(loadavg()[0] ?? 0, 1);
      const figures: Record<string, Figure> = {
        ...figuresOf('till.firstBarcode', 'source', runs.source, load),
        ...figuresOf('till.firstBarcode.packaged', 'packaged', runs.packaged, load),
      };
      ctx.log(
        `  first barcode from process start: ${figures['till.firstBarcode.fromProcessStartMs']?.value} ms from the source, ${figures['till.firstBarcode.packaged.fromProcessStartMs']?.value} ms packaged (load ${load})`,
      );
      return figures;
    } finally {
      await sim.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
