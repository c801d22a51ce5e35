// The sim at scale: how long `--size large` takes to start from an empty data folder (seeding
// 100,000 stock items), and p50/p95 of one filter-paginated page of 500 rows over real HTTP:
// plain pages at offsets across the table, sorted by name, filtered by warehouse and by lastModify.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { startSim } from '../../sim/server.ts';
import { call, token } from '../../sim/testing.ts';
import { percentile, round } from './stats.ts';
import type { Benchmark, Figure } from './types.ts';

const pageSchema = z.object({ totalCount: z.number(), data: z.array(z.unknown()) });

export const simPages: Benchmark = {
  name: 'sim-pages',
  async run(ctx) {
    const size = ctx.quick ? 'demo' : 'large';
    const dir = mkdtempSync(join(tmpdir(), 'counter-bench-sim-pages-'));
    const figures: Record<string, Figure> = {};
    try {
      const started = performance.now();
      const sim = await startSim({ size, dataDir: dir });
      const startMs = performance.now() - started;
      figures[`sim.start.${size}`] = {
        value: round(startMs / 1000, 2),
        unit: 's',
        vs: `target < 30; empty data folder, seeds ${size}`,
      };
      try {
        const t = await token(sim.url);
        const url = `${sim.url}/api/stock-items/filter-paginated`;
        const first = pageSchema.parse((await call(url, { token: t, body: { pageSize: 1 } })).json);
        const pages = Math.ceil(first.totalCount / 500);
        const rows = `${first.totalCount} stock items, 500 rows a page`;
        const samples = ctx.quick ? 20 : 40;
        const measure = async (label: string, body: (k: number) => unknown): Promise<void> => {
          const times: number[] = [];
          for (let k = 0; k < samples; k++) {
            const s = performance.now();
            const reply = await call(url, { token: t, body: body(k) });
            if (reply.status !== 200) throw new Error(`${label}: status ${reply.status}`);
            times.push(performance.now() - s);
          }
          figures[`sim.page500.${label}.p50`] = {
            value: round(percentile(times, 50), 1),
            unit: 'ms',
            vs: rows,
          };
          figures[`sim.page500.${label}.p95`] = {
            value: round(percentile(times, 95), 1),
            unit: 'ms',
            vs: `${rows}, ${samples} requests`,
          };
        };
        const pageNumber = (k: number): number => 1 + ((k * 7_919) % pages);
        await measure('byId', (k) => ({ pageSize: 500, pageNumber: pageNumber(k), orderBy: ['id'] }));
        await measure('byNameDesc', (k) => ({
          pageSize: 500,
          pageNumber: pageNumber(k),
          orderBy: ['productName desc'],
        }));
        await measure('warehouse', (k) => ({
          pageSize: 500,
          pageNumber: 1 + (k % 10),
          filter: { warehouseId: 1 + (k % 5) },
        }));
        await measure('lastModifyFrom', () => ({
          pageSize: 500,
          filter: { lastModifyFrom: '2024-12-01T00:00:00' },
          orderBy: ['id'],
        }));
        ctx.log(`  sim ${size} started in ${Math.round(startMs)} ms; ${rows}`);
      } finally {
        await sim.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    return figures;
  },
};
