// Child of the sync benchmark: one measurement per process, so its peak RSS is the syncing
// process's own. Prints one JSON line.
//   download URL           walk the stock item pages exactly as sync does, parse only, no SQLite;
//                          the page sizes the instance applied are reported (a capped sim's)
//   sync URL FILE SCOPE    SCOPE stock|all|inprocess: stock items only / every resource on the sync
//                          worker / every resource with runSync on this thread; measuring
//                          this (the core's) thread: event-loop delay and a barcode lookup every 20 ms
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { stockItemByBarcode, stockItemFields, type CatalogResource } from '../../db/catalog/index.ts';
import { openDatabase } from '../../db/database.ts';
import { ServiceClient } from '../../main/service/index.ts';
import { runSync, runSyncInWorker } from '../../main/sync/index.ts';
import { DEMO } from '../../sim/testing.ts';

const [mode, url, file, scope] = process.argv.slice(2);
if (url === undefined || (mode !== 'download' && mode !== 'sync'))
  throw new Error('usage: download URL | sync URL FILE stock|all|inprocess');
const credentials = DEMO;
const service = new ServiceClient({ baseUrl: url, ...credentials });
const pageSize = 250;

if (mode === 'download') {
  const started = performance.now();
  let rows = 0;
  let pages = 0;
  const applied = new Set<number>();
  for await (const page of service.stockItemPages({
    limitFields: stockItemFields,
    orderBy: ['id'],
    pageSize,
  })) {
    rows += page.data.length;
    pages++;
    if (page.pageSize !== undefined) applied.add(page.pageSize);
  }
  print({
    ms: performance.now() - started,
    rows,
    pages,
    askedPageSize: pageSize,
    appliedPageSizes: [...applied],
  });
} else {
  if (file === undefined) throw new Error('sync needs FILE');
  const db = openDatabase(file);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  // A scan during the sync: the lookup the counter makes, on the same thread, every 20 ms.
  const scanMs: number[] = [];
  const scanner = setInterval(() => {
    const t = performance.now();
    stockItemByBarcode(db, '8590000000000', 1);
    scanMs.push(performance.now() - t);
  }, 20);
  loop.enable();
  const started = performance.now();
  const stockOnly: CatalogResource[] = ['warehouses', 'stockItems'];
  const options = {
    mode: 'full' as const,
    pageSize,
    ...(scope === 'stock' ? { resources: stockOnly } : {}),
  };
  // 'inprocess': runSync on this thread (pages parsed and written here), for
  // comparison with the default: the whole run on the sync worker.
  const report =
    scope === 'inprocess'
      ? await runSync(db, service, options)
      : await runSyncInWorker(db, { baseUrl: url, ...credentials }, options);
  const ms = performance.now() - started;
  loop.disable();
  clearInterval(scanner);
  scanMs.sort((a, b) => a - b);
  const failed = report.resources.filter((r) => r.status !== 'ok');
  if (failed.length > 0) throw new Error(`sync failed: ${JSON.stringify(failed)}`);
  const stock = report.resources.find((r) => r.resource === 'stockItems');
  print({
    ms,
    rows: stock?.count ?? 0,
    stockRequests: stock?.requests ?? 0,
    ...(stock?.appliedPageSize === undefined ? {} : { appliedPageSize: stock.appliedPageSize }),
    requests: report.resources.reduce((n, r) => n + r.requests, 0),
    counts: Object.fromEntries(report.resources.map((r) => [r.resource, r.count])),
    loopP99Ms: loop.percentile(99) / 1e6,
    loopMaxMs: loop.max / 1e6,
    scanP99Ms: scanMs[Math.max(0, Math.ceil(scanMs.length * 0.99) - 1)] ?? 0,
  });
  db.close();
}
await service.close();

function print(result: Record<string, unknown>): void {
  const rssMb = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(`${JSON.stringify({ ...result, peakRssMb: rssMb })}\n`);
}
