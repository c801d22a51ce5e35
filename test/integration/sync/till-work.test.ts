// The sync gives way to the till (main/sync/till-work.ts): its worker thread, against the sim over
// HTTP, decodes no answer and writes no page while a call of the core runs, goes on once it ended,
// and never waits longer than its bound per gate, so a till that never stops still gets its catalog.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedStockItems, client, expectCacheMatchesSim, testRetry } from './support.ts';
import { runSyncInWorker, type SyncEvent, type SyncReport } from '../../../main/sync/index.ts';
import { TillWork } from '../../../main/sync/till-work.ts';
import { startSim, type RunningSim } from '../../../sim/server.ts';
import { DEMO, tempDb } from '../../support/fixtures.ts';

function allOk(r: SyncReport): void {
  expect(r.resources.map((x) => [x.resource, x.status])).toEqual(r.resources.map((x) => [x.resource, 'ok']));
}

describe('the sync gives way to the till', () => {
  let sim: RunningSim;
  beforeAll(async () => {
    sim = await startSim({ size: 'small' });
  });
  afterAll(async () => {
    await sim.close();
  });

  it('waits while a call runs, then syncs everything once it ended', async () => {
    const { db } = tempDb('till-work');
    const service = client(sim.url);
    const till = new TillWork();
    const endCall = till.begin();
    const events: SyncEvent[] = [];
    let gaveWay = 0;
    let firstWait: () => void = () => undefined;
    const waited = new Promise<'waited'>((resolve) => (firstWait = () => resolve('waited')));
    try {
      const run = runSyncInWorker(
        db,
        { baseUrl: sim.url, ...DEMO },
        {
          pageSize: 10,
          retry: testRetry,
          tillWork: till.buffer,
          // No gate lets go by its bound here: only the call's end can.
          giveWayMaxMs: 600_000,
          onEvent: (e) => events.push(e),
          onGaveWay: () => {
            gaveWay++;
            firstWait();
          },
        },
      );
      expect(await Promise.race([waited, run.then(() => 'finished')])).toBe('waited');
      // Held at its first gate: whatever time passes, nothing is decoded or written.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(cachedStockItems(db)).toHaveLength(0);
      expect(events.filter((e) => e.type === 'finished')).toEqual([]);
      endCall();
      const report = await run;
      allOk(report);
      expect(gaveWay).toBeGreaterThanOrEqual(1);
      await expectCacheMatchesSim(db, service);
    } finally {
      await service.close();
    }
  });

  it('goes on after its bound when the till never stops', async () => {
    const { db } = tempDb('till-work-busy');
    const service = client(sim.url);
    const till = new TillWork();
    till.begin(); // never ended
    let gaveWay = 0;
    try {
      const report = await runSyncInWorker(
        db,
        { baseUrl: sim.url, ...DEMO },
        {
          pageSize: 50,
          retry: testRetry,
          tillWork: till.buffer,
          giveWayMaxMs: 20,
          onGaveWay: () => gaveWay++,
        },
      );
      allOk(report);
      // Every gate waited: one per answer decoded and per stock page written.
      expect(gaveWay).toBeGreaterThan(report.resources.length);
      await expectCacheMatchesSim(db, service);
    } finally {
      await service.close();
    }
  });
});
