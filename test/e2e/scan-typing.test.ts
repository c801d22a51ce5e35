// Scans and typing kept apart, and sales parked and recalled, in Debian's Chromium through the web
// shell against the real sim, in Czech at 1024×768 and 1280×800. Every key is stamped with its time
// (keys.ts): a person's keys 140 ms apart, a scanner's 10 ms apart, the scan 150 ms after the typing,
// so the timing is the test's, never the machine's. One shell and one page for the file; the shell
// is restarted once on the same data folder, to show parked sales outlast it.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOnSale, placeOrder, scan, statusBar, takeWarehouse } from './app.ts';
import { screenshot, startWebShellProcess, type RunningShell, SIZES } from './browser.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import { sendKeys } from './keys.ts';
import { E2E_LOCALE, say, sayPattern } from './lang.ts';
import {
  fromCatalog,
  plainProducts,
  stopAll,
  syncedTerminal,
  type SyncedTerminal,
} from '../support/terminal.ts';

/** A person's keys, and how long after the last of them the scan comes. */
const TYPING_MS_PER_KEY = 140;
const SCAN_AFTER_TYPING_MS = 150;

let terminal: SyncedTerminal;
let shell: RunningShell;
let browser: Browser;
let page: Page;

interface Product {
  barcode: string;
  productName: string;
  price: number;
}
let products: [Product, Product, Product];
let card: { barcode: string; companyId: number };
/** The first word of a product's name without diacritics, as a cashier types it to find it. */
let word: string;

beforeAll(async () => {
  terminal = await syncedTerminal('scan-typing');
  ({ shell, browser, page } = await openOnSale(terminal.env));
}, 120_000);

afterAll(async () => {
  await stopAll(terminal, shell, browser);
});

screenshotOnFailure(() => page, 'scan-typing');

const rows = () => page.getByTestId('sale-lines').locator('tbody tr');
const row = (p: Product) => page.getByTestId('sale-lines').locator(`tr[data-barcode="${p.barcode}"]`);
const list = () => page.getByTestId('find-list');
const codeField = () => page.locator('[data-field="code"]');
const announcer = () => page.getByTestId('announcer');
const parkedDialog = () => page.getByTestId('parked-sales');
const parkedButton = () => page.locator('[data-action="parked-sales"]');
const legendKeys = () =>
  page
    .getByTestId('key-legend')
    .locator('[data-legend-key]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-legend-key')));
const money = (n: number) =>
  new Intl.NumberFormat(E2E_LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);

/** Empties the sale (F8 twice) if anything is on it. */
async function voidIfAny(): Promise<void> {
  if (
    (await rows().count()) === 0 &&
    (await page.getByTestId('customer').getAttribute('data-company')) === ''
  )
    return;
  await page.keyboard.press('F8');
  await page.keyboard.press('F8');
  await expect.poll(() => rows().count()).toBe(0);
}

/** A person types `text` into the focused place, keys stamped 140 ms apart from now; returns the last key's time. */
async function typeAsPerson(text: string): Promise<number> {
  const start = Date.now();
  await sendKeys(page, text, start, TYPING_MS_PER_KEY);
  return start + (text.length - 1) * TYPING_MS_PER_KEY;
}

/** The scanner reads `code` (10 ms/key, then Enter), its first key stamped at `at`. */
async function scanAt(code: string, at: number): Promise<number> {
  await sendKeys(page, `${code}\n`, at, 10);
  return at + code.length * 10;
}

