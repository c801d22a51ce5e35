// Lookup over a large stock cache: p50/p99 of barcode, code and name queries (searchStock, as the
// stock screen and `pos stock` use it, and stockItemByBarcode, as a scan uses it), and the time a
// restarted process needs to answer its first lookup. Targets: p99 < 5 ms barcode/code,
// < 20 ms names; first answer after restart < 500 ms.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { searchStock, stockItemByBarcode } from '../../db/catalog/index.ts';
import { openDatabase } from '../../db/database.ts';
import { generateStockCache, nameQuery, type GeneratedProduct } from './stock-cache.ts';
import { percentile, round } from './stats.ts';
import type { Benchmark, Figure } from './types.ts';

const ChildResult = z.object({
  found: z.boolean(),
  fromProcessStartMs: z.number(),
  fromOpenMs: z.number(),
  firstNameQueryMs: z.number(),
});

export const stockLookup: Benchmark = {
  name: 'stock-lookup',
  async run(ctx) {
    const items = ctx.quick ? 100_000 : 1_000_000;
    const started = performance.now();
    const cache = generateStockCache({ items });
    ctx.log(
      `  cache of ${items} stock items ready in ${Math.round(performance.now() - started)} ms: ${cache.file}`,
    );
    const figures: Record<string, Figure> = {};
    const size = `${items} items`;

    const restart = restartTimes(cache.file, cache.product(Math.floor(cache.products / 2)));
    figures['stock.restart.firstLookupMs'] = {
      value: round(restart.fromOpenMs, 1),
      unit: 'ms',
      vs: `target < 500; open db + first barcode answer, fresh process, ${size}`,
      fromProcessStartMs: round(restart.fromProcessStartMs, 1),
      firstNameQueryMs: round(restart.firstNameQueryMs, 1),
    };

    const db = openDatabase(cache.file, { readonly: true });
    const queries = ctx.quick ? 500 : 2000;
    const pick = (k: number) => cache.product((k * 7_919) % cache.products);
    const measure = (label: string, target: number, fn: (k: number) => unknown): void => {
      for (let k = 0; k < 50; k++) fn(k); // warm the statement cache
      const samples: number[] = [];
      for (let k = 0; k < queries; k++) {
        const t = performance.now();
        fn(k);
        samples.push(performance.now() - t);
      }
      figures[`stock.lookup.${label}.p50`] = { value: round(percentile(samples, 50)), unit: 'ms', vs: size };
      figures[`stock.lookup.${label}.p99`] = {
        value: round(percentile(samples, 99)),
        unit: 'ms',
        vs: `target < ${target}; ${size}, ${queries} queries`,
      };
    };
    measure('scanBarcode', 5, (k) => stockItemByBarcode(db, pick(k).barcode, 1 + (k % cache.warehouses)));
    measure('barcode', 5, (k) => searchStock(db, pick(k).barcode, { limit: 20 }));
    measure('code', 5, (k) => searchStock(db, pick(k).productCode, { limit: 20 }));
    measure('name', 20, (k) => searchStock(db, nameQuery(pick(k)), { limit: 20 }));
    db.close();
    return Promise.resolve(figures);
  },
};

function restartTimes(file: string, product: GeneratedProduct): z.infer<typeof ChildResult> {
  const child = spawnSync(
    process.execPath,
    [
      fileURLToPath(new URL('./restart-child.ts', import.meta.url)),
      file,
      product.barcode,
      nameQuery(product),
    ],
    { encoding: 'utf8' },
  );
  if (child.status !== 0) throw new Error(`restart child failed: ${child.stderr}`);
  const result = ChildResult.parse(JSON.parse(child.stdout));
  if (!result.found) throw new Error('restart child did not find the product it looked up');
  return result;
}
