// The Sale screen through a cashier's day, in Debian's Chromium through the web shell against the
// real sim, keyboard first with a simulated 10 ms/key scanner: a walk-in customer named in
// Settings, finding products by name, quantities that explain themselves, one announcer with undo,
// a visible key legend, and a customer panel that explains.
import type Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSim } from '../../sim/server.ts';
import { goTo, openOnSale, scan, statusBar, takeWarehouse } from './app.ts';
import { screenshot, type RunningShell } from './browser.ts';
import { say, sayPattern } from './lang.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import {
  freshTerminal,
  fromCatalog,
  plainProducts,
  SELLS_PLAINLY,
  syncCache,
  stopAll,
  type SyncedTerminal,
} from '../support/terminal.ts';

let terminal: SyncedTerminal;
let sim: RunningSim;
let shell: RunningShell;
let browser: Browser;
let page: Page;
let warehouseId: number;

interface Product {
  barcode: string;
  productId: number;
  productName: string;
  unitOfMeasure: string | null;
  price: number;
}
let counted: Product[];
let weighed: Product;
let walkIn: { companyId: number; name: string };
let card: { barcode: string; companyId: number; name: string };

beforeAll(async () => {
  terminal = await freshTerminal('day-sale');
  ({ sim } = terminal);
  ({ shell, browser, page } = await openOnSale(terminal.env, { viewport: { width: 1366, height: 820 } }));
});

afterAll(() => stopAll(terminal, shell, browser));

screenshotOnFailure(() => page, 'day');

const fromCache = <T>(fn: (db: Database.Database) => T): T => fromCatalog(terminal.dataDir, fn);

const lines = () => page.getByTestId('sale-lines');
const rows = () => lines().locator('tbody tr');
const announcer = () => page.getByTestId('announcer');
const codeField = () => page.locator('[data-field="code"]');
const isFocused = (selector: string) =>
  page.evaluate((s) => document.activeElement === document.querySelector(s), selector);
/** Any one of the patterns. */
const anyOf = (...patterns: RegExp[]) => new RegExp(patterns.map((p) => `(?:${p.source})`).join('|'));

/** F9, and Enter on the payment panel where there is one (the exact amount): the order is placed. */
async function placeOrder(): Promise<void> {
  await page.keyboard.press('F9');
  const panel = page.getByTestId('payment-panel');
  await expect
    .poll(async () => (await panel.count()) > 0 || (await rows().count()) === 0, { timeout: 15_000 })
    .toBe(true);
  if ((await panel.count()) > 0) {
    await page.keyboard.press('Enter');
    await panel.waitFor({ state: 'detached' });
  }
  await expect.poll(() => rows().count()).toBe(0);
}

/** Empties the sale (F8 twice) if anything is on it, so each case starts clean. */
async function voidIfAny(): Promise<void> {
  if (
    (await rows().count()) === 0 &&
    (await page.getByTestId('customer').getAttribute('data-company')) === ''
  )
    return;
  const button = page.locator('[data-action="void-sale"]');
  await page.keyboard.press('F8');
  await expect.poll(() => button.textContent()).toContain(say('sale:voidPressAgain'));
  await page.keyboard.press('F8');
  await expect.poll(() => rows().count()).toBe(0);
  await expect.poll(() => page.getByTestId('customer').getAttribute('data-company')).toBe('');
}

