// Settings' sync card says what the instance did, in the cashier's language (issue 34 point 9): an
// instance whose stock-item pages say more follow past its own count, and one whose receivables
// repeat an id, behind the hostile proxy in front of the real sim.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedTempDir } from '../support/fixtures.ts';
import { freshIdsForever } from '../support/hostile-pages.ts';
import { goTo } from './app.ts';
import { startBehindProxy, type TillBehindProxy } from './behind-proxy.ts';
import { screenshot } from './browser.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import { say, sayPattern } from './lang.ts';

/** Stock items of the small sim (60 products in 3 warehouses). */
const STOCK_ITEMS = 180;

let till: TillBehindProxy;
let page: Page;
const dataDir = sharedTempDir('e2e-sync-findings');

beforeAll(async () => {
  till = await startBehindProxy({
    dataDir,
    rules: (proxy) => {
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
    },
    viewport: { width: 1024, height: 768 },
  });
  ({ page } = till);
}, 120_000);

afterAll(() => till.stop());

screenshotOnFailure(() => page, 'sync-findings');

const row = (resource: string) => page.locator(`[data-section="sync"] [data-resource="${resource}"]`);

describe('Settings after a sync through an odd instance', () => {
  it('says the instance offered pages past its count, and sent repeated ids', async () => {
    await page.goto(till.shell.url);
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
