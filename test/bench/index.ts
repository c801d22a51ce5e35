// `npm run -s bench -- [--quick] [--json] [--only NAME] [--scans N]`: runs every benchmark, prints a table or one
// JSON object { "<figure>": { value, unit, vs?, ... } }.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { benchmarks } from './registry.ts';
import type { Figure } from './types.ts';

const Args = z.object({
  quick: z.boolean(),
  json: z.boolean(),
  only: z.array(z.string()),
  scans: z.coerce.number().int().positive().optional(),
});

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      only: { type: 'string', multiple: true, default: [] },
      scans: { type: 'string' },
    },
  });
  const args = Args.parse(values);
  const log = (message: string): void => {
    process.stderr.write(`${message}\n`);
  };
  const figures: Record<string, Figure> = {};
  for (const bench of benchmarks) {
    if (args.only.length > 0 && !args.only.includes(bench.name)) continue;
    log(`bench ${bench.name}${args.quick ? ' (quick)' : ''}...`);
    try {
      Object.assign(
        figures,
        await bench.run({
          quick: args.quick,
          log,
          ...(args.scans === undefined ? {} : { scans: args.scans }),
        }),
      );
    } catch (error) {
      // A benchmark that breaks is reported, never fatal to the others.
      log(`bench ${bench.name} failed: ${error instanceof Error ? error.message : String(error)}`);
      figures[`${bench.name}.error`] = { value: Number.NaN, unit: 'error', vs: String(error) };
    }
  }
  process.stdout.write(args.json ? `${JSON.stringify(figures)}\n` : table(figures));
}

function table(figures: Record<string, Figure>): string {
  const rows = Object.entries(figures).map(([name, f]) => [
    name,
    Number.isInteger(f.value) ? String(f.value) : f.value.toFixed(2),
    f.unit,
    f.vs ?? '',
  ]);
  const header = ['figure', 'value', 'unit', 'vs'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  return [line(header), ...rows.map(line)].join('\n') + '\n';
}

await main();
