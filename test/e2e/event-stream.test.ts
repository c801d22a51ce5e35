// The screens show the core's state even when the page's event stream connects late: Chromium holds
// the page's GET /events back (page.route) while the core's state changes, then lets it through. What
// the core sent meanwhile never reaches the page; the page has to read the state again.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncStatusView } from '../../contract/contract.ts';
import { startSim, type RunningSim } from '../../sim/server.ts';
import { demoEnv, sharedTempDir } from '../support/fixtures.ts';
import { askCore, goTo } from './app.ts';
import { launchChromium, startWebShellProcess, type RunningShell } from './browser.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import { newPage } from './lang.ts';

let sim: RunningSim;
let shell: RunningShell;
let browser: Browser;
let page: Page | undefined;
const dataDir = sharedTempDir('e2e-events');

beforeAll(async () => {
  sim = await startSim({ size: 'small', port: 0 });
  // Down when the shell starts: nothing syncs until the test brings it back.
  await sim.faults.setOffline(true);
  [shell, browser] = await Promise.all([startWebShellProcess(demoEnv(sim.url, dataDir)), launchChromium()]);
});

afterAll(async () => {
  await browser.close();
  await shell.stop();
  await sim.close();
});

screenshotOnFailure(() => page, 'events');

interface Row {
  resource: string;
  state: string;
  syncedAt: string;
}

/** The sync rows Settings shows. */
function shownRows(p: Page): Promise<Row[]> {
  return p.$$eval('[data-section="sync"] [data-resource]', (rows) =>
    rows.map((row) => ({
      resource: row.getAttribute('data-resource') ?? '',
      state: row.getAttribute('data-state') ?? '',
      syncedAt: row.querySelector('[data-synced-at]')?.getAttribute('data-synced-at') ?? '',
    })),
  );
}

/** What the core says of the sync, asked from the page as the page asks (its launch pass header). */
function coreSync(p: Page): Promise<SyncStatusView> {
  return askCore<SyncStatusView>(p, 'sync.status');
}

describe('the event stream connecting late', () => {
  it('shows a sync that ended before the stream connected, once it does', async () => {
    const current = await newPage(browser, { viewport: { width: 1366, height: 820 } });
    page = current;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let streams = 0;
    await current.route('**/events', async (route) => {
      streams++;
      await held;
      await route.continue();
    });
    await current.goto(shell.url);
    await goTo(current, 'settings');
    // The page has read the rows: the instance is down, nothing was ever synced.
    await expect.poll(() => shownRows(current)).toHaveLength(6);
    expect((await shownRows(current)).every((r) => r.state === 'idle' && r.syncedAt === '')).toBe(true);
    expect(streams).toBe(1); // asked for, held

    // The instance comes back: the core syncs by itself, and says so to no page.
    await sim.faults.setOffline(false);
    await expect
      .poll(
        async () => {
          const sync = await coreSync(current);
          return !sync.running && sync.lastSyncedAt !== null;
        },
        { timeout: 90_000 },
      )
      .toBe(true);
    const ended = await coreSync(current);
    expect((await shownRows(current)).every((r) => r.syncedAt === '')).toBe(true);

    release();
    const expected = ended.resources.map((r) => ({
      resource: r.resource,
      state: r.state,
      syncedAt: r.lastSyncedAt ?? '',
    }));
    await expect.poll(() => shownRows(current)).toEqual(expected);
    expect(await current.locator('[data-action="sync-now"]').isEnabled()).toBe(true);
    await current.close();
  });
});
