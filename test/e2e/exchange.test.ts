// An exchange at the till (issue 37, point 4), as a cashier does it, in the e2e language at 1024×768:
// a cash sale of a cheaper product placed; the customer brings it back and takes a dearer one. On the
// Returns screen (F11) the sale is found by its number, its line chosen and "Výměna" (F8) takes it to
// the Sale screen as a credit ("Výměna za vratku z účtenky P1-000001: −X"), still there after the page
// is reloaded (the core keeps it with the sale); the dearer product scanned,
// the screen says the difference and F9's panel asks only for it; Enter settles both documents
// together (returns.exchange). The new sale's receipt names the return and the return names the new
// sale's order; the Shift screen's expected cash moved by the difference only.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotOnFailure } from './failure-shot.ts';
import { amountOf, goTo, openOnSale, placeOrder, scan } from './app.ts';
import { screenshot, type RunningShell } from './browser.ts';
import { say } from './lang.ts';
import {
  cheapAndDear,
  configureTill,
  fromTill,
  stopAll,
  syncedTerminal,
  type SyncedTerminal,
} from '../support/terminal.ts';

/** The amount after a label's colon ("Doplatit: 12,00 Kč"). */
async function amountIn(locator: Locator): Promise<number> {
  const text = (await locator.textContent()) ?? '';
  return amountOf(text.slice(text.lastIndexOf(':') + 1));
}

