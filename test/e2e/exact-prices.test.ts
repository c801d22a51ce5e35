// Prices of three and four decimals and a weighed quantity at the counter, through the web shell in
// Debian's Chromium against the real sim, at 1024x768 (issue 36): the Sale screen shows each unit
// price with all its decimals and each line multiplied before it is rounded (1000 x 0,125 Kč =
// 125,00 Kč, never 130,00), and the receipt on screen, the order the instance booked and the shift's
// Z report come to the same total.
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { runCli } from '../../main/cli/run.ts';
import { SettingsStore } from '../../main/settings/store.ts';
import { goTo, placeOrder, scan, statusBar } from './app.ts';
import {
  ARTIFACTS,
  launchChromium,
  screenshot,
  startWebShellProcess,
  SIZES,
  type RunningShell,
} from './browser.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import { E2E_LOCALE, newPage, say } from './lang.ts';
import { freshTerminal, fromCatalog, stopAll, type SyncedTerminal } from '../support/terminal.ts';

let terminal: SyncedTerminal;
let shell: RunningShell;
let browser: Browser;
let page: Page;

interface Item {
  readonly name: string;
  readonly typed: string;
  readonly unitPrice: number;
  readonly lineTotal: number;
  barcode: string;
}
/** Each product, what is typed before its scan (`N*`), and what its line must come to. */
const ITEMS: Item[] = [
  { name: 'Vrut 4x30 pozinkovaný', typed: '1000', unitPrice: 0.125, lineTotal: 125, barcode: '' },
  // Priced without VAT only: 0.0826 x 1.21 = 0.099946 a gram; 1000 g = 99.946 -> 99.95.
  { name: 'Kmín mletý', typed: '1000', unitPrice: 0.099946, lineTotal: 99.95, barcode: '' },
  { name: 'Elektřina', typed: '1000', unitPrice: 0.3333, lineTotal: 333.3, barcode: '' },
  // 19.995 a kg x 1.235 kg = 24.693825 -> 24.69
  { name: 'Eidam vážený', typed: '1,235', unitPrice: 19.995, lineTotal: 24.69, barcode: '' },
];
const TOTAL = 582.94;

beforeAll(async () => {
  terminal = await freshTerminal('exact-prices');
  const { sim, dataDir, env } = terminal;
  const add = (fields: Record<string, unknown>): string =>
    sim.admin.addStockItem({
      warehouseId: 1,
      quantityInStock: 100_000,
      quantityAvailable: 100_000,
      ...fields,
    })['barcode'] as string;
  const [screws, cumin, power, cheese] = ITEMS as [Item, Item, Item, Item];
  screws.barcode = add({ productName: screws.name, unitOfMeasure: 'ks', price: 0.125, vatRate: 21 });
  cumin.barcode = add({
    productName: cumin.name,
    unitOfMeasure: 'g',
    price: null,
    priceWoVat: 0.0826,
    vatRate: 21,
  });
  power.barcode = add({ productName: power.name, unitOfMeasure: 'kWh', price: 0.3333, vatRate: 21 });
  cheese.barcode = add({ productName: cheese.name, unitOfMeasure: 'kg', price: 19.995, vatRate: 12 });
  let out = '';
  const code = await runCli(['sync'], { stdout: (t) => (out += t), stderr: (t) => (out += t), env });
  if (code !== 0) throw new Error(`pos sync failed: ${out}`);
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
  const db = openDatabase(join(dataDir, 'counter.sqlite'));
  new SettingsStore(db).write({ warehouseId: 1, walkInCustomer: walkIn, priceCurrency: 'CZK' });
  db.close();
  [shell, browser] = await Promise.all([startWebShellProcess(env), launchChromium()]);
  page = await newPage(browser, { viewport: SIZES[0] });
  await page.goto(shell.url);
}, 120_000);

afterAll(async () => {
  await stopAll(terminal, shell, browser);
});

screenshotOnFailure(() => page, 'exact-prices');

const money = (n: number, digits = 2): string =>
  new Intl.NumberFormat(E2E_LOCALE, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    n,
  );