/** A name as a cashier types it: lower case, no diacritics. */
function plain(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Whether two names have a word starting alike (the first five letters typed find both). */
function sharesWord(one: string, other: string): boolean {
  const starts = (name: string) =>
    plain(name)
      .split(/\s+/)
      .map((w) => w.slice(0, 5));
  const words = new Set(starts(one));
  return starts(other).some((w) => words.has(w));
}

/** Whether the element lies wholly inside the viewport (nothing of it cut off or below the fold). */
async function inView(selector: string): Promise<boolean> {
  return page.evaluate((s) => {
    const el = document.querySelector(s);
    if (el === null) return false;
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
  }, selector);
}

describe('scans and typing kept apart; parked sales', { timeout: 180_000 }, () => {
  it('takes the warehouse and picks products (setup)', async () => {
    const warehouseId = await takeWarehouse(page);
    const found = plainProducts<Product>(terminal.dataDir, {
      columns: 'barcode, productName, price',
      warehouseId,
      where: "productName IS NOT NULL AND unitOfMeasure = 'ks'",
      limit: 50,
    });
    // Three whose names share no word: typing a's first word lists none of the others.
    const picked: Product[] = [];
    for (const p of found)
      if (picked.every((q) => !sharesWord(p.productName, q.productName)) && picked.length < 3) picked.push(p);
    expect(picked).toHaveLength(3);
    products = picked as [Product, Product, Product];
    card = fromCatalog(
      terminal.dataDir,
      (db) =>
        db
          .prepare(
            `SELECT barcode, companyId FROM company_card WHERE barcode IS NOT NULL AND coalesce(isInvalid, 0) = 0
               AND (validTo IS NULL OR validTo > ?) AND (validFrom IS NULL OR validFrom < ?) ORDER BY id LIMIT 1`,
          )
          .get(new Date().toISOString(), new Date().toISOString()) as { barcode: string; companyId: number },
    );
    expect(card).toBeDefined();
    word = (plain(products[0].productName).split(' ')[0] ?? '').replace(/[^a-z]/g, '').slice(0, 5);
    expect(word.length).toBeGreaterThanOrEqual(3);
  });

  it('a scan 150 ms after typing adds the scanned product, nothing else; the list closes, the field empties', async () => {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await voidIfAny();
      const [, b] = products;
      await codeField().click();
      const typedAt = await typeAsPerson(word);
      // The list the typing opened, its first hit highlighted (Enter would add it).
      await expect.poll(async () => Number(await list().getAttribute('data-count'))).toBeGreaterThan(0);
      await scanAt(b.barcode, typedAt + SCAN_AFTER_TYPING_MS);
      await expect.poll(() => row(b).getAttribute('data-quantity')).toBe('1');
      await expect
        .poll(() => announcer().textContent())
        .toContain(say('sale:added', { name: b.productName }));
      expect(await rows().count()).toBe(1);
      await expect.poll(() => list().count()).toBe(0);
      expect(await codeField().inputValue()).toBe('');
      await screenshot(page, `scan-typing-${String(size.width)}-scan-after-typing`);
    }
  });

  it('quick scans with a name list open close it: the last scan is confirmed, nothing stale covers it', async () => {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await voidIfAny();
      const [a, b, c] = products;
      await codeField().click();
      const typedAt = await typeAsPerson(word);
      await expect.poll(async () => Number(await list().getAttribute('data-count'))).toBeGreaterThan(0);
      // Three scans in quick succession, the first well after the typing.
      let at = typedAt + 600;
      for (const p of [a, b, c]) at = (await scanAt(p.barcode, at)) + 150;
      await expect.poll(() => rows().count()).toBe(3);
      await expect
        .poll(() => announcer().textContent())
        .toContain(say('sale:added', { name: c.productName }));
      await expect.poll(() => list().count()).toBe(0);
      expect(await codeField().inputValue()).toBe('');
      for (const p of [a, b, c]) expect(await row(p).getAttribute('data-quantity')).toBe('1');
      expect(await inView('[data-testid="announcer"]')).toBe(true);
      await screenshot(page, `scan-typing-${String(size.width)}-quick-scans`);
    }
  });

  it('text typed in the code field never stays across a scan or a sale ("+" on an empty sale)', async () => {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await voidIfAny();
      const [a] = products;
      // "+" with no line to add to, focus outside any field: it goes to the code field.
      await page.locator('[data-totals]').click();
      await typeAsPerson('+');
      await expect.poll(() => codeField().inputValue()).toBe('+');
      await scan(page, a.barcode);
      await row(a).waitFor();
      await expect.poll(() => codeField().inputValue()).toBe('');
      // Typed again, then the sale placed (to the customer of a card): the next sale starts empty.
      await scan(page, card.barcode);
      await expect
        .poll(() => page.getByTestId('customer').getAttribute('data-company'))
        .toBe(String(card.companyId));
      await codeField().click();
      await typeAsPerson('+');
      await expect.poll(() => codeField().inputValue()).toBe('+');
      await placeOrder(page);
      await expect.poll(() => rows().count()).toBe(0);
      expect(await codeField().inputValue()).toBe('');
      // A 3* typed before a scan still counts three, and goes with it.
      await codeField().click();
      await typeAsPerson('3*');
      await page.locator('[data-entry-quantity="3"]').waitFor();
      await scan(page, a.barcode);
      await expect.poll(() => row(a).getAttribute('data-quantity')).toBe('3');
      expect(await codeField().inputValue()).toBe('');
    }
  });

  it('parks several sales (F10), keeps them across a restart, and recalls each from a list', async () => {
    await page.setViewportSize(SIZES[0]);
    await voidIfAny();
    const [a, b, c] = products;
    // The legend follows the sale a frame after it is shown.
    await expect.poll(legendKeys).not.toContain('F10');

    // The first sale: 2 × a and b.
    for (const p of [a, a, b]) await scan(page, p.barcode);
    await expect.poll(() => row(a).getAttribute('data-quantity')).toBe('2');
    await expect.poll(legendKeys).toContain('F10');
    await page.keyboard.press('F10');
    await parkedDialog().waitFor();
    // Nothing parked yet: focus is on the words saying so, not on the Park button (Enter parks nothing).
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.hasAttribute('data-parked-none')))
      .toBe(true);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await expect.poll(() => inView('[data-testid="parked-sales"]')).toBe(true);
      await screenshot(page, `scan-typing-${String(size.width)}-park-dialog`);
    }
    await page.keyboard.press('F10');
    await parkedDialog().waitFor({ state: 'detached' });
    await expect.poll(() => rows().count()).toBe(0);
    const firstTotal = 2 * a.price + b.price;
    await expect
      .poll(() => announcer().textContent())
      .toMatch(sayPattern('parked:parked', ['lines', 'total']));
    expect(await announcer().textContent()).toContain(say('parked:lines', { count: 2 }));
    expect(await announcer().textContent()).toContain(money(firstTotal));
    await expect.poll(() => parkedButton().getAttribute('data-parked-count')).toBe('1');

    // The second: c. The dialog now lists the first, and says the sale on the counter takes its place.
    await scan(page, c.barcode);
    await row(c).waitFor();
    await page.keyboard.press('F10');
    await parkedDialog().locator('[data-parked-id]').first().waitFor();
    expect(await parkedDialog().locator('[data-swap-note]').count()).toBe(1);
    await page.keyboard.press('F10');
    await parkedDialog().waitFor({ state: 'detached' });
    await expect.poll(() => parkedButton().getAttribute('data-parked-count')).toBe('2');

    // The till restarts: a new shell on the same data folder, the page opened on it.
    await shell.stop();
    shell = await startWebShellProcess(terminal.env);
    await page.goto(shell.url);
    await expect
      .poll(() => statusBar(page).textContent(), { timeout: 30_000 })
      .toContain(say('common:online'));
    await expect.poll(() => parkedButton().getAttribute('data-parked-count')).toBe('2');
    await expect.poll(legendKeys).toContain('F10');
    expect(await page.getByTestId('key-legend').textContent()).toContain(
      say('parked:legendList', { count: 2 }),
    );

    // F10 on the empty sale: the list, longest parked first, with line counts and totals.
    await page.keyboard.press('F10');
    const entries = parkedDialog().locator('[data-parked-id]');
    await expect.poll(() => entries.count()).toBe(2);
    expect(await entries.nth(0).textContent()).toContain(say('parked:lines', { count: 2 }));
    expect(await entries.nth(0).textContent()).toContain(money(firstTotal));
    expect(await entries.nth(1).textContent()).toContain(say('parked:lines', { count: 1 }));
    expect(await entries.nth(1).textContent()).toContain(money(c.price));
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await expect.poll(() => inView('[data-testid="parked-sales"]')).toBe(true);
      await screenshot(page, `scan-typing-${String(size.width)}-recall-list`);
    }
    // Enter recalls the highlighted (the first) with its lines.
    await page.keyboard.press('Enter');
    await parkedDialog().waitFor({ state: 'detached' });
    await expect.poll(() => row(a).getAttribute('data-quantity')).toBe('2');
    expect(await row(b).getAttribute('data-quantity')).toBe('1');
    await expect
      .poll(() => announcer().textContent())
      .toMatch(sayPattern('parked:recalled', ['time', 'lines', 'total']));
    expect(await announcer().textContent()).toContain(say('parked:lines', { count: 2 }));
    await screenshot(page, 'scan-typing-1280-recalled');

    // Recalling the other while this one is open parks this one in its place.
    await page.keyboard.press('F10');
    await expect.poll(() => entries.count()).toBe(1);
    await page.keyboard.press('Enter');
    await parkedDialog().waitFor({ state: 'detached' });
    await expect.poll(() => rows().count()).toBe(1);
    await row(c).waitFor();
    await expect
      .poll(() => announcer().textContent())
      .toMatch(
        sayPattern('parked:recalledSwapped', ['time', 'lines', 'total', 'parkedLines', 'parkedTotal']),
      );
    await expect.poll(() => parkedButton().getAttribute('data-parked-count')).toBe('1');

    // Placed, then the first recalled and placed too: nothing is left parked.
    await scan(page, card.barcode);
    // The card on the sale first: F9 refuses a sale without a customer before the panel opens.
    await expect
      .poll(() => page.getByTestId('customer').getAttribute('data-company'))
      .toBe(String(card.companyId));
    await placeOrder(page);
    await expect.poll(() => rows().count()).toBe(0);
    await page.keyboard.press('F10');
    await expect.poll(() => entries.count()).toBe(1);
    await page.keyboard.press('Enter');
    await expect.poll(() => rows().count()).toBe(2);
    await scan(page, card.barcode);
    // The card on the sale first: F9 refuses a sale without a customer before the panel opens.
    await expect
      .poll(() => page.getByTestId('customer').getAttribute('data-company'))
      .toBe(String(card.companyId));
    await placeOrder(page);
    await expect.poll(() => rows().count()).toBe(0);
    await expect.poll(() => parkedButton().getAttribute('data-parked-count')).toBe('0');
    // The legend follows the sale a frame after it is shown.
    await expect.poll(legendKeys).not.toContain('F10');
  });
});
