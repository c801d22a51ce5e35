// A whole sale in Czech, Slovak and English, in Debian's Chromium through the web shell against the
// real sim, with the browser's locale cs-CZ / sk-SK / en-GB and Settings' language left on
// "system": the screens speak that language from the first paint. A product is scanned, a customer
// card is scanned, the order is placed and sent, and an order the instance refuses is fixed field
// by field and sent again. What the screens say is checked against that language's catalogue,
// amounts in its form (cs-CZ `1 110,90`), and the README's screenshots are taken on the way (Czech
// and English).
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOutboxOrder } from '../../db/outbox.ts';
import { openDatabase } from '../../db/database.ts';
import { ROOT } from '../../main/web/build.ts';
import { i18n } from '../../renderer/i18n/index.ts';
import { goTo, placeOrder, scan } from './app.ts';
import { launchChromium, screenshot, startWebShellProcess, type RunningShell } from './browser.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import {
  fromCatalog,
  plainProducts,
  stopAll,
  syncedTerminal,
  type SyncedTerminal,
} from '../support/terminal.ts';

const LANGUAGES = [
  { language: 'cs', locale: 'cs-CZ', shots: true },
  { language: 'sk', locale: 'sk-SK', shots: false },
  { language: 'en', locale: 'en-GB', shots: true },
] as const;

let terminal: SyncedTerminal;
let shell: RunningShell;
let browser: Browser;
let page: Page;
/** The page of the language before, closed when the next one opens its own. */
let previous: Page | undefined;
let product: { barcode: string; productName: string; price: number };
let card: { barcode: string; companyId: number };
const WAREHOUSE = 1;

beforeAll(async () => {
  terminal = await syncedTerminal('czech');
  [shell, browser] = await Promise.all([startWebShellProcess(terminal.env), launchChromium()]);
  const [dearest] = plainProducts<typeof product>(terminal.dataDir, {
    columns: 'barcode, productName, price',
    warehouseId: WAREHOUSE,
    where: "productName IS NOT NULL AND coalesce(unitOfMeasure, 'ks') NOT IN ('kg', 'g', 'l', 'm')",
    orderBy: 'price DESC, id',
    limit: 1,
  });
  if (dearest === undefined) throw new Error('no plain counted product in warehouse 1');
  product = dearest;
  const now = new Date().toISOString().slice(0, 19);
  card = fromCatalog(
    terminal.dataDir,
    (db) =>
      db
        .prepare(
          `SELECT barcode, companyId FROM company_card
           WHERE barcode IS NOT NULL AND coalesce(isInvalid, 0) = 0
             AND (validTo IS NULL OR validTo > ?) AND (validFrom IS NULL OR validFrom < ?)
           ORDER BY id LIMIT 1`,
        )
        .get(now, now) as typeof card,
  );
}, 120_000);

afterAll(async () => {
  await stopAll(terminal, shell, browser);
});

screenshotOnFailure(() => page, 'lang');

