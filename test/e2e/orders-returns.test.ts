// Returns on Orders (issue 37), through the web shell in Debian's Chromium against the real sim, in
// Czech at 1024x768: a sale placed on screen, part of it taken back by `pos return` (a plain sim
// lets only a whole order go by DELETE, so this one is for the back office). Orders lists the
// return with its number, its receipt, the amount and "K zaúčtování v back office"; its receipt
// opens in a dialog and prints through the system print path (no receipt printer set), counted so
// the next print says KOPIE (looked at in print media and as a PDF); a manager marks it booked.
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { runCli } from '../../main/cli/run.ts';
import { SettingsStore } from '../../main/settings/store.ts';
import { goTo, placeOrder, scan } from './app.ts';
import { ARTIFACTS, launchChromium, screenshot, startWebShellProcess, type RunningShell } from './browser.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import { newPage } from './lang.ts';
import { fromCatalog, stopAll, syncedTerminal, type SyncedTerminal } from '../support/terminal.ts';
import { plainItemOnSim } from '../support/sim-goods.ts';

let terminal: SyncedTerminal;
let shell: RunningShell;
let browser: Browser;
let page: Page;
let barcode: string;
let productId: number;
/** The name of the warehouse the till sells from: its receipts' heading. */
let store: string;

beforeAll(async () => {
  terminal = await syncedTerminal('orders-returns');
  const { sim, dataDir } = terminal;
  const item = plainItemOnSim(sim);
  barcode = String(item['barcode']);
  productId = Number(item['productId']);
  const walkIn = fromCatalog(
    dataDir,
    (db) =>
      db
        .prepare(
          `SELECT companyId, min(name) AS name FROM company_card WHERE name IS NOT NULL AND name != ''
            GROUP BY companyId ORDER BY companyId LIMIT 1`,
        )
        .get() as { companyId: number; name: string },
  );
  store = fromCatalog(
    dataDir,
    (db) =>
      (
        db.prepare('SELECT name FROM warehouse WHERE id = ?').get(Number(item['warehouseId'])) as {
          name: string;
        }
      ).name,
  );
  const db = openDatabase(join(dataDir, 'counter.sqlite'));
  new SettingsStore(db).write({
    warehouseId: Number(item['warehouseId']),
    walkInCustomer: walkIn,
    language: 'cs',
    priceCurrency: 'CZK',
  });
  db.close();
  [shell, browser] = await Promise.all([startWebShellProcess(terminal.env), launchChromium()]);
  page = await newPage(browser, { viewport: { width: 1024, height: 768 } });
  screenshotOnFailure(() => page, 'orders-returns');
  await page.goto(shell.url);
}, 240_000);

afterAll(async () => {
  await stopAll(terminal, shell, browser);
});

describe('returns on Orders', () => {
  it('lists a back-office return, prints its receipt through the system dialog, and a manager books it', async () => {
    await page.getByTestId('sale').waitFor();
    await scan(page, barcode);
    await scan(page, barcode);
    // Both scans on the sale before F9: under load a scan may still be applying when F9 comes.
    await expect
      .poll(() =>
        page.getByTestId('lines-box').locator('[data-line] [data-field="quantity"]').first().inputValue(),
      )
      .toBe('2');
    await placeOrder(page);
    await goTo(page, 'orders');
    const sale = page.locator('[data-order][data-state="sent"]').first();
    await sale.waitFor({ timeout: 30_000 });
    // The till's first sale: the default prefix's first number.
    const receipt = 'P1-000001';
    let out = '';
    const code = await runCli(['return', receipt, '--item', `${productId}=1`, '--json'], {
      stdout: (t) => (out += t),
      stderr: (t) => (out += t),
      env: terminal.env,
    });
    expect(code, out).toBe(0);

    await goTo(page, 'sale');
    await goTo(page, 'orders');
    const row = page.locator('[data-return="P1-V000001"]');
    await row.waitFor();
    expect(await row.getAttribute('data-state')).toBe('back-office');
    expect(await row.innerText()).toContain('k účtence P1-000001');
    expect(await row.locator('[data-return-state]').innerText()).toBe('K zaúčtování v back office');
    await screenshot(page, 'orders-returns-1024-cs');

    await row.locator('[data-action="return-receipt"]').click();
    const dialog = page.getByTestId('return-receipt-dialog');
    await dialog.waitFor();
    expect(await dialog.locator('[data-return-title]').innerText()).toBe(
      'Vratka č. P1-V000001 k účtence P1-000001',
    );
    expect(await dialog.locator('[data-receipt-copy-mark]').count()).toBe(0);
    // Headed with the store it was taken back in (the sale's warehouse), as its paper is.
    expect(await dialog.locator('.r-store').innerText()).toBe(store);
    await screenshot(page, 'orders-return-receipt-1024-cs');
    await page.emulateMedia({ media: 'print' });
    try {
      const copy = page.locator('.print-root .receipt');
      expect(await copy.isVisible()).toBe(true);
      await copy.screenshot({ path: join(ARTIFACTS, 'return-receipt-print-80mm.png') });
    } finally {
      await page.emulateMedia({ media: null });
    }
    await page.pdf({ path: join(ARTIFACTS, 'return-receipt-80mm.pdf'), preferCSSPageSize: true });

    await dialog.locator('[data-action="print-return-receipt"]').click();
    await dialog.locator('[data-receipt-copy-mark]').waitFor({ timeout: 30_000 });
    expect(await dialog.locator('[data-receipt-copy-mark]').innerText()).toBe('KOPIE');
    await dialog.locator('[data-action="close-return-receipt"]').click();

    await row.locator('[data-action="return-booked"]').click();
    await expect.poll(() => row.getAttribute('data-state')).toBe('booked');
    expect(await row.locator('[data-return-state]').innerText()).toBe('Zaúčtováno v back office');
    await screenshot(page, 'orders-returns-booked-1024-cs');
  }, 240_000);
});
