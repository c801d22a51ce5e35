// A weighed line on the Sale screen, in Czech at 1024x768 (issue 34, point 8): its quantity shows
// whole ("1,234", never cut to "1,23") and says its unit. A quantity typed as the same number the
// field shows ("1.5" over "1,5") is no change: nothing goes to the core.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCheckDigit } from '../../main/barcode/index.ts';
import { goTo, openOnSale, scan } from './app.ts';
import { screenshot, SIZES, type RunningShell } from './browser.ts';
import { tapCalls } from './call-tap.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import { E2E_LOCALE } from './lang.ts';
import {
  configureTill,
  fromCatalog,
  SELLS_PLAINLY,
  stopAll,
  syncedTerminal,
  type SyncedTerminal,
} from '../support/terminal.ts';

/** The warehouse configureTill sells from. */
const WAREHOUSE = 1;
let terminal: SyncedTerminal;
let shell: RunningShell;
let browser: Browser;
let page: Page;
let weighed: { barcode: string; productName: string; unitOfMeasure: string };

beforeAll(async () => {
  terminal = await syncedTerminal('weighed-line');
  weighed = fromCatalog(
    terminal.dataDir,
    (db) =>
      db
        .prepare(
          `SELECT barcode, productName, unitOfMeasure FROM stock_item WHERE warehouseId = ? AND barcode LIKE '21%'
             AND unitOfMeasure = 'kg' AND ${SELLS_PLAINLY} ORDER BY id LIMIT 1`,
        )
        .get(WAREHOUSE) as typeof weighed,
  );
  configureTill(terminal.dataDir);
  ({ shell, browser, page } = await openOnSale(terminal.env, { viewport: SIZES[0] }, true));
}, 120_000);

afterAll(() => stopAll(terminal, shell, browser));

screenshotOnFailure(() => page, 'weighed-line');

describe('a weighed line', () => {
  it('shows its quantity whole and its unit', async () => {
    await goTo(page, 'sale');
    // The scale's label: the catalog's code with 1,234 kg in place of its zeros.
    await scan(page, withCheckDigit(`${weighed.barcode.slice(0, 7)}012340`));
    const row = page.getByTestId('sale-lines').locator('tbody tr').filter({ hasText: weighed.productName });
    await row.waitFor();
    const field = row.locator('[data-field="quantity"]');
    const shown = new Intl.NumberFormat(E2E_LOCALE, { maximumFractionDigits: 3 }).format(1.234);
    await expect.poll(() => field.inputValue()).toBe(shown);
    // Whole in its field: nothing scrolled out of sight.
    expect(await field.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await row.locator('[data-line-unit]').textContent()).toBe(weighed.unitOfMeasure);
    await screenshot(page, 'weighed-line');
  });

  it('sends a typed quantity to the core only when it is another number than the one shown', async () => {
    // The page's calls to the core that set a quantity, seen as they go out.
    const calls = await tapCalls(page);
    const before = calls.sent.length;
    const setQuantity = () => calls.sent.slice(before).filter((c) => c === 'session.setQuantity').length;
    const row = page.getByTestId('sale-lines').locator('tbody tr').filter({ hasText: weighed.productName });
    const field = row.locator('[data-field="quantity"]');
    const shown = (n: number) => new Intl.NumberFormat(E2E_LOCALE, { maximumFractionDigits: 3 }).format(n);
    const typeAndEnter = async (text: string) => {
      await field.click();
      await field.selectText();
      await page.keyboard.type(text, { delay: 30 });
      await expect.poll(() => field.inputValue()).toBe(text);
      await field.press('Enter');
    };
    // Another number: sent once, and stored.
    await typeAndEnter('1,5');
    await expect.poll(() => row.getAttribute('data-quantity')).toBe('1.5');
    await expect.poll(() => field.inputValue()).toBe(shown(1.5));
    expect(setQuantity()).toBe(1);
    // The same number as shown, written otherwise: the field shows it as before, nothing sent.
    for (const same of ['1.5', '1,50', ' 1.500 ']) {
      await typeAndEnter(same);
      await expect.poll(() => field.inputValue()).toBe(shown(1.5));
    }
    // Another number after them: the calls go out one after another, so by its answer every call
    // those three made has gone out (and been counted).
    await typeAndEnter('2.25');
    await expect.poll(() => row.getAttribute('data-quantity')).toBe('2.25');
    expect(setQuantity()).toBe(2);
  });
});