// Generous timeouts: the suite shares two cores with other test files; nothing here asserts on time.
describe('a day at the Sale screen', { timeout: 120_000 }, () => {
  it('syncs the cache and takes the terminal warehouse', { timeout: 240_000 }, async () => {
    warehouseId = await takeWarehouse(page, { sync: true });

    const sellable = `warehouseId = ? AND ${SELLS_PLAINLY} AND productName IS NOT NULL`;
    counted = plainProducts(terminal.dataDir, {
      columns: 'barcode, productId, productName, unitOfMeasure, price',
      warehouseId,
      where: "productName IS NOT NULL AND unitOfMeasure = 'ks'",
      limit: 3,
    });
    weighed = fromCache((db) =>
      db
        .prepare(
          `SELECT barcode, productId, productName, unitOfMeasure, price FROM stock_item
           WHERE ${sellable} AND unitOfMeasure = 'kg' ORDER BY id LIMIT 1`,
        )
        .get(warehouseId),
    ) as Product;
    const now = new Date().toISOString().slice(0, 19);
    const cards = fromCache((db) =>
      db
        .prepare(
          // A company is named by its latest invoice's customerName (its own name), else by its
          // card: the card comes second (issue 34, point 8).
          `SELECT barcode, companyId, coalesce(
             (SELECT r.customerName FROM financial_receivable r WHERE r.customerId = companyId
                AND trim(coalesce(r.customerName, '')) <> '' ORDER BY r.id DESC LIMIT 1), name) AS name
           FROM company_card
           WHERE barcode IS NOT NULL AND trim(coalesce(name, '')) <> '' AND coalesce(isInvalid, 0) = 0
             AND (validTo IS NULL OR validTo > ?) AND (validFrom IS NULL OR validFrom < ?)
           ORDER BY (SELECT count(*) FROM financial_receivable r WHERE r.customerId = companyId) DESC, id
           LIMIT 2`,
        )
        .all(now, now),
    ) as { barcode: string; companyId: number; name: string }[];
    expect(counted).toHaveLength(3);
    expect(weighed).toBeDefined();
    expect(cards).toHaveLength(2);
    card = cards[0] as (typeof cards)[0];
    const other = cards[1] as (typeof cards)[0];
    walkIn = { companyId: other.companyId, name: other.name };
    expect(walkIn.companyId).not.toBe(card.companyId);
  });

  it('names a walk-in customer in Settings; F9 without a card sells to it online and offline', async () => {
    await goTo(page, 'settings');
    const section = page.locator('[data-section="walk-in"]');
    await section.scrollIntoViewIfNeeded();
    expect(await section.locator('[data-walk-in-current]').getAttribute('data-walk-in-current')).toBe('');
    // By name: a word of it, typed.
    const word = walkIn.name.split(/\s+/).find((w) => w.length >= 3) ?? walkIn.name;
    await section.locator('[data-field="walkInSearch"]').fill(word);
    const match = section.locator(`[data-company-match="${String(walkIn.companyId)}"]`);
    await match.click();
    await expect
      .poll(() => section.locator('[data-walk-in-current]').getAttribute('data-walk-in-current'))
      .toBe(String(walkIn.companyId));
    expect(await section.textContent()).toContain(walkIn.name);
    // By id, and cleared again, and named again.
    await section.locator('[data-action="clear-walk-in"]').click();
    await expect
      .poll(() => section.locator('[data-walk-in-current]').getAttribute('data-walk-in-current'))
      .toBe('');
    await section.locator('[data-field="walkInSearch"]').fill(String(walkIn.companyId));
    await section.locator(`[data-company-match="${String(walkIn.companyId)}"]`).click();
    await expect
      .poll(() => section.locator('[data-walk-in-current]').getAttribute('data-walk-in-current'))
      .toBe(String(walkIn.companyId));
    await screenshot(page, 'day-01-settings-walk-in');

    await goTo(page, 'sale');
    const customer = page.getByTestId('customer');
    await expect.poll(() => customer.getAttribute('data-walk-in')).toBe(String(walkIn.companyId));
    expect(await customer.textContent()).toContain(say('sale:walkInCustomer', { name: walkIn.name }));
    const [a, b] = counted as [Product, Product];
    await scan(page, a.barcode);
    await lines().locator(`[data-barcode="${a.barcode}"]`).waitFor();
    await scan(page, b.barcode);
    await expect.poll(() => rows().count()).toBe(2);
    await screenshot(page, 'day-02-sale-walk-in');
    const before = sim.admin.listOrders().length;
    await placeOrder();
    await expect.poll(() => sim.admin.listOrders().length, { timeout: 15_000 }).toBe(before + 1);
    expect(sim.admin.listOrders().at(-1)).toMatchObject({ customerId: walkIn.companyId, warehouseId });

    // Offline: the walk-in sale is queued, and goes out to the same customer once back.
    await sim.faults.setOffline(true);
    await expect
      .poll(() => statusBar(page).textContent(), { timeout: 20_000 })
      .toContain(say('common:offline'));
    await scan(page, b.barcode);
    await lines().locator(`[data-barcode="${b.barcode}"]`).waitFor();
    expect(await customer.textContent()).toContain(say('sale:walkInCustomer', { name: walkIn.name }));
    await placeOrder();
    await expect.poll(() => statusBar(page).textContent()).toContain(say('common:queued', { queued: 1 }));
    await sim.faults.setOffline(false);
    await expect.poll(() => sim.admin.listOrders().length, { timeout: 30_000 }).toBe(before + 2);
    expect(sim.admin.listOrders().at(-1)).toMatchObject({ customerId: walkIn.companyId });

    // A card scanned replaces the walk-in customer.
    await scan(page, a.barcode);
    await lines().locator(`[data-barcode="${a.barcode}"]`).waitFor();
    await scan(page, card.barcode);
    await expect.poll(() => customer.getAttribute('data-company')).toBe(String(card.companyId));
    expect(await customer.getAttribute('data-walk-in')).toBe('');
    expect(await customer.textContent()).not.toMatch(sayPattern('sale:walkInCustomer', ['name']));
    await placeOrder();
    await expect.poll(() => sim.admin.listOrders().length, { timeout: 15_000 }).toBe(before + 3);
    expect(sim.admin.listOrders().at(-1)).toMatchObject({ customerId: card.companyId });
  });

  it('finds products by name as the cashier types; arrows and Enter add; Esc closes; 3* adds three', async () => {
    await voidIfAny();
    const target = weighed;
    const word = (target.productName.split(/\s+/).find((w) => w.length >= 4) ?? target.productName).slice(
      0,
      5,
    );
    await codeField().click();
    // A person's typing (slow keys): the list follows it, and nothing is added.
    await page.keyboard.type(word, { delay: 120 });
    const list = page.getByTestId('find-list');
    await expect.poll(async () => Number(await list.getAttribute('data-count'))).toBeGreaterThan(0);
    expect(await rows().count()).toBe(0);
    const options = list.locator('[role="option"]');
    const index = await options.evaluateAll(
      (els, id) => els.findIndex((e) => e.getAttribute('data-product') === id),
      String(target.productId),
    );
    expect(index).toBeGreaterThanOrEqual(0);
    // Name, price and the stock in this warehouse, for each.
    const option = options.nth(index);
    expect(await option.textContent()).toContain(target.productName);
    expect(await option.locator('.find-stock').textContent()).toMatch(
      anyOf(sayPattern('sale:stockHere', ['quantity', 'unit']), sayPattern('sale:stockUnknown')),
    );
    await screenshot(page, 'day-03-sale-name-search');
    // The first is highlighted; the arrows move to the one wanted.
    expect(await options.nth(0).getAttribute('aria-selected')).toBe('true');
    for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
    await expect.poll(() => option.getAttribute('aria-selected')).toBe('true');
    if (index > 0) {
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await lines().locator(`[data-line]`).first().waitFor();
    expect(await rows().first().textContent()).toContain(target.productName);
    await expect
      .poll(() => announcer().textContent())
      .toContain(say('sale:added', { name: target.productName }));
    await expect.poll(() => list.count()).toBe(0);
    expect(await codeField().inputValue()).toBe('');

    // Esc closes the list and keeps what was typed.
    await page.keyboard.type(word, { delay: 120 });
    await list.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => list.count()).toBe(0);
    expect(await codeField().inputValue()).toBe(word);
    expect(await rows().count()).toBe(1);
    await codeField().fill('');

    // 3* then a scan adds three.
    const [a, b] = counted as [Product, Product];
    await page.keyboard.type('3*', { delay: 120 });
    await page.locator('[data-entry-quantity="3"]').waitFor();
    await scan(page, a.barcode);
    const rowA = lines().locator(`[data-barcode="${a.barcode}"]`);
    await expect.poll(() => rowA.getAttribute('data-quantity')).toBe('3');
    expect(await codeField().inputValue()).toBe('');
    // 3* then a pick by name adds three.
    const nameB = (b.productName.split(/\s+/).find((w) => w.length >= 4) ?? b.productName).slice(0, 6);
    await codeField().click();
    await page.keyboard.type(`3*${nameB}`, { delay: 120 });
    await expect.poll(async () => Number(await list.getAttribute('data-count'))).toBeGreaterThan(0);
    const optionsB = list.locator('[role="option"]');
    const indexB = await optionsB.evaluateAll(
      (els, id) => els.findIndex((e) => e.getAttribute('data-product') === id),
      String(b.productId),
    );
    expect(indexB).toBeGreaterThanOrEqual(0);
    for (let i = 0; i < indexB; i++) await page.keyboard.press('ArrowDown');
    await expect.poll(() => optionsB.nth(indexB).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    const rowB = lines().locator(`[data-barcode="${b.barcode}"]`);
    await expect.poll(() => rowB.getAttribute('data-quantity')).toBe('3');
  });

  it('a quantity is a positive number, decimals only where the unit takes them, and the field never disagrees with the total', async () => {
    await voidIfAny();
    const [a] = counted as [Product];
    await scan(page, a.barcode);
    const row = lines().locator(`[data-barcode="${a.barcode}"]`);
    await row.waitFor();
    const qty = row.locator('[data-field="quantity"]');
    const total = page.locator('[data-total]');
    const totalBefore = await total.textContent();
    const error = row.locator('[data-quantity-error]');
    const refused = async (typed: string, says: string | RegExp) => {
      await qty.fill(typed);
      await qty.press('Enter');
      await expect.poll(() => error.textContent()).toMatch(says);
      // The field shows the stored quantity again; the total did not move.
      expect(await qty.inputValue()).toBe('1');
      expect(await row.getAttribute('data-quantity')).toBe('1');
      expect(await total.textContent()).toBe(totalBefore);
      expect(await announcer().textContent()).toMatch(says);
    };
    await refused('8591234567890', say('sale:quantityLooksLikeCode', { text: '8591234567890' }));
    await screenshot(page, 'day-04-quantity-refused');
    await refused('0', say('sale:quantityNotPositive'));
    await refused('-2', say('sale:quantityNotPositive'));
    await refused('abc', say('sale:quantityNotNumber'));
    // Decimal digits only: hex and exponents are no quantity (Number() would read 16 and 1000).
    await refused('0x10', say('sale:quantityDigitsOnly', { text: '0x10' }));
    await refused('1e3', say('sale:quantityDigitsOnly', { text: '1e3' }));
    // A counted unit (ks): the core says it, in the cashier's language.
    await refused('1,5', say('core:quantityWhole', { name: a.productName, unit: a.unitOfMeasure ?? '' }));
    await refused('12000', say('core:quantityMax', { max: 9999 }));
    // A good one clears the message and moves the total.
    await qty.fill('2');
    await qty.press('Enter');
    await expect.poll(() => row.getAttribute('data-quantity')).toBe('2');
    expect(await error.count()).toBe(0);
    expect(await total.textContent()).not.toBe(totalBefore);
    expect(await announcer().textContent()).toContain(
      say('sale:quantityStored', { name: a.productName, quantity: '2' }),
    );

    // A measured unit (kg) takes decimals, with a comma or a point.
    await codeField().click();
    const word = (weighed.productName.split(/\s+/).find((w) => w.length >= 4) ?? '').slice(0, 5);
    await page.keyboard.type(word, { delay: 120 });
    const list = page.getByTestId('find-list');
    await expect.poll(async () => Number(await list.getAttribute('data-count'))).toBeGreaterThan(0);
    await screenshot(page, 'day-03b-sale-name-search-with-lines');
    await list.locator(`[data-product="${String(weighed.productId)}"]`).click();
    const kgRow = lines().locator('tbody tr', { hasText: weighed.productName });
    await kgRow.waitFor();
    const kg = kgRow.locator('[data-field="quantity"]');
    await kg.fill('1,5');
    await kg.press('Enter');
    await expect.poll(() => kgRow.getAttribute('data-quantity')).toBe('1.5');
    await kg.fill('0.25');
    await kg.press('Enter');
    await expect.poll(() => kgRow.getAttribute('data-quantity')).toBe('0.25');
    expect(await kgRow.locator('[data-quantity-error]').count()).toBe(0);
  });

  it('every action announces itself in one live region, never stale; a removal is undone with Ctrl+Z', async () => {
    await voidIfAny();
    const [a, b] = counted as [Product, Product];
    // One live region on the Sale screen.
    expect(await page.locator('[data-testid="sale"] [aria-live]').count()).toBe(1);
    await scan(page, a.barcode);
    await expect.poll(() => announcer().textContent()).toBe(say('sale:added', { name: a.productName }));
    await scan(page, b.barcode);
    await expect.poll(() => announcer().textContent()).toBe(say('sale:added', { name: b.productName }));
    await expect.poll(() => rows().count()).toBe(2);
    // Delete removes the selected line (b, just added): the banner says so, and nothing else.
    await page.locator('[data-totals]').click();
    await page.keyboard.press('Delete');
    await expect.poll(() => rows().count()).toBe(1);
    await expect.poll(() => announcer().textContent()).toBe(say('sale:removed', { name: b.productName }));
    expect(await page.getByTestId('sale').textContent()).not.toContain(
      say('sale:added', { name: b.productName }),
    );
    await screenshot(page, 'day-05-removed-undo');
    await page.keyboard.press('Control+z');
    await expect.poll(() => rows().count()).toBe(2);
    await expect.poll(() => announcer().textContent()).toBe(say('sale:back', { name: b.productName }));
    expect(await lines().locator(`[data-barcode="${b.barcode}"]`).count()).toBe(1);
    // Removed with its button, then another action: the undo offer goes with the message.
    await lines().locator(`[data-barcode="${b.barcode}"] button.danger`).click();
    await expect
      .poll(() => announcer().textContent())
      .toContain(say('sale:removed', { name: b.productName }));
    await scan(page, a.barcode);
    await expect.poll(() => announcer().textContent()).toBe(say('sale:added', { name: a.productName }));
    await page.locator('[data-totals]').click();
    await page.keyboard.press('Control+z');
    expect(await rows().count()).toBe(1);
    // Quantity, void and place announce themselves too, each replacing the last.
    await page.keyboard.press('+');
    await expect
      .poll(() => announcer().textContent())
      .toBe(say('sale:quantityStored', { name: a.productName, quantity: '3' }));
    await page.keyboard.press('F8');
    await page.keyboard.press('F8');
    await expect.poll(() => announcer().textContent()).toContain(say('sale:voided'));
    await scan(page, a.barcode);
    await lines().locator(`[data-barcode="${a.barcode}"]`).waitFor();
    await placeOrder();
    await expect
      .poll(() => announcer().textContent())
      .toMatch(
        anyOf(
          sayPattern('sale:placedSent', ['id']),
          sayPattern('sale:placedSending'),
          sayPattern('sale:placedQueued'),
          sayPattern('sale:placedOther', ['state']),
        ),
      );
    expect(await announcer().locator('p').count()).toBe(1);
  });

  it('a key legend says what the keys do now; Tab goes code -> lines -> pay; typed keys reach the code field', async () => {
    await voidIfAny();
    const legend = page.getByTestId('key-legend');
    const keys = () =>
      legend
        .locator('[data-legend-key]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-legend-key')));
    // The legend follows the sale a frame after it is shown.
    await expect.poll(() => legend.textContent()).toContain(say('sale:payFirst'));
    expect(await keys()).not.toContain('Delete');
    const [a, b] = counted as [Product, Product];
    await scan(page, a.barcode);
    await scan(page, b.barcode);
    await expect.poll(() => rows().count()).toBe(2);
    await page.locator('[data-totals]').click();
    await expect.poll(keys).toEqual(expect.arrayContaining(['F9', 'F8', '↑ ↓', '+', 'Delete']));
    await expect.poll(() => legend.textContent()).toContain(say('sale:removeLine', { name: b.productName }));
    await expect.poll(() => legend.textContent()).toContain(say('sale:payLines', { count: 2 }));
    await screenshot(page, 'day-06-key-legend');
    await page.keyboard.press('F8');
    await expect.poll(() => legend.textContent()).toContain(say('sale:voidConfirm'));
    // Any other action disarms it.
    await page.keyboard.press('Delete');
    await expect.poll(() => keys()).toContain('Ctrl+Z');
    expect(await legend.textContent()).toContain(say('sale:undoBringBack', { name: b.productName }));
    expect(await legend.textContent()).toContain(say('sale:voidTwice'));
    await page.keyboard.press('Control+z');
    await expect.poll(() => rows().count()).toBe(2);

    // Tab order: code field -> lines -> pay.
    await codeField().focus();
    await page.keyboard.press('Tab');
    expect(await isFocused('[data-testid="sale-lines"]')).toBe(true);
    // From the lines the arrows and + work.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Tab');
    expect(await isFocused('[data-action="place-order"]')).toBe(true);

    // Keys typed by hand with focus outside any field go to the code field, and open the list.
    await page.locator('[data-totals]').click();
    const word = (weighed.productName.split(/\s+/).find((w) => w.length >= 4) ?? '').slice(0, 4);
    await page.waitForTimeout(450); // a pause before typing, as a person makes
    await page.keyboard.type(word, { delay: 150 });
    await expect.poll(() => codeField().inputValue()).toBe(word);
    expect(await isFocused('[data-field="code"]')).toBe(true);
    await expect
      .poll(async () => Number(await page.getByTestId('find-list').getAttribute('data-count')))
      .toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await codeField().fill('');

    // A scan with focus outside any field adds its product, never lands in the code field, and the
    // line keys still work after it.
    await page.locator('[data-totals]').click();
    await scan(page, a.barcode);
    await expect
      .poll(() => lines().locator(`[data-barcode="${a.barcode}"]`).getAttribute('data-quantity'))
      .toBe('2');
    expect(await codeField().inputValue()).toBe('');
    expect(await isFocused('[data-field="code"]')).toBe(false);
    await page.keyboard.press('+');
    await expect
      .poll(() => lines().locator(`[data-barcode="${a.barcode}"]`).getAttribute('data-quantity'))
      .toBe('3');
    // A scan into the focused code field adds too, and leaves it empty.
    await codeField().focus();
    await scan(page, b.barcode);
    await expect
      .poll(() => lines().locator(`[data-barcode="${b.barcode}"]`).getAttribute('data-quantity'))
      .toBe('2');
    expect(await codeField().inputValue()).toBe('');
  });

  it('the customer panel names the company and says what "Owes" means for this sale', async () => {
    await voidIfAny();
    const [a] = counted as [Product];
    await scan(page, a.barcode);
    await scan(page, card.barcode);
    const customer = page.getByTestId('customer');
    await expect.poll(() => customer.getAttribute('data-company')).toBe(String(card.companyId));
    await expect.poll(() => customer.locator('[data-company-name]').textContent()).toContain(card.name);
    expect(await customer.textContent()).not.toContain(
      say('sale:companyNumber', { id: String(card.companyId) }),
    );
    expect(await customer.textContent()).toContain(say('sale:owes'));
    // The card was picked as the one with the most receivables: what it owes is counted and dated.
    const unpaid = fromCache((db) =>
      db
        .prepare(
          `SELECT dueDate FROM financial_receivable
           WHERE customerId = ? AND coalesce(amount, 0) - coalesce(alreadyPaid, 0) > 0
             AND upper(trim(coalesce(currency, ''))) IN (?, '') ORDER BY dueDate, id`,
        )
        .pluck()
        // In the till's currency (the demo's receivables are mostly CZK): others are said apart.
        .all(card.companyId, 'CZK'),
    ) as (string | null)[];
    expect(unpaid.length).toBeGreaterThan(0);
    const note = await customer.locator('[data-owes-note]').textContent();
    const what = say('sale:unpaidCount', { count: unpaid.length });
    expect(note).toContain(what);
    const oldest = unpaid.find((d) => d !== null) ?? '';
    expect(oldest).not.toBe('');
    // The due date as the page's locale writes it (Intl, dateStyle medium).
    const due = await page.evaluate(
      (day) =>
        new Intl.DateTimeFormat(navigator.language, { dateStyle: 'medium' }).format(
          new Date(`${day}T00:00:00`),
        ),
      oldest.slice(0, 10),
    );
    // Past due before today (UTC, as the panel counts it): said as overdue.
    const overdue = oldest.slice(0, 10) < new Date().toISOString().slice(0, 10);
    expect(note).toContain(
      say(overdue ? 'sale:unpaidOldestOverdue' : 'sale:unpaidOldest', { what, date: due }),
    );
    expect(note).toContain(say('sale:notBlocked'));
    await screenshot(page, 'day-07-customer-panel');
    await voidIfAny();
  });

  it("says what a customer owes in another currency apart, never added to the till's", async () => {
    // The card's company owes in CZK (the till's currency); the back office books it an invoice
    // in EUR, and the till syncs.
    sim.admin.addReceivable({
      customerId: card.companyId,
      customerName: card.name,
      currency: 'EUR',
      currencyId: 2,
      amount: 120.5,
      alreadyPaid: 20,
      date: '2026-11-02T00:00:00',
      dueDate: '2026-11-16T00:00:00',
    });
    await syncCache(terminal.env);
    const [a] = counted as [Product];
    await scan(page, a.barcode);
    await scan(page, card.barcode);
    const customer = page.getByTestId('customer');
    await expect.poll(() => customer.getAttribute('data-company')).toBe(String(card.companyId));
    // All it owes in EUR: the demo's own EUR invoices of the company, if any, and the new one.
    const owed = (currencies: string) =>
      fromCache((db) =>
        db
          .prepare(
            `SELECT coalesce(sum(amount - coalesce(alreadyPaid, 0)), 0) FROM financial_receivable
             WHERE customerId = ? AND upper(trim(coalesce(currency, ''))) IN (${currencies})
               AND amount - coalesce(alreadyPaid, 0) > 0`,
          )
          .pluck()
          .get(card.companyId),
      ) as number;
    const inCurrency = (amount: number, currency: string) =>
      page.evaluate(
        ([n, c]) => new Intl.NumberFormat(navigator.language, { style: 'currency', currency: c }).format(n),
        [Math.round(amount * 100) / 100, currency] as const,
      );
    const eur = await inCurrency(owed("'EUR'"), 'EUR');
    await expect
      .poll(() => customer.locator('[data-owes-elsewhere]').textContent())
      .toContain(say('sale:owesElsewhere', { amounts: eur }));
    // What it owes in CZK (the till's currency; an invoice naming none counts in it): no euros in it.
    expect(await customer.locator('[data-owes]').textContent()).toContain(
      await inCurrency(owed("'CZK', ''"), 'CZK'),
    );
    await screenshot(page, 'day-07b-customer-owes-two-currencies');
    // At the smallest size too: the amounts wrap, and the note stays in sight.
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'day-07b-customer-owes-two-currencies-1024x768');
    await page.setViewportSize({ width: 1366, height: 820 });
    await voidIfAny();
  });
});
