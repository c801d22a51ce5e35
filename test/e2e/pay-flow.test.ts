// Paying without surprises, through the web shell in Debian's Chromium against the real sim, in the
// run's language at 1024×768 and 1280×800 (one shell, one page, the viewport switched within a case):
// a sale the till knows will be refused is refused before the payment panel opens, saying what to do
// (a client without the permission to create orders: said in the status bar from the first probe; no
// customer on a real instance's first run, which asks for a walk-in customer); the change due stays
// large on the Sale screen until the next scan, and Enter on a focused round note chooses that note;
// card + cash in one sale, keyboard first, kept on the receipt and in the order's note.
import type Database from 'better-sqlite3';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSim } from '../../sim/server.ts';
import { goTo, openOnSale, scan, statusBar, statusBarProblems, syncAll } from './app.ts';
import { screenshot, type RunningShell, SIZES } from './browser.ts';
import { E2E_LOCALE, say } from './lang.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import {
  freshTerminal,
  fromCatalog,
  plainProducts,
  stopAll,
  type SyncedTerminal,
} from '../support/terminal.ts';

/** Every permission Counter reads with (README), but not the one to create orders. */
const READS = [
  'Permissions.StockItems.View',
  'Permissions.ItemLists.View',
  'Permissions.Companies.View',
  'Permissions.Product.View',
  'Permissions.FinancialReceivables.View',
  'Permissions.PointOfSale.View',
];
const TILL = { clientId: 'till-pay-flow', clientSecret: 'till-pay-flow-secret' };
let terminal: SyncedTerminal;
let sim: RunningSim;
let shell: RunningShell;
let browser: Browser;
let page: Page;
let products: { barcode: string; price: number }[];
let walkInCompany: number;

beforeAll(async () => {
  terminal = await freshTerminal('pay-flow');
  ({ sim } = terminal);
  // The till's client may read everything but not create orders (its administrator forgot one).
  sim.admin.addClient({ ...TILL, permissions: READS });
  const env = { ...terminal.env, POS_CLIENT_ID: TILL.clientId, POS_CLIENT_SECRET: TILL.clientSecret };
  ({ shell, browser, page } = await openOnSale(env));
});

afterAll(() => stopAll(terminal, shell, browser));

screenshotOnFailure(() => page, 'pay-flow');

const fromCache = <T>(fn: (db: Database.Database) => T): T => fromCatalog(terminal.dataDir, fn);
const panel = () => page.getByTestId('payment-panel');
const lines = () => page.getByTestId('sale-lines');
const announcer = () => page.getByTestId('announcer');
const changeDue = () => page.getByTestId('change-due');
const ordersNotAllowed = () => statusBar(page).locator('[data-orders-not-allowed]');
const placedReceipt = () => page.getByTestId('placed-receipt').locator('.receipt');
const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

/** Null when a panel's title is whole inside the panel's visible box and on top; else what is wrong. */
function titleInSight(card: Locator): Promise<string | null> {
  return card.evaluate((el) => {
    const title = el.querySelector('h2');
    if (title === null) return 'no title';
    const r = title.getBoundingClientRect();
    const c = el.getBoundingClientRect();
    const top = c.top + el.clientTop;
    if (r.top < top - 0.5 || r.bottom > top + el.clientHeight + 0.5)
      return `title ${String(Math.round(r.top))}-${String(Math.round(r.bottom))} cut by its panel (${String(Math.round(top))}-${String(Math.round(top + el.clientHeight))})`;
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    return hit !== null && title.contains(hit) ? null : 'title covered';
  });
}

/** The run's decimal separator, and an amount as the page's locale writes it in a field ("12,5"). */
const DECIMAL =
  new Intl.NumberFormat(E2E_LOCALE).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
const typed = (n: number) => n.toFixed(2).replace('.', DECIMAL);

/** An amount as the page shows it ("1 234,50 Kč"), as a number. */
function amountOf(text: string | null): number {
  const kept = Array.from(text ?? '')
    .filter((c) => /[\d-]/.test(c) || c === DECIMAL)
    .join('');
  return Number(kept.replace(DECIMAL, '.'));
}

/** The element lies wholly inside the viewport (nothing to scroll to see it). */
async function inViewport(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
  });
}