describe.each(LANGUAGES)('a sale in $language', ({ language, locale, shots }) => {
  const words = {
    common: i18n.getFixedT(language, 'common'),
    sale: i18n.getFixedT(language, 'sale'),
    orders: i18n.getFixedT(language, 'orders'),
  };
  const amounts = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

  /** A screenshot in test-results/, copied to docs/screenshots for the README with UPDATE_README_SCREENSHOTS=1. */
  async function readmeShot(name: string): Promise<void> {
    const shot = await screenshot(page, `lang-${name}-${language}`);
    // The README's copies change only when asked: a test run leaves the checkout as it was.
    if (shots && process.env.UPDATE_README_SCREENSHOTS === '1')
      copyFileSync(shot, join(ROOT, 'docs', 'screenshots', `${name}-${language}.png`));
  }

  beforeAll(async () => {
    // The launch address opens once; the next language's page carries the first one's session.
    const storageState = await previous?.context().storageState();
    await previous?.close();
    const context = await browser.newContext({
      viewport: { width: 1366, height: 820 },
      locale,
      storageState,
    });
    page = await context.newPage();
    previous = page;
    await page.goto(storageState === undefined ? shell.url : shell.origin);
  });

  it('speaks it from the first paint: tabs, the empty sale', async () => {
    const tabs = page.getByRole('navigation', { name: words.common('screens') });
    await expect.poll(() => tabs.textContent()).toContain(words.common('screenSale'));
    for (const key of ['screenStock', 'screenOrders', 'screenSettings'] as const)
      expect(await tabs.textContent()).toContain(words.common(key));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
    await goTo(page, 'settings');
    await page.locator('[data-section="warehouse"] select').selectOption(String(WAREHOUSE));
    await expect
      .poll(() => page.locator('[data-section="warehouse"] select').inputValue())
      .toBe(String(WAREHOUSE));
    await goTo(page, 'sale');
    expect(await page.getByTestId('sale-lines').textContent()).toContain(words.sale('noItems'));
  });

  it('scans a product and a customer card, in its words and its number form', async () => {
    // Enough of it for a total above 1000: `N*` typed before the scan takes N.
    const count = Math.ceil(1000 / product.price) + 1;
    // Typed into the code field itself: what this file checks is the language. Keys typed with focus
    // outside any field, on a page just opened, lost their first character in CI now and then (the
    // field held only "*", test-results/repeat-run-*-failed/); scan-typing.test.ts covers that path.
    await page.locator('input[data-field="code"]').click();
    await page.keyboard.type(`${count}*`, { delay: 120 });
    await page.locator(`[data-entry-quantity="${count}"]`).waitFor();
    await scan(page, product.barcode);
    const announcer = page.getByTestId('announcer');
    await expect.poll(() => announcer.textContent()).toBe(words.sale('added', { name: product.productName }));
    const row = page.getByTestId('sale-lines').locator(`[data-barcode="${product.barcode}"]`);
    await expect.poll(() => row.getAttribute('data-quantity')).toBe(String(count));
    // cs and sk: a (non-breaking) space between thousands, a comma before the decimals; en: 1,110.90.
    const total = Math.round(product.price * count * 100) / 100;
    expect(amounts.format(total)).toMatch(
      language === 'en' ? /^\d{1,3}(,\d{3})+\.\d{2}$/ : /^\d{1,3}(\s\d{3})+,\d{2}$/,
    );
    expect(await row.textContent()).toContain(amounts.format(product.price));
    expect(await page.locator('[data-total]').textContent()).toContain(amounts.format(total));

    await scan(page, card.barcode);
    const customer = page.getByTestId('customer');
    await expect.poll(() => customer.getAttribute('data-company')).toBe(String(card.companyId));
    await expect
      .poll(() => announcer.textContent())
      .toMatch(new RegExp(`^${escape(words.sale('customerScanned', { name: '' }))}`));
    await readmeShot('sale');
  });

  it('places the order and says it was sent', async () => {
    const before = terminal.sim.admin.listOrders().length;
    await placeOrder(page);
    const placed = page.locator('[data-placed-order]');
    await expect.poll(() => placed.getAttribute('data-placed-order'), { timeout: 15_000 }).toBe('sent');
    expect(terminal.sim.admin.listOrders().length).toBe(before + 1);
    const remoteId = String(terminal.sim.admin.listOrders().at(-1)?.id ?? '');
    expect(await placed.textContent()).toBe(words.sale('placedSent', { id: remoteId }));
  });

  it('shows an order the instance refused field by field, and sends it fixed', async () => {
    const db = openDatabase(join(terminal.dataDir, 'counter.sqlite'));
    const stored = insertOutboxOrder(db, { items: [{ productId: 1, quantity: 0 }] });
    db.close();
    await goTo(page, 'orders');
    await page.locator('[data-action="replay"]').click();
    const entry = page.locator(`[data-order="${stored.id}"]`);
    await expect.poll(() => entry.getAttribute('data-state'), { timeout: 15_000 }).toBe('needs-fix');
    await expect.poll(() => entry.textContent()).toContain(words.orders('stateNeedsFix'));
    await expect.poll(() => entry.locator('[data-field-error="customerId"]').count()).toBeGreaterThan(0);
    await readmeShot('orders-needs-fix');

    await entry.locator('[data-field="customerId"]').fill(String(card.companyId));
    await entry.locator('[data-field="warehouseId"]').fill(String(WAREHOUSE));
    await entry.locator('[data-field="items[0].quantity"]').fill('2');
    await entry.locator('[data-action="resend"]').click();
    await expect.poll(() => entry.getAttribute('data-state'), { timeout: 15_000 }).toBe('sent');
    expect(await entry.textContent()).toContain(words.orders('stateSent'));
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
