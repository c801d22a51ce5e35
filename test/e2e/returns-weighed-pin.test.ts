// Returns beyond the manager's limit, in the e2e language at 1024×768 (issue 37, points 2-4): the till
// has a manager PIN and a refund limit of 1, so every return and every exchange asks for the PIN.
// A weighed line (1,234 kg from the scale's label) comes back in part: 0,5 kg first, then the rest
// with "Vše"; the two refunds add up to exactly what was paid for the line. An exchange whose credit
// is beyond the limit: F9 and Enter in the payment panel open the PIN dialog; given, both documents are
// settled (the PIN dialog above the payment panel, not hidden behind it); the lock shuts again after
// it (one PIN, one exchange): the next return asks again.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCheckDigit } from '../../main/barcode/index.ts';
import { hashPin } from '../../main/settings/manager-pin.ts';
import {
  cheapAndDear,
  configureTill,
  fromCatalog,
  fromTill,
  SELLS_PLAINLY,
  stopAll,
  syncedTerminal,
  type SyncedTerminal,
} from '../support/terminal.ts';
import { amountIn, goTo, openOnSale, placeOrder, scan } from './app.ts';
import { screenshot, type RunningShell } from './browser.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import { E2E_LOCALE, sayPattern } from './lang.ts';

const PIN = '4321';

/** The returns stored, in the order made: number, refund (minor units), the quantity of line 1. */
function storedReturns(dataDir: string): { number: number; refundMinor: number; quantityMilli: number }[] {
  return fromTill(
    dataDir,
    (db) =>
      db
        .prepare(
          `SELECT r.number, r.refundMinor, coalesce(sum(l.quantityMilli), 0) AS quantityMilli
             FROM till_return r LEFT JOIN till_return_line l ON l.returnId = r.id
            GROUP BY r.id ORDER BY r.id`,
        )
        .all() as { number: number; refundMinor: number; quantityMilli: number }[],
  );
}

