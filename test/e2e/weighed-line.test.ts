// A weighed line on the Sale screen, in Czech at 1024x768 (issue 34, point 8): its quantity shows
// whole ("1,234", never cut to "1,23") and says its unit.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCheckDigit } from '../../main/barcode/index.ts';
import { goTo, openOnSale, scan } from './app.ts';
import { screenshot, type RunningShell } from './browser.ts';
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
  ({ shell, browser, page } = await openOnSale(terminal.env));
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
});
