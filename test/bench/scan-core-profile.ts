// Where a scan's time goes in the core, as CPU-profile shares (not wall time: a shared, loaded
// machine). A till synced from the sim (its own process), then `session.scan` through Core.invoke
// (the web shell's path: input parsed, the handler, the output parsed) in baskets of BASKET lines,
// profiled with the inspector after a warm-up. Prints the functions with the largest self and
// total shares of the samples taken while scanning.
//   node test/bench/scan-core-profile.ts [scans] [out.cpuprofile]
import { rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { plainBarcodes } from '../support/terminal.ts';
import { call, startCore, syncedTill } from './history.ts';
import { startSimProcess } from './outbox.ts';

/** The repository's root, left out of the functions' file names. */
const ROOT = new URL('../../', import.meta.url).href;
const BASKET = 20;
const WARMUP = 400;

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
}

/** Self and total sample counts per function (name, file, line); total counts a function once per stack. */
function shares(profile: Profile): { self: Map<string, number>; total: Map<string, number>; all: number } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const key = (n: Node): string => {
    const file = n.callFrame.url.replace(ROOT, '').replace(/^.*\/node_modules\//, '~/');
    return `${n.callFrame.functionName || '(anon)'} ${file}:${n.callFrame.lineNumber + 1}`;
  };
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  for (const id of profile.samples) {
    const leaf = byId.get(id);
    if (leaf === undefined) continue;
    self.set(key(leaf), (self.get(key(leaf)) ?? 0) + 1);
    const seen = new Set<string>();
    for (let n: Node | undefined = leaf; n !== undefined; n = byId.get(parent.get(n.id) ?? -1)) {
      const k = key(n);
      if (seen.has(k)) continue;
      seen.add(k);
      total.set(k, (total.get(k) ?? 0) + 1);
    }
  }
  return { self, total, all: profile.samples.length };
}

function top(map: Map<string, number>, all: number, n: number): string {
  return [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${((100 * v) / all).toFixed(1).padStart(5)}%  ${k}`)
    .join('\n');
}

async function main(): Promise<void> {
  const scans = Number(process.argv[2] ?? 3000);
  const out = process.argv[3];
  const sim = await startSimProcess();
  const { dataDir } = await syncedTill('scan-profile', sim.url);
  // A core started on the synced till, as a till's day starts (its schemas as after a start).
  const core = await startCore(dataDir, sim.url);
  try {
    const codes = plainBarcodes(dataDir, { warehouseId: 1, limit: BASKET });
    let k = 0;
    const scan = async (): Promise<void> => {
      const view = (await call(core, 'session.scan', { code: codes[k % codes.length], confirmed: true })) as {
        session: { lines: unknown[] };
      };
      k++;
      if (view.session.lines.length >= BASKET) await call(core, 'session.cancel', {});
    };
    for (let i = 0; i < WARMUP; i++) await scan();
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
    const cpu = process.cpuUsage();
    for (let i = 0; i < scans; i++) await scan();
    const used = process.cpuUsage(cpu);
    const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
    session.disconnect();
    if (out !== undefined) writeFileSync(out, JSON.stringify(profile));
    const s = shares(profile);
    const perScan = Math.round((used.user + used.system) / scans);
    console.log(
      `${scans} scans, baskets of ${BASKET}, ${s.all} samples, ${perScan} us CPU a scan (profiler's too)`,
    );
    console.log('--- self\n' + top(s.self, s.all, 30));
    console.log('--- total\n' + top(s.total, s.all, 45));
  } finally {
    await core.close();
    await sim.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