describe('returns and an exchange beyond the manager limit', () => {
  let terminal: SyncedTerminal;
  let shell: RunningShell | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let label = '';
  let cheap = '';
  let dear = '';

  beforeAll(async () => {
    terminal = await syncedTerminal('returns-weighed-pin', {});
    const weighed = fromCatalog(
      terminal.dataDir,
      (db) =>
        db
          .prepare(
            `SELECT barcode FROM stock_item WHERE warehouseId = 1 AND barcode LIKE '21%'
               AND unitOfMeasure = 'kg' AND ${SELLS_PLAINLY} ORDER BY id LIMIT 1`,
          )
          .get() as { barcode: string } | undefined,
    );
    if (weighed === undefined) throw new Error('a weighed product with a scale label code');
    // The scale's label: the catalog's code with 1,234 kg in place of its zeros.
    label = withCheckDigit(`${weighed.barcode.slice(0, 7)}012340`);
    ({ cheap, dear } = cheapAndDear(terminal.dataDir));
    configureTill(terminal.dataDir, { managerPinHash: hashPin(PIN), returnAmountLimit: 1 });
    ({ shell, browser, page } = await openOnSale(terminal.env));
  }, 300_000);

  afterAll(() => stopAll(terminal, shell, browser));

  screenshotOnFailure(() => page, 'returns-weighed-pin');

  const screen = () => page.getByTestId('returns');

  /** The PIN dialog, asked for a refund beyond the limit: the PIN typed and Enter. */
  async function givePin(shot?: string): Promise<void> {
    const dialog = page.getByTestId('pin-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(sayPattern('core:returnNeedsPinAmount', ['refund', 'limit']));
    // In sight, above any dialog it was asked from (the payment panel): its field is what is at its place.
    const field = dialog.locator('[data-field="managerPin"]');
    const onTop = () =>
      field.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === el;
      });
    expect(await onTop()).toBe(true);
    if (shot !== undefined) await screenshot(page, shot);
    await field.fill(PIN);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
  }

  it('takes a weighed line back in part, then the rest: the refunds add up to what was paid', async () => {
    await goTo(page, 'sale');
    await scan(page, label);
    await expect.poll(() => page.getByTestId('lines-box').locator('[data-line]').count()).toBe(1);
    await placeOrder(page);

    await goTo(page, 'returns');
    await screen().locator('[data-field="return-find"]').fill('P1-000001');
    await page.keyboard.press('Enter');
    const line = screen()
      .locator('[data-testid="return-sale"][data-receipt="P1-000001"] tr[data-line]')
      .first();
    await line.waitFor();
    expect(await line.getAttribute('data-left')).toBe('1.234');
    const paid = await amountIn(line.locator('td').nth(3));
    const half = new Intl.NumberFormat(E2E_LOCALE).format(0.5);
    await line.locator('[data-line-qty]').fill(half);
    const refund = screen().getByTestId('return-refund');
    // Pro rata to the gram, exact to the unit: 0,5 of 1,234 kg of what was paid.
    await expect
      .poll(() => amountIn(refund.locator('[data-refund="total"]')))
      .toBeCloseTo(Math.round((paid * 100 * 500) / 1234) / 100, 2);
    await page.keyboard.press('F9');
    await givePin();
    const made = screen().getByTestId('return-made');
    await expect.poll(() => made.getAttribute('data-number')).toBe('P1-V000001');
    await expect.poll(() => line.getAttribute('data-left')).toBe('0.734');
    await screenshot(page, 'returns-weighed-part-1024');

    // The rest with "Vše": 0,734 kg, and the line has nothing left.
    await line.locator('[data-action="return-all"]').click();
    await expect
      .poll(() => line.locator('[data-line-qty]').inputValue())
      .toBe(new Intl.NumberFormat(E2E_LOCALE).format(0.734));
    await refund.waitFor();
    await page.keyboard.press('F9');
    await givePin();
    await expect.poll(() => made.getAttribute('data-number')).toBe('P1-V000002');
    await expect.poll(() => line.getAttribute('data-left')).toBe('0');
    const stored = storedReturns(terminal.dataDir);
    expect(stored.map((r) => r.quantityMilli)).toEqual([500, 734]);
    expect(stored.reduce((sum, r) => sum + r.refundMinor, 0)).toBe(Math.round(paid * 100));
  }, 300_000);

  it('asks the manager for an exchange beyond the limit, then shuts the lock again', async () => {
    await goTo(page, 'sale');
    await scan(page, cheap);
    await expect.poll(() => page.getByTestId('lines-box').locator('[data-line]').count()).toBe(1);
    await placeOrder(page);

    await goTo(page, 'returns');
    await screen().locator('[data-field="return-find"]').fill('P1-000002');
    await page.keyboard.press('Enter');
    const sold = screen().locator('[data-testid="return-sale"][data-receipt="P1-000002"]');
    await sold.waitFor();
    await sold.locator('tr[data-line]').first().locator('[data-line-qty]').fill('1');
    await screen().getByTestId('return-refund').waitFor();
    await page.keyboard.press('F8');
    const note = page.getByTestId('exchange-credit');
    await note.waitFor();
    await scan(page, dear);
    await note.locator('[data-exchange-due]').waitFor();

    // F9, Enter: the PIN first (the credit is beyond the limit of 1); nothing settled before it.
    await page.keyboard.press('F9');
    const panel = page.getByTestId('payment-panel');
    await panel.waitFor();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('pin-dialog');
    await dialog.waitFor();
    expect(storedReturns(terminal.dataDir)).toHaveLength(2);
    await givePin('exchange-pin-1024');
    await note.waitFor({ state: 'detached' });
    await expect.poll(() => storedReturns(terminal.dataDir).length).toBe(3);
    await expect
      .poll(() => page.getByTestId('placed-receipt').locator('[data-receipt-exchange]').textContent())
      .toContain('P1-V000003');

    // One PIN, one exchange: the next return beyond the limit asks for it again.
    await goTo(page, 'returns');
    await screen().locator('[data-field="return-find"]').fill('P1-000003');
    await page.keyboard.press('Enter');
    const next = screen().locator('[data-testid="return-sale"][data-receipt="P1-000003"]');
    await next.waitFor();
    await next.locator('tr[data-line]').first().locator('[data-line-qty]').fill('1');
    await screen().getByTestId('return-refund').waitFor();
    await page.keyboard.press('F9');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(storedReturns(terminal.dataDir)).toHaveLength(3);
  }, 300_000);
});
