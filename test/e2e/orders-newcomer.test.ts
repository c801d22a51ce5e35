// What a newcomer stumbled on in Orders (issue 34, point 8), in Debian's Chromium through the web
// shell against the real sim, at 1024x768: the order is found by the number printed on its receipt;
// a refused order is fixed by names (a company picked by name, a product by name or code), one line
// dropped, and once resent its ticket names the customer it now goes to and the lines it now has.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goTo, openOnSale, placeOrder, scan } from './app.ts';
import { screenshot, type RunningShell } from './browser.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import { say } from './lang.ts';
import {
  configureTill,
  fromCatalog,
  plainProducts,
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
let goods: { barcode: string; productName: string; productCode: string }[];
/** The company the fix picks by name, and a name it is found by. */
let other: { companyId: number; name: string };

beforeAll(async () => {
  terminal = await syncedTerminal('orders-newcomer');
  const { dataDir, env } = terminal;
  goods = plainProducts(dataDir, {
    columns: 'barcode, productName, productCode',
    warehouseId: WAREHOUSE,
    where: 'productCode IS NOT NULL',
    limit: 3,
  });
  other = fromCatalog(
    dataDir,
    (db) =>
      db
        .prepare(
          `SELECT customerId AS companyId, customerName AS name FROM financial_receivable
             WHERE customerId <> 1 AND customerName IS NOT NULL ORDER BY customerId LIMIT 1`,
        )
        .get() as typeof other,
  );
  configureTill(dataDir);
  ({ shell, browser, page } = await openOnSale(env));
}, 120_000);

afterAll(() => stopAll(terminal, shell, browser));

screenshotOnFailure(() => page, 'orders-newcomer');

const rows = () => page.locator('[data-order]');
const fix = () => page.locator('[data-fix]');

describe('Orders for a newcomer', { timeout: 180_000 }, () => {
  it('a sale refused by the instance is found by its receipt number', async () => {
    await goTo(page, 'sale');
    const lines = page.getByTestId('sale-lines');
    for (const g of goods.slice(0, 2)) {
      await scan(page, g.barcode);
      await lines.locator(`[data-barcode="${g.barcode}"]`).waitFor();
    }
    // The instance refuses the next order as it is: a person fixes it.
    terminal.sim.faults.forceStatus({ status: 400, method: 'POST', path: '/orders/internet$', times: 1 });
    await placeOrder(page);
    await goTo(page, 'orders');
    const search = page.locator('.find-reference input');
    expect(await search.getAttribute('placeholder')).toBe(say('orders:referenceOrOrderId'));
    await search.fill('P1-000001');
    await expect.poll(() => rows().count()).toBe(1);
    await expect.poll(() => rows().first().getAttribute('data-state')).toBe('needs-fix');
    await screenshot(page, 'orders-newcomer-found-by-receipt');
  });

  it('is fixed by names, one line dropped, and its ticket then names the new customer', async () => {
    const form = fix();
    await form.waitFor();
    // The customer, by a company's name.
    const word = other.name.split(/\s+/)[0] ?? other.name;
    await form.locator('[data-field="find-customerId"]').fill(word);
    await form.locator(`[data-picker="customerId"] [data-pick="${String(other.companyId)}"]`).click();
    expect(await form.locator('[data-field="customerId"]').inputValue()).toBe(String(other.companyId));
    await expect.poll(() => form.locator('[data-known="customerId"]').textContent()).toBe(other.name);
    // The first line's product, by its code.
    const replacement = goods[2];
    if (replacement === undefined) throw new Error('no third product');
    await form.locator('[data-field="find-items[0].productId"]').fill(replacement.productCode);
    await form.locator('[data-picker="items[0].productId"] [data-pick]').first().click();
    await expect
      .poll(() => form.locator('[data-known="items[0].productId"]').textContent())
      .toContain(replacement.productName);
    // The second line dropped; the one left cannot be.
    await form.locator('[data-action="remove-item"][data-item="1"]').click();
    await expect.poll(() => form.locator('[data-action="remove-item"]').count()).toBe(1);
    expect(await form.locator('[data-action="remove-item"]').isDisabled()).toBe(true);
    await screenshot(page, 'orders-newcomer-fix-form');
    await form.locator('[data-action="resend"]').click();
    const row = rows().first();
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 30_000 }).toBe('sent');
    await expect.poll(() => row.locator('[data-ticket-customer]').textContent()).toBe(other.name);
    expect(await row.locator('[data-ticket-lines]').textContent()).toBe(say('orders:lines', { count: 1 }));
    await screenshot(page, 'orders-newcomer-fixed');
  });
});