describe('an exchange at the till', () => {
  let terminal: SyncedTerminal;
  let shell: RunningShell | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let cheap = '';
  let dear = '';

  beforeAll(async () => {
    terminal = await syncedTerminal('exchange-ui', {});
    ({ cheap, dear } = cheapAndDear(terminal.dataDir));
    configureTill(terminal.dataDir);
    ({ shell, browser, page } = await openOnSale(terminal.env));
  }, 300_000);

  afterAll(() => stopAll(terminal, shell, browser));

  screenshotOnFailure(() => page, 'exchange');

  /** The drawer's expected cash as the Shift screen shows it now. */
  async function expectedCash(): Promise<number> {
    await goTo(page, 'shift');
    const expected = page.locator('[data-report-expected]').first();
    await expected.waitFor();
    return amountIn(expected);
  }

  /**
   * On the Returns screen, one piece of the first line of the sale `receipt` names, taken to the Sale
   * screen as an exchange's credit (F8); returns the credit's note there.
   */
  async function exchangeFirstLineOf(receipt: string): Promise<Locator> {
    await goTo(page, 'returns');
    const screen = page.getByTestId('returns');
    await screen.locator('[data-field="return-find"]').fill(receipt);
    await page.keyboard.press('Enter');
    const sold = screen.locator(`[data-testid="return-sale"][data-receipt="${receipt}"]`);
    await sold.waitFor();
    await sold.locator('tr[data-line]').first().locator('[data-line-qty]').fill('1');
    await screen.getByTestId('return-refund').waitFor();
    await page.keyboard.press('F8');
    const note = page.getByTestId('exchange-credit');
    await note.waitFor();
    return note;
  }

  it('takes a line back as a credit on a new sale: the customer pays the difference only', async () => {
    await goTo(page, 'sale');
    const lines = page.getByTestId('lines-box').locator('[data-line]');
    await scan(page, cheap);
    await expect.poll(() => lines.count()).toBe(1);
    await placeOrder(page);
    await expect.poll(() => terminal.sim.admin.listOrders().length, { timeout: 30_000 }).toBe(1);
    // The drawer before the exchange: the float and the first sale's cash, as the till stored them
    // (the Shift screen may first show what it read at start: it is waited for, not read at once).
    const before =
      fromTill(
        terminal.dataDir,
        (db) =>
          db
            .prepare(
              `SELECT (SELECT floatMinor FROM shift WHERE state = 'open')
                  + (SELECT coalesce(sum(amountMinor), 0) FROM sale_payment WHERE method IN ('cash', 'unsaid'))
                    AS m`,
            )
            .get() as { m: number },
      ).m / 100;
    await goTo(page, 'shift');
    await expect.poll(() => amountIn(page.locator('[data-report-expected]').first())).toBeCloseTo(before, 2);

    // The Returns screen: the sale by its number, its line chosen, F8 takes it to the Sale screen.
    const note = await exchangeFirstLineOf('P1-000001');
    const credit = Number(await note.getAttribute('data-credit'));
    expect(credit).toBeGreaterThan(0);
    expect(await note.textContent()).toContain(
      say('returns:exchangeCredit', { receipt: 'P1-000001', amount: '' }).replace(/:\s*$/, ''),
    );
    expect(await page.getByTestId('sale').isVisible()).toBe(true);
    // The credit is kept with the sale, not in the page: a reload of the app shows it again.
    await page.reload();
    await page.getByTestId('status-bar').waitFor();
    await goTo(page, 'sale');
    await expect.poll(() => note.getAttribute('data-credit'), { timeout: 30_000 }).toBe(String(credit));
    // Nothing is returned yet: the return is made only with the new sale.
    expect(
      fromTill(terminal.dataDir, (db) => db.prepare('SELECT count(*) AS n FROM till_return').get()),
    ).toEqual({
      n: 0,
    });

    await scan(page, dear);
    await expect.poll(() => lines.count()).toBe(1);
    const due = note.locator('[data-exchange-due]');
    await due.waitFor();
    const difference = Number(await due.getAttribute('data-exchange-due'));
    expect(difference).toBeGreaterThan(0);
    expect(difference).toBeLessThan(credit + difference);
    await screenshot(page, 'exchange-sale-credit-1024');

    // F9: the panel asks for the difference only; Enter settles the exchange.
    await page.keyboard.press('F9');
    const panel = page.getByTestId('payment-panel');
    await panel.waitFor();
    const asked = Number(await panel.locator('[data-payment-total]').getAttribute('data-amount'));
    expect(asked).toBeCloseTo(difference, 0);
    // The customer hands over 1 000: the change is shown large, as after any sale.
    await page.keyboard.type('1000');
    await page.keyboard.press('Enter');
    await panel.waitFor({ state: 'detached' });
    const change = page.getByTestId('change-due');
    await change.waitFor();
    expect(Number(await change.getAttribute('data-change'))).toBeCloseTo(1000 - difference, 2);
    await note.waitFor({ state: 'detached' });
    // The whole first sale came back: the instance may let its order go (DELETE), so the till's own
    // orders are counted.
    expect(
      fromTill(terminal.dataDir, (db) => db.prepare('SELECT count(*) AS n FROM outbox_order').get()),
    ).toEqual({
      n: 2,
    });

    // Each names the other: the new sale's receipt the return, the return the new sale's order.
    const stored = fromTill(terminal.dataDir, (db) =>
      db
        .prepare(
          `SELECT r.number AS number, r.exchangeOrderId AS exchangeOrderId,
                  (SELECT max(id) FROM outbox_order) AS lastOrder FROM till_return r`,
        )
        .all(),
    ) as { number: number; exchangeOrderId: number | null; lastOrder: number }[];
    expect(stored).toHaveLength(1);
    expect(stored[0]?.exchangeOrderId).toBe(stored[0]?.lastOrder);
    const receipt = page.getByTestId('placed-receipt');
    await expect.poll(() => receipt.locator('[data-receipt-exchange]').textContent()).toContain('P1-V000001');
    await screenshot(page, 'exchange-sale-placed-1024');

    // The drawer: only the difference came in.
    await goTo(page, 'shift');
    await expect
      .poll(() => amountIn(page.locator('[data-report-expected]').first()))
      .toBeCloseTo(before + difference, 2);
  }, 300_000);

  it('pays a credit beyond the new sale back in cash, once the cashier says it was handed over', async () => {
    // The dearer product of the exchange's sale (P1-000002) comes back for the cheaper one.
    const before = await expectedCash();
    const note = await exchangeFirstLineOf('P1-000002');
    const lines = page.getByTestId('lines-box').locator('[data-line]');
    await scan(page, cheap);
    await expect.poll(() => lines.count()).toBe(1);
    const back = note.locator('[data-exchange-back]');
    await back.waitFor();
    const owed = Number(await back.getAttribute('data-exchange-back'));
    expect(owed).toBeGreaterThan(0);
    await screenshot(page, 'exchange-sale-back-1024');

    // F9: no panel; the cashier is asked to pay it out, Esc keeps the sale as it was.
    await page.keyboard.press('F9');
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.waitFor();
    expect(await page.getByTestId('payment-panel').count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await note.isVisible()).toBe(true);
    const count = () =>
      fromTill(terminal.dataDir, (db) => db.prepare('SELECT count(*) AS n FROM till_return').get()) as {
        n: number;
      };
    expect(count().n).toBe(1);
    await page.keyboard.press('F9');
    await dialog.waitFor();
    await dialog.locator('[data-action="confirm-destroy"]').click();
    await note.waitFor({ state: 'detached' });
    expect(count().n).toBe(2);
    const receipt = page.getByTestId('placed-receipt');
    await expect.poll(() => receipt.locator('[data-receipt-exchange]').textContent()).toContain('P1-V000002');
    await goTo(page, 'shift');
    await expect
      .poll(() => amountIn(page.locator('[data-report-expected]').first()))
      .toBeCloseTo(before - owed, 2);
  }, 300_000);

  it('takes the difference by card exactly: the drawer does not move; split is refused', async () => {
    // The cheaper product of the last exchange's sale (P1-000003) back for the dearer one.
    const before = await expectedCash();
    const note = await exchangeFirstLineOf('P1-000003');
    const credit = Number(await note.getAttribute('data-credit'));
    const lines = page.getByTestId('lines-box').locator('[data-line]');
    await scan(page, dear);
    await expect.poll(() => lines.count()).toBe(1);
    const total = await amountIn(page.locator('[data-total]'));

    await page.keyboard.press('F9');
    const panel = page.getByTestId('payment-panel');
    await panel.waitFor();
    await page.keyboard.press('F4');
    await expect.poll(() => panel.getAttribute('data-method')).toBe('split');
    await page.keyboard.type('10');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => panel.locator('[data-payment-error]').textContent())
      .toBe(say('returns:exchangeNoSplit'));
    await page.keyboard.press('F3');
    await expect.poll(() => panel.getAttribute('data-method')).toBe('card');
    // The card is charged the difference exactly (no cash rounding).
    const asked = Number(await panel.locator('[data-payment-total]').getAttribute('data-amount'));
    expect(asked).toBeCloseTo(total - credit, 2);
    await page.keyboard.press('Enter');
    await panel.waitFor({ state: 'detached' });
    await note.waitFor({ state: 'detached' });
    const receipt = page.getByTestId('placed-receipt');
    await expect.poll(() => receipt.locator('[data-receipt-exchange]').textContent()).toContain('P1-V000003');
    const card = fromTill(terminal.dataDir, (db) =>
      db
        .prepare(
          // The only card payment of this till: the exchange's.
          "SELECT coalesce(sum(amountMinor), 0) AS m FROM sale_payment WHERE method = 'card'",
        )
        .get(),
    ) as { m: number };
    expect(card.m / 100).toBeCloseTo(total - credit, 2);
    await goTo(page, 'shift');
    await expect.poll(() => amountIn(page.locator('[data-report-expected]').first())).toBeCloseTo(before, 2);
  }, 300_000);
});
