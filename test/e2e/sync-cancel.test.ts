// Settings while a sync is stuck on an answer that never finishes (the hostile proxy drips the stock
// items in front of the real sim): the Cancel button beside "Sync now" is reached by the keyboard,
// stops it, and says so per resource in the run's language; the next sync then runs.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedTempDir } from '../support/fixtures.ts';
import type { HostileRule } from '../support/hostile-proxy.ts';
import { goTo } from './app.ts';
import { startBehindProxy, type TillBehindProxy } from './behind-proxy.ts';
import { screenshot } from './browser.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import { say } from './lang.ts';

let till: TillBehindProxy;
let drip: HostileRule;
let page: Page;
const dataDir = sharedTempDir('e2e-sync-cancel');

beforeAll(async () => {
  till = await startBehindProxy({
    dataDir,
    // Every stock-item page drips for ever: the sync the shell starts on coming online is stuck.
    rules: (proxy) => {
      drip = proxy.rule({
        path: '^/api/stock-items/filter-paginated$',
        drip: { everyMs: 50, endless: true },
      });
    },
    viewport: { width: 1280, height: 800 },
  });
  ({ page } = till);
}, 120_000);

afterAll(() => till.stop());

screenshotOnFailure(() => page, 'sync-cancel');

const syncCard = () => page.locator('[data-section="sync"]');
const row = (resource: string) => syncCard().locator(`[data-resource="${resource}"]`);

/** The sync card from its title down. */
async function showSyncCard(): Promise<void> {
  await syncCard().evaluate((card) => card.scrollIntoView({ block: 'start' }));
}

describe('Settings while a sync is stuck', () => {
  it('Cancel, reached by the keyboard, stops it; Sync now then syncs everything', async () => {
    await page.goto(till.shell.url);
    await goTo(page, 'settings');
    await expect.poll(() => drip.bytesSent, { timeout: 90_000 }).toBeGreaterThan(0);
    const cancel = syncCard().locator('[data-action="sync-cancel"]');
    await row('stockItems').and(page.locator('[data-state="running"]')).waitFor();
    expect(await cancel.isEnabled()).toBe(true);
    expect((await cancel.textContent())?.trim()).toBe(say('settings:cancelSync'));
    expect(await syncCard().locator('[data-action="sync-now"]').isDisabled()).toBe(true);
    await showSyncCard();
    await screenshot(page, 'settings-sync-running');

    // From the interval field, Shift+Tab goes back to Cancel (Full sync and Sync now are disabled).
    await syncCard().locator('[data-field="syncIntervalMinutes"]').focus();
    await page.keyboard.press('Shift+Tab');
    expect(await cancel.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');

    await row('stockItems').and(page.locator('[data-state="cancelled"]')).waitFor({ timeout: 60_000 });
    expect(await row('stockItems').locator('[data-cancelled]').textContent()).toBe(
      say('settings:syncCancelled'),
    );
    expect(await row('warehouses').getAttribute('data-state')).toBe('done');
    expect(await cancel.isDisabled()).toBe(true);
    await showSyncCard();
    await screenshot(page, 'settings-sync-cancelled');

    drip.remove();
    const syncNow = syncCard().locator('[data-action="sync-now"]');
    // The row says cancelled as soon as its resource stops; the run itself ends (and Sync now is
    // free again) once the worker has let the catalog go, which a busy machine may take a moment for.
    await expect.poll(() => syncNow.isEnabled()).toBe(true);
    await syncNow.click();
    for (const resource of ['warehouses', 'stockItems', 'companyCards']) {
      await row(resource).and(page.locator('[data-state="done"]')).waitFor({ timeout: 90_000 });
    }
  });
});
