// Returns on Orders (issue 37), through the web shell in Debian's Chromium against the real sim, in
// Czech at 1024x768: a sale placed on screen, part of it taken back by `pos return` (a plain sim
// lets only a whole order go by DELETE, so this one is for the back office). Orders lists the
// return with its number, its receipt, the amount and "K zaúčtování v back office"; its receipt
// opens in a dialog and prints through the system print path (no receipt printer set), counted so
// the next print says KOPIE (looked at in print media and as a PDF); a manager marks it booked.
// Years of returns come a page at a time: "Načíst další" appends the next, older page.
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { insertReturn } from '../../db/returns.ts';
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

  it('shows the newest page of returns and appends the next one on "Načíst další"', async () => {
    // 60 older returns in the till's file, beside the one above: two pages of 50.
    const db = openDatabase(join(terminal.dataDir, 'counter.sqlite'));
    try {
      db.transaction(() => {
        for (let i = 0; i < 60; i++)
          insertReturn(db, {
            prefix: 'P1',
            saleSessionId: null,
            saleOrderId: null,
            createdAt: new Date(Date.UTC(2023, 0, 1, 0, 0, Math.floor(i / 3))).toISOString(),
            shiftId: null,
            cashierId: null,
            refundMinor: 100,
            managerApproved: true,
            clientReference: `older-${i}`,
            lines: [{ lineNo: 1, quantityMilli: 1000, refundMinor: 100 }],
            refunds: [{ method: 'cash', amountMinor: 100, roundingMinor: 0 }],
            items: [
              {
                lineNo: 1,
                productId,
                productCode: null,
                name: 'Starší zboží',
                kind: 'unit',
                unitOfMeasure: 'ks',
                vatRate: 21,
                unitPrice: 1,
                warehouseId: null,
                customerId: null,
              },
            ],
          });
      })();
    } finally {
      db.close();
    }
    await goTo(page, 'sale');
    await goTo(page, 'orders');
    const rows = page.locator('[data-return]');
    const more = page.locator('[data-action="more-returns"]');
    await expect.poll(() => rows.count()).toBe(50);
    expect(await rows.first().getAttribute('data-return')).toBe('P1-V000001');
    expect(await more.innerText()).toBe('Načíst další');
    await more.scrollIntoViewIfNeeded();
    await screenshot(page, 'orders-returns-more-1024-cs');
    // From the keyboard as any button of Orders: focused, Enter.
    await more.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => rows.count()).toBe(61);
    const numbers = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-return')));
    expect(new Set(numbers).size).toBe(61);
    // Newest first: the older ones by time, the same second's by the later id first.
    expect(numbers.slice(1, 4)).toEqual(['P1-V000061', 'P1-V000060', 'P1-V000059']);
    expect(numbers.at(-1)).toBe('P1-V000002');
    expect(await more.count()).toBe(0);
  }, 120_000);
});
