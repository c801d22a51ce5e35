// Settings' sync card says what the instance did, in the cashier's language (issue 34 point 9): an
// instance whose stock-item pages say more follow past its own count, and one whose receivables
// repeat an id, behind the hostile proxy in front of the real sim.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '../../sim/server.ts';
import { demoEnv, sharedTempDir } from '../support/fixtures.ts';
import { freshIdsForever } from '../support/hostile-pages.ts';
import { startHostileProxy, type HostileProxy } from '../support/hostile-proxy.ts';
import { goTo } from './app.ts';
import { launchChromium, screenshot, startWebShellProcess, type RunningShell } from './browser.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import { newPage, say, sayPattern } from './lang.ts';

/** Stock items of the small sim (60 products in 3 warehouses). */
const STOCK_ITEMS = 180;

let sim: RunningSim;
let proxy: HostileProxy;
let browser: Browser;
let page: Page;
let shell: RunningShell;
const dataDir = sharedTempDir('e2e-sync-findings');

beforeAll(async () => {
  [sim, browser] = await Promise.all([startSim({ size: 'small', port: 0 }), launchChromium()]);
  proxy = await startHostileProxy(sim.url);
  proxy.rule({ path: '^/api/stock-items/filter-paginated$', rewrite: freshIdsForever() });
  // Every row of a receivables page carries the page's first id (the one-row probes pass as sent).
  proxy.rule({
    path: '^/api/finances/financial-receivables/filter-paginated$',
    rewrite: (body) => {
      const p = body as { data: { id?: number }[] };
      const first = p.data[0]?.id;
      return p.data.length <= 1 ? body : { ...p, data: p.data.map((row) => ({ ...row, id: first })) };
    },
  });
  shell = await startWebShellProcess(demoEnv(proxy.url, dataDir));
  page = await newPage(browser, { viewport: { width: 1024, height: 768 } });
}, 120_000);

afterAll(async () => {
  await browser.close();
  await shell.stop();
  await proxy.close();
  await sim.close();
});

screenshotOnFailure(() => page, 'sync-findings');

const row = (resource: string) => page.locator(`[data-section="sync"] [data-resource="${resource}"]`);

describe('Settings after a sync through an odd instance', () => {
  it('says the instance offered pages past its count, and sent repeated ids', async () => {
    await page.goto(shell.url);
    await goTo(page, 'settings');
    const found = row('stockItems').locator('[data-found]');
    await found.waitFor({ timeout: 90_000 });
    expect(await found.textContent()).toContain(
      say('core:foundMoreThanCounted', { total: STOCK_ITEMS, sent: STOCK_ITEMS }),
    );
    const receivables = row('financialReceivables').locator('[data-found]');
    await receivables.waitFor({ timeout: 90_000 });
    expect(await receivables.textContent()).toMatch(
      sayPattern('core:foundRepeatedIds', ['sent', 'distinct', 'repeated']),
    );
    await row('stockItems').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'settings-sync-findings');
  });
});
