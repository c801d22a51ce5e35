// A product name the instance sends without a place to break (a long code, a name without spaces)
// must wrap inside the receipt's name column: the amounts keep their column at the paper's right
// edge, on 80 mm and on 58 mm paper, on screen and in the print copy.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goTo, placeOrder, scan, takeWarehouse } from './app.ts';
import { launchChromium, screenshot, startWebShellProcess, type RunningShell } from './browser.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import { newPage } from './lang.ts';
import { freshTerminal, fromCatalog, stopAll, type SyncedTerminal } from '../support/terminal.ts';

const UNBREAKABLE = `ZBOZI-${'X'.repeat(70)}-KONEC`;

let terminal: SyncedTerminal;
let shell: RunningShell;
let browser: Browser;
let page: Page;
let barcode: string;

beforeAll(async () => {
  terminal = await freshTerminal('receipt-layout');
  // Every stock item of one product carries the long name, whichever warehouse the till takes.
  const items = terminal.sim.admin.stockItems();
  const first = items.find(
    (i) =>
      typeof i['barcode'] === 'string' &&
      /^[013-9]\d{12}$/.test(i['barcode']) &&
      Number(i['price']) > 0 &&
      i['prohibitionOfSale'] !== true &&
      i['isInactive'] !== true,
  );
  if (first === undefined) throw new Error('the small sim has a sellable product');
  barcode = String(first['barcode']);
  for (const item of items.filter((i) => i['barcode'] === barcode))
    // In stock and active wherever it is: the sale takes it without a stock question.
    terminal.sim.admin.mutateStockItem(Number(item['id']), {
      productName: UNBREAKABLE,
      quantityInStock: 100,
      quantityAvailable: 100,
      isInactiveInWarehouse: false,
    });
  [shell, browser] = await Promise.all([startWebShellProcess(terminal.env), launchChromium()]);
  page = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(shell.url);
});

afterAll(async () => {
  await stopAll(terminal, shell, browser);
});

screenshotOnFailure(() => page, 'receipt-layout');

/** How far (px) each amount of the receipt's lines sticks out past the receipt's content box. */
function overflow(receipt: Element): number[] {
  const box = receipt.getBoundingClientRect();
  const right = box.right - parseFloat(getComputedStyle(receipt).paddingRight);
  return [...receipt.querySelectorAll('[data-receipt-line] .num')].map((num) =>
    Math.round(num.getBoundingClientRect().right - right),
  );
}

/**
 * Per receipt line, the room in px between the name's column (a name may fill it to its edge) and
 * the amount's text: a name that runs into its price reads as one word ("1 l21,90 Kč").
 */
function nameToAmount(receipt: Element): number[] {
  return [...receipt.querySelectorAll('[data-receipt-line]')].map((line) => {
    const name = line.querySelector('.r-name');
    const num = line.querySelector('.num');
    if (name === null || num === null) return Number.POSITIVE_INFINITY;
    const text = document.createRange();
    text.selectNodeContents(num);
    return Math.round(text.getBoundingClientRect().left - name.getBoundingClientRect().right);
  });
}

async function choosePaper(paper: '80mm' | '58mm'): Promise<void> {
  await goTo(page, 'settings');
  await page.locator(`[data-paper-option="${paper}"]`).click();
  await expect.poll(() => page.locator(`[data-paper-option="${paper}"]`).isChecked()).toBe(true);
  await goTo(page, 'sale');
}

describe('a product name without a place to break', { timeout: 240_000 }, () => {
  it('wraps inside the name column; the amounts stay on the paper, 80 mm and 58 mm', async () => {
    await takeWarehouse(page, {
      sync: true,
      id: () =>
        fromCatalog(
          terminal.dataDir,
          (db) =>
            db
              .prepare('SELECT warehouseId FROM stock_item WHERE barcode = ? LIMIT 1')
              .pluck()
              .get(barcode) as number,
        ),
    });
    const card = fromCatalog(
      terminal.dataDir,
      (db) =>
        db
          .prepare(
            `SELECT barcode FROM company_card WHERE barcode IS NOT NULL AND coalesce(isInvalid, 0) = 0
             AND (validTo IS NULL OR validTo > ?) ORDER BY id LIMIT 1`,
          )
          .pluck()
          .get(new Date().toISOString().slice(0, 19)) as string,
    );

    await scan(page, barcode);
    await page.getByTestId('sale-lines').locator(`[data-barcode="${barcode}"]`).waitFor();
    await scan(page, card);
    // The card on the sale (F9 refuses a sale without a customer before the payment panel opens).
    await expect.poll(() => page.getByTestId('customer').getAttribute('data-company')).not.toBe('');
    await placeOrder(page);
    const receipt = page.getByTestId('placed-receipt').locator('.receipt');
    await receipt.waitFor();
    expect(await receipt.textContent()).toContain('XXXX');

    for (const paper of ['80mm', '58mm'] as const) {
      await choosePaper(paper);
      await expect.poll(() => receipt.getAttribute('data-paper')).toBe(paper);
      expect(Math.max(...(await receipt.evaluate(overflow))), `${paper} on screen`).toBeLessThanOrEqual(0);
      await page.locator('[data-action="print-receipt"]').click();
      const copy = page.locator('.print-root .receipt');
      await expect.poll(() => copy.getAttribute('data-paper')).toBe(paper);
      expect(Math.max(...(await copy.evaluate(overflow))), `${paper} print copy`).toBeLessThanOrEqual(0);
      // At least 1 mm (3.8 px at 96 px/in) between a name and its amount, on screen and in print.
      expect(
        Math.min(...(await receipt.evaluate(nameToAmount))),
        `${paper} name to amount`,
      ).toBeGreaterThanOrEqual(3);
      expect(
        Math.min(...(await copy.evaluate(nameToAmount))),
        `${paper} print name to amount`,
      ).toBeGreaterThanOrEqual(3);
      await screenshot(page, `receipt-unbreakable-name-${paper}`);
    }
  });
});