/** `count` products (from the `from`th) on the sale, each waited for on screen. */
async function sale(count: number, from = 0): Promise<void> {
  for (const p of products.slice(from, from + count)) {
    await scan(page, p.barcode);
    await lines().locator(`[data-barcode="${p.barcode}"]`).waitFor();
  }
}

/** A cash amount as it is paid: whole crowns (the demo's currency is CZK), half a crown up. */
const inCrowns = (amount: number): number => Math.round(amount);

async function openPanel(): Promise<number> {
  await page.keyboard.press('F9');
  await panel().waitFor();
  return Number(await panel().locator('[data-payment-total]').getAttribute('data-amount'));
}

describe('paying without surprises', { timeout: 180_000 }, () => {
  it(
    'syncs the catalog (setup); the first run asks for the warehouse and, beside it, the walk-in customer',
    { timeout: 240_000 },
    async () => {
      await expect
        .poll(() => statusBar(page).textContent(), { timeout: 30_000 })
        .toContain(say('common:online'));
      await goTo(page, 'settings');
      await syncAll(page);
      // Settings says nobody chose yet, and offers a card for every sale as a choice of its own.
      const walkInCard = page.locator('[data-section="walk-in"]');
      expect(await walkInCard.textContent()).toContain(say('settings:walkInNotChosen'));
      expect(await walkInCard.locator('[data-action="card-every-sale"]').count()).toBe(1);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await walkInCard.scrollIntoViewIfNeeded();
        await screenshot(page, `payflow-00-settings-walk-in-${String(size.width)}`);
      }
      await goTo(page, 'sale');
      const warehouse = page.locator('[data-section="sale-warehouse"]');
      const walkInPrompt = page.locator('[data-section="sale-walk-in"]');
      await warehouse.waitFor();
      await walkInPrompt.waitFor();
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await expect.poll(() => inViewport(walkInPrompt)).toBe(true);
        await screenshot(page, `payflow-01-first-run-${String(size.width)}`);
      }
      const select = warehouse.locator('select');
      await expect.poll(() => select.locator('option').count()).toBeGreaterThan(2);
      const warehouseId = Number(await select.locator('option').nth(1).getAttribute('value'));
      await select.selectOption(String(warehouseId));
      await warehouse.waitFor({ state: 'detached' });
      products = plainProducts(terminal.dataDir, {
        columns: 'barcode, price',
        warehouseId,
        where: 'price > 1',
        limit: 4,
      });
      walkInCompany = fromCache(
        (db) =>
          db
            .prepare('SELECT companyId FROM discovered_company ORDER BY companyId LIMIT 1')
            .pluck()
            .get() as number,
      );
      expect(products).toHaveLength(4);
      expect(walkInCompany).toBeGreaterThan(0);
    },
  );

  it('refuses F9 before payment while the instance does not let the till create orders, and says so in the status bar', async () => {
    // Known from the probe when the instance came online: nobody tested the connection, no order failed.
    await expect.poll(() => ordersNotAllowed().count(), { timeout: 20_000 }).toBe(1);
    expect(await ordersNotAllowed().textContent()).toBe(say('common:ordersNotAllowed'));
    const ordersBefore = sim.admin.listOrders().length;
    await sale(1);
    const refusal = say('sale:refusedNoOrderPermission', { permission: 'Permissions.Orders.Create' });
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.keyboard.press('F9');
      await expect.poll(() => announcer().textContent()).toContain(refusal);
      expect(await panel().count()).toBe(0);
      expect(await inViewport(announcer())).toBe(true);
      expect(await inViewport(ordersNotAllowed())).toBe(true);
      // Beside the shift's own item: every item of the status bar whole, none over another.
      await expect.poll(() => statusBarProblems(page)).toBeNull();
      expect(await statusBar(page).locator('[data-shift-status]').getAttribute('data-shift-status')).not.toBe(
        'closed',
      );
      await screenshot(page, `payflow-02-no-permission-${String(size.width)}`);
    }
    // The Place order button says the same, and opens nothing either.
    await page.locator('[data-action="place-order"]').click();
    expect(await panel().count()).toBe(0);
    expect(sim.admin.listOrders()).toHaveLength(ordersBefore);

    // The administrator grants it; Test connection tells the till, and the status bar says nothing more.
    sim.admin.addClient({ ...TILL, permissions: [...READS, 'Permissions.Orders.Create'] });
    await goTo(page, 'settings');
    await page.locator('[data-action="test-connection"]').click();
    await expect.poll(() => ordersNotAllowed().count(), { timeout: 20_000 }).toBe(0);
    await goTo(page, 'sale');
  });

  it('refuses F9 without a customer, saying to scan a card or choose a walk-in customer; chosen beside the sale, F9 opens', async () => {
    const refusal = say('sale:refusedNoCustomer');
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.keyboard.press('F9');
      await expect.poll(() => announcer().textContent()).toContain(refusal);
      expect(await panel().count()).toBe(0);
      expect(await inViewport(announcer())).toBe(true);
      await screenshot(page, `payflow-03-no-customer-${String(size.width)}`);
    }
    // Chosen where it was asked, by the company's number.
    const prompt = page.locator('[data-section="sale-walk-in"]');
    await prompt.locator('[data-field="walkInPrompt"]').fill(String(walkInCompany));
    await prompt.locator(`[data-company-match="${String(walkInCompany)}"]`).click();
    await expect
      .poll(() => page.getByTestId('customer').getAttribute('data-walk-in'))
      .toBe(String(walkInCompany));
    await prompt.waitFor({ state: 'detached' });
    await page.locator('[data-field="code"]').focus();
    await openPanel();
    await page.keyboard.press('Escape');
    await panel().waitFor({ state: 'detached' });
  });

  it('Enter on a focused round note chooses it; after placing, the change due stays large until the next scan', async () => {
    for (const [i, size] of SIZES.entries()) {
      await page.setViewportSize(size);
      if (i > 0) await sale(1, 1);
      const total = await openPanel();
      const note = panel().locator('[data-quick]').nth(1);
      const chosen = Number(await note.getAttribute('data-quick'));
      // Focused (as Tab from the amount field gets there), then Enter.
      await note.focus();
      expect(await isFocused(note)).toBe(true);
      await page.keyboard.press('Enter');
      // Chosen, not placed: the panel is still open with that note as the amount given, and the
      // amount field has focus again so that the next Enter places.
      const given = panel().locator('[data-field="given"]');
      await expect.poll(() => given.inputValue()).toBe(String(chosen));
      expect(await panel().count()).toBe(1);
      expect(await isFocused(given)).toBe(true);
      // Cash is counted in whole crowns (the demo's currency is CZK): change from the crowns due.
      const change = chosen - inCrowns(total);
      await expect
        .poll(() => panel().locator('.payment-change').getAttribute('data-change'))
        .toBe(change.toFixed(2));
      const ordersBefore = sim.admin.listOrders().length;
      await page.keyboard.press('Enter');
      await panel().waitFor({ state: 'detached' });
      await expect.poll(() => sim.admin.listOrders().length, { timeout: 15_000 }).toBe(ordersBefore + 1);
      // Large, on screen without scrolling, and it stays while the receipt comes in below.
      await changeDue().waitFor();
      expect(await changeDue().getAttribute('data-change')).toBe(change.toFixed(2));
      const amount = changeDue().locator('[data-change-due]');
      expect(amountOf(await amount.textContent())).toBeCloseTo(change, 2);
      const px = await amount.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
      expect(px).toBeGreaterThanOrEqual(32);
      expect(await inViewport(changeDue())).toBe(true);
      await expect
        .poll(() => placedReceipt().getAttribute('data-receipt-state'), { timeout: 15_000 })
        .toBe('sent');
      expect(await changeDue().count()).toBe(1);
      await screenshot(page, `payflow-04-change-due-${String(size.width)}`);
    }
    // The next customer's first scan takes it away.
    await sale(1, 2);
    await changeDue().waitFor({ state: 'detached' });
  });

  it('takes card + cash in one sale, keyboard only: the card part, the rest in cash with change, on the receipt', async () => {
    for (const [i, size] of SIZES.entries()) {
      await page.setViewportSize(size);
      if (i > 0) await sale(2, 0);
      else await sale(1, 3);
      const total = await openPanel();
      await page.keyboard.press('F4');
      await expect.poll(() => panel().getAttribute('data-method')).toBe('split');
      const cardField = panel().locator('[data-field="card"]');
      await expect.poll(() => isFocused(cardField)).toBe(true);
      // The card's part exact; the cash pays the rest in whole crowns (the demo's currency is CZK).
      let card = Math.floor(total / 2);
      const share = Math.round((total - card) * 100) / 100;
      const rest = inCrowns(share);
      let rounding = Math.round((rest - share) * 100) / 100;
      let given: number;
      if (i === 0) {
        // The card's part, Tab, the cash handed over: change from the cash.
        given = Math.ceil(rest / 100) * 100;
        await page.keyboard.type(String(card));
        await page.keyboard.press('Tab');
        expect(await isFocused(panel().locator('[data-field="given"]'))).toBe(true);
        // A person's keys (slow): six or more at a machine's speed are a scanner's to the scanner
        // module, and an Enter within 400 ms of them would end that scan rather than place the order.
        await page.keyboard.type(typed(given), { delay: 120 });
      } else {
        // Only the cash handed over (whole crowns, below the total): the card pays the rest exactly.
        given = rest;
        card = Math.round((total - given) * 100) / 100;
        rounding = 0;
        await page.keyboard.press('Tab');
        await page.keyboard.type(typed(given), { delay: 120 });
      }
      const change = given - rest;
      await expect
        .poll(() => panel().locator('[data-split-card]').getAttribute('data-split-card'))
        .toBe(card.toFixed(2));
      await expect
        .poll(() => panel().locator('.payment-change').getAttribute('data-change'))
        .toBe(change.toFixed(2));
      const roundingLine = panel().locator('[data-payment-rounding]');
      if (rounding === 0) expect(await roundingLine.count()).toBe(0);
      else expect(await roundingLine.getAttribute('data-payment-rounding')).toBe(rounding.toFixed(2));
      expect(await inViewport(panel())).toBe(true);
      await screenshot(page, `payflow-05-split-panel-${String(size.width)}`);
      const ordersBefore = sim.admin.listOrders().length;
      await page.keyboard.press('Enter');
      await panel().waitFor({ state: 'detached' });
      await expect.poll(() => sim.admin.listOrders().length, { timeout: 15_000 }).toBe(ordersBefore + 1);
      const rounded = rounding === 0 ? '' : ` (rest ${share.toFixed(2)} rounded by ${rounding.toFixed(2)})`;
      expect(sim.admin.listOrders().at(-1)?.note ?? '').toContain(
        `paid by card ${card.toFixed(2)} and in cash ${rest.toFixed(2)}${rounded}, ${given.toFixed(2)} given, ${change.toFixed(2)} change`,
      );
      await changeDue().waitFor();
      expect(await changeDue().getAttribute('data-tender')).toBe('split');
      expect(await changeDue().getAttribute('data-change')).toBe(change.toFixed(2));
      expect(await inViewport(changeDue())).toBe(true);
      // Beside the change and its parts, the customer panel keeps its title whole (at 1024x768 it
      // was squeezed to a sliver, its title cut through).
      expect(await titleInSight(page.getByTestId('customer'))).toBeNull();
      // ... and the side column still holds the buttons under it, parked sales (F10) the last.
      expect(await page.locator('.sale-side').evaluate((e) => e.scrollHeight <= e.clientHeight + 1)).toBe(
        true,
      );
      const receipt = placedReceipt();
      await expect
        .poll(() => receipt.locator('[data-receipt-tender]').getAttribute('data-receipt-tender'))
        .toBe('split');
      expect(amountOf(await receipt.locator('[data-receipt-card]').textContent())).toBeCloseTo(card, 2);
      expect(amountOf(await receipt.locator('[data-receipt-cash]').textContent())).toBeCloseTo(rest, 2);
      expect(amountOf(await receipt.locator('[data-receipt-given]').textContent())).toBeCloseTo(given, 2);
      expect(amountOf(await receipt.locator('[data-receipt-change]').textContent())).toBeCloseTo(change, 2);
      await screenshot(page, `payflow-06-split-placed-${String(size.width)}`);
      // The same receipt reprinted from Orders: the payment part whole, in a dialog.
      const order = (await receipt.getAttribute('data-receipt')) ?? '';
      await goTo(page, 'orders');
      await page.locator(`[data-order="${order}"] [data-action="receipt"]`).click();
      const dialog = page.getByTestId('receipt-dialog');
      await dialog.waitFor();
      expect(await dialog.locator('[data-receipt-tender]').getAttribute('data-receipt-tender')).toBe('split');
      await dialog.locator('[data-receipt-tender]').scrollIntoViewIfNeeded();
      await screenshot(page, `payflow-07-split-receipt-${String(size.width)}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await goTo(page, 'sale');
    }
  });
});
