// A product without a price, through the web shell in Debian's Chromium against a sim whose
// stock-item view lacks `price` and `priceWoVat`: the scan is refused and says why, F6 opens the
// price a manager enters, Enter adds the product at it (the manager PIN asked for once one is set),
// Esc goes back untouched. Keyboard only.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goTo, scan, setManagerPin, takeWarehouse } from './app.ts';
import { launchChromium, screenshot, startWebShellProcess, type RunningShell } from './browser.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import { E2E_LOCALE, newPage, say } from './lang.ts';
import { fromCatalog, stopAll, syncedTerminal, type SyncedTerminal } from '../support/terminal.ts';

const PIN = '2468';
let terminal: SyncedTerminal;
let shell: RunningShell;
let browser: Browser;
let page: Page;
let product: { barcode: string; productName: string; price: number | null };

beforeAll(async () => {
  terminal = await syncedTerminal('unpriced', { stockItemViewExclude: ['price', 'priceWoVat'] });
  [shell, browser] = await Promise.all([startWebShellProcess(terminal.env), launchChromium()]);
  page = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(shell.url);
}, 120_000);

afterAll(async () => {
  await stopAll(terminal, shell, browser);
});

screenshotOnFailure(() => page, 'unpriced');

const lines = () => page.getByTestId('sale-lines');
const rows = () => lines().locator('tbody tr');
const dialog = () => page.getByTestId('price-entry');
const pinDialog = () => page.getByTestId('pin-dialog');
const announcer = () => page.getByTestId('announcer');
const money = (n: number) =>
  new Intl.NumberFormat(E2E_LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);

/** Scans the product and waits for the refusal that offers a manager's price. */
async function scanRefused(): Promise<void> {
  await scan(page, product.barcode);
  await expect
    .poll(() => announcer().textContent())
    .toContain(say('core:priceMissing', { name: product.productName }));
  await announcer().locator('[data-action="enter-price"]').waitFor();
}

/** F6, the price typed, Enter. */
async function enterPrice(typed: string): Promise<void> {
  await page.keyboard.press('F6');
  await dialog().waitFor();
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-field')))
    .toBe('entered-price');
  await page.keyboard.type(typed);
  await page.keyboard.press('Enter');
}

describe('a product without a price', { timeout: 120_000 }, () => {
  it('syncs without prices and takes a warehouse (setup)', async () => {
    const warehouseId = await takeWarehouse(page);
    product = fromCatalog(
      terminal.dataDir,
      (db) =>
        db
          .prepare(
            `SELECT barcode, productName, price FROM stock_item WHERE warehouseId = ? AND unitOfMeasure = 'ks'
               AND barcode LIKE '859%' AND coalesce(prohibitionOfSale, 0) = 0 AND coalesce(isInactive, 0) = 0
             AND coalesce(isInactiveInWarehouse, 0) = 0 AND coalesce(quantityAvailable, quantityInStock, 0) >= 20 AND productName IS NOT NULL
             ORDER BY id LIMIT 1`,
          )
          .get(warehouseId) as typeof product,
    );
    expect(product.price).toBeNull();
  });

  it('refuses the scan and says why; F6 takes the price a manager types, refusing one that is none', async () => {
    await scanRefused();
    expect(await rows().count()).toBe(0);
    await expect
      .poll(() => page.locator('[data-legend-key="F6"]').textContent())
      .toContain(say('sale:enterPriceOf', { name: product.productName }));
    await enterPrice('0');
    await expect
      .poll(() => dialog().locator('[data-price-error]').textContent())
      .toBe(say('sale:priceEntryInvalid'));
    await screenshot(page, 'unpriced-price-entry');
    await page.keyboard.press('Control+a');
    await page.keyboard.type(money(12.5));
    await page.keyboard.press('Enter');
    await dialog().waitFor({ state: 'detached' });
    const row = rows().filter({ hasText: product.productName });
    await row.waitFor();
    expect(await row.locator('[data-price-entered]').textContent()).toBe(say('sale:priceEnteredMark'));
    expect(await row.textContent()).toContain(money(12.5));
    await screenshot(page, 'unpriced-line-added');
  });

  it('Esc leaves the price untyped and the sale as it was', async () => {
    await scanRefused();
    await page.keyboard.press('F6');
    await dialog().waitFor();
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    expect(await rows().count()).toBe(1);
  });

  it('asks for the manager PIN once one is set, and adds the product at the price after it', async () => {
    await setManagerPin(page, PIN);
    // Leaving Settings shuts the lock.
    await goTo(page, 'sale');
    await scanRefused();
    await enterPrice(money(13));
    await pinDialog().waitFor();
    expect(await pinDialog().textContent()).toContain(say('core:lockedPrice'));
    await screenshot(page, 'unpriced-pin');
    await page.keyboard.type(PIN);
    await page.keyboard.press('Enter');
    await pinDialog().waitFor({ state: 'detached' });
    await expect.poll(() => rows().count()).toBe(2);
    expect(await rows().nth(1).textContent()).toContain(money(13));
  });
});
