// The store hub with 10 tills (issue 38, point 5): test/support/store-sim.ts runs 10 tills in this
// process (each its own SQLite file and StoreHub) against one real nats-server, each till's network
// cut at random (a cut every 5 s on average, 0.1 to 2 s long) and the hub killed with kill -9 once,
// each till selling 1,000 sales at random gaps (100 ms on average: some 100 sales a second for the
// store, far past a real store's pace). Reported: the time from a sale's commit until every other
// till has applied it (p50, p99), the hub's memory (nats-server's RSS, peak and at the end) and
// whether every till ended with every event once, side by side with one till selling alone (one
// other till watching, nothing cut). --quick: 30 sales a till.
import { percentile, round } from './stats.ts';
import { simulateStore, type StoreSimResult } from '../support/store-sim.ts';
import type { Benchmark, Figure } from './types.ts';

export const storeHubBench: Benchmark = {
  name: 'store-hub',
  async run(ctx) {
    const sales = ctx.quick ? 30 : 1000;
    const common = { sales, meanGapMs: 100, seed: 38, log: (line: string) => ctx.log(line) };
    ctx.log(`store-hub: one till selling ${sales} sales, one watching...`);
    const alone = await simulateStore({ ...common, tills: 2, sellers: 1 });
    ctx.log(`store-hub: 10 tills selling ${sales} sales each, cuts and a kill -9 of the hub...`);
    const store = await simulateStore({
      ...common,
      tills: 10,
      cuts: { meanMs: 5000, maxMs: 2000 },
      hubKills: 1,
    });
    return figures(alone, store);
  },
};

function figures(alone: StoreSimResult, store: StoreSimResult): Record<string, Figure> {
  const p = (r: StoreSimResult, n: number) => round(percentile(r.everyTillMs, n), 0);
  const what = `${store.tills} tills x ${store.sales} sales, ${store.cuts} cuts, ${store.hubKills} hub kill -9`;
  return {
    'store-hub.every-till-p50': {
      value: p(store, 50),
      unit: 'ms',
      vs: `1 till alone: ${p(alone, 50)} ms`,
      run: what,
    },
    'store-hub.every-till-p99': { value: p(store, 99), unit: 'ms', vs: `1 till alone: ${p(alone, 99)} ms` },
    'store-hub.hub-rss-peak': {
      value: round(store.hubRssPeakMb, 1),
      unit: 'MB',
      vs: `1 till alone: ${round(alone.hubRssPeakMb, 1)} MB`,
    },
    'store-hub.hub-rss-end': {
      value: round(store.hubRssEndMb, 1),
      unit: 'MB',
      vs: `1 till alone: ${round(alone.hubRssEndMb, 1)} MB`,
    },
    'store-hub.events-wrong': {
      value: store.problems.length + alone.problems.length,
      unit: 'problems',
      vs: `goal 0; ${store.applied} events applied across ${store.tills} tills, each once`,
      problems: [...store.problems, ...alone.problems].slice(0, 10),
    },
    'store-hub.agreed-after': {
      value: round(store.durationMs / 1000, 1),
      unit: 's',
      vs: `1 till alone: ${round(alone.durationMs / 1000, 1)} s (first sale to every till agreeing)`,
    },
  };
}
