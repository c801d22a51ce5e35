// The receipt printer from the screens, through the web shell in Debian's Chromium against the real
// sim and a fake network printer on loopback: Settings' printer card (address saved, a test page),
// a cash sale printed with the drawer's pulse, a sale while the printer is off waiting in the status
// bar ("Tiskárna: 1 čeká · neodpovídá") and printed once when it is back, and F7 reprinting it as a
// copy on the printer, the customer display in a window of its own, and a system printer chosen from
// the print spooler's list (a cupsd of the test's own, test/support/cups.ts, whose raw queue passes
// the bytes to the same fake printer), at 1024x768 and 1280x800.
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { SettingsStore } from '../../main/settings/store.ts';
import { TestCups } from '../support/cups.ts';
import { decodeEscPos, type Decoded } from '../support/escpos-decoder.ts';
import { FakePrinter } from '../support/fake-printer.ts';
import {
  firstSellable,
  fromCatalog,
  stopAll,
  syncedTerminal,
  type SyncedTerminal,
} from '../support/terminal.ts';
import { goTo, placeOrder, scan, statusBar } from './app.ts';
import { launchChromium, screenshot, startWebShellProcess, type RunningShell, SIZES } from './browser.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import { E2E_LANGUAGE, E2E_LOCALE, say } from './lang.ts';

let terminal: SyncedTerminal;
let shell: RunningShell | undefined;
let browser: Browser | undefined;
let printer: FakePrinter;
let cups: TestCups | undefined;
let page: Page;
let barcode: string;

beforeAll(async () => {
  terminal = await syncedTerminal('printer');
  printer = await FakePrinter.start();
  const product = firstSellable(terminal.dataDir);
  barcode = product.barcode;
  const walkIn = fromCatalog(
    terminal.dataDir,
    (db) =>
      db
        .prepare(
          `SELECT companyId, min(name) AS name FROM company_card WHERE name IS NOT NULL AND name != ''
           GROUP BY companyId ORDER BY companyId LIMIT 1`,
        )
        .get() as { companyId: number; name: string },
  );
  const db = openDatabase(join(terminal.dataDir, 'counter.sqlite'));
  // The receipt prints in the screens' language; no shift asked for (the shifts' own tests do that).
  new SettingsStore(db).write({
    warehouseId: product.warehouseId,
    walkInCustomer: walkIn,
    language: E2E_LANGUAGE,
    shiftRequired: false,
  });
  db.close();
  cups = await TestCups.start();
  cups.addQueue('Receipt', `socket://127.0.0.1:${String(printer.port)}`);
  const [started, chromium] = await Promise.all([
    startWebShellProcess({ ...terminal.env, ...cups.env }),
    launchChromium(),
  ]);
  [shell, browser] = [started, chromium];
  // A context of its own, so the customer display opens beside the till in it (same pass, same cookie).
  const context = await chromium.newContext({ locale: E2E_LOCALE, viewport: SIZES[0] });
  page = await context.newPage();
  await page.goto(started.url);
}, 120_000);

afterAll(async () => {
  await stopAll(terminal, shell, browser);
  await cups?.stop();
  await printer.close();
});

screenshotOnFailure(() => page, 'printer');

const card = () => page.locator('[data-section="printer"]');
const pill = () => statusBar(page).locator('[data-printer-waiting]');
const where = () => `127.0.0.1:${String(printer.port)}`;

/** The receipts (jobs cut at least once) printed so far, decoded. */
function receipts(): Decoded[] {
  return printer
    .printed()
    .map((job) => decodeEscPos(job))
    .filter((d) => d.cuts > 0);
}

/** Screenshots of the page at both sizes, the card scrolled into view. */
async function shots(name: string, focus: () => ReturnType<Page['locator']>): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await focus().scrollIntoViewIfNeeded();
    await screenshot(page, `${E2E_LANGUAGE}-printer-${name}-${String(size.width)}x${String(size.height)}`);
  }
  await page.setViewportSize(SIZES[0]);
}

