// What the store's other tills sold of a product since its figures were read (issue 38), asked on
// every scan (main/outbox soldInStore), as the store's journals grow: the median time of one call for
// one product on a till holding 2,000 sales of 5 other tills and on one holding 20,000 (--quick: 1,000
// and 10,000), each sale acknowledged, and one still open, and their ratio. Read by product from
// store_sold_item (migration 39), a call does not grow with the history; the walk of every sale
// event it replaced grew with its square (the commit that made store_sold_item gives both).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { openDatabase, writeTransaction, type Db } from '../../db/database.ts';
import { applyStoreEvent } from '../../db/journal.ts';
import { soldInStore } from '../../main/outbox/index.ts';
import { growthFigures, medianCall } from './stats.ts';
import type { Benchmark } from './types.ts';

const TILLS = 5;
const PRODUCTS = 200;
const WAREHOUSE = 1;
/** When the product's figures were read: after every acknowledgement but the last sale's. */
const AS_OF = '2026-06-01T00:00:00.000Z';

/** A till's file holding `sales` sales of TILLS other tills, each acknowledged before AS_OF. */
function storeOf(sales: number): Db {
  const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'counter-bench-stock-')), 'counter.sqlite'));
  const perTill = Math.floor(sales / TILLS);
  const before = new Date('2026-05-01T00:00:00.000Z');
  writeTransaction(db, () => {
    for (let t = 1; t <= TILLS; t++) {
      let seq = 0;
      for (let orderId = 1; orderId <= perTill; orderId++) {
        const lines = [1, 2, 3].map((k) => ({ productId: ((orderId * k) % PRODUCTS) + 1, quantity: k }));
        const body = { orderId, receipt: null, shiftId: 1, totalMinor: 1_000, state: 'queued' };
        const sale = {
          ...body,
          warehouseId: WAREHOUSE,
          lines,
          payments: [{ method: 'cash', amountMinor: 1_000 }],
        };
        applyStoreEvent(db, `till${t}`, { seq: ++seq, kind: 'sale', body: sale }, before);
        const acknowledged = {
          seq: ++seq,
          kind: 'acknowledged' as const,
          body: { orderId, at: before.toISOString() },
        };
        if (orderId < perTill) applyStoreEvent(db, `till${t}`, acknowledged, before);
      }
    }
  });
  return db;
}

/** The median time of one call for product 1, and what it counted (a check that it read the open sale). */
function callMs(db: Db): { ms: number; counted: number } {
  const figures = [{ stockItemId: 1, productId: 1, warehouseId: WAREHOUSE, asOf: AS_OF }];
  const { ms, answer } = medianCall(() => soldInStore(db, figures).get(1) ?? []);
  return { ms, counted: answer.reduce((sum, t) => sum + t.quantity, 0) };
}

export const storeStockBench: Benchmark = {
  name: 'store-stock',
  run(ctx) {
    const [small, large] = ctx.quick ? [1_000, 10_000] : [2_000, 20_000];
    const results = [small, large].map((sales) => {
      ctx.log(`store-stock: ${sales} sales of ${TILLS} tills...`);
      const db = storeOf(sales);
      try {
        return callMs(db);
      } finally {
        db.close();
        rmSync(dirname(db.name), { recursive: true, force: true });
      }
    });
    const [a, b] = results;
    if (a === undefined || b === undefined) throw new Error('store-stock: no results');
    const figures = growthFigures(
      'store-stock',
      { ms: a.ms, vs: `${small} sales of other tills; ${a.counted} of product 1 not yet in its figures` },
      { ms: b.ms, vs: `${large} sales of other tills; ${b.counted} of product 1 not yet in its figures` },
      `${large / small}x the sales`,
    );
    return Promise.resolve(figures);
  },
};
