// Issue 38's "Done when", on screen in the run's language at 1024x768: two web shells ("pokladna1",
// "pokladna2"), each on its own data folder, one instance (the sim) and one real nats-server hub. A
// sale placed at till 1 (two of one item, one of another, paid in cash) is found at till 2's Returns
// screen (F11) by its receipt number, which says the till that sold it; one unit comes back there with
// the hub up, then, the instance away, the other line; the first line's two units again are refused
// (one is left). Then the hub is killed (-9) and started again; a sale placed at till 1 meanwhile
// reaches till 2: its Shift screen's store view counts both of till 1's sales.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestHub } from '../support/nats-hub.ts';
import { fromTill, type SyncedTerminal } from '../support/terminal.ts';
import { goTo, placeOrder, scan } from './app.ts';
import { screenshot } from './browser.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import { sayPattern } from './lang.ts';
import { startStoreTills, type StoreTills } from './store-tills.ts';

let tills: StoreTills | undefined;
let hub: TestHub;
let one: SyncedTerminal;
let twoDir = '';
let page1: Page;
let page2: Page;
let a = '';
let b = '';

beforeAll(async () => {
  // The instance takes negative quantities: a return's document is a negative order (queued offline).
  tills = await startStoreTills('store-returns', { negativeOrderQuantities: true });
  ({ hub, one, page1, page2, twoDir } = tills);
  [a, b] = tills.plain;
}, 300_000);

afterAll(async () => {
  await one.sim.faults.setOffline(false);
  await tills?.stop();
});

screenshotOnFailure(() => page2, 'store-returns');

/** Till 1's sales as till 2 knows them from the hub (the journal it applied). */
const storeSales = () =>
  fromTill(
    twoDir,
    (db) =>
      (
        db
          .prepare("SELECT count(DISTINCT orderId) AS n FROM store_sold_line WHERE till = 'pokladna1'")
          .get() as { n: number }
      ).n,
  );

describe('a sale at till 1 returned at till 2, the hub killed and back', { timeout: 300_000 }, () => {
  it('returns till 1 sale at till 2 with the hub up, again with the instance down, refuses the rest', async () => {
    await goTo(page1, 'sale');
    const lines = page1.getByTestId('lines-box').locator('[data-line]');
    for (const code of [a, a, b]) await scan(page1, code);
    await expect.poll(() => lines.count()).toBe(2);
    await placeOrder(page1);
    await expect.poll(() => one.sim.admin.listOrders().length, { timeout: 30_000 }).toBe(1);
    await expect.poll(storeSales, { timeout: 60_000, interval: 250 }).toBe(1);

    // Till 2 finds it by the number printed on till 1's receipt, and says which till sold it.
    await goTo(page2, 'returns');
    const screen = page2.getByTestId('returns');
    const find = screen.locator('[data-field="return-find"]');
    await find.fill('P1-000001');
    await find.press('Enter');
    const sale = screen.locator('[data-testid="return-sale"][data-receipt="P1-000001"]');
    await sale.waitFor();
    await expect
      .poll(() => sale.locator('[data-sale-till]').getAttribute('data-sale-till'))
      .toBe('pokladna1');
    const first = sale.locator('tr[data-line]').first();
    const second = sale.locator('tr[data-line]').nth(1);
    expect(await first.getAttribute('data-left')).toBe('2');

    // One unit back with the hub up: no manager needed (the claim is the store's).
    await first.locator('[data-line-qty]').fill('1');
    await screen.getByTestId('return-refund').waitFor();
    expect(await screen.getByTestId('return-needs-manager').count()).toBe(0);
    await page2.keyboard.press('F9');
    const made = screen.getByTestId('return-made');
    await expect.poll(() => made.getAttribute('data-number')).toBe('P2-V000001');
    await expect.poll(() => first.getAttribute('data-left')).toBe('1');
    await screenshot(page2, 'store-returns-hub-up');

    // Online, its document reaches the instance: a negative order.
    const negatives = () =>
      one.sim.admin.listOrders().filter((o) => o.items.some((item) => item.quantity < 0)).length;
    await expect.poll(negatives, { timeout: 60_000, interval: 250 }).toBe(1);

    // The instance away (the hub still up): the other line comes back, its document queued.
    await one.sim.faults.setOffline(true);
    await find.fill('P1-000001');
    await find.press('Enter');
    await sale.waitFor();
    await second.locator('[data-line-qty]').fill('1');
    await screen.getByTestId('return-refund').waitFor();
    expect(await screen.getByTestId('return-needs-manager').count()).toBe(0);
    await page2.keyboard.press('F9');
    await expect.poll(() => made.getAttribute('data-number')).toBe('P2-V000002');
    // Its document waits for the instance (the receipt on screen says what it was when made).
    expect(['queued', 'sending']).toContain(await made.getAttribute('data-state'));
    expect(negatives()).toBe(1);
    await expect.poll(() => second.getAttribute('data-left')).toBe('0');

    // The first line's two units again: refused, one came back already and one is left.
    await first.locator('[data-line-qty]').fill('2');
    await expect
      .poll(() => screen.getByTestId('return-error').textContent())
      .toMatch(sayPattern('core:returnTooMuch', ['name', 'sold', 'left']));
    expect(await screen.getByTestId('return-error').textContent()).toContain('1');
    await screenshot(page2, 'store-returns-refused');
    await first.locator('[data-line-qty]').fill('');
    expect(
      fromTill(twoDir, (db) =>
        db.prepare("SELECT count(*) FROM till_return WHERE saleTill = 'pokladna1'").pluck().get(),
      ),
    ).toBe(2);
    await one.sim.faults.setOffline(false);
    // Back online: each return's document reaches the instance once, a negative order.
    await expect.poll(negatives, { timeout: 60_000, interval: 250 }).toBe(2);
  });

  it("loses nothing when the hub is killed: till 1's sale meanwhile reaches till 2's store view", async () => {
    await one.sim.faults.setOffline(false); // (as the test before left it, also when it failed)
    await hub.kill9();
    await goTo(page1, 'sale');
    await scan(page1, b);
    await expect.poll(() => page1.getByTestId('lines-box').locator('[data-line]').count()).toBe(1);
    await placeOrder(page1);
    const sales = () =>
      one.sim.admin.listOrders().filter((o) => o.items.every((item) => item.quantity > 0)).length;
    await expect.poll(sales, { timeout: 30_000 }).toBe(2);
    expect(storeSales()).toBe(1);
    await hub.start();
    await expect.poll(storeSales, { timeout: 90_000, interval: 250 }).toBe(2);

    await goTo(page2, 'shift');
    await page2.locator('[data-action="show-store"]').click();
    const row = page2.locator('[data-store-till="pokladna1"]');
    await expect.poll(() => row.locator('td').nth(1).textContent(), { timeout: 60_000 }).toBe('2');
    await screenshot(page2, 'store-returns-shift-store');
  });
});
