// Every benchmark, in the order they run. Each area appends its own module here.
import { callChannel } from './call-channel.ts';
import { counterScan } from './counter-scan.ts';
import { firstBarcode } from './first-barcode.ts';
import { historyBench } from './history.ts';
import { outboxBenchmark } from './outbox.ts';
import { scanPaint } from './scan-paint.ts';
import { scanStorm } from './scan-storm.ts';
import { simPages } from './sim-pages.ts';
import { stockLookup } from './stock-lookup.ts';
import { storeHubBench } from './store-hub.ts';
import { storeStockBench } from './store-stock.ts';
import { storeViewBench } from './store-view.ts';
import { syncLarge } from './sync-large.ts';
import type { Benchmark } from './types.ts';

export const benchmarks: readonly Benchmark[] = [
  stockLookup,
  firstBarcode,
  syncLarge,
  outboxBenchmark,
  counterScan,
  simPages,
  callChannel,
  scanPaint,
  scanStorm,
  historyBench,
  storeHubBench,
  storeViewBench,
  storeStockBench,
];