/** As many decimals as the price has, at least two. */
const unitPrice = (n: number): string => money(n, Math.max(2, (String(n).split('.')[1] ?? '').length));
const row = (item: Item) => page.getByTestId('sale-lines').locator(`[data-barcode="${item.barcode}"]`);
/** Typed into the code field itself, as a person types (keys outside a field may lose the first). */
async function typeInCode(text: string): Promise<void> {
  await page.locator('input[data-field="code"]').click();
  await page.keyboard.type(text, { delay: 120 });
}

/** Text with every kind of space as a plain one: Intl's groups are no-break spaces. */
const plain = (text: string | null): string => (text ?? '').replace(/\s/g, ' ');

describe('prices of three and four decimals at the counter', { timeout: 180_000 }, () => {
  it('sells 1000 at 0,125 Kč for 125,00 Kč, on the Sale screen, the receipt, the order and the Z report', async () => {
    await expect
      .poll(() => statusBar(page).textContent(), { timeout: 30_000 })
      .toContain(say('common:online'));
    await goTo(page, 'sale');
    for (const item of ITEMS) {
      const weighed = item.typed.includes(',');
      if (!weighed) await typeInCode(`${item.typed}*`);
      if (!weighed) await page.locator(`[data-entry-quantity="${item.typed}"]`).waitFor();
      await scan(page, item.barcode);
      await row(item).waitFor();
      // A weight is typed after the scan: `1,235*` Enter sets the selected line's quantity.
      if (weighed) {
        await typeInCode(`${item.typed}*`);
        await page.keyboard.press('Enter');
        await expect.poll(() => row(item).getAttribute('data-quantity')).toBe(item.typed.replace(',', '.'));
      }
      await expect
        .poll(async () => plain(await row(item).locator('[data-line-total]').textContent()))
        .toContain(plain(money(item.lineTotal)));
      expect(plain(await row(item).textContent())).toContain(plain(unitPrice(item.unitPrice)));
    }
    expect(plain(await page.locator('[data-total]').textContent())).toContain(plain(money(TOTAL)));
    expect(plain(await page.getByTestId('sale-lines').textContent())).not.toContain(plain(money(130)));
    await screenshot(page, 'exact-prices-sale-1024');

    await placeOrder(page);
    const receipt = page.getByTestId('placed-receipt').locator('.receipt');
    await receipt.waitFor();
    expect(plain(await receipt.locator('[data-receipt-total]').textContent())).toContain(plain(money(TOTAL)));
    const receiptLines = await receipt.locator('[data-receipt-line]').allTextContents();
    ITEMS.forEach((item, i) => {
      expect(plain(receiptLines[i] ?? '')).toContain(plain(unitPrice(item.unitPrice)));
      expect(plain(receiptLines[i] ?? '')).toContain(plain(money(item.lineTotal)));
    });
    await screenshot(page, 'exact-prices-receipt-1024');
    // The receipt whole (the Sale screen shows its top in a scrolled box).
    await receipt.screenshot({ path: join(ARTIFACTS, 'exact-prices-receipt-paper.png') });

    // The instance booked each unit price as sent, and the same total.
    await expect.poll(() => terminal.sim.admin.listOrders().at(-1)?.total, { timeout: 15_000 }).toBe(TOTAL);
    const order = terminal.sim.admin.listOrders().at(-1);
    expect(order?.items.map((i) => [i.price, i.total])).toEqual(ITEMS.map((i) => [i.unitPrice, i.lineTotal]));

    // The shift's Z report: the sale at the same total.
    await goTo(page, 'shift');
    const shift = page.getByTestId('shift');
    const close = shift.locator('[data-section="close-shift"]');
    // Cash is paid in whole crowns: 582.94 -> 583.
    await close.locator('[data-field="counted"]').fill(money(583));
    await close.locator('[data-action="close-shift"]').click();
    const report = shift.locator('.shift-paper [data-shift-report]');
    await expect.poll(() => report.getAttribute('data-shift-report')).toBe('Z');
    expect(plain(await report.locator('[data-report-row="sales"]').textContent())).toContain(
      plain(money(TOTAL)),
    );
    await screenshot(page, 'exact-prices-z-report-1024');
  });
});
