// The store's shift view (issue 38) as the store's journals grow: the time of one storeShifts call
// (median of 50) on a till that holds 2,000 events of 10 tills and on one that holds 50,000 (--quick:
// 1,000 and 10,000), and their ratio. Read from store_shift (migration 34), a call does not grow with
// the events; the view that read every event did (the commit that made store_shift gives both).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { openDatabase, writeTransaction, type Db } from '../../db/database.ts';
import { applyStoreEvent, type JournalEvent } from '../../db/journal.ts';
import { storeShifts } from '../../main/hub/index.ts';
import { growthFigures, medianCall } from './stats.ts';
import type { Benchmark } from './types.ts';

const TILLS = 10;

/** A till's file holding `events` events of TILLS other tills: each a shift, then sales of it. */
function storeOf(events: number): Db {
  const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'counter-bench-view-')), 'counter.sqlite'));
  const perTill = Math.floor(events / TILLS);
  writeTransaction(db, () => {
    for (let t = 1; t <= TILLS; t++) {
      applyStoreEvent(
        db,
        `till${t}`,
        { seq: 1, kind: 'shift-open', body: { shiftId: 1, floatMinor: 0 } },
        new Date(),
      );
      for (let seq = 2; seq <= perTill; seq++) {
        const event: JournalEvent = {
          seq,
          kind: 'sale',
          body: {
            orderId: seq,
            receipt: null,
            shiftId: 1,
            totalMinor: 1_000,
            state: 'queued',
            warehouseId: 1,
            lines: [{ productId: 1, quantity: 1 }],
            payments: [{ method: 'cash', amountMinor: 1_000 }],
          },
        };
        applyStoreEvent(db, `till${t}`, event, new Date());
      }
    }
  });
  return db;
}

/** The median time of one call, and the sales the view counted (a check that it read them all). */
function callMs(db: Db): { ms: number; sales: number } {
  const { ms, answer } = medianCall(() => storeShifts(db, 'self', { set: true, connected: true }));
  return { ms, sales: answer.total.sales };
}

export const storeViewBench: Benchmark = {
  name: 'store-view',
  run(ctx) {
    const [small, large] = ctx.quick ? [1_000, 10_000] : [2_000, 50_000];
    const results = [small, large].map((events) => {
      ctx.log(`store-view: ${events} events of ${TILLS} tills...`);
      const db = storeOf(events);
      try {
        return callMs(db);
      } finally {
        db.close();
        rmSync(dirname(db.name), { recursive: true, force: true });
      }
    });
    const [a, b] = results;
    if (a === undefined || b === undefined) throw new Error('store-view: no results');
    const figures = growthFigures(
      'store-view',
      { ms: a.ms, vs: `${small} events, ${a.sales} sales counted` },
      { ms: b.ms, vs: `${large} events, ${b.sales} sales counted` },
      `${large / small}x the events`,
    );
    return Promise.resolve(figures);
  },
};
