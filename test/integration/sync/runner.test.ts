// The app's sync schedule against the real sim: a run every N minutes (the interval timer faked,
// the sync itself real: worker thread, HTTP, SQLite file), and none once the schedule is off.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO, simForTest, tempDb } from '../../support/fixtures.ts';
import { catalogCounts } from '../../../db/catalog/index.ts';
import type { SyncStatusView } from '../../../contract/contract.ts';
import type { SyncReport } from '../../../main/sync/index.ts';
import { SyncRunner } from '../../../main/sync/runner.ts';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

/** A fresh sim and an app file in a temporary folder, both gone after the test. */
async function simAndFile() {
  const sim = await simForTest();
  const { db } = tempDb('runner');
  return { sim, db };
}

describe('SyncRunner schedule', () => {
  it('syncs every interval, and not at all once the interval is 0', { timeout: 60_000 }, async () => {
    const { sim, db } = await simAndFile();
    const reports: SyncReport[] = [];
    const runner = new SyncRunner({
      db,
      service: { baseUrl: sim.url, ...DEMO },
      onStatus: () => undefined,
      onFinished: (report) => reports.push(report),
      log: () => undefined,
    });
    cleanup.push(() => runner.stop());
    // Only the schedule's clock is faked: the worker, HTTP and SQLite keep real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });

    runner.schedule(15);
    vi.advanceTimersByTime(14 * 60_000);
    expect(runner.running).toBe(false); // not before the interval
    vi.advanceTimersByTime(60_000);
    expect(runner.running).toBe(true);
    await vi.waitFor(() => expect(reports).toHaveLength(1), { timeout: 30_000, interval: 50 });
    expect(reports[0]?.resources.every((r) => r.status === 'ok')).toBe(true);
    expect(catalogCounts(db).stockItems).toBeGreaterThan(0);
    expect(runner.status().lastSyncedAt).not.toBeNull();

    vi.advanceTimersByTime(15 * 60_000); // the second tick
    await vi.waitFor(() => expect(reports).toHaveLength(2), { timeout: 30_000, interval: 50 });

    runner.schedule(0);
    vi.advanceTimersByTime(60 * 60_000);
    expect(runner.running).toBe(false);
    expect(reports).toHaveLength(2);
  });
});

describe('SyncRunner credentials', () => {
  it(
    "passes on the worker's token answers: refused for a wrong secret, accepted for the right one",
    { timeout: 60_000 },
    async () => {
      const { sim, db } = await simAndFile();
      const heard = async (clientSecret: string): Promise<boolean[]> => {
        const answers: boolean[] = [];
        const runner = new SyncRunner({
          db,
          service: { baseUrl: sim.url, clientId: DEMO.clientId, clientSecret },
          onStatus: () => undefined,
          onCredentials: (accepted) => answers.push(accepted),
          log: () => undefined,
        });
        cleanup.push(() => runner.stop());
        runner.start();
        await vi.waitFor(() => expect(runner.running).toBe(false), { timeout: 30_000, interval: 50 });
        return answers;
      };
      expect(await heard('rotated-since')).toEqual([false]);
      expect(await heard('counter-demo-secret')).toContain(true);
    },
  );
});

describe('SyncRunner once stopped', () => {
  it('starts nothing after stop(), and its status says it is stopped', { timeout: 60_000 }, async () => {
    const { sim, db } = await simAndFile();
    const statuses: SyncStatusView[] = [];
    const runner = new SyncRunner({
      db,
      service: { baseUrl: sim.url, ...DEMO },
      onStatus: (status) => statuses.push(status),
      log: () => undefined,
    });
    cleanup.push(() => runner.stop());
    await runner.stop();

    const answer = runner.start();
    expect(runner.running).toBe(false);
    expect(answer).toMatchObject({ running: false, stopped: true });
    expect(runner.start({ full: true })).toMatchObject({ running: false, stopped: true });
    expect(runner.status()).toMatchObject({ running: false, stopped: true });
    expect(statuses.every((s) => !s.running)).toBe(true);
  });

  it(
    'starts nothing once stop() was called, even before the run it stops has ended',
    { timeout: 60_000 },
    async () => {
      const { sim, db } = await simAndFile();
      const runner = new SyncRunner({
        db,
        service: { baseUrl: sim.url, ...DEMO },
        // The run's end (the abort) is where a late "sync now" used to start a new run on a runner
        // being shut down: asked here, it must start nothing.
        onStatus: (status) => {
          if (stopping && !status.running) afterEnd.push(runner.start());
        },
        log: () => undefined,
      });
      let stopping = false;
      const afterEnd: SyncStatusView[] = [];
      cleanup.push(() => runner.stop());
      expect(runner.start().running).toBe(true);
      stopping = true;
      await runner.stop();
      expect(afterEnd).not.toHaveLength(0);
      expect(afterEnd.every((s) => !s.running && s.stopped === true)).toBe(true);
      expect(runner.running).toBe(false);
    },
  );
});

describe('SyncRunner in words', () => {
  it(
    'says an unreachable instance and refused credentials by key, for the screens to say',
    { timeout: 60_000 },
    async () => {
      const { db } = tempDb('runner-words');
      const failedWith = async (baseUrl: string, clientSecret: string) => {
        const runner = new SyncRunner({
          db,
          service: { baseUrl, clientId: DEMO.clientId, clientSecret },
          onStatus: () => undefined,
          log: () => undefined,
        });
        cleanup.push(() => runner.stop());
        runner.start();
        await vi.waitFor(() => expect(runner.running).toBe(false), { timeout: 30_000, interval: 50 });
        return runner.status().resources.map((r) => ({ state: r.state, said: r.messageSaid }));
      };
      // Port 9 (discard) refuses connections: nothing answers.
      const unreachable = await failedWith('http://127.0.0.1:9', DEMO.clientSecret);
      expect(unreachable.length).toBeGreaterThan(0);
      for (const r of unreachable) expect(r).toEqual({ state: 'failed', said: [{ key: 'offline' }] });
      const sim = await simForTest();
      const refused = await failedWith(sim.url, 'rotated-since');
      for (const r of refused) expect(r.said?.map((s) => s.key)).toEqual(['credentialsRefused']);
    },
  );
});

describe('SyncRunner log', () => {
  it(
    'says once a pass when the instance sent a lastModify not taken as the watermark',
    { timeout: 60_000 },
    async () => {
      const { sim, db } = await simAndFile();
      sim.admin.addStockItem({
        warehouseId: 2,
        productName: 'Zboží z budoucnosti',
        lastModify: '2099-12-31T23:59:59',
      });
      const lines: string[] = [];
      const reports: SyncReport[] = [];
      const runner = new SyncRunner({
        db,
        service: { baseUrl: sim.url, ...DEMO },
        onStatus: () => undefined,
        onFinished: (report) => reports.push(report),
        log: (line) => lines.push(line),
      });
      cleanup.push(() => runner.stop());
      runner.start();
      await vi.waitFor(() => expect(reports).toHaveLength(1), { timeout: 30_000, interval: 50 });
      expect(lines.filter((line) => line.includes('2099'))).toEqual([
        expect.stringMatching(
          /^sync: stockItems: the instance's lastModify "2099-12-31T23:59:59" is later than a day after the sync pass began \(.+\): not taken as the watermark$/,
        ),
      ]);
    },
  );
});