describe('the receipt printer from the screens', { timeout: 180_000 }, () => {
  it('is set in Settings, prints a test page, and shows in the status bar', async () => {
    await goTo(page, 'settings');
    await card().locator('[data-field="receiptPrinter"]').fill('http://wrong');
    await card().locator('[data-action="save-printer"]').click();
    await expect
      .poll(() => card().locator('[data-printer-notice="error"]').textContent())
      .toBe(say('core:printerAddressScheme'));
    await card().locator('[data-field="receiptPrinter"]').fill(printer.address);
    await card().locator('[data-action="save-printer"]').click();
    await card().locator('[data-printer-notice="ok"]').waitFor();
    await card().locator('[data-action="print-test-page"]').click();
    await expect
      .poll(() => card().locator('[data-printer-notice="ok"]').textContent())
      .toBe(say('settings:printTestPrinted', { printer: where() }));
    await printer.until(() => receipts().length === 1);
    const page1 = receipts()[0]?.lines.join('\n') ?? '';
    expect(page1).toContain('PŘÍLIŠ ŽLUŤOUČKÝ KŮŇ ÚPĚL ĎÁBELSKÉ ÓDY.');
    // The open shift's X report, on the same printer.
    await card().locator('[data-action="print-report-x"]').click();
    await expect
      .poll(() => card().locator('[data-printer-notice="ok"]').textContent())
      .toBe(say('settings:reportPrinted', { printer: where() }));
    await printer.until(() => receipts().length === 2);
    expect(receipts()[1]?.lines.join('\n')).toMatch(/X-REPORT/);
    expect(await card().locator('[data-field="printOnSale"]').isChecked()).toBe(true);
    await expect.poll(() => pill().textContent()).toBe(say('common:printerReady'));
    await shots('settings', card);
  });

  it('prints a cash sale with the drawer, keeps one made while the printer is off, and reprints on F7', async () => {
    await goTo(page, 'sale');
    await scan(page, barcode);
    await page.getByTestId('sale-lines').locator(`[data-barcode="${barcode}"]`).waitFor();
    await placeOrder(page);
    await printer.until(() => receipts().length === 3);
    const first = receipts()[2];
    expect(first?.pulses).toBe(1);
    expect(first?.lines.join('\n')).toContain(say('receipt:thankYou'));

    await printer.off();
    await scan(page, barcode);
    await page.getByTestId('sale-lines').locator(`[data-barcode="${barcode}"]`).waitFor();
    await placeOrder(page);
    await expect
      .poll(() => pill().textContent())
      .toBe(`${say('common:printerWaiting', { count: 1 })} · ${say('common:printerProblemUnreachable')}`);
    await shots('waiting', pill);

    await printer.on();
    await pill().click();
    await printer.until(() => receipts().length === 4);
    await expect.poll(() => pill().textContent()).toBe(say('common:printerReady'));
    const waited = receipts()[3];
    expect(waited?.qr).toHaveLength(1);
    expect(waited?.qr[0]).not.toBe(first?.qr[0]);

    // F7 on the placed receipt prints it again on the printer, as a copy, without the drawer.
    await page.getByTestId('placed-receipt').waitFor();
    await page.keyboard.press('F7');
    await printer.until(() => receipts().length === 5);
    const copy = receipts()[4];
    expect(copy?.qr).toEqual(waited?.qr);
    expect(copy?.lines.map((l) => l.trim())).toContain(say('receipt:copy'));
    expect(copy?.pulses).toBe(0);
    expect(receipts().filter((r) => r.qr[0] === waited?.qr[0])).toHaveLength(2);
    await shots('sale', pill);
  });

  it('shows the customer the lines, the total, the change due and a thank-you, in a window of its own', async () => {
    await goTo(page, 'settings');
    // Opened as the card says: its address in another window of the same browser.
    const address = await page.locator('[data-display-url]').getAttribute('data-display-url');
    expect(new URL(address ?? '', page.url()).pathname).toBe('/display');
    const display = await page.context().newPage();
    await display.goto(address ?? '');
    const shown = display.getByTestId('customer-display');
    await shown.waitFor();
    await goTo(page, 'sale');
    await scan(page, barcode);
    await page.getByTestId('sale-lines').locator(`[data-barcode="${barcode}"]`).waitFor();
    await expect.poll(() => shown.getAttribute('data-display-state')).toBe('sale');
    expect(await shown.locator('[data-display-line]').count()).toBe(1);
    expect(await shown.textContent()).toContain(say('common:displayTotal'));

    // Paid with a note: the change the till works out is the one the customer sees.
    await page.keyboard.press('F9');
    await page.getByTestId('payment-panel').waitFor();
    await page.keyboard.type('1000');
    await page.keyboard.press('Enter');
    await page.getByTestId('payment-panel').waitFor({ state: 'detached' });
    const change = Number(await page.getByTestId('change-due').getAttribute('data-change'));
    expect(change).toBeGreaterThan(0);
    await expect.poll(() => shown.getAttribute('data-display-state')).toBe('paid');
    const changeText = await page.getByTestId('change-due').locator('.change-due-amount').textContent();
    expect(await shown.locator('[data-display-change]').textContent()).toBe(changeText);
    // The cash was rounded to whole crowns (the demo's prices end in ,90 Kč): the customer sees the
    // rounding the receipt says, so that the total, the note and the change add up.
    const rounding = page.getByTestId('placed-receipt').locator('[data-receipt-rounding] span').last();
    await expect.poll(() => rounding.count()).toBe(1);
    expect(await shown.locator('[data-display-rounding]').textContent()).toBe(await rounding.textContent());
    expect(await shown.textContent()).toContain(say('common:displayRounding'));
    expect(await shown.textContent()).toContain(say('common:displayThanks'));
    for (const size of SIZES) {
      await display.setViewportSize(size);
      await screenshot(
        display,
        `${E2E_LANGUAGE}-customer-display-paid-${String(size.width)}x${String(size.height)}`,
      );
    }
    // The next sale's first scan takes the paid one off the display.
    await scan(page, barcode);
    await expect.poll(() => shown.getAttribute('data-display-state')).toBe('sale');
    for (const size of SIZES) {
      await display.setViewportSize(size);
      await screenshot(
        display,
        `${E2E_LANGUAGE}-customer-display-sale-${String(size.width)}x${String(size.height)}`,
      );
    }
    await display.close();
  });

  it('prints on a system printer chosen from the print spooler, with a test page', async () => {
    await goTo(page, 'settings');
    const choice = card().locator('[data-field="systemPrinter"]');
    await expect
      .poll(() => choice.locator('option').allTextContents())
      .toEqual([say('settings:systemPrinterNone'), 'Receipt']);
    await choice.selectOption('Receipt');
    expect(await card().locator('[data-field="receiptPrinter"]').inputValue()).toBe('printer:Receipt');
    await card().locator('[data-action="save-printer"]').click();
    await expect
      .poll(() => card().locator('[data-printer-notice="ok"]').textContent())
      .toBe(say('settings:printerSaved'));
    const before = receipts().length;
    await card().locator('[data-action="print-test-page"]').click();
    await expect
      .poll(() => card().locator('[data-printer-notice="ok"]').textContent())
      .toBe(say('settings:printTestPrinted', { printer: 'Receipt' }));
    // Through lp, cupsd and its socket backend to the printer, byte for byte as Counter made it.
    await printer.until(() => receipts().length === before + 1);
    expect(receipts()[before]?.lines.join('\n')).toContain('PŘÍLIŠ ŽLUŤOUČKÝ KŮŇ ÚPĚL ĎÁBELSKÉ ÓDY.');
    await expect.poll(() => pill().textContent()).toBe(say('common:printerReady'));
    await shots('system', card);
    // Back to the network printer, as the other cases left it.
    await card().locator('[data-field="receiptPrinter"]').fill(printer.address);
    expect(await choice.inputValue()).toBe('');
    await card().locator('[data-action="save-printer"]').click();
    await card().locator('[data-printer-notice="ok"]').waitFor();
  });
});
